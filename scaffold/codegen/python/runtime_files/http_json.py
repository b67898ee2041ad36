"""JSON over HTTP for generated services: reading bodies safely and answering errors as JSON.

Every answer of a generated service is JSON, including its errors: a body that is too large, not
JSON (NaN, Infinity and -Infinity, which the JSON parser would take, included), or of the wrong
shape gets a 4xx with a short message in the caller's language
(Accept-Language, ru-RU by default) that names the problem without echoing the input back (an
input may be a megabyte long, hold a password, or be a table name the caller should not see
reflected). A schema error names where it is by the contract's own field names only: a map key or
any other name taken from the body shows as `*`. Unknown paths and wrong methods get the same
`{"error": true, "message": ...}` body instead of the framework's own.

A body is JSON as strictly in every language (`parse_json_body`; the shared cases are in
scaffold/codegen/cases/json_bodies.json). It is read by `body_limits`: at most `limit` bytes (413), and no more bytes of bodies held by
the process at once than its BodyBudget allows (503 with Retry-After); a refused body is read to
its end and thrown away first, so a client that writes its whole body before reading gets the
answer instead of a reset connection.

Successful answers are serialised by `answer_json.model_json`.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.types import Receive

from .body_limits import (
    BODY_STALL_SECONDS,
    BUSY,
    RETRY_AFTER_SECONDS,
    STALLED,
    TOO_LARGE,
    BodyBudget,
    BodyHold,
    BodyRefused,
    drain,
    read_body,
)
from .text_catalog import RUNTIME_LOCALES, runtime_text
from .locale import DEFAULT_LOCALE, choose_locale
from .runtime_constants import MAX_BODY_BYTES as MAX_BODY_BYTES
from .runtime_constants import MAX_BODY_BYTES_IN_FLIGHT as MAX_BODY_BYTES_IN_FLIGHT
from .runtime_constants import METHOD_LABELS
from .strict_json import NotJson, marked, scan, values
from .wire_names import wire_names

BUSY_HEADERS = {"Retry-After": str(RETRY_AFTER_SECONDS)}
JSON_MEDIA_TYPE = "application/json"
_MAX_MESSAGE = 600
_MAX_ERRORS = 3
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")
# A JSON string literal (escapes included), or an unterminated one running to the end: the text
# between them is where a bare NaN or Infinity would be a (non-JSON) value.
_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\Z)', re.DOTALL)
_NON_JSON_LITERAL = re.compile(rb"NaN|Infinity")
# pydantic error types -> the glue's problem texts (anything else: "problem.invalid").
_PROBLEMS = {
    "missing": "missing",
    "string_type": "string",
    "string_unicode": "string",
    "int_type": "integer",
    "int_parsing": "integer",
    "int_from_float": "integer",
    "int_parsing_size": "range",
    "float_type": "number",
    "float_parsing": "number",
    "finite_number": "number",
    "bool_type": "boolean",
    "bool_parsing": "boolean",
    "list_type": "array",
    "tuple_type": "array",
    "dict_type": "object",
    "model_type": "object",
    "model_attributes_type": "object",
    "greater_than": "range",
    "greater_than_equal": "range",
    "less_than": "range",
    "less_than_equal": "range",
    "too_long": "length",
    "too_short": "length",
    "string_too_long": "length",
    "string_too_short": "length",
    "literal_error": "choice",
    "enum": "choice",
    "extra_forbidden": "unknown",
}

_log = logging.getLogger(__name__)


class BodyError(Exception):
    """The request body cannot be read as JSON: answered with `status` and `message`."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def has_non_json_literal(raw: bytes) -> bool:
    """True when `raw` holds NaN, Infinity or -Infinity as a value: not JSON (RFC 8259), though
    pydantic's parser takes them (and drops them quietly under a key the schema ignores).

    The common body has neither word anywhere, and two substring searches say so at C speed;
    otherwise string literals are blanked (one regular-expression pass, linear) and the rest
    searched.
    """
    if b"NaN" not in raw and b"Infinity" not in raw:
        return False
    return _NON_JSON_LITERAL.search(_STRING.sub(b'""', raw)) is not None


def is_json_media_type(content_type: str) -> bool:
    """application/json (any parameters) or an application/*+json type."""
    media = content_type.split(";", 1)[0].strip().lower()
    return media == JSON_MEDIA_TYPE or (media.startswith("application/") and media.endswith("+json"))


def clip(text: object, limit: int = 60) -> str:
    """`text` made safe to quote in a message: printable, at most `limit` characters."""
    value = _UNPRINTABLE.sub("?", str(text))
    return value if len(value) <= limit else value[: limit - 1] + "…"


