"""Reading a JSON body that may arrive through the platform's backend proxy, never failing with a 5xx.

The platform's proxy forwards a browser call to the module backend and, for JSON requests, may wrap
the body as `{"payload": ..., "moduleContext": ...}`, where moduleContext holds the saved module
settings (possibly with encrypted secrets) in a shape the platform does not standardise. A browser
calling the backend directly sends the bare payload. This module turns either into one value:

- a body that is not JSON (or empty, or not UTF-8, or nested absurdly deep) -> BodyError 400;
- JSON that is not an object, or an envelope whose payload is not an object -> BodyError 422;
- JSON nested more than MAX_DEPTH levels deep -> BodyError 422 (it could not be echoed back);
- a body with a top-level "payload" key is the envelope; any other object is a bare payload;
- moduleContext is used when it is an object and ignored (None) when absent or of another shape.

The Content-Type is not enforced: a browser calling directly may send text/plain to avoid a CORS
preflight, and the body is still parsed as JSON. Messages never echo the body: it may hold secrets.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from starlette.requests import Request

MAX_BODY_BYTES = 1024 * 1024
MAX_DEPTH = 64  # nesting levels of objects/arrays; deeper bodies cannot be echoed safely
ENVELOPE_PAYLOAD = "payload"
ENVELOPE_CONTEXT = "moduleContext"
# A \uD800-\uDFFF escape: JSON allows it, but a lone one is no text and cannot be echoed as UTF-8.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class BodyError(Exception):
    """The body cannot be used: answer `status` with `message` (a DemoStatusError-shaped body)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


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


async def read_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The raw body, refused with 413 when it is over `limit` bytes (checked while streaming)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise BodyError(413, f"Request body is larger than {limit} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyError(413, f"Request body is larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


_TOO_DEEP = f"The body is nested more than {MAX_DEPTH} levels deep"


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _too_deep(value: Any, limit: int) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict | list):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


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
    """The JSON value of `raw`; NaN/Infinity, bad UTF-8, lone surrogate escapes and too-deep
    nesting are malformed too (each would otherwise fail later, when the answer is written)."""
    if not raw.strip():
        raise BodyError(400, "Request body is empty; send a JSON object")
    try:
        text = raw.decode("utf-8")
        value = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        raise BodyError(
            400, f"Request body is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from exc
    except UnicodeDecodeError as exc:
        raise BodyError(400, "Request body is not valid JSON: it is not UTF-8 text") from exc
    except RecursionError as exc:
        raise BodyError(422, _TOO_DEEP) from exc
    except ValueError as exc:
        raise BodyError(400, f"Request body is not valid JSON: {str(exc)[:120]}") from exc
    if _SURROGATE_ESCAPE.search(text) and _has_lone_surrogate(value):
        raise BodyError(
            400, "Request body is not valid JSON: it has an unpaired surrogate escape (\\uD800-\\uDFFF)"
        )
    if _too_deep(value, MAX_DEPTH):
        raise BodyError(422, _TOO_DEEP)
    return value


def unwrap(data: Any, locale: str) -> ProxiedRequest:
    """Envelope or bare payload -> ProxiedRequest; see the module docstring for the rules."""
    if not isinstance(data, dict):
        raise BodyError(422, "The payload must be a JSON object")
    if ENVELOPE_PAYLOAD not in data:
        return ProxiedRequest(payload=data, module_context=None, via_proxy=False, locale=locale)
    payload = data[ENVELOPE_PAYLOAD]
    if not isinstance(payload, dict):
        raise BodyError(422, "The payload must be a JSON object")
    context = data.get(ENVELOPE_CONTEXT)
    return ProxiedRequest(
        payload=payload,
        module_context=context if isinstance(context, dict) else None,
        via_proxy=True,
        locale=locale,
    )


async def read_proxied_request(request: Request, locale: str) -> ProxiedRequest:
    """Read, parse and unwrap the body of `request` (raises BodyError with a 4xx status)."""
    return unwrap(parse_json(await read_body(request)), locale)
