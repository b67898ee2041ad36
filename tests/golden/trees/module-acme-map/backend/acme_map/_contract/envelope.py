# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/module_envelope.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Reading the demo stub's JSON body strictly, as the contract spec's DemoStatusRequest says.

The platform's proxy forwards a browser call to the module backend and, for JSON requests, may wrap
the body as `{"payload": ..., "moduleContext": ...}`, where moduleContext holds the saved module
settings (possibly with encrypted secrets) in a shape the platform does not standardise. A browser
calling the backend directly sends the bare payload. The spec tells the two shapes apart by their
required properties: the envelope requires `payload`; the bare payload requires `message` and allows
nothing else. Every rule, in the order it is applied:

- a declared Content-Type other than JSON (application/json, application/*+json) or text/plain
  -> 400; text/plain is read as JSON because a browser calling directly may send it to avoid a
  CORS preflight, and a missing Content-Type is read as JSON too;
- a body over MAX_BODY_BYTES -> 413; while the process already holds MAX_BODY_BYTES_IN_FLIGHT
  bytes of bodies -> 503 with Retry-After (each refused body is read to its end and thrown away
  first, so a client that writes its whole body before reading still reads the answer); a body
  that stops arriving -> 408 and a closed connection (see body_limits);
- brackets nested more than MAX_DEPTH levels deep -> 422 (checked on the raw text, before anything
  else is read; such a body is never processed);
- a body that is not JSON (empty, not UTF-8, malformed, NaN/Infinity, a lone surrogate escape, a
  key twice in one object) -> 400;
- a body with a top-level "payload" key is the envelope: payload must be a bare payload, and
  moduleContext, when the key is present, an object (null is refused); other keys are ignored;
- any other body must be a bare payload: an object with a `message` string and no other key;
- anything else matches neither shape -> 400. Nothing is coerced (1 is not a string).

Messages never echo the body or its key names: it may hold secrets. They are the texts every
language's module backend answers with (`module_texts.py`, generated from one table).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

from starlette.requests import Request

from .body_limits import RETRY_AFTER_SECONDS, STALLED, TOO_LARGE, BodyBudget, BodyHold, BodyRefused, drain
from .body_limits import read_body as read_counted_body
from .module_texts import module_text
from .runtime_constants import MODULE_MAX_BODY_BYTES as MAX_BODY_BYTES
from .runtime_constants import MODULE_MAX_BODY_BYTES_IN_FLIGHT as MAX_BODY_BYTES_IN_FLIGHT
from .runtime_constants import MODULE_MAX_JSON_DEPTH

BUSY_HEADERS = {"Retry-After": str(RETRY_AFTER_SECONDS)}
CLOSE_HEADERS = {"Connection": "close"}  # a stalled body is not read on: the connection ends
MAX_DEPTH = MODULE_MAX_JSON_DEPTH  # nesting levels of objects/arrays; deeper bodies are not processed
ENVELOPE_PAYLOAD = "payload"
ENVELOPE_CONTEXT = "moduleContext"
PAYLOAD_MESSAGE = "message"
# A \uD800-\uDFFF escape: JSON allows it, but a lone one is no text and cannot be echoed as UTF-8.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
# A JSON string literal, or an unterminated one running to the end (never backtracks).
_STRING = re.compile(rb'"(?:[^"\\]|\\.?)*(?:"|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(rb"[^\[\]{}]+")
_STEP = [0] * 256  # byte -> change of nesting depth
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1
_TOO_DEEP = module_text("body.tooDeep", max=MAX_DEPTH)


class BodyError(Exception):
    """The body cannot be used: answer `status` with `message` (a DemoStatusError-shaped body)."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.headers = headers


@dataclass(frozen=True)
class ProxiedRequest:
    """A module endpoint's input, the same whether it came through the proxy or directly."""

    payload: dict[str, Any]
    module_context: dict[str, Any] | None
    via_proxy: bool
    locale: str

    @property
    def has_module_context(self) -> bool:
        return self.module_context is not None


def is_readable_content_type(content_type: str | None) -> bool:
    """No Content-Type, a JSON media type (application/json, application/*+json) or text/plain."""
    if content_type is None:
        return True
    media = content_type.split(";", 1)[0].strip().lower()
    return media in ("application/json", "text/plain") or (
        media.startswith("application/") and media.endswith("+json")
    )


async def read_body(request: Request, hold: BodyHold, limit: int = MAX_BODY_BYTES) -> bytes:
    """The raw body: 400 for a declared non-JSON type, 413 when over `limit` bytes (while
    streaming), 503 when it does not fit the bytes the process may hold (counted in `hold`)."""
    if not is_readable_content_type(request.headers.get("content-type")):
        await drain(request.receive)
        raise BodyError(400, module_text("body.contentType"))
    try:
        return await read_counted_body(request.receive, request.headers.get("content-length"), limit, hold)
    except BodyRefused as refused:
        if refused.status == TOO_LARGE:
            raise BodyError(413, module_text("body.tooLarge", limit=limit)) from None
        if refused.status == STALLED:
            raise BodyError(408, module_text("body.stalled"), CLOSE_HEADERS) from None
        raise BodyError(503, module_text("body.busy"), BUSY_HEADERS) from None


def nesting_depth(raw: bytes) -> int:
    """How deep the brackets of `raw` nest outside string literals (of any text, JSON or not).

    Linear time whatever the text: an unterminated string runs to the end, and the count of the
    remaining brackets is summed in C (accumulate over a bytes object of brackets only).
    """
    if raw.count(b"[") + raw.count(b"{") <= MAX_DEPTH:
        return 0  # cannot be deeper than the limit: the common case costs two counts
    brackets = _NOT_BRACKET.sub(b"", _STRING.sub(b"", raw))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


class _KeyTwice(ValueError):
    """An object of the body has a key twice (json.loads would keep the last one)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _no_key_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        raise _KeyTwice
    return found


def _has_lone_surrogate(value: Any) -> bool:
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return True
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def parse_json(raw: bytes) -> Any:
    """The JSON value of `raw`: 422 when nested too deep, 400 when it is not JSON (NaN/Infinity,
    bad UTF-8, lone surrogate escapes and a key twice in one object included: each would be read
    differently, or fail later, when echoed). The texts name no line or column: every language's
    backend says the same (module_texts.py)."""
    if nesting_depth(raw) > MAX_DEPTH:
        raise BodyError(422, _TOO_DEEP)
    if not raw.strip():
        raise BodyError(400, module_text("body.empty"))
    try:
        text = raw.decode("utf-8")
        value = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_no_key_twice)
    except _KeyTwice as exc:
        raise BodyError(400, module_text("json.keyTwice")) from exc
    except UnicodeDecodeError as exc:
        raise BodyError(400, module_text("json.notUtf8")) from exc
    except RecursionError as exc:  # not reached below MAX_DEPTH; kept as a guard
        raise BodyError(422, _TOO_DEEP) from exc
    except ValueError as exc:  # json.JSONDecodeError included
        raise BodyError(400, module_text("json.invalid")) from exc
    if _SURROGATE_ESCAPE.search(text) and _has_lone_surrogate(value):
        raise BodyError(400, module_text("json.loneSurrogate"))
    return value


def _payload_problem(value: Any, where: str) -> str | None:
    """Why `value` is not a bare payload ({message: string}, nothing else), or None when it is.

    `where` is the property the value came from ("" for the whole body)."""
    prefix = f"{where}." if where else ""
    if not isinstance(value, dict):
        return module_text("envelope.notObject", where=where or "the body")
    if PAYLOAD_MESSAGE not in value:
        return module_text("envelope.required", where=prefix)
    if not isinstance(value[PAYLOAD_MESSAGE], str):
        return module_text("envelope.notString", where=prefix)
    if len(value) > 1:
        return module_text("envelope.extraInPayload" if where else "envelope.extraInBare")
    return None


def refuse_context_without_payload(data: Any) -> None:
    """BodyError 400 for a body with moduleContext and no payload, on every POST route: only the
    proxy's envelope carries moduleContext, so such a body was meant as one, and saying that is
    clearer than naming a bare payload's missing or extra property (as every language says it)."""
    if isinstance(data, dict) and ENVELOPE_CONTEXT in data and ENVELOPE_PAYLOAD not in data:
        raise BodyError(400, module_text("envelope.contextWithoutPayload"))


def unwrap(data: Any, locale: str) -> ProxiedRequest:
    """Envelope or bare payload -> ProxiedRequest; anything else is BodyError 400 (module docstring)."""
    if isinstance(data, dict) and ENVELOPE_PAYLOAD in data:
        payload = data[ENVELOPE_PAYLOAD]
        problem = _payload_problem(payload, ENVELOPE_PAYLOAD)
        if problem is None and ENVELOPE_CONTEXT in data and not isinstance(data[ENVELOPE_CONTEXT], dict):
            null = data[ENVELOPE_CONTEXT] is None
            problem = module_text("envelope.contextNull" if null else "envelope.contextNotObject")
        if problem is not None:
            raise BodyError(400, module_text("envelope.neither", problem=problem))
        context = data.get(ENVELOPE_CONTEXT)
        return ProxiedRequest(payload=payload, module_context=context, via_proxy=True, locale=locale)
    refuse_context_without_payload(data)
    problem = _payload_problem(data, "")
    if problem is not None:
        raise BodyError(400, module_text("envelope.neither", problem=problem))
    return ProxiedRequest(payload=data, module_context=None, via_proxy=False, locale=locale)


async def read_proxied_request(request: Request, locale: str, hold: BodyHold) -> ProxiedRequest:
    """Read, parse and unwrap the body of `request` (raises BodyError with a 4xx or 503 status).

    The body's bytes are counted in `hold`; the caller releases it once the answer is made.
    """
    return unwrap(parse_json(await read_body(request, hold)), locale)


def body_budget(limit: int = MAX_BODY_BYTES_IN_FLIGHT) -> BodyBudget:
    """The bytes of request bodies the process's endpoints may hold at once."""
    return BodyBudget(limit)
