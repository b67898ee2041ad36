# generated from datasource-plugin 1.2.0 (sha256 e633fdaabf85f763e80164c868f456c6c80f6da91d36ef6471d931bd0d1922a2) — do not edit; run `scaffold regenerate`
"""JSON over HTTP for generated services: reading bodies safely and answering errors as JSON.

Every answer of a generated service is JSON, including its errors: a body that is too large, not
JSON, or of the wrong shape gets a 4xx with a short message that names the problem without
echoing the input back (an input may be a megabyte long or hold a password). Unknown paths and
wrong methods get the same `{"error": true, "message": ...}` body instead of the framework's own.
"""

from __future__ import annotations

import json
import logging
import os
import re
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response

MAX_BODY_BYTES = 10 * 1024 * 1024
JSON_MEDIA_TYPE = "application/json"
_MAX_MESSAGE = 600
_MAX_ERRORS = 3
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2066-\u2069]")

_log = logging.getLogger(__name__)


class BodyError(Exception):
    """The request body cannot be read as JSON: answered with `status` and `message`."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def is_json_media_type(content_type: str) -> bool:
    """application/json (any parameters) or an application/*+json type."""
    media = content_type.split(";", 1)[0].strip().lower()
    return media == JSON_MEDIA_TYPE or (media.startswith("application/") and media.endswith("+json"))


def clip(text: object, limit: int = 60) -> str:
    """`text` made safe to quote in a message: printable, at most `limit` characters."""
    value = _UNPRINTABLE.sub("?", str(text))
    return value if len(value) <= limit else value[: limit - 1] + "…"


async def read_json_body(request: Request, limit: int = MAX_BODY_BYTES) -> bytes:
    """The raw body, refused (BodyError) when it is over `limit` bytes or declared as non-JSON.

    A missing Content-Type is accepted (the body must still parse as JSON); a declared type other
    than JSON is a wrong request format. The size is checked from Content-Length first and then
    while streaming, so an oversized body is never held in memory whole.
    """
    content_type = request.headers.get("content-type")
    if content_type is not None and not is_json_media_type(content_type):
        raise BodyError(
            400,
            f"Request format is wrong: Content-Type must be {JSON_MEDIA_TYPE}, not {clip(content_type)!r}",
        )
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise BodyError(413, too_large_message(limit))
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BodyError(413, too_large_message(limit))
        chunks.append(chunk)
    return b"".join(chunks)


def too_large_message(limit: int) -> str:
    mebibytes = limit / (1024 * 1024)
    shown = f"{mebibytes:g} MiB" if limit >= 1024 * 1024 else f"{limit} bytes"
    return f"Request body is larger than {shown}"


def describe_validation_error(error: ValidationError) -> str:
    """A short, input-free description of why a body does not match its schema."""
    problems = error.errors(include_url=False, include_input=False, include_context=False)
    if any(p["type"] == "json_invalid" for p in problems):
        detail = next(p["msg"] for p in problems if p["type"] == "json_invalid")
        return clip(f"Request format is wrong: the body is not valid JSON ({detail})", _MAX_MESSAGE)
    parts = []
    for problem in problems[:_MAX_ERRORS]:
        where = ".".join(clip(part, 40) for part in problem["loc"]) or "body"
        parts.append(f"{where}: {problem['msg']}")
    more = len(problems) - _MAX_ERRORS
    text = "; ".join(parts) + (f" (and {more} more)" if more > 0 else "")
    return clip(f"Request format is wrong: {text}", _MAX_MESSAGE)


def json_bytes(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def json_response(data: Any, status: int = 200, headers: Mapping[str, str] | None = None) -> Response:
    return Response(json_bytes(data), status_code=status, media_type=JSON_MEDIA_TYPE, headers=headers)


def error_response(status: int, message: str, headers: Mapping[str, str] | None = None) -> Response:
    """`{"error": true, "message": ...}`: the error body of endpoints whose contract names none."""
    return json_response({"error": True, "message": message}, status, headers)


def incident_id() -> str:
    """A short random id that ties a generic 500 answer to its logged traceback."""
    return os.urandom(6).hex()


def install_error_handlers(app: Any) -> None:
    """Answer unknown paths, wrong methods and unexpected errors with JSON bodies.

    `app` is a Starlette or FastAPI application (typed loosely so this module needs neither).
    """

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = exc.detail if isinstance(exc.detail, str) else "HTTP error"
        return error_response(exc.status_code, message, exc.headers)

    async def unexpected(request: Request, exc: Exception) -> Response:
        incident = incident_id()
        _log.error(
            "unexpected error (incident %s) on %s %s",
            incident,
            request.method,
            request.url.path,
            exc_info=exc,
        )
        return error_response(500, f"Internal error in the plugin (incident {incident}); see the plugin log")

    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)
