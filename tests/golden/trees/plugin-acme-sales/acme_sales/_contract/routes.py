# generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
"""The HTTP routes of datasource-plugin 1.2.0+r3: one per operation, mounted under `BASE_PATH`.

Each route reads the raw JSON body, parses it strictly with the generated model, calls the data
source method of the same name and answers with the serialised model (wire names, unset optional
fields left out). Errors follow the spec's decisions: a body that is not JSON or does not match
the schema (null for a non-nullable field, "1" for an integer) -> 400 (a HealthCheckResponse /
QueryDataResponse where the contract names one, else `{"error": true, "message": ...}`); over
10 MiB -> 413; while the process holds its most bytes of bodies at once -> 503 with Retry-After
(see body_limits.py); a schema-valid body the plugin cannot process (an encrypted value that does not
decrypt, a `PluginError` from the data source) -> 422 in the same shape. See `dispatch.py`.
"""

from __future__ import annotations

from collections.abc import Sequence

from fastapi import APIRouter

from .base import (
    CONTRACT,
    OPERATIONS,
    DataSourceBase,
)
from .body_limits import BodyBudget
from .dispatch import Wiring, add_operation
from .http_json import MAX_BODY_BYTES, MAX_BODY_BYTES_IN_FLIGHT
from .locale import DEFAULT_LOCALE
from .operations import in_route_order, require_operations
from .secrets import SecretBox

BASE_PATH = "/api/v1"


def build_router(
    datasource: DataSourceBase,
    *,
    secrets: SecretBox,
    locales: Sequence[str] = (DEFAULT_LOCALE,),
    max_body_bytes: int = MAX_BODY_BYTES,
    max_body_bytes_in_flight: int = MAX_BODY_BYTES_IN_FLIGHT,
    prefix: str = "",
    first: Sequence[str] = (),
    query_seconds: float | None = None,
) -> APIRouter:
    """The contract's routes served by `datasource`, each at `prefix` + its contract path.

    The app adds them to its own routes with `prefix=BASE_PATH` (see app.py): FastAPI's
    `include_router` would route every request through one more matching step (11 us a request
    with FastAPI 0.16x, a tenth of the glue's cost around a data source). Including the router
    with `include_router(router, prefix=BASE_PATH)` and no prefix here works too.

    `locales` are the languages the plugin has texts for (default first): each call's
    RequestContext.locale is the best of them for its Accept-Language header. `first` names the
    operationIds whose routes come first, the rest follow in the contract's order: a request is
    matched against the routes in turn, so the operation called most is best found first.
    `max_body_bytes_in_flight` bounds the bytes of all the bodies these routes hold at once.
    `query_seconds` (PLUGIN_QUERY_SECONDS) is how long a data source method may take: then it is
    cancelled and answered 422 (None: as long as it takes).
    """
    require_operations(type(datasource), OPERATIONS, CONTRACT)
    wiring = Wiring(
        datasource=datasource,
        secrets=secrets,
        locales=tuple(locales) or (DEFAULT_LOCALE,),
        max_body_bytes=max_body_bytes,
        secret_fields=frozenset(datasource.secret_fields),
        body_budget=BodyBudget(max_body_bytes_in_flight),
        query_seconds=query_seconds,
    )
    router = APIRouter()
    for op in in_route_order(OPERATIONS, first, CONTRACT):
        add_operation(router, op, wiring, prefix)
    return router