async def read_json_body(
    receive: Receive,
    content_type: str | None,
    content_length: str | None,
    limit: int = MAX_BODY_BYTES,
    locale: str = DEFAULT_LOCALE,
    hold: BodyHold | None = None,
) -> bytes:
    """The raw body from ASGI `receive`, refused (BodyError) when over `limit`, busy or not JSON.

    `content_type` and `content_length` are the request's headers of those names (None when
    absent). A missing Content-Type is accepted (the body must still parse as JSON); a declared
    type other than JSON is a wrong request format. The size is checked from Content-Length first
    and then while receiving, so an oversized body is never held in memory whole; its bytes are
    counted in `hold` (the caller releases it once the answer is sent). A body holding NaN or
    Infinity is not JSON. A caller that hangs up before its body has arrived raises Starlette's
    ClientDisconnect.
    """
    if content_type is not None and not is_json_media_type(content_type):
        _log.info("refused a body declared as %r", clip(content_type))
        await drain(receive)
        raise BodyError(400, runtime_text(locale, "body.contentType"))
    try:
        raw = await read_body(receive, content_length, limit, hold or _UNCOUNTED.hold())
    except BodyRefused as refused:
        if refused.status == TOO_LARGE:
            raise BodyError(TOO_LARGE, too_large_message(limit, locale)) from None
        if refused.status == STALLED:
            _log.info("refused a body that stopped arriving (%s s without enough of it)", BODY_STALL_SECONDS)
            raise BodyError(STALLED, runtime_text(locale, "body.stalled")) from None
        _log.warning("refused a body: the bodies being served hold the most bytes allowed at once")
        raise BodyError(BUSY, runtime_text(locale, "body.busy")) from None
    if has_non_json_literal(raw):
        raise BodyError(400, runtime_text(locale, "body.invalidJson"))
    return raw


# The budget of a caller that keeps no count of its own.
_UNCOUNTED = BodyBudget(2**62)


def parse_json_body(model: type[BaseModel], raw: bytes, locale: str = DEFAULT_LOCALE) -> Any:
    """`raw` (from read_json_body) validated as `model`, strictly; BodyError (400) when it is not.

    pydantic parses the body itself, but keeps the last of a key given twice, stops at 200 levels
    of nesting and reads a number with a fraction or an exponent as a double, which misstates some
    as integers; strict_json reads the body first, with the standard library's parser, to refuse a
    key twice in one object and to mark such a number. A body deeper than pydantic reads, or with
    a number so marked (rare), is validated from that parser's values instead.
    """
    invalid = BodyError(400, runtime_text(locale, "body.invalidJson"))
    try:
        text = scan(raw)
    except (NotJson, RecursionError):  # recursion: nested far deeper than MAX_JSON_DEPTH
        raise invalid from None
    if text is None or not marked():
        try:
            parsed = model.model_validate_json(raw, strict=True, by_name=False)
        except ValidationError as exc:  # beyond pydantic's depth, the other reading decides
            if text is None or not any("recursion limit" in p["msg"] for p in exc.errors()):
                raise BodyError(400, describe_validation_error(exc, locale, model)) from None
        else:
            if text is None:  # no body goes unchecked for keys given twice
                raise invalid
            return parsed
    try:
        return model.model_validate(values(text), strict=True, by_name=False)
    except NotJson:
        raise invalid from None
    except ValidationError as exc:
        raise BodyError(400, describe_validation_error(exc, locale, model)) from None


def too_large_message(limit: int, locale: str = DEFAULT_LOCALE) -> str:
    if limit >= 1024 * 1024:
        size = runtime_text(locale, "size.mebibytes", count=f"{limit / (1024 * 1024):g}")
    else:
        size = runtime_text(locale, "size.bytes", count=limit)
    return runtime_text(locale, "body.tooLarge", size=size)


