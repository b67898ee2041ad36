"""The shared body-limit cases (scaffold/codegen/cases/body_limits.json), read by the Python runtime.

The same file is read by the TypeScript runtime's tests (body-limits.test.ts) and the Go runtime's
(bodylimitcases_test.go), so how a body is read under its own limit and the process's budget is
decided once for three languages (issue 39 point 2; the file's "about" says the format). Each
case's body arrives as ASGI messages, one piece each, into body_limits.read_body.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.body_limits import (
    BUSY,
    TOO_LARGE,
    BodyBudget,
    BodyRefused,
    read_body,
)
from tests.shared_cases import assert_known_keys, read_cases

CASES = read_cases("body_limits.json")
KNOWN_KEYS = {"name", "limit", "budget", "held", "declared", "chunks", "expect", "size", "heldAfter"}
REFUSALS = {TOO_LARGE: "tooLarge", BUSY: "busy"}


def _receive(chunks: list[int]) -> Any:
    messages = [
        {"type": "http.request", "body": b"x" * size, "more_body": place < len(chunks) - 1}
        for place, size in enumerate(chunks)
    ] or [{"type": "http.request", "body": b"", "more_body": False}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    return receive


async def _read(case: dict[str, Any]) -> tuple[str, int, int]:
    budget = BodyBudget(case["budget"])
    assert budget.hold().take(case["held"]), "held is more than the budget"
    declared = case.get("declared")
    try:
        body = await read_body(
            _receive(case["chunks"]),
            None if declared is None else str(declared),
            case["limit"],
            budget.hold(),
        )
    except BodyRefused as refused:
        return REFUSALS[refused.status], 0, budget.held
    return "read", len(body), budget.held


def test_every_case_uses_only_keys_this_runner_knows() -> None:
    assert_known_keys(CASES, KNOWN_KEYS, "body_limits.json")
    assert all(size < 4096 for case in CASES for size in case["chunks"]), "a piece of 4 KiB or more"


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_python_runtime_reads_the_body_as_the_case_says(case: dict[str, Any]) -> None:
    outcome, size, held = asyncio.run(_read(case))
    assert outcome == case["expect"]
    if outcome == "read":
        assert size == case["size"]
    assert held == case["heldAfter"]
