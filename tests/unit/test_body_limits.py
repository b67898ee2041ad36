"""The Python runtime's body rules (body_limits.py) on a scripted ASGI `receive`.

Issue 38, H1: a declared Content-Length reserved the in-flight budget whole before a byte came,
and nothing ended a body that stopped arriving. Now bodies are charged as bytes arrive, a refused
body gives its bytes back before its drain, and a body that stalls or crawls is refused as 408.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.body_limits import (
    BUSY,
    STALLED,
    BodyBudget,
    BodyPace,
    BodyRefused,
    read_body,
)

Message = dict[str, Any]


def scripted(*steps: Message | float) -> Callable[[], Awaitable[Message]]:
    """An ASGI receive giving `steps` in order: a number is a pause (seconds) before the next one;
    after the last step it waits for ever, as a silent client does."""
    queue = list(steps)

    async def receive() -> Message:
        while queue:
            step = queue.pop(0)
            if isinstance(step, (int, float)):
                await asyncio.sleep(step)
                continue
            return step
        await asyncio.sleep(3600)
        raise AssertionError("unreachable")

    return receive


def chunk(data: bytes, more: bool = True) -> Message:
    return {"type": "http.request", "body": data, "more_body": more}


def test_a_declared_length_reserves_nothing() -> None:
    budget = BodyBudget(100)
    hold = budget.hold()

    async def read() -> bytes:
        return await read_body(scripted(chunk(b"{}", more=False)), "90", 100, hold)

    assert asyncio.run(read()) == b"{}"
    assert budget.held == 2, "charged by the bytes received, not the 90 declared"


def test_a_body_with_no_byte_for_the_stall_time_is_refused_as_stalled_and_holds_nothing() -> None:
    budget = BodyBudget(100)
    hold = budget.hold()

    async def read() -> bytes:
        return await read_body(scripted(chunk(b"{")), "50", 100, hold, BodyPace(stall=0.2, rate=1024))

    with pytest.raises(BodyRefused) as refused:
        asyncio.run(read())
    assert refused.value.status == STALLED
    assert budget.held == 0


def test_a_body_slower_than_the_rate_after_the_stall_time_is_refused() -> None:
    """Never 0.2 s without a byte, but 10 bytes a second after 0.2 s: under the 100 a second asked."""
    budget = BodyBudget(1000)
    steps: list[Message | float] = []
    for _ in range(20):
        steps += [0.1, chunk(b" ")]

    async def read() -> bytes:
        return await read_body(scripted(*steps), None, 1000, budget.hold(), BodyPace(stall=0.2, rate=100))

    with pytest.raises(BodyRefused) as refused:
        asyncio.run(read())
    assert refused.value.status == STALLED


def test_a_busy_refusal_gives_the_bytes_back_before_its_drain() -> None:
    budget = BodyBudget(10)
    budget.held = 6  # another body holds 6 of the 10 bytes
    hold = budget.hold()
    seen: list[int] = []

    async def receive() -> Message:
        seen.append(budget.held)
        return chunk(b"x" * 3, more=len(seen) < 4)

    async def read() -> bytes:
        return await read_body(receive, None, 100, hold)

    with pytest.raises(BodyRefused) as refused:
        asyncio.run(read())
    assert refused.value.status == BUSY
    assert seen[2:] == [6, 6], "while the refused body drains, it holds nothing"


@pytest.mark.parametrize(
    ("last", "received", "deadline"),
    [
        (5.0, 10, 30.0),  # slow: 30 s after the start, it is under 1 KiB/s whatever comes
        (90.0, 1024 * 100, 100.0),  # old, recent byte: when the average falls under 1 KiB/s
        (10.0, 1024 * 100, 40.0),  # far ahead of the rate: 30 s after the last byte
        (1.0, 0, 30.0),  # nothing yet: 30 s after the start
    ],
)
def test_the_next_byte_is_due_at_the_earlier_of_the_stall_and_the_rate(
    last: float, received: int, deadline: float
) -> None:
    pace = BodyPace(stall=30, rate=1024)
    pace.started, pace.last, pace.received = 0.0, last, received
    assert pace.deadline() == deadline


def test_no_body_takes_longer_than_a_whole_request_may() -> None:
    """REQUEST_SECONDS (300 s) from the body's start, however steady it comes: Go's ReadTimeout
    and Node's requestTimeout end such a body, uvicorn had nothing that did (a 1 MiB body at
    2 KiB/s was read for 512 s)."""
    pace = BodyPace(stall=30, rate=1024)
    pace.started, pace.last, pace.received = 0.0, 295.0, 2048 * 295
    assert pace.deadline() == 300.0
