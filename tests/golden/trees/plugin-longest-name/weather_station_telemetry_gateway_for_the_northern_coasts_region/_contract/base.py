# generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
"""The data source interface of datasource-plugin 1.2.0+r3: one abstract method per operation.

Your class in `weather_station_telemetry_gateway_for_the_northern_coasts_region/datasource.py` subclasses `DataSourceBase` and implements every
method; the routes (`routes.py`) call them. A method may be a plain `def` (run in a worker thread,
fine for blocking I/O) or an `async def` (awaited on the event loop). It answers with the
generated models (or plain dicts of the same shape) and raises `PluginError` for an error the
caller should see.

`OPERATIONS` is the contract's operations table. When a newer contract adds an operation,
creating the data source fails at startup with a message naming the method to add.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable
from typing import Any, ClassVar, Self

from .context import RequestContext
from .models import (
    ConstructorField,
    ConstructorFieldPropOption,
    ConstructorRequest,
    DatasourceConfig,
    DataSourceConstructorRequest,
    HealthCheckResponse,
    PluginMetadata,
    QueryDataRequest,
    QueryDataResponse,
    VariablesRequest,
)
from .operations import ErrorShape, Operation, require_operations

CONTRACT = "datasource-plugin 1.2.0+r3"

GET_METADATA = Operation(
    operation_id="getMetadata",
    method_name="get_metadata",
    http_method="get",
    path="/well-known",
    summary="Plugin metadata",
    request_model=None,
    response_model=PluginMetadata,
    response_is_list=False,
    errors=ErrorShape(
        status_type=None,
        validation_errors=False,
    ),
    signature="def get_metadata(self, context: RequestContext) -> PluginMetadata",
    request_secrets=(),
    response_secrets=(),
)
CHECK_HEALTH = Operation(
    operation_id="checkHealth",
    method_name="check_health",
    http_method="post",
    path="/datasource/health-check",
    summary="Check a data source connection",
    request_model=DatasourceConfig,
    response_model=HealthCheckResponse,
    response_is_list=False,
    errors=ErrorShape(
        status_type="boolean",
        validation_errors=True,
    ),
    signature="def check_health(self, request: DatasourceConfig, context: RequestContext) -> HealthCheckResponse",
    request_secrets=(("fields",),),
    response_secrets=(("datasourceConfig", "fields"),),
)
GET_DATASOURCE_CONSTRUCTOR_FIELDS = Operation(
    operation_id="getDatasourceConstructorFields",
    method_name="get_datasource_constructor_fields",
    http_method="post",
    path="/datasource/constructor-fields",
    summary="Fields of the data source configuration form",
    request_model=DataSourceConstructorRequest,
    response_model=ConstructorField,
    response_is_list=True,
    errors=ErrorShape(
        status_type=None,
        validation_errors=False,
    ),
    signature="def get_datasource_constructor_fields(self, request: DataSourceConstructorRequest, context: RequestContext) -> list[ConstructorField]",
    request_secrets=(("pluginContext", "dataSourceInstanceSettings", "fields"),),
    response_secrets=(),
)
GET_QUERY_CONSTRUCTOR_FIELDS = Operation(
    operation_id="getQueryConstructorFields",
    method_name="get_query_constructor_fields",
    http_method="post",
    path="/query/constructor-fields",
    summary="Fields for building queries",
    request_model=ConstructorRequest,
    response_model=ConstructorField,
    response_is_list=True,
    errors=ErrorShape(
        status_type=None,
        validation_errors=False,
    ),
    signature="def get_query_constructor_fields(self, request: ConstructorRequest, context: RequestContext) -> list[ConstructorField]",
    request_secrets=(("pluginContext", "dataSourceInstanceSettings", "fields"),),
    response_secrets=(),
)
GET_QUERY_RESULT = Operation(
    operation_id="getQueryResult",
    method_name="get_query_result",
    http_method="post",
    path="/query/get-result",
    summary="Execute one or several queries",
    request_model=QueryDataRequest,
    response_model=QueryDataResponse,
    response_is_list=False,
    errors=ErrorShape(
        status_type="integer",
        validation_errors=True,
    ),
    signature="def get_query_result(self, request: QueryDataRequest, context: RequestContext) -> QueryDataResponse",
    request_secrets=(("pluginContext", "dataSourceInstanceSettings", "fields"),),
    response_secrets=(),
)
GET_VARIABLE_CONSTRUCTOR_FIELDS = Operation(
    operation_id="getVariableConstructorFields",
    method_name="get_variable_constructor_fields",
    http_method="post",
    path="/variable/constructor-fields",
    summary="Fields for building variable queries",
    request_model=ConstructorRequest,
    response_model=ConstructorField,
    response_is_list=True,
    errors=ErrorShape(
        status_type=None,
        validation_errors=False,
    ),
    signature="def get_variable_constructor_fields(self, request: ConstructorRequest, context: RequestContext) -> list[ConstructorField]",
    request_secrets=(("pluginContext", "dataSourceInstanceSettings", "fields"),),
    response_secrets=(),
)
GET_VARIABLE_VALUES = Operation(
    operation_id="getVariableValues",
    method_name="get_variable_values",
    http_method="post",
    path="/variable/values",
    summary="Values for a variable",
    request_model=VariablesRequest,
    response_model=ConstructorFieldPropOption,
    response_is_list=True,
    errors=ErrorShape(
        status_type=None,
        validation_errors=False,
    ),
    signature="def get_variable_values(self, request: VariablesRequest, context: RequestContext) -> list[ConstructorFieldPropOption]",
    request_secrets=(("pluginContext", "dataSourceInstanceSettings", "fields"),),
    response_secrets=(),
)

OPERATIONS: tuple[Operation, ...] = (
    GET_METADATA,
    CHECK_HEALTH,
    GET_DATASOURCE_CONSTRUCTOR_FIELDS,
    GET_QUERY_CONSTRUCTOR_FIELDS,
    GET_QUERY_RESULT,
    GET_VARIABLE_CONSTRUCTOR_FIELDS,
    GET_VARIABLE_VALUES,
)


class DataSourceBase(ABC):
    """Base of the plugin's data source: implement every method below in your subclass.

    `secret_fields` names DatasourceConfig field codes that are secret even when a request does
    not mark them `type: password`; their values are encrypted in health-check answers too.
    """

    secret_fields: ClassVar[frozenset[str]] = frozenset()

    def __new__(cls, *args: Any, **kwargs: Any) -> Self:
        require_operations(cls, OPERATIONS, CONTRACT)
        return super().__new__(cls)

    @abstractmethod
    def get_metadata(
        self, context: RequestContext
    ) -> PluginMetadata | Awaitable[PluginMetadata]:
        """GET /well-known: Plugin metadata.

        Returns the plugin metadata; the platform reads name, version, title,
        description.
        """

    @abstractmethod
    def check_health(
        self, request: DatasourceConfig, context: RequestContext
    ) -> HealthCheckResponse | Awaitable[HealthCheckResponse]:
        """POST /datasource/health-check: Check a data source connection.

        Checks validity and reachability of the connection described by the supplied
        fields. On success the response has status true and datasourceConfig carrying
        the fields with their values. When a config holds sensitive fields (passwords),
        the plugin encrypts them in this response; afterwards the values are used and
        returned only in encrypted form. A check that ran answers 200: status true when
        the connection is valid and reachable, status false with a message saying why
        when the data source is unreachable or refuses the connection. A field the
        plugin's configuration form marks required that has no entry in fields is "too
        few entries", answered 400 naming the missing codes. Rules JSON Schema cannot
        express, answered 422 with validationErrors (field code to text): a required
        field's entry is not empty; a value matches its field's validationRule and
        allowed characters; an encrypted value decrypts with the plugin's key.
        """

    @abstractmethod
    def get_datasource_constructor_fields(
        self, request: DataSourceConstructorRequest, context: RequestContext
    ) -> list[ConstructorField] | Awaitable[list[ConstructorField]]:
        """POST /datasource/constructor-fields: Fields of the data source configuration form.

        Returns the fields of the data source configuration form, depending on the
        values already entered. For a form created from scratch filter.fields is an
        empty array; for a saved configuration the values of all fields are sent; when a
        trigger field (isTrigger true) changes, filter.fields holds the values of all
        trigger fields and the response carries the updated set of fields. Texts are
        localised according to Accept-Language. Rules JSON Schema cannot express,
        answered 422: an encrypted value in pluginContext.dataSourceInstanceSettings
        decrypts with the plugin's key; the values the plugin needs to build the fields
        are ones it understands.
        """

    @abstractmethod
    def get_query_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField] | Awaitable[list[ConstructorField]]:
        """POST /query/constructor-fields: Fields for building queries.

        Returns the fields for building queries. Code mode is offered only when the data
        source configuration (dataSource.configFields) contains codeMode set to the
        string true and a codeLang value, and the user switches the queryType radio
        switch to Code; when codeLang is absent, the Code option is hidden and the mode
        returns to fields. The constructor flow (empty filter.fields first, trigger re-
        requests) applies. Texts are localised according to Accept-Language. Rules JSON
        Schema cannot express, answered 422: an encrypted value in
        pluginContext.dataSourceInstanceSettings decrypts with the plugin's key; the
        values the plugin needs to build the fields are ones it understands.
        """

    @abstractmethod
    def get_query_result(
        self, request: QueryDataRequest, context: RequestContext
    ) -> QueryDataResponse | Awaitable[QueryDataResponse]:
        """POST /query/get-result: Execute one or several queries.

        Executes one or several queries (several entries may be given in dataQuery). The
        response uses either the Timestamp or the Regular result value contract; frames
        and fields echo the refID of their query. Rules JSON Schema cannot express,
        answered 422 with a QueryDataResponse (status 422, validationErrors from a
        query's refID, dataQuery.<index> for a refID that is not a short plain
        identifier, dataQuery for the request as a whole, or a configuration field code,
        to text): a codeQuery is sent only when the data source configuration enables
        Code mode (codeMode is the string true and codeLang is set); an encrypted value
        in the configuration decrypts with the plugin's key; a json text or codeQuery is
        one the plugin understands (its tables and columns exist); timeRange.from is not
        after timeRange.to.
        """

    @abstractmethod
    def get_variable_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField] | Awaitable[list[ConstructorField]]:
        """POST /variable/constructor-fields: Fields for building variable queries.

        Returns the fields for building variable queries. The constructor flow (empty
        filter.fields first, trigger re-requests) applies. Texts are localised according
        to Accept-Language. Rules JSON Schema cannot express, answered 422: an encrypted
        value in pluginContext.dataSourceInstanceSettings decrypts with the plugin's
        key; the values the plugin needs to build the fields are ones it understands.
        """

    @abstractmethod
    def get_variable_values(
        self, request: VariablesRequest, context: RequestContext
    ) -> list[ConstructorFieldPropOption] | Awaitable[list[ConstructorFieldPropOption]]:
        """POST /variable/values: Values for a variable.

        Returns the values of a variable; the request fields (json) depend on what the
        plugin expects. Rules JSON Schema cannot express, answered 422: json is a
        variable query the plugin understands (its structure is the plugin's own); an
        encrypted value in pluginContext.dataSourceInstanceSettings decrypts with the
        plugin's key.
        """
