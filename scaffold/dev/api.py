"""The JSON API between a dev page and its server: one request and answer shape for both pages.

The page runs in the developer's browser and only renders; every call to the plugin or module
goes through the server, which builds the contract's bodies with scaffold.host, bounds the call,
validates the answer against the spec and logs it. That keeps one emulation of the platform in
Python (shared with `scaffold check`) instead of a second one in JavaScript.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from scaffold.host.page_server import Answer, ApiCall
from scaffold.host.proxy_log import ProxyLog

MAX_JSON_DEPTH = 64


@dataclass(frozen=True)
class ApiRequest(ApiCall):
    """One call from the page: `path` is what follows /dev-api/<kind>, e.g. "/call". Its body is
    already bounded by the page server (MAX_REQUEST_BYTES, answered 413 above it)."""

    def json(self) -> Any:
        """The body as JSON; BadApiRequest (answered 400) when it is not JSON or nests too deep."""
        if not self.body:
            raise BadApiRequest("the request has no JSON body")
        try:
            data = json.loads(self.body)
        except (ValueError, RecursionError):
            raise BadApiRequest("the request body is not JSON") from None
        if _depth(data) > MAX_JSON_DEPTH:
            raise BadApiRequest(f"the request body nests deeper than {MAX_JSON_DEPTH} levels")
        return data


ApiAnswer = Answer
"""What a page API answers: the page server's own answer type (status, body, content type)."""


class BadApiRequest(Exception):
    """A page request the API cannot serve; its message is one sentence for the page to show."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


class DevApi(Protocol):
    """What the dev server routes /dev-api/<kind>/... to."""

    def handle(self, request: ApiRequest) -> ApiAnswer: ...

    def close(self) -> None: ...


@runtime_checkable
class ProxiedDevApi(DevApi, Protocol):
    """A page API behind which the platform's module proxy runs (the module page).

    The server wires the proxy from it: `module_context()` is read at every proxied call, and the
    log of the calls the proxy forwarded is handed over through `use_proxy_log`.
    """

    def module_context(self) -> dict[str, Any]: ...

    def use_proxy_log(self, log: ProxyLog) -> None: ...


def json_answer(data: Any, status: int = 200) -> ApiAnswer:
    return ApiAnswer(status, json.dumps(data, ensure_ascii=False).encode())


def error_answer(message: str, status: int = 400) -> ApiAnswer:
    return json_answer({"error": message}, status)


def _depth(value: Any) -> int:
    """Nesting depth, iteratively (a deep body must not exhaust the recursion limit here)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_JSON_DEPTH:
            return deepest
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return deepest