def describe_validation_error(
    error: ValidationError, locale: str = DEFAULT_LOCALE, model: type[BaseModel] | None = None
) -> str:
    """A short, input-free description of why a body does not match its schema, in `locale`.

    A location is kept only where it is a list index or a property name of `model`'s schema
    (any name when no model is given is shown as `*`); the problem is a fixed text per error
    type, never pydantic's message, which can quote the input. The input is looked at for one
    thing only: a null where the schema wants a value is told as "null is not allowed" (a
    client that sends null for "absent" needs that hint more than "a string is expected").
    """
    problems = error.errors(include_url=False, include_input=True, include_context=False)
    invalid = next((p for p in problems if p["type"] == "json_invalid"), None)
    if invalid is not None:  # no position: the TypeScript and Go plugins name none either
        return runtime_text(locale, "body.invalidJson")
    names = wire_names(model) if model is not None else frozenset()
    # An integer field is a union of an integer and a whole-number float (contract_base.py): for a
    # float the float branch tells what is wrong (a fraction, out of range), else the integer's.
    branches = [p for p in problems if p["loc"][-1:] == ("int",)]
    floats = {p["loc"][:-1] for p in branches if isinstance(p.get("input"), float)}
    parts: list[str] = []
    for problem in problems:
        loc = problem["loc"]
        if loc[-1:] in (("int",), (_FROM_FLOAT,)):
            if (loc[-1] == _FROM_FLOAT) != (loc[:-1] in floats):
                continue
            loc = loc[:-1]
        where = ".".join(_location(part, names) for part in loc if part not in _UNION_TAGS)
        kind = "null" if _is_null(problem) else _PROBLEMS.get(problem["type"], "invalid")
        what = runtime_text(locale, "problem." + kind)
        part = f"{where or runtime_text(locale, 'body.where')}: {what}"
        if part not in parts:
            parts.append(part)
    text = "; ".join(parts[:_MAX_ERRORS])
    if len(parts) > _MAX_ERRORS:
        text += " " + runtime_text(locale, "body.more", count=len(parts) - _MAX_ERRORS)
    return clip(runtime_text(locale, "body.schema", problems=text), _MAX_MESSAGE)


# Location steps pydantic adds for the branches of a union (`str | list[str]`), not body keys.
_UNION_TAGS = frozenset({"str", "list[str]", "int", "float", "bool", "dict[str,any]", "list[any]"})
# The models' branch that takes a whole-number float (5.0) for an integer in strict validation.
_FROM_FLOAT = "int-from-float"


def _is_null(problem: Any) -> bool:
    """A JSON null given where a value of another type is required (not a missing field)."""
    return problem["type"] != "missing" and problem.get("input", ...) is None


def _location(part: str | int, names: frozenset[str]) -> str:
    if isinstance(part, int):
        return str(part)
    return part if part in names else "*"


def json_bytes(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def json_response(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    return Response(json_bytes(data), status_code=status, media_type=JSON_MEDIA_TYPE, headers=headers)


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
    """`{"error": true, "message": ...}`: the error body of endpoints whose contract names none."""
    return json_response({"error": True, "message": message}, status, headers)


def request_locale(request: Request) -> str:
    """The glue's language for a request that reached no data source method (404, 405, 500)."""
    return choose_locale(request.headers.get("accept-language"), RUNTIME_LOCALES, DEFAULT_LOCALE)


def incident_id() -> str:
    """A short random id that ties a generic 500 answer to its logged traceback."""
    return os.urandom(6).hex()


# A 405's Allow header names methods in METHOD_LABELS' order, as the TypeScript and Go plugins
# name them (scaffold/codegen/cases/error_answers.json): Starlette joins a set, so its order
# changed from one process to the next.


def _allow_in_order(headers: Mapping[str, str] | None) -> Mapping[str, str] | None:
    if not headers or "allow" not in {name.lower() for name in headers}:
        return headers
    kept = {name: value for name, value in headers.items() if name.lower() != "allow"}
    allowed = {
        method.strip()
        for name, value in headers.items()
        if name.lower() == "allow"
        for method in value.split(",")
    }
    order = {method: place for place, method in enumerate(METHOD_LABELS)}
    return {
        **kept,
        "Allow": ", ".join(sorted(allowed, key=lambda method: (order.get(method, len(order)), method))),
    }


def install_error_handlers(app: Any) -> None:
    """Answer unknown paths, wrong methods and unexpected errors with JSON bodies.

    `app` is a Starlette or FastAPI application (typed loosely so this module needs neither).
    """

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        locale = request_locale(request)
        if exc.status_code in (404, 405):
            message = runtime_text(locale, f"http.{exc.status_code}")
        else:
            message = runtime_text(locale, "http.other", status=exc.status_code)
        return error_response(exc.status_code, message, _allow_in_order(exc.headers))

    async def unexpected(request: Request, exc: Exception) -> Response:
        incident = incident_id()
        _log.error(
            "unexpected error (incident %s) on %s %s",
            incident,
            request.method,
            request.url.path,
            exc_info=exc,
        )
        return error_response(500, runtime_text(request_locale(request), "internal", incident=incident))

    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
