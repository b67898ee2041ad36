"""Your data source: one method per operation of the plugin contract; the routes call them.

This file is yours: scaffold created it once and never changes it (`scaffold upgrade` included).
Each method gets the parsed request (generated models in `._contract`) and a RequestContext
(chosen locale, headers) and returns a model. Out of the box every method delegates to the
example SQL data source in `example/`; replace those calls with your own logic, and delete
`example/` when nothing uses it any more.

- Raise `PluginError(message)` for an error the caller should see: 422 (the routes have already
  answered 400 for a body that does not match the contract's schema, so what is left is content
  your plugin cannot process); add `validation_errors={"fieldCode": "message"}` to name fields.
  Any other exception is answered with a generic 500 and its traceback goes to the log.
- Methods are `async def` here because the example's work is short: it runs on the event loop
  and the process starts no thread (only Code-mode SQL goes to a worker thread). Make a method a
  plain `def` when it blocks (a blocking client library, long computation): plain methods run in
  a worker thread. A process that has ever started a thread runs SQLite's per-row work 10-25%
  slower (measured on the example's queries), so the example avoids one where it can.
- Password fields arrive decrypted and are encrypted again in health-check answers by the
  routes; list other secret field codes in `secret_fields`.
- If a newer contract adds an operation, the plugin refuses to start and names the method to add.
"""

from __future__ import annotations

from . import __version__
from ._contract import (
    Catalog,
    ConstructorField,
    ConstructorFieldPropOption,
    ConstructorRequest,
    DataSourceBase,
    DatasourceConfig,
    DataSourceConstructorRequest,
    HealthCheckResponse,
    PluginMetadata,
    QueryDataRequest,
    QueryDataResponse,
    RequestContext,
    VariablesRequest,
)
from .example import SqlExample
from .settings import Settings


class WeatherStationTelemetryGatewayForTheNorthernCoastsRegionDataSource(DataSourceBase):
    """The plugin's data source: every contract operation, served by the routes."""

    # Configuration fields whose values are secret (encrypted in health-check answers).
    secret_fields = frozenset({"accessKey"})

    def __init__(self, settings: Settings, catalog: Catalog) -> None:
        self.catalog = catalog
        self.example = SqlExample(
            name="weather-station-telemetry-gateway-for-the-northern-coasts-region",
            version=__version__,
            author=None,
            catalog=catalog,
            state_dir=settings.state_dir,
            public_url=settings.public_url,
            query_seconds=settings.query_seconds,
            max_result_bytes=settings.max_result_bytes,
        )

    async def get_metadata(self, context: RequestContext) -> PluginMetadata:
        return self.example.metadata(context)

    async def check_health(
        self, request: DatasourceConfig, context: RequestContext
    ) -> HealthCheckResponse:
        return self.example.check_health(request, context)

    async def get_datasource_constructor_fields(
        self, request: DataSourceConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        return self.example.datasource_fields(request, context)

    async def get_query_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        return self.example.query_fields(request, context)

    async def get_query_result(
        self, request: QueryDataRequest, context: RequestContext
    ) -> QueryDataResponse:
        return await self.example.query_result(request, context)

    async def get_variable_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        return self.example.variable_fields(request, context)

    async def get_variable_values(
        self, request: VariablesRequest, context: RequestContext
    ) -> list[ConstructorFieldPropOption]:
        return self.example.variable_values(request, context)
