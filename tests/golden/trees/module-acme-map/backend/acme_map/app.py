"""The FastAPI application of the module backend (template-owned).

It joins the contract glue (`_contract/`, generated from the spec) with this project's settings,
texts, demo logic and own endpoints. Register your proxied endpoints in `endpoints.py` (yours: no
upgrade touches it; README, "Your own proxied endpoints"): they are served here, read by the same
body rules and share one budget of bytes in flight with the contract's routes, and are counted in
/metrics under their path like the contract's routes. Around everything:
GET /healthz, /readyz and /metrics, a request id on every answer and log line, and one access log
line per request (`_contract/observability.py`); GET /openapi.json publishes the contract this
backend implements (`_contract/published_spec.py`).
"""

from __future__ import annotations

import logging
from functools import partial

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

from . import __version__
from ._contract.assets import FrontendAssets
from ._contract.constants import DEFAULT_LOCALE
from ._contract.envelope import body_budget
from ._contract.models import LocaleArrayItem, ModuleMetadata
from ._contract.observability import configure_logging, install_observability
from ._contract.openapi_document import DOCUMENT as OPENAPI_DOCUMENT
from ._contract.published_spec import publish_spec
from ._contract.routes import contract_router, install_error_handlers
from .demo import demo_status
from .endpoints import ENDPOINTS
from .settings import Settings
from .texts import TEXTS

_log = logging.getLogger(__name__)


def _localised(value: tuple[tuple[str, str], ...] | str | None, key: str) -> list[LocaleArrayItem]:
    if isinstance(value, tuple):
        return [LocaleArrayItem(lang=lang, value=text) for lang, text in value]
    return [LocaleArrayItem(lang=lang, value=value or texts[key]) for lang, texts in TEXTS.items()]


def module_metadata(settings: Settings, base_url: str) -> ModuleMetadata:
    """The well-known answer; `base_url` is this backend as the caller reached it."""
    return ModuleMetadata(
        name=settings.name,
        title=_localised(settings.title, "title"),
        description=_localised(settings.description, "description"),
        version=settings.version,
        entry_point=settings.entry_point,
        frontend_host=settings.frontend_host or base_url,
        scope=settings.scope,
        components=list(settings.components),
        can_add_to_dashboard=settings.dashboard_ready,
    )


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings.from_env()
    configure_logging(settings.log_format, settings.log_level)  # unless uvicorn or pytest did
    assets = FrontendAssets(settings.frontend_dist)
    if settings.frontend_host is None and not assets.available:
        _log.warning(
            "no built frontend in %s: run `npm run build` in frontend/ or set MODULE_FRONTEND_DIST",
            settings.frontend_dist,
        )
    app = FastAPI(
        title="Acme Map",
        version=__version__,
        summary="Acme Map dashboard widget module",
        docs_url=None,  # FastAPI's docs page loads its JavaScript from a CDN
        redoc_url=None,
        openapi_url=None,  # FastAPI's schema of the handlers; the contract's is published below
    )
    install_error_handlers(app)  # 404, 405 and 500 answer {"error": true, "message": ...}
    publish_spec(app, ENDPOINTS.published(OPENAPI_DOCUMENT))  # GET /openapi.json, own endpoints too
    app.add_middleware(
        CORSMiddleware,
        allow_origins=list(settings.cors_origins),
        allow_methods=["GET", "HEAD", "POST", "OPTIONS"],
        allow_headers=["*"],
    )
    budget = body_budget()  # bytes of request bodies held at once, shared by every route below
    app.include_router(
        contract_router(
            metadata=partial(module_metadata, settings),
            demo=demo_status,
            locales=tuple(TEXTS),
            assets=assets,
            serves_frontend=lambda: settings.frontend_host is None,
            budget=budget,
        )
    )
    app.include_router(ENDPOINTS.router(locales=tuple(TEXTS), default_locale=DEFAULT_LOCALE, budget=budget))
    install_observability(app, metrics_enabled=settings.metrics_enabled)
    return app
