"""Your data source: one method per operation of the plugin contract; the routes call them.

This file is yours: scaffold created it once and never changes it (`scaffold upgrade` included).
Each method gets the parsed request (generated models in `._contract`) and a RequestContext
(chosen locale, headers) and returns a model. Out of the box every method returns the smallest
answer the contract accepts, and its comment says what goes there: fill them in one by one. The
helpers of the contract runtime (README, "Helpers of the contract runtime") build forms, read
config and filter values, the saved configuration of a health check and result frames.

- Raise `PluginError(message)` for an error the caller should see: 422 (the routes have already
  answered 400 for a body that does not match the contract's schema, so what is left is content
  your plugin cannot process); add `validation_errors={"fieldCode": "message"}` to name fields.
  Any other exception is answered with a generic 500 and its traceback goes to the log.
- `async def` methods run on the event loop: await an async client there. Make a method a plain
  `def` when it blocks (a blocking client library, long computation): plain methods run in a
  worker thread.
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
    LocalizedString,
    PluginMetadata,
    QueryDataRequest,
    QueryDataResponse,
    RequestContext,
    VariablesRequest,
    frame,
    query_response,
    require_valid_config,
    saved_config,
)
from .settings import Settings


class AcmeSalesDataSource(DataSourceBase):
    """The plugin's data source: every contract operation, served by the routes."""

    # Configuration fields whose values are secret even when not of type password (encrypted in
    # health-check answers too), e.g. frozenset({"apiToken"}).
    secret_fields = frozenset[str]()

    def __init__(self, settings: Settings, catalog: Catalog) -> None:
        self.settings = settings
        self.catalog = catalog

    async def get_metadata(self, context: RequestContext) -> PluginMetadata:
        # What the platform's list of plugins shows; the texts are in locales/*.json.
        def texts(key: str) -> list[LocalizedString]:
            return [
                LocalizedString(lang=lang, value=text) for lang, text in self.catalog.all_texts(key)
            ]

        return PluginMetadata(
            name="acme-sales",
            title=texts("plugin.title"),
            version=__version__,
            description=texts("plugin.description"),
            query_help=texts("plugin.queryHelp"),
            base_url=self.settings.public_url or context.base_url,
            author=None,
            website=None,
        )

    async def check_health(
        self, request: DatasourceConfig, context: RequestContext
    ) -> HealthCheckResponse:
        # require_valid_config checks the fields against your data source form: 400 when a
        # required field has no entry, 422 naming each empty or invalid one; it returns the
        # values by code (passwords decrypted). Then try your service with them: status=False
        # and a message saying why when it does not answer. datasource_config is what the
        # platform saves: the fields sent, then your form's defaults.
        form = await self.get_datasource_constructor_fields(DataSourceConstructorRequest(), context)
        require_valid_config(form, request.fields, context.locale)
        return HealthCheckResponse(
            error=False,
            status=True,
            message=self.catalog.text(context.locale, "health.ok"),
            datasource_config=saved_config(form, request.fields),
        )

    async def get_datasource_constructor_fields(
        self, request: DataSourceConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        # The data source form: the connection settings your plugin needs (a URL; a token as a
        # password field), as ConstructorField models with their texts from locales/*.json.
        return []

    async def get_query_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        # The query form. A field with a trigger makes the platform ask again with the values
        # chosen so far (filter_values(request.filter)), so later fields can follow earlier ones.
        return []

    async def get_query_result(
        self, request: QueryDataRequest, context: RequestContext
    ) -> QueryDataResponse:
        # One frame per query, echoing its refID, with the data its json (the query form's
        # values) asks for in the request's time range: timestamp_frame or regular_frame.
        return query_response(
            frame(query.ref_id, query.ref_id, []) for query in request.data_query or []
        )

    async def get_variable_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        # The form of a dashboard variable whose values your plugin lists.
        return []

    async def get_variable_values(
        self, request: VariablesRequest, context: RequestContext
    ) -> list[ConstructorFieldPropOption]:
        # The values of that variable (a label and a value each) for the form's values in json.
        return []
