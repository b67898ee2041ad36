"""The example SQL data source behind every operation: SQLite files, sample data, three forms.

`SqlExample` is what `datasource.py` delegates to out of the box. It reads the data source
configuration (database file, access key, row limit, Code mode), answers the forms from the
catalogues, runs queries through `queries.py` and turns the example's own errors into
`PluginError`s with a message for the platform user.

The access key: the configuration has a password field `accessKey`. When the plugin's environment
sets EXAMPLE_DB_ACCESS_KEY, every call must carry that key (the health check reports a wrong one
with status false, the other endpoints answer 422 naming the field); when it is not set the key
is not checked at all, and the field only shows how the platform's password encryption works.
SQLite has no passwords of its own.

Statuses: the routes have already answered 400 for any body that does not match the contract's
schema, so every error raised here is about content - a configuration, query or variable request
of the right form that this data source cannot serve - and is a `PluginError` with its default
status, 422. On get-result it names the failing field code or query in validationErrors. The
health check's config check is the runtime's require_valid_config: 400 for a required field
without entry (the contract's "too few entries"), 422 naming every empty or invalid field.

Error messages: every one comes from the catalogue in the caller's language
(`errors.reason.<key>` of the SourceError/QueryError), quotes nothing from the request, and names
a query by its refID only when that is a short plain identifier (else by its position: the
runtime's query_error); what the request held and SQLite's own words go to the log at INFO. A
query's json and a variable query's are read by the runtime's query_json and variable_query_json
(422 in the glue's texts).
"""

from __future__ import annotations

import hmac
import logging
import os
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from starlette.concurrency import run_in_threadpool

from .._contract import (
    Catalog,
    ConstructorField,
    ConstructorFieldPropOption,
    ConstructorRequest,
    DataQuery,
    DatasourceConfig,
    DataSourceConstructorRequest,
    FormTexts,
    HealthCheckResponse,
    LocalizedString,
    PluginContext,
    PluginError,
    PluginMetadata,
    QueryDataRequest,
    QueryDataResponse,
    RequestContext,
    VariablesRequest,
    bool_value,
    config_values,
    filter_values,
    number_value,
    query_error,
    query_json,
    query_response,
    require_valid_config,
    saved_config,
    variable_query_json,
)
from .database import QUERY_SECONDS, Database, Schema, open_database, resolve_path
from .errors import SourceError
from .forms import (
    DEFAULT_DATABASE,
    DEFAULT_ROW_LIMIT,
    MAX_ROW_LIMIT,
    datasource_form,
    query_form,
    variable_form,
)
from .guards import ResultBudget
from .queries import Limits, run_query, variable_values
from .sample_data import SAMPLE_FILE, create_sample_database

ACCESS_KEY_ENV = "EXAMPLE_DB_ACCESS_KEY"
DATABASE_DIRS_ENV = "EXAMPLE_DATABASE_DIRS"
MAX_QUERIES = 100
MAX_RESULT_BYTES = 16 * 1024 * 1024
_log = logging.getLogger(__name__)


# Seconds before the call's deadline at which a statement is interrupted (see deadline()).
ANSWER_MARGIN = 0.2


@dataclass(frozen=True)
class Source:
    """A usable data source configuration: the open database and what it allows."""

    database: Database
    code_mode: bool
    row_limit: int


