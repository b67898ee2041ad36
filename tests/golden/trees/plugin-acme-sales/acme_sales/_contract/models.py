# generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler
from pydantic_core import PydanticKnownError, core_schema


class ContractModel(BaseModel):
    """Base of every contract model.

    Output uses the contract's wire names (camelCase) by default; input accepts the wire name or
    the Python attribute name. Unknown input fields are ignored so a newer platform can talk to
    an older plugin.
    """

    model_config = ConfigDict(
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
        extra="ignore",
    )


def omit_none(value: object) -> bool:
    """True for None: an optional field the contract does not allow as null is left out instead."""
    return value is None


class StrictNotNull:
    """Marks an optional field the contract does not allow as null.

    Strict validation (how the routes parse request bodies) refuses an explicit null for it, as
    the contract's schema does; lax validation (the team's own code building a model) still takes
    None as "not set". An integer field in strict validation also takes a whole-number float
    (`5.0`), which JSON Schema counts as an integer, and still refuses "5" and true. All of it is
    built into the core schema: no Python call per field, except for an integer field whose
    value is not a plain integer (a float, or an invalid value about to be refused).
    """

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        schema = handler(source)
        if schema["type"] != "nullable":
            return schema
        inner = schema["schema"]
        strict = _whole_floats_too(inner) if inner["type"] == "int" else inner
        return core_schema.lax_or_strict_schema(lax_schema=schema, strict_schema=strict)


def _whole_floats_too(schema: core_schema.CoreSchema) -> core_schema.CoreSchema:
    """`schema` (an integer), or else a float with no fraction turned into one and checked again."""
    floats = core_schema.chain_schema(
        [core_schema.no_info_plain_validator_function(_whole_number), schema]
    )
    return core_schema.union_schema(
        [(schema, "int"), (floats, "int-from-float")], mode="left_to_right"
    )


def _whole_number(value: Any) -> Any:
    """A JSON float with no fraction as an int; anything else as it is, for the integer to refuse.

    Only a float: an int here already failed the integer's own bounds, a string or a boolean is
    not a number, and float(int) would round a huge one into range. A float whose double misstates
    its literal (9223372036854775807.0 reads as 2^63, 1.0000000000000001 as 1) comes marked by the
    body's reader (http_json.ExactNumber) and is judged by the literal: JSON Schema's "integer"
    is the exact value, and the data source receives that integer, not the double's.
    """
    if not isinstance(value, float):
        return value
    whole = getattr(value, "whole", None)
    if whole is None:
        return int(value) if value.is_integer() else value
    if not whole:
        return value  # a float still: not an integer, whatever its double says
    exact = getattr(value, "exact", None)
    if exact is None:  # more digits than an int is built from: beyond any bound
        raise PydanticKnownError("int_parsing_size")
    return exact


NOT_NULL = StrictNotNull()


class LocalizedString(ContractModel):
    """
    A text in one language.
    """

    lang: str
    """
    Language code.
    """
    value: str
    """
    Text in that language.
    """


class DatasourceFieldOption(ContractModel):
    """
    A choice of a data source configuration field.
    """

    label: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Readable name.
    """
    value: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Code value.
    """


class ConstructorFieldPropOption(ContractModel):
    """
    A label/value choice (select and radio options, variable values).
    """

    label: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Readable name.
    """
    value: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Code value.
    """


class ConstructorFilterField(ContractModel):
    """
    The value of one field in a constructor request.
    """

    key: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Field code.
    """
    array_index: Annotated[
        int | None,
        Field(alias="arrayIndex", ge=-2147483648, le=2147483647, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Index of the group for fields nested in an array field.
    """
    value: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Field value.
    """


class TimeRange(ContractModel):
    """
    A time range; both bounds are unix time and inclusive.
    """

    from_: Annotated[
        int | None,
        Field(
            alias="from",
            ge=-9223372036854775808,
            le=9223372036854775807,
            exclude_if=omit_none,
        ),
        NOT_NULL,
    ] = None
    """
    Start, unix time, inclusive.
    """
    to: Annotated[
        int | None,
        Field(ge=-9223372036854775808, le=9223372036854775807, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    End, unix time, inclusive.
    """


