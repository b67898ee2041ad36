# generated from dashboard-module 2026.1.1 (sha256 548495bca736da651a0e41f0244d06061f7d123b39758de786534e11801e0257) — do not edit; run `scaffold regenerate`
"""The HTTP surface the platform needs from a module backend, wired to the project's own code.

Routes (paths from the contract spec, see `constants.py`):

- GET well-known: the metadata the project builds (`metadata(base_url)`), serialised with the
  contract's wire names; `frontendHost` defaults to this backend's own base URL, and when this
  backend serves the frontend the answer adds `buildTimestamp`, the mark of the current build
  (the platform may append it to the JS URL; see `assets.py` for the caching that relies on it);
- POST demo/status: the tutorial stub; the body is read by `envelope.py` (proxy envelope or bare
  payload, 400/422 on bad input) and handed to the project's `demo(request)`;
- GET/HEAD static/{file}: the built frontend, served by `assets.py`.

The project's code is passed in (functions, not imports), so this generated file never imports
user-owned code and `scaffold regenerate` can rewrite it at any time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response

from .assets import FrontendAssets
from .constants import DEFAULT_LOCALE, DEMO_STATUS_PATH, STATIC_PREFIX, WELL_KNOWN_PATH
from .envelope import BodyError, ProxiedRequest, read_proxied_request
from .locale import choose_locale
from .models import DemoStatusError, DemoStatusResponse, ModuleMetadata

MetadataFactory = Callable[[str], ModuleMetadata]
DemoHandler = Callable[[ProxiedRequest], DemoStatusResponse]

_log = logging.getLogger(__name__)


def base_url(request: Request) -> str:
    """This backend's public base URL as the caller sees it (proxy path prefix included), with '/'."""
    url = str(request.base_url)
    return url if url.endswith("/") else url + "/"


def error_response(status: int, message: str) -> JSONResponse:
    body = DemoStatusError(error=True, message=message)
    return JSONResponse(body.model_dump(mode="json"), status_code=status)


def contract_router(
    *,
    metadata: MetadataFactory,
    demo: DemoHandler,
    locales: Sequence[str],
    assets: FrontendAssets,
    serves_frontend: Callable[[], bool] = lambda: True,
) -> APIRouter:
    """The contract's routes; `locales` are the languages the project has texts for."""
    router = APIRouter()

    @router.get(WELL_KNOWN_PATH, response_model=None, tags=["platform"])
    def well_known(request: Request) -> JSONResponse:
        answer = metadata(base_url(request))
        data: dict[str, Any] = answer.model_dump(mode="json")
        mark = assets.build_mark() if serves_frontend() else None
        if mark is not None:
            data["buildTimestamp"] = mark
        return JSONResponse(data)

    @router.post(DEMO_STATUS_PATH, response_model=None, tags=["demo"])
    async def demo_status(request: Request) -> JSONResponse:
        locale = choose_locale(request.headers.get("accept-language"), locales, DEFAULT_LOCALE)
        try:
            call = await read_proxied_request(request, locale)
        except BodyError as error:
            return error_response(error.status, error.message)
        answer = demo(call)
        return JSONResponse(
            answer.model_dump(mode="json"), headers={"Content-Language": locale, "Vary": "Accept-Language"}
        )

    @router.api_route(f"{STATIC_PREFIX}{{name:path}}", methods=["GET", "HEAD"], tags=["frontend"])
    def static_file(name: str, request: Request) -> Response:
        version = metadata(base_url(request)).version
        return assets.response(name, request, version)

    return router
