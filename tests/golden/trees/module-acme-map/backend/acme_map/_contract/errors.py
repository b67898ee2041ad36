# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/module_errors.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""The one error body of a module backend: `{"error": true, "message": ...}` (DemoStatusError).

The contract shows no error responses for module endpoints; scaffold's decision, in the spec, is
that every refusal of a module backend (the demo endpoint, the author's own endpoints, unknown
paths and methods, an exception in the project's code) answers with this body, so a Widget reads
one shape whatever went wrong. An unexpected exception becomes a 500 with an incident id: the
traceback goes to the log under that id, never to the caller (it may name secrets or paths).
"""

from __future__ import annotations

import logging
import os

from starlette.requests import Request
from starlette.responses import JSONResponse

from .module_texts import module_text

_log = logging.getLogger(__name__)


class ConfigurationError(Exception):
    """A setting the backend cannot start with (a malformed MODULE_SECRET_KEY): one sentence naming
    it, which __main__ prints before it exits. secrets.py, shared with the plugins, raises it."""


def error_response(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """`status` with the error body; `message` must not echo the request (it may hold secrets)."""
    return JSONResponse({"error": True, "message": message}, status_code=status, headers=headers)


def internal_error(request: Request, error: BaseException) -> JSONResponse:
    """500 for an unexpected exception: the caller gets an incident id, the log gets the traceback."""
    incident = os.urandom(6).hex()
    _log.error(
        "unexpected error (incident %s) on %s %s",
        incident,
        request.method,
        request.url.path,
        exc_info=error,
    )
    return error_response(500, module_text("internal", incident=incident))
