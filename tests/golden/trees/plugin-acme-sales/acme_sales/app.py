"""The application factory: settings -> secrets key -> data source -> routes under /api/v1.

`create_app()` is what `python -m acme_sales` serves and what the tests call with their own
Settings, and with a data source of their own where they test the routes rather than yours
(`stub_data_source`, README "Testing your data source"). It raises StartupError (a missing data
source method, no secret key in production, an unreadable text catalogue) before anything is
served. Around the routes: GET /healthz, /readyz and /metrics, a request id on every answer and
log line, and one access log line per request (`_contract/observability.py`); GET /openapi.json
publishes the contract this service implements (`_contract/published_spec.py`).
"""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI

from . import __version__
from ._contract import (
    BASE_PATH,
    Catalog,
    DataSourceBase,
    build_router,
    install_error_handlers,
    load_secret_box,
)
from ._contract.observability import configure_logging, install_observability
from ._contract.openapi_document import DOCUMENT as OPENAPI_DOCUMENT
from ._contract.published_spec import publish_spec
from .datasource import AcmeSalesDataSource
from .settings import Settings

LOCALES = Path(__file__).resolve().parent / "locales"


def create_app(
    settings: Settings | None = None, datasource: DataSourceBase | None = None
) -> FastAPI:
    settings = settings or Settings.from_env()
    configure_logging(settings.log_format, settings.log_level)  # unless uvicorn or pytest did
    secrets = load_secret_box(
        key_text=settings.secret_key,
        old_keys_text=settings.old_secret_keys,
        production=settings.production,
        state_dir=settings.state_dir,
    )
    catalog = Catalog.load(LOCALES)
    if datasource is None:
        datasource = AcmeSalesDataSource(
            settings,
            catalog,
        )
    app = FastAPI(
        title="Acme Sales",
        version=__version__,
        docs_url=None,
        redoc_url=None,
        openapi_url=None,  # FastAPI's schema of the handlers; the contract's is published below
    )
    router = build_router(
        datasource,
        secrets=secrets,
        locales=catalog.locales,
        max_body_bytes=settings.max_body_bytes,
        max_body_bytes_in_flight=settings.max_body_bytes_in_flight,
        prefix=BASE_PATH,
        first=("getQueryResult",),  # what the platform calls for every panel on every refresh
        query_seconds=settings.query_seconds,  # a method still running then is answered 422
    )
    # The contract's routes themselves, not included as a router: one matching step less per
    # request (see build_router). Your own routes go on `app` as usual.
    app.router.routes.extend(router.routes)
    install_error_handlers(app)
    publish_spec(app, OPENAPI_DOCUMENT)  # GET /openapi.json
    install_observability(app, metrics_enabled=settings.metrics_enabled, api_prefix=BASE_PATH)
    app.state.settings = settings
    app.state.datasource = datasource
    return app
