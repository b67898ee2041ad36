# generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
"""The HTTP surface the platform needs from a module backend, wired to the project's own code.

Routes (paths from the contract spec, see `constants.py`):

- GET well-known: the metadata the project builds (`metadata(base_url)`), serialised with the
  contract's wire names; `frontendHost` defaults to this backend's own base URL, and when this
  backend serves the frontend the answer adds `buildTimestamp`, the mark of the current build
  (the platform may append it to the JS URL; see `assets.py` for the caching that relies on it);
- POST demo/status: the tutorial stub; the body is read strictly by `envelope.py` (proxy envelope or
  bare payload; 400, 413 or 422 on bad input, as the spec documents; 503 with Retry-After while
  the process holds 16 MiB of bodies at once) and handed to the project's `demo(request)`;
- GET/HEAD static/{file}: the built frontend, served by `assets.py`.

Every error is a DemoStatusError body `{"error": true, "message": ...}` (`errors.py`): an
exception in the project's `metadata` or `demo` is answered 500 with an incident id (the traceback
goes to the log, never to the caller), and `install_error_handlers(app)` gives unknown paths (404),
wrong methods (405) and errors of the project's own routes the same body. The project's own
proxied endpoints are read by `endpoints.py` with the same rules.

The project's code is passed in (functions, not imports), so this generated file never imports
user-owned code and `scaffold regenerate` can rewrite it at any time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from .assets import FrontendAssets
from .body_limits import BodyBudget
from .constants import DEFAULT_LOCALE, DEMO_STATUS_PATH, STATIC_PREFIX, WELL_KNOWN_PATH
from .envelope import BodyError, ProxiedRequest, body_budget, read_proxied_request
from .errors import error_response, internal_error
from .locale import choose_locale
from .models import DemoStatusResponse, ModuleMetadata
from .module_texts import module_text

MetadataFactory = Callable[[str], ModuleMetadata]
DemoHandler = Callable[[ProxiedRequest], DemoStatusResponse]


def base_url(request: Request) -> str:
    """This backend's public base URL as the caller sees it (proxy path prefix included), with '/'."""
    url = str(request.base_url)
    return url if url.endswith("/") else url + "/"


_HTTP_MESSAGES = {404: module_text("http.404"), 405: module_text("http.405")}


def install_error_handlers(app: FastAPI) -> None:
    """Answer unknown paths (404), wrong methods (405) and unexpected errors (500) as DemoStatusError."""

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        message = _HTTP_MESSAGES.get(exc.status_code) or module_text("http.other", status=exc.status_code)
        return error_response(exc.status_code, message, dict(exc.headers or {}))

    async def unexpected(request: Request, exc: Exception) -> Response:
        return internal_error(request, exc)

    app.add_exception_handler(HTTPException, http_error)
    app.add_exception_handler(Exception, unexpected)


def contract_router(
    *,
    metadata: MetadataFactory,
    demo: DemoHandler,
    locales: Sequence[str],
    assets: FrontendAssets,
    serves_frontend: Callable[[], bool] = lambda: True,
    budget: BodyBudget | None = None,
) -> APIRouter:
    """The contract's routes; `locales` are the languages the project has texts for.

    `budget` is the bytes of request bodies the process may hold at once, shared with the
    project's own endpoints (`endpoints.py`); a router of its own has a budget of its own.
    """
    router = APIRouter()
    budget = budget or body_budget()

    @router.get(WELL_KNOWN_PATH, response_model=None, tags=["platform"])
    def well_known(request: Request) -> JSONResponse:
        try:
            answer = metadata(base_url(request))
            data: dict[str, Any] = answer.model_dump(mode="json")
        except Exception as error:  # the project's code failed: 500, never its traceback
            return internal_error(request, error)
        mark = assets.build_mark() if serves_frontend() else None
        if mark is not None:
            data["buildTimestamp"] = mark
        return JSONResponse(data)

    @router.post(DEMO_STATUS_PATH, response_model=None, tags=["demo"])
    async def demo_status(request: Request) -> JSONResponse:
        locale = choose_locale(request.headers.get("accept-language"), locales, DEFAULT_LOCALE)
        hold = budget.hold()
        try:
            try:
                call = await read_proxied_request(request, locale, hold)
            except BodyError as error:
                return error_response(error.status, error.message, error.headers)
            try:
                answer = demo(call).model_dump(mode="json")
            except Exception as error:  # the project's code failed: 500, never its traceback
                return internal_error(request, error)
        finally:  # the body's bytes count until the answer is made
            hold.release()
        return JSONResponse(answer, headers={"Content-Language": locale, "Vary": "Accept-Language"})

    @router.api_route(f"{STATIC_PREFIX}{{name:path}}", methods=["GET", "HEAD"], tags=["frontend"])
    def static_file(name: str, request: Request) -> Response:
        version = metadata(base_url(request)).version
        return assets.response(name, request, version)

    return router
