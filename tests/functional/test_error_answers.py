"""The shared error-answer cases (scaffold/codegen/cases/error_answers.json), read by the Python runtime.

The same file is read by the TypeScript runtime's tests (error-answers.test.ts) and the Go
runtime's (erroranswers_test.go), so what a refused request or a failing data source gets is
decided once for three languages (issue 39 point 2; the file's "about" says the format). Each case
goes through the glue a generated plugin serves (as its app.py assembles it: build_router,
install_error_handlers and install_observability, on FastAPI) around a data source of which every method fails as the case
says, in the `--defaults` project the plugin functional tests share.
"""

from __future__ import annotations

import asyncio
import json
import re
from functools import cache
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from scaffold.codegen.python.runtime_files.runtime_constants import DEFAULT_LOCALE
from tests.functional.test_plugin_harness import module
from tests.shared_cases import assert_known_keys, read_cases

CASES = read_cases("error_answers.json")
KNOWN_KEYS = {
    "name", "method", "path", "headers", "body", "raises", "status", "answer", "message", "text",
    "locale", "params", "mentions", "never", "answerHeaders", "waits",
}  # fmt: skip
BUG = "database password is hunter2"


def body_bytes(body: str | list[Any] | None) -> bytes:
    """The case's body: code points below 256, one byte each, or parts joined (json_bodies.json's form)."""
    if body is None:
        return b""
    parts = [body] if isinstance(body, str) else body
    text = "".join(part if isinstance(part, str) else part[0] * part[1] for part in parts)
    return text.encode("latin-1")  # a code point above 255 is a mistake in the case: this raises


def text_pattern(locale: str, key: str, params: dict[str, str]) -> str:
    """The runtime text `key` as a pattern: its params put in, any other placeholder any text."""
    template = RUNTIME_TEXTS[locale][key]
    pattern = ""
    for literal, name in re.findall(r"([^{]*)(?:\{(\w+)\}|$)", template):
        pattern += re.escape(literal)
        if name:
            pattern += re.escape(params[name]) if name in params else r"[^\n]+"
    return pattern


def message_matches(case: dict[str, Any], message: str) -> bool:
    if "message" in case:
        return bool(message == case["message"])
    locale = case.get("locale", DEFAULT_LOCALE)
    return re.fullmatch(text_pattern(locale, case["text"], case.get("params", {})), message) is not None


def expected_value(value: Any, locale: str) -> Any:
    """`answer`'s value, a {"text": key} read as that runtime text."""
    if isinstance(value, dict):
        if set(value) == {"text"}:
            return RUNTIME_TEXTS[locale][value["text"]]
        return {key: expected_value(item, locale) for key, item in value.items()}
    return value


@cache
def failing_client(raises: str, waits: float | None = None) -> TestClient:
    """The glue around a data source of which every method raises what `raises` (JSON) says, or,
    with `waits` (PLUGIN_QUERY_SECONDS), waits until the glue cancels it."""
    contract = module("_contract")
    spec = json.loads(raises) if raises else None

    def error() -> Exception:
        if spec is None:
            return RuntimeError(BUG)
        return contract.PluginError(
            spec["message"], status=spec["status"], validation_errors=spec.get("validationErrors")
        )

    def raiser(*_args: Any) -> Any:
        raise error()

    async def waiter(*_args: Any) -> Any:
        await asyncio.sleep(3600)  # cancelled by the glue at its deadline

    failing = type(
        "FailingDataSource",
        (contract.DataSourceBase,),
        {op.method_name: raiser if waits is None else waiter for op in contract.OPERATIONS},
    )
    app = FastAPI()
    router = contract.build_router(
        failing(),
        secrets=contract.SecretBox(bytes(range(32))),
        locales=("ru-RU", "en-US"),
        prefix=contract.BASE_PATH,
        query_seconds=waits,
    )
    app.router.routes.extend(router.routes)
    contract.install_error_handlers(app)
    observability = module("_contract.observability")
    observability.install_observability(app, metrics_enabled=False, api_prefix=contract.BASE_PATH)
    return TestClient(app, raise_server_exceptions=False, follow_redirects=False)


def test_every_case_uses_only_keys_this_runner_knows() -> None:
    assert_known_keys(CASES, KNOWN_KEYS, "error_answers.json")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_python_runtime_answers_as_the_case_says(case: dict[str, Any]) -> None:
    api = failing_client(
        json.dumps(case.get("raises"), sort_keys=True) if "raises" in case else "", case.get("waits")
    )
    answer = api.request(
        case["method"], case["path"], content=body_bytes(case.get("body")), headers=case.get("headers", {})
    )
    where = f"{case['name']}: {answer.status_code} {answer.text[:300]}"
    assert answer.status_code == case["status"], where
    assert answer.headers["content-type"].startswith("application/json"), where
    body = answer.json()
    message = body.pop("message", None)
    assert isinstance(message, str) and message_matches(case, message), f"{where}\nmessage: {message!r}"
    for text in case.get("mentions", []):
        assert text in message, f"{where}\nthe message does not mention {text!r}"
    assert body == expected_value(case["answer"], case.get("locale", DEFAULT_LOCALE)) | {}, where
    for text in case.get("never", []):
        assert text.encode() not in answer.content, f"{where}\nthe answer holds {text!r}"
    for name, value in case.get("answerHeaders", {}).items():
        assert answer.headers.get(name) == value, f"{where}\nheader {name}: {answer.headers.get(name)!r}"
