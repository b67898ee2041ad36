"""The shared JSON body cases (scaffold/codegen/cases/json_bodies.json), read by the Python runtime.

The same file is read by the Go runtime's tests (jsonbodies_test.go) and the TypeScript runtime's
(json-bodies.test.ts), so a row decided once holds in all three languages (issue 38 point 6, issue
39 point 2). Each body goes the whole way a request body goes in a generated plugin: through
dispatch's OperationApp (read, parsed, validated, answered) into a data source method, which keeps
what it was given, so an accepted integer is checked exactly as the method receives it.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Annotated, Any

import pytest
from pydantic import Field

from scaffold.codegen.python.models import INTEGER_BOUNDS
from scaffold.codegen.python.runtime_files.contract_base import NOT_NULL, ContractModel, omit_none
from scaffold.codegen.python.runtime_files.dispatch import OperationApp, Wiring
from scaffold.codegen.python.runtime_files.operation_table import ErrorShape, Operation
from scaffold.codegen.python.runtime_files.secrets import SecretBox
from scaffold.codegen.python.runtime_files.text_catalog import runtime_text

CASES_FILE = Path(__file__).resolve().parents[2] / "scaffold" / "codegen" / "cases" / "json_bodies.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))["cases"]
LOCALE = "en-US"
KEY = bytes(range(32))
KNOWN_KEYS = {"name", "body", "field", "expect", "status", "text", "value"}


class Plain(ContractModel):
    """A body of which no key is read."""


def _int_model(name: str, format_: str) -> type[ContractModel]:
    """An object whose `n` is an optional integer of `format_`, as the generator writes one."""
    least, most = INTEGER_BOUNDS[format_]
    field = Annotated[int | None, Field(ge=least, le=most, exclude_if=omit_none), NOT_NULL]
    return type(name, (ContractModel,), {"__annotations__": {"n": field}, "n": None})


MODELS: dict[str | None, type[ContractModel]] = {
    None: Plain,
    "int64": _int_model("Int64Body", "int64"),
    "int32": _int_model("Int32Body", "int32"),
}


def body_bytes(body: str | list[Any]) -> bytes:
    """The case's body: a string of code points below 256, one byte each, or parts joined."""
    parts = [body] if isinstance(body, str) else body
    text = ""
    for part in parts:
        if isinstance(part, str):
            text += part
        else:
            repeated, count = part
            assert isinstance(repeated, str) and isinstance(count, int) and count >= 0, part
            text += repeated * count
    return text.encode("latin-1")  # a code point above 255 is a mistake in the case: this raises


class _Source:
    """A data source whose one method keeps the request it was given."""

    def __init__(self) -> None:
        self.received: list[Any] = []

    def take(self, request: Any, context: Any) -> Plain:
        self.received.append(request)
        return Plain()


def serve(model: type[ContractModel], raw: bytes) -> tuple[int, dict[str, Any], list[Any]]:
    """Status and JSON answer of a POST of `raw` to an operation taking `model`, and what the
    data source received."""
    operation = Operation("take", "take", "post", "/take", "", model, Plain, False, ErrorShape(), "")
    source = _Source()
    app = OperationApp(operation, Wiring(datasource=source, secrets=SecretBox(KEY), locales=(LOCALE,)))
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(raw)).encode())]
    scope = {"type": "http", "method": "POST", "path": "/take", "headers": headers, "scheme": "http"}
    sent: list[dict[str, Any]] = []
    chunks = [{"type": "http.request", "body": raw, "more_body": False}]

    async def receive() -> dict[str, Any]:
        if chunks:
            return chunks.pop(0)
        await asyncio.Event().wait()  # as a server does: the caller stays until it has its answer
        raise AssertionError("unreachable")

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    status = sent[0]["status"]
    return status, json.loads(sent[1]["body"]), source.received


def refused_as(text: str, message: str) -> bool:
    """Whether `message` is the refusal the case's `text` names."""
    if text == "json":
        return message == runtime_text(LOCALE, "body.invalidJson")
    if text in ("range", "integer"):
        problem = "n: " + runtime_text(LOCALE, f"problem.{text}")
        return message == runtime_text(LOCALE, "body.schema", problems=problem)
    raise AssertionError(f"unknown text {text!r}")


def test_every_case_is_one_this_runner_knows() -> None:
    names = [case["name"] for case in CASES]
    assert len(names) == len(set(names)), "two cases share a name"
    for case in CASES:
        assert set(case) <= KNOWN_KEYS and {"name", "body", "expect"} <= set(case), case["name"]
        assert case.get("field") in MODELS, case["name"]
        assert case["expect"] in ("accepted", "refused"), case["name"]
        if case["expect"] == "refused":
            assert isinstance(case["status"], int) and case["text"] in ("json", "range", "integer")
            assert "value" not in case, case["name"]
        else:
            assert "status" not in case and "text" not in case, case["name"]
            assert ("value" in case) == ("field" in case), case["name"]


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_python_runtime_reads_the_body_as_decided(case: dict[str, Any]) -> None:
    status, answer, received = serve(MODELS[case.get("field")], body_bytes(case["body"]))
    if case["expect"] == "refused":
        assert status == case["status"] and not received, (status, answer)
        assert refused_as(case["text"], answer["message"]), answer["message"]
        return
    assert status == 200, answer
    (request,) = received
    if "value" in case:
        assert type(request.n) is int and request.n == int(case["value"]), request.n