class SqlExample:
    def __init__(
        self,
        *,
        name: str,
        version: str,
        author: str | None,
        catalog: Catalog,
        state_dir: Path,
        public_url: str | None,
        query_seconds: float = QUERY_SECONDS,
        max_result_bytes: int = MAX_RESULT_BYTES,
        environ: Mapping[str, str] | None = None,
    ) -> None:
        env = os.environ if environ is None else environ
        self.name = name
        self.version = version
        self.author = author
        self.catalog = catalog
        self.state_dir = state_dir
        self.public_url = public_url
        self.query_seconds = query_seconds
        self.max_result_bytes = max_result_bytes
        self.access_key = env.get(ACCESS_KEY_ENV) or None
        self.database_dirs = [
            Path(p) for p in env.get(DATABASE_DIRS_ENV, "").split(os.pathsep) if p
        ]
        create_sample_database(state_dir / SAMPLE_FILE)

    # --- helpers ----------------------------------------------------------------------------

    def texts(self, context: RequestContext) -> FormTexts:
        return FormTexts(self.catalog, context.locale)

    def reason(self, context: RequestContext, error: SourceError) -> str:
        """The caller's text for `error`; its details go to the log."""
        _log.info("%s: %s (%s)", context.operation_id, error.key, error.detail or "-")
        params = {"seconds": f"{self.query_seconds:g}", **error.params}
        return self.texts(context).t(f"errors.reason.{error.key}", **params)

    def _key_accepted(self, values: Mapping[str, str]) -> bool:
        if self.access_key is None:
            return True
        return hmac.compare_digest(values.get("accessKey", "").encode(), self.access_key.encode())

    def _open(self, values: Mapping[str, str]) -> Database:
        path = resolve_path(
            values.get("database") or DEFAULT_DATABASE, self.state_dir, self.database_dirs
        )
        return open_database(path)

    def source(self, plugin_context: PluginContext | None, context: RequestContext) -> Source:
        """The configured data source of a constructor, query or variable request."""
        t = self.texts(context).t
        settings = plugin_context.data_source_instance_settings if plugin_context else None
        values = config_values(settings.fields if settings else None)
        if not self._key_accepted(values):
            message = t("errors.accessKey")
            raise PluginError(message, validation_errors={"accessKey": message})
        try:
            database = self._open(values)
        except SourceError as exc:
            reason = self.reason(context, exc)
            raise PluginError(
                t("errors.source", reason=reason), validation_errors={"database": reason}
            ) from None
        row_limit = number_value(values, "rowLimit")
        limit = (
            row_limit
            if row_limit is not None and 1 <= row_limit <= MAX_ROW_LIMIT
            else DEFAULT_ROW_LIMIT
        )
        code_mode = (
            bool_value(values, "codeMode") is True and values.get("codeLang", "").strip() != ""
        )
        return Source(database, code_mode=code_mode, row_limit=limit)

    def deadline(self, context: RequestContext) -> float:
        """The time.monotonic() by which every statement of this request must be done: within
        the call's own (PLUGIN_QUERY_SECONDS from when the routes called the method), ANSWER_MARGIN
        before it, so the example's answer naming the query that took too long arrives before the
        routes stop waiting and answer their generic one."""
        own = time.monotonic() + self.query_seconds
        return own if context.deadline is None else min(own, context.deadline - ANSWER_MARGIN)

    # --- operations ---------------------------------------------------------------------------

    def metadata(self, context: RequestContext) -> PluginMetadata:
        def localized(key: str) -> list[LocalizedString]:
            return [
                LocalizedString(lang=lang, value=text) for lang, text in self.catalog.all_texts(key)
            ]

        return PluginMetadata(
            name=self.name,
            title=localized("plugin.title"),
            version=self.version,
            description=localized("plugin.description"),
            query_help=localized("plugin.queryHelp"),
            base_url=self.public_url or context.base_url,
            author=self.author,
            website=None,
        )

    def check_health(
        self, config: DatasourceConfig, context: RequestContext
    ) -> HealthCheckResponse:
        """400 for a required field without entry, 422 naming every empty or invalid field (the
        runtime's require_valid_config), else a reachability check.

        An unreachable or refusing data source is no error of the request: 200 with status false
        and a message saying why, as the contract decides.
        """
        t = self.texts(context).t
        form = datasource_form(self.texts(context), config_values(config.fields))
        values = require_valid_config(form, config.fields, context.locale)
        if not self._key_accepted(values):
            return HealthCheckResponse(error=True, status=False, message=t("errors.accessKey"))
        try:
            tables = self._open(values).check()
        except SourceError as exc:
            return HealthCheckResponse(
                error=True,
                status=False,
                message=t("errors.source", reason=self.reason(context, exc)),
            )
        return HealthCheckResponse(
            error=False,
            status=True,
            message=t("health.ok", tables=tables),
            datasource_config=saved_config(form, config.fields),
        )

    def datasource_fields(
        self, request: DataSourceConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        sent = filter_values(request.filter)
        settings = (
            request.plugin_context.data_source_instance_settings if request.plugin_context else None
        )
        values = {**config_values(settings.fields if settings else None), **sent.values}
        return datasource_form(self.texts(context), values)

    def query_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        source = self.source(request.plugin_context, context)
        sent = filter_values(request.filter)
        return query_form(
            self.texts(context),
            self._schema(source, context),
            sent.values,
            sent.array_groups(),
            code_allowed=source.code_mode,
        )

    async def query_result(
        self, request: QueryDataRequest, context: RequestContext
    ) -> QueryDataResponse:
        """Constructor and JSON queries run on the event loop; Code-mode SQL in a worker thread.

        Constructor queries are bounded (indexed time range, row cap) and take milliseconds,
        which is cheaper to run inline than to hand to a thread; Code-mode SQL is arbitrary and
        may run up to the query deadline, so it must not hold up other requests.
        """
        if any(_is_code(query) for query in request.data_query or []):
            return await run_in_threadpool(self.run_queries, request, context)
        return self.run_queries(request, context)

    def run_queries(self, request: QueryDataRequest, context: RequestContext) -> QueryDataResponse:
        t = self.texts(context).t
        queries = request.data_query or []
        if not queries:
            message = t("errors.noQueries")
            raise PluginError(message, validation_errors={"dataQuery": message})
        if len(queries) > MAX_QUERIES:
            message = t("errors.tooManyQueries", max=MAX_QUERIES)
            raise PluginError(message, validation_errors={"dataQuery": message})
        source = self.source(request.plugin_context, context)
        schema = self._schema(source, context)
        variables = request.variables or {}
        limits = Limits(
            code_mode=source.code_mode,
            row_limit=source.row_limit,
            deadline=self.deadline(context),
            budget=ResultBudget(self.max_result_bytes),
        )
        frames = []
        for index, query in enumerate(queries):
            spec = query_json(query, index, context.locale)
            try:
                frames.append(run_query(source.database, schema, query, spec, variables, limits))
            except SourceError as exc:
                raise query_error(
                    query.ref_id, index, self.reason(context, exc), context.locale
                ) from None
        # a line of the request's log: request_id on it, in text and JSON alike
        context.log.debug("ran %d queries", len(frames), extra={"queries": len(frames)})
        return query_response(frames)

    def variable_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        source = self.source(request.plugin_context, context)
        sent = filter_values(request.filter)
        return variable_form(
            self.texts(context), self._schema(source, context), sent.values, sent.array_groups()
        )

    def variable_values(
        self, request: VariablesRequest, context: RequestContext
    ) -> list[ConstructorFieldPropOption]:
        t = self.texts(context).t
        source = self.source(request.plugin_context, context)
        spec = variable_query_json(request.json_, context.locale)
        try:
            values = variable_values(
                source.database,
                self._schema(source, context),
                spec,
                request.variables or {},
                self.deadline(context),
            )
        except SourceError as exc:
            reason = self.reason(context, exc)
            raise PluginError(
                t("errors.variable", reason=reason), validation_errors={"json": reason}
            ) from None
        return [ConstructorFieldPropOption(label=value, value=value) for value in values]

    def _schema(self, source: Source, context: RequestContext) -> Schema:
        try:
            return source.database.schema()
        except SourceError as exc:
            reason = self.reason(context, exc)
            raise PluginError(
                self.texts(context).t("errors.source", reason=reason),
                validation_errors={"database": reason},
            ) from None


def _is_code(query: DataQuery) -> bool:
    """Whether a query may be Code mode (then it runs in a worker thread)."""
    return bool(query.code_query) or '"code"' in (query.json_ or "")
