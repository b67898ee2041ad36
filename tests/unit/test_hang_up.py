"""A data source method's call ends when its caller hangs up, and only then (issue 40 point 5).

The runtime module itself, driven with `receive` callables as uvicorn's behave: `http.disconnect`
only once the caller has gone. Over real HTTP: tests/functional/test_failsafe_python.py.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.hang_up import DeadlinePassed, HungUp, call_until_hang_up
from scaffold.codegen.python.runtime_files.runtime_constants import DEADLINE_LAST_WORD_MS


def _receive_until(gone: asyncio.Event) -> Any:
    async def receive() -> dict[str, Any]:
        await gone.wait()
        return {"type": "http.disconnect"}

    return receive


def test_a_hang_up_cancels_the_method_and_raises_hung_up() -> None:
    seen: list[str] = []

    async def method() -> str:
        try:
            await asyncio.Event().wait()  # an upstream that never answers
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise
        return "never"

    async def scenario() -> None:
        gone = asyncio.Event()
        asyncio.get_running_loop().call_later(0.05, gone.set)
        with pytest.raises(HungUp):
            await call_until_hang_up(method(), _receive_until(gone))
        await asyncio.sleep(0)  # the method's cancellation runs

    asyncio.run(scenario())
    assert seen == ["cancelled"]


def test_a_method_that_returns_first_gives_its_result_and_its_errors() -> None:
    async def answer() -> str:
        await asyncio.sleep(0)
        return "rows"

    async def failing() -> str:
        raise LookupError("no such column")

    async def scenario() -> None:
        gone = asyncio.Event()  # never set: the caller waits
        assert await call_until_hang_up(answer(), _receive_until(gone)) == "rows"
        with pytest.raises(LookupError):
            await call_until_hang_up(failing(), _receive_until(gone))

    asyncio.run(scenario())


def test_a_body_message_while_waiting_is_no_hang_up() -> None:
    async def receive_body_then_wait() -> dict[str, Any]:
        receive_body_then_wait.calls += 1  # type: ignore[attr-defined]
        if receive_body_then_wait.calls == 1:  # type: ignore[attr-defined]
            return {"type": "http.request", "body": b"", "more_body": False}
        await asyncio.Event().wait()
        return {"type": "http.disconnect"}

    receive_body_then_wait.calls = 0  # type: ignore[attr-defined]

    async def method() -> str:
        await asyncio.sleep(0.02)
        return "done"

    assert asyncio.run(call_until_hang_up(method(), receive_body_then_wait)) == "done"


def test_a_cancelled_request_cancels_its_method() -> None:
    seen: list[str] = []

    async def method() -> None:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise

    async def scenario() -> None:
        request = asyncio.ensure_future(call_until_hang_up(method(), _receive_until(asyncio.Event())))
        await asyncio.sleep(0.01)
        request.cancel()  # as uvicorn cancels a request at the end of the shutdown's grace period
        with pytest.raises(asyncio.CancelledError):
            await request
        await asyncio.sleep(0)

    asyncio.run(scenario())
    assert seen == ["cancelled"]


def test_a_method_past_its_seconds_is_cancelled_and_raises_deadline_passed() -> None:
    """PLUGIN_QUERY_SECONDS (issue 40 point 3): at `seconds` `cancelled` is set for a sync method to
    see, and a method that does not answer in its last word is cancelled, while the caller waits."""
    seen: list[str] = []
    cancelled = threading.Event()

    async def method() -> str:
        try:
            await asyncio.Event().wait()
        except asyncio.CancelledError:
            seen.append("cancelled")
            raise
        return "never"

    async def scenario() -> float:
        loop = asyncio.get_running_loop()
        started = loop.time()
        with pytest.raises(DeadlinePassed):
            await call_until_hang_up(method(), _receive_until(asyncio.Event()), 0.1, cancelled)
        took = loop.time() - started
        await asyncio.sleep(0)
        return took

    took = asyncio.run(scenario())
    assert seen == ["cancelled"] and cancelled.is_set()
    last_word = DEADLINE_LAST_WORD_MS / 1000  # told at 0.1 s, cancelled a last word later
    assert 0.09 + last_word < took < last_word + 1, took


def test_a_method_that_stops_itself_at_the_deadline_answers_with_its_own_error() -> None:
    """Found in the upgrade matrix: an example of templates 1.1.0-1.8.0 stops its SQL statements at
    PLUGIN_QUERY_SECONDS and raises its own PluginError naming the query; kept by an upgrade, its
    test failed because the glue's generic `query.deadline` answered first at the same instant.
    At the deadline the method is told (`cancelled`) and gets DEADLINE_LAST_WORD_MS to answer."""
    cancelled = threading.Event()

    def stops_itself() -> str:
        cancelled.wait()  # its own deadline, the same as the glue's
        raise LookupError("Query A: the query took longer than 0.1 s and was stopped")

    async def scenario() -> None:
        call = asyncio.get_running_loop().run_in_executor(None, stops_itself)
        with pytest.raises(LookupError, match="took longer"):
            await call_until_hang_up(call, _receive_until(asyncio.Event()), 0.1, cancelled)

    asyncio.run(scenario())


def test_the_deadline_holds_after_the_watch_gives_up() -> None:
    """A `receive` that hands a body after the body's end ends the watch (see _hang_up): the
    deadline still ends the call."""
    bodies = iter([{"type": "http.request", "body": b"", "more_body": False}] * 2)

    async def receive() -> dict[str, Any]:
        return next(bodies)

    async def scenario() -> None:
        with pytest.raises(DeadlinePassed):
            await call_until_hang_up(asyncio.Event().wait(), receive, 0.1)

    asyncio.run(scenario())