class FrameField(ContractModel):
    """
    A field (series) of a Frame. Python class name FrameField.
    """

    name: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Series/metric name.
    """
    ref_id: Annotated[
        str | None, Field(alias="refID", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Query reference id, echoed from DataQuery.refID.
    """
    type: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Metric type.
    """
    labels: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Labels of the series. Their meaning is not shown in the contract; scaffold passes them through as an opaque string and never interprets them.
    """
    values: Annotated[
        list[dict[str, Any]] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Values as objects with arbitrary keys, following one of two result value contracts. Timestamp: each element is an object whose key is a unix timestamp and whose value is a string. Regular: each element is an object with arbitrary keys (for example a label and a value).
    """


class ErrorResponse(ContractModel):
    """
    Error body of the endpoints whose contract shows no error body, and of 404, 405, 408, 413, 500 and 503 on every endpoint.
    """

    error: Literal[True]
    """
    Always true.
    """
    message: str
    """
    What is wrong, in the caller's language.
    """


class PluginMetadata(ContractModel):
    """
    Plugin metadata returned by GET /well-known; the platform reads name, version, title, description.
    """

    name: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Unique plugin identifier.
    """
    title: Annotated[
        list[LocalizedString] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Display name per language.
    """
    version: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Plugin version.
    """
    description: Annotated[
        list[LocalizedString] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Description per language.
    """
    query_help: Annotated[
        list[LocalizedString] | None,
        Field(alias="queryHelp", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Hint for the query input field when JSON query mode is chosen.
    """
    base_url: Annotated[
        str | None, Field(alias="baseUrl", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Base URL of the plugin, including /api/v1.
    """
    author: str | None = None
    """
    Optional developer name.
    """
    website: str | None = None
    """
    Optional developer site.
    """


class DatasourceField(ContractModel):
    """
    A field of a data source configuration.
    """

    code: str
    """
    Used to form HTML id and name attributes; key of the field.
    """
    name: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Readable title.
    """
    description: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Readable description.
    """
    required: Annotated[bool | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    When true the field must not be empty.
    """
    max: Annotated[
        int | None, Field(ge=-2147483648, le=2147483647, exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Upper bound for type number.
    """
    min: Annotated[
        int | None, Field(ge=-2147483648, le=2147483647, exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Lower bound for type number.
    """
    max_length: Annotated[
        int | None,
        Field(alias="maxLength", ge=-2147483648, le=2147483647, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Maximum string length for type text.
    """
    min_length: Annotated[
        int | None,
        Field(alias="minLength", ge=-2147483648, le=2147483647, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Minimum string length for type text.
    """
    max_file_size: Annotated[
        int | None,
        Field(alias="maxFileSize", ge=-2147483648, le=2147483647, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Maximum file size for type file.
    """
    accept_file: Annotated[
        str | None, Field(alias="acceptFile", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    File extensions the user may choose (for example .csv).
    """
    read_only: Annotated[
        bool | None, Field(alias="readOnly", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Whether the user may edit the field.
    """
    options: Annotated[
        list[DatasourceFieldOption] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Choices.
    """
    placeholder: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Text in the input before typing.
    """
    type: Annotated[
        Literal["number", "password", "text", "textarea", "file", "select", "radio"]
        | None,
        Field(exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Field type.
    """
    validation_rule: Annotated[
        str | None, Field(alias="validationRule", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Regular expression for client-side validation.
    """
    validation_message: Annotated[
        str | None, Field(alias="validationMessage", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Message about the expected value format.
    """
    value: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    The field value (in a request) or default value (in a response). Sensitive values (passwords) are returned by the health check in encrypted form and afterwards used and returned only in encrypted form.
    """


class ConstructorFilter(ContractModel):
    """
    Filter of a constructor request. For a form created from scratch fields is an empty array; for a saved configuration it holds the values of all fields; after a trigger change it holds the values of all trigger fields.
    """

    from_: Annotated[
        int | None,
        Field(alias="from", ge=-2147483648, le=2147483647, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Unix timestamp.
    """
    to: Annotated[
        int | None, Field(ge=-2147483648, le=2147483647, exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Unix timestamp.
    """
    fields: Annotated[
        list[ConstructorFilterField] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Values of the fields (key = field code, value).
    """


class DataQuery(ContractModel):
    """
    One data query.
    """

    ref_id: Annotated[
        str | None, Field(alias="refID", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Query reference id, echoed in frames and fields.
    """
    code_query: Annotated[
        str | None, Field(alias="codeQuery", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Direct query text in the data source syntax (Code mode). Code mode is offered only when the data source configuration contains codeMode set to the string true and a codeLang value, and the user switches the queryType radio switch to Code.
    """
    max_data_points: Annotated[
        int | None,
        Field(
            alias="maxDataPoints",
            ge=-9223372036854775808,
            le=9223372036854775807,
            exclude_if=omit_none,
        ),
        NOT_NULL,
    ] = None
    """
    Maximum number of data points.
    """
    time_range: Annotated[
        TimeRange | None, Field(alias="timeRange", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Time range of the query.
    """
    json_: Annotated[
        str | None, Field(alias="json", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    JSON text with free structure depending on query type.
    """


class Frame(ContractModel):
    """
    A result frame of one query.
    """

    name: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Frame name.
    """
    ref_id: Annotated[
        str | None, Field(alias="refID", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Query reference id, echoed from DataQuery.refID.
    """
    meta: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Frame metadata. Its meaning is not shown in the contract; scaffold passes it through as an opaque string and never interprets it.
    """
    fields: Annotated[
        list[FrameField] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    The fields (series) of the frame.
    """


class DatasourceConfig(ContractModel):
    """
    A data source configuration.
    """

    fields: Annotated[
        list[DatasourceField] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Holds default values when the configuration is requested, and client-entered values when data is requested.
    """


class QueryDataResponse(ContractModel):
    """
    Result of POST /query/get-result. Values follow either the Timestamp or the Regular result value contract.
    """

    error: Annotated[bool | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    True when an error occurred.
    """
    message: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Error message.
    """
    validation_errors: Annotated[
        dict[str, str] | None,
        Field(alias="validationErrors", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Field to error.
    """
    status: Annotated[
        int | None, Field(ge=-2147483648, le=2147483647, exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Status of the result (the contract gives no notes; examples mirror the HTTP status code).
    """
    frames: Annotated[list[Frame] | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Result frames, each carrying the refID of its query.
    """


class HealthCheckResponse(ContractModel):
    """
    Result of POST /datasource/health-check.
    """

    error: Annotated[bool | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    True when an error occurred.
    """
    message: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Message (error message when error is true).
    """
    validation_errors: Annotated[
        dict[str, str] | None,
        Field(alias="validationErrors", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Field to error (map field code to error text).
    """
    status: Annotated[bool | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    True: data source is valid and reachable.
    """
    datasource_config: Annotated[
        DatasourceConfig | None,
        Field(alias="datasourceConfig", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    The fields with their values; sensitive values (passwords) in encrypted form.
    """


class PluginContext(ContractModel):
    """
    Context of the call, sent by the platform with constructor, query and variable requests.
    """

    org_id: Annotated[
        int | None,
        Field(
            alias="orgID",
            ge=-9223372036854775808,
            le=9223372036854775807,
            exclude_if=omit_none,
        ),
        NOT_NULL,
    ] = None
    """
    Organization id.
    """
    plugin_id: Annotated[
        str | None, Field(alias="pluginID", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Client-side identifier of the plugin.
    """
    data_source_instance_settings: Annotated[
        DatasourceConfig | None,
        Field(alias="dataSourceInstanceSettings", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Current data source configuration.
    """


class ConstructorRequest(ContractModel):
    """
    Request of the query and variable constructor endpoints.
    """

    plugin_context: Annotated[
        PluginContext | None,
        Field(alias="pluginContext", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Context of the call.
    """
    filter: Annotated[
        ConstructorFilter | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Values already entered (empty fields for a new form).
    """
    variables: Annotated[
        dict[str, str | list[str]] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Variables to be substituted in the query; a variable is a string or an array of strings.
    """


class DataSourceConstructorRequest(ContractModel):
    """
    Request of POST /datasource/constructor-fields; same shape as ConstructorRequest.
    """

    plugin_context: Annotated[
        PluginContext | None,
        Field(alias="pluginContext", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Context of the call.
    """
    filter: Annotated[
        ConstructorFilter | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Values already entered (empty fields for a new form).
    """
    variables: Annotated[
        dict[str, str | list[str]] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Variables to be substituted in the query; a variable is a string or an array of strings.
    """


class VariablesRequest(ContractModel):
    """
    Request of POST /variable/values; its fields depend on what the plugin expects.
    """

    plugin_context: Annotated[
        PluginContext | None,
        Field(alias="pluginContext", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Context of the call.
    """
    json_: Annotated[
        str | None, Field(alias="json", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Free-form JSON text whose structure depends on the plugin.
    """
    variables: Annotated[
        dict[str, str | list[str]] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Variables to be substituted in the query; a variable is a string or an array of strings.
    """


class QueryDataRequest(ContractModel):
    """
    Request of POST /query/get-result; several queries may be given in dataQuery.
    """

    plugin_context: Annotated[
        PluginContext | None,
        Field(alias="pluginContext", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Context of the call.
    """
    data_query: Annotated[list[DataQuery], Field(alias="dataQuery", min_length=1)]
    """
    The queries to execute; at least one.
    """
    variables: Annotated[
        dict[str, str | list[str]] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Variables to be substituted in the query; a variable is a string or an array of strings.
    """


class ConstructorField(ContractModel):
    """
    A field description (constructor) for the data source configuration form, the query builder or the variable query builder.
    """

    code: str
    """
    Key of the field, used in requests and to form HTML id and name.
    """
    name: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Readable title.
    """
    description: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Hint/description.
    """
    required: Annotated[bool | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    True means must not be empty.
    """
    placeholder: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Text in the input before typing.
    """
    type: Annotated[
        Literal[
            "text",
            "password",
            "number",
            "textarea",
            "select",
            "radio",
            "checkbox",
            "array",
            "file",
        ]
        | None,
        Field(exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Field type. A field of type array is shown as an accordion; each item is a separate group of the nested fields (props.fields), and the user may add several groups.
    """
    validation_rule: Annotated[
        str | None, Field(alias="validationRule", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Regular expression, client-side validation.
    """
    validation_message: Annotated[
        str | None, Field(alias="validationMessage", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Message about the expected format.
    """
    value: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    Value preset in the UI.
    """
    read_only: Annotated[
        bool | None, Field(alias="readOnly", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Editing forbidden when true.
    """
    inline: Annotated[bool | None, Field(exclude_if=omit_none), NOT_NULL] = None
    """
    True: show on the same row as the previous field; false: on a new row.
    """
    deny_variables: Annotated[
        bool | None, Field(alias="denyVariables", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    True forbids variable substitution in this field.
    """
    array_index: Annotated[
        int | None,
        Field(alias="arrayIndex", ge=-2147483648, le=2147483647, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Only for fields nested in an array field; may be empty for defaults, or set to match incoming parameters.
    """
    size: Annotated[
        Literal["xs", "sm", "md", "lg", "xl", "xxl"] | None,
        Field(exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Width of the field in the row: xs about 16.66%, sm about 33.33%, md about 50%, lg about 66.64%, xl about 83.3%, xxl 100% of the row.
    """
    is_trigger: Annotated[
        bool | None, Field(alias="isTrigger", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    When true, a change of the value makes the platform request the fields again (filter.fields then holds the values of all trigger fields).
    """
    props: Annotated[
        ConstructorFieldProps | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Extra properties depending on type.
    """


class ConstructorFieldProps(ContractModel):
    """
    Extra properties of a ConstructorField, depending on its type.
    """

    options: Annotated[
        list[ConstructorFieldPropOption] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    For select and radio; always an array of label/value objects.
    """
    allow_handwriting: Annotated[
        bool | None, Field(alias="allowHandwriting", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    For select; allow a value not in the list.
    """
    allow_multi_select: Annotated[
        bool | None, Field(alias="allowMultiSelect", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    For select; allow multiple selection.
    """
    min: Annotated[
        int | None, Field(ge=-2147483648, le=2147483647, exclude_if=omit_none), NOT_NULL
    ] = None
    """
    For number; lower bound.
    """
    max: Annotated[
        int | None, Field(ge=-2147483648, le=2147483647, exclude_if=omit_none), NOT_NULL
    ] = None
    """
    For number; upper bound.
    """
    fields: Annotated[
        list[ConstructorField] | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    For array; nested fields of one group; the platform frontend turns them into children.
    """
    max_file_size: Annotated[
        int | None,
        Field(alias="maxFileSize", ge=-2147483648, le=2147483647, exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    For file; maximum file size.
    """
    accept_file: Annotated[
        str | None, Field(alias="acceptFile", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    For file; allowed extensions, for example .csv.
    """


ConstructorField.model_rebuild()
