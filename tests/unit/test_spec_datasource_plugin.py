"""The data source plugin spec (specs/datasource-plugin/1.2.0.yaml) against its contract document.

The tables below (CONTRACT_FIELDS, ENDPOINTS, ERROR_RESPONSES) are written by hand from the tables
of datasource-plugin-contract.md, not derived from the spec, so that a field that is missing,
mistyped or invented in the spec fails with a message naming the schema and the field.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml
from openapi_spec_validator import validate

REPO_ROOT = Path(__file__).resolve().parents[2]
SPEC_PATH = REPO_ROOT / "specs" / "datasource-plugin" / "1.2.0.yaml"
SCHEMA_PREFIX = "#/components/schemas/"
JSON = "application/json"


class Row(NamedTuple):
    """One field of one resource, as the contract document's tables give it."""

    schema: str
    field: str
    # string | integer | boolean | array | map | ref
    kind: str
    format: str | None
    required: bool
    nullable: bool
    # array: item schema name, or "object" (object with arbitrary keys);
    # map: value type, "string" or "string|string[]"; ref: the referenced schema name.
    item: str | None = None
    enum: tuple[str, ...] | None = None


DATASOURCE_FIELD_TYPES = ("number", "password", "text", "textarea", "file", "select", "radio")
CONSTRUCTOR_FIELD_TYPES = (
    "text",
    "password",
    "number",
    "textarea",
    "select",
    "radio",
    "checkbox",
    "array",
    "file",
)
CONSTRUCTOR_FIELD_SIZES = ("xs", "sm", "md", "lg", "xl", "xxl")
VARIABLES = "string|string[]"

# fmt: off
CONTRACT_FIELDS: list[Row] = [
    # PluginMetadata
    Row("PluginMetadata", "name", "string", None, False, False),
    Row("PluginMetadata", "title", "array", None, False, False, item="LocalizedString"),
    Row("PluginMetadata", "version", "string", None, False, False),
    Row("PluginMetadata", "description", "array", None, False, False, item="LocalizedString"),
    Row("PluginMetadata", "queryHelp", "array", None, False, False, item="LocalizedString"),
    Row("PluginMetadata", "baseUrl", "string", None, False, False),
    Row("PluginMetadata", "author", "string", None, False, True),
    Row("PluginMetadata", "website", "string", "uri", False, True),
    # LocalizedString
    Row("LocalizedString", "lang", "string", None, True, False),
    Row("LocalizedString", "value", "string", None, True, False),
    # PluginContext
    Row("PluginContext", "orgID", "integer", "int64", False, False),
    Row("PluginContext", "pluginID", "string", None, False, False),
    Row("PluginContext", "dataSourceInstanceSettings", "ref", None, False, False,
        item="DatasourceConfig"),
    # DatasourceConfig
    Row("DatasourceConfig", "fields", "array", None, False, False, item="DatasourceField"),
    # DatasourceField (required: code)
    Row("DatasourceField", "code", "string", None, True, False),
    Row("DatasourceField", "name", "string", None, False, False),
    Row("DatasourceField", "description", "string", None, False, False),
    Row("DatasourceField", "required", "boolean", None, False, False),
    Row("DatasourceField", "max", "integer", "int32", False, False),
    Row("DatasourceField", "min", "integer", "int32", False, False),
    Row("DatasourceField", "maxLength", "integer", "int32", False, False),
    Row("DatasourceField", "minLength", "integer", "int32", False, False),
    Row("DatasourceField", "maxFileSize", "integer", "int32", False, False),
    Row("DatasourceField", "acceptFile", "string", None, False, False),
    Row("DatasourceField", "readOnly", "boolean", None, False, False),
    Row("DatasourceField", "options", "array", None, False, False, item="DatasourceFieldOption"),
    Row("DatasourceField", "placeholder", "string", None, False, False),
    Row("DatasourceField", "type", "string", None, False, False, enum=DATASOURCE_FIELD_TYPES),
    Row("DatasourceField", "validationRule", "string", None, False, False),
    Row("DatasourceField", "validationMessage", "string", None, False, False),
    Row("DatasourceField", "value", "string", None, False, False),
    # DatasourceFieldOption
    Row("DatasourceFieldOption", "label", "string", None, False, False),
    Row("DatasourceFieldOption", "value", "string", None, False, False),
    # ConstructorField (required: code)
    Row("ConstructorField", "code", "string", None, True, False),
    Row("ConstructorField", "name", "string", None, False, False),
    Row("ConstructorField", "description", "string", None, False, False),
    Row("ConstructorField", "required", "boolean", None, False, False),
    Row("ConstructorField", "placeholder", "string", None, False, False),
    Row("ConstructorField", "type", "string", None, False, False, enum=CONSTRUCTOR_FIELD_TYPES),
    Row("ConstructorField", "validationRule", "string", None, False, False),
    Row("ConstructorField", "validationMessage", "string", None, False, False),
    Row("ConstructorField", "value", "string", None, False, False),
    Row("ConstructorField", "readOnly", "boolean", None, False, False),
    Row("ConstructorField", "inline", "boolean", None, False, False),
    Row("ConstructorField", "denyVariables", "boolean", None, False, False),
    Row("ConstructorField", "arrayIndex", "integer", "int32", False, False),
    Row("ConstructorField", "size", "string", None, False, False, enum=CONSTRUCTOR_FIELD_SIZES),
    Row("ConstructorField", "isTrigger", "boolean", None, False, False),
    Row("ConstructorField", "props", "ref", None, False, False, item="ConstructorFieldProps"),
    # ConstructorFieldProps
    Row("ConstructorFieldProps", "options", "array", None, False, False,
        item="ConstructorFieldPropOption"),
    Row("ConstructorFieldProps", "allowHandwriting", "boolean", None, False, False),
    Row("ConstructorFieldProps", "allowMultiSelect", "boolean", None, False, False),
    Row("ConstructorFieldProps", "min", "integer", "int32", False, False),
    Row("ConstructorFieldProps", "max", "integer", "int32", False, False),
    Row("ConstructorFieldProps", "fields", "array", None, False, False, item="ConstructorField"),
    Row("ConstructorFieldProps", "maxFileSize", "integer", "int32", False, False),
    Row("ConstructorFieldProps", "acceptFile", "string", None, False, False),
    # ConstructorFieldPropOption
    Row("ConstructorFieldPropOption", "label", "string", None, False, False),
    Row("ConstructorFieldPropOption", "value", "string", None, False, False),
    # ConstructorFilter
    Row("ConstructorFilter", "from", "integer", "int32", False, False),
    Row("ConstructorFilter", "to", "integer", "int32", False, False),
    Row("ConstructorFilter", "fields", "array", None, False, False, item="ConstructorFilterField"),
    # ConstructorFilterField
    Row("ConstructorFilterField", "key", "string", None, False, False),
    Row("ConstructorFilterField", "arrayIndex", "integer", "int32", False, False),
    Row("ConstructorFilterField", "value", "string", None, False, False),
    # ConstructorRequest and DataSourceConstructorRequest (same shape)
    Row("ConstructorRequest", "pluginContext", "ref", None, False, False, item="PluginContext"),
    Row("ConstructorRequest", "filter", "ref", None, False, False, item="ConstructorFilter"),
    Row("ConstructorRequest", "variables", "map", None, False, False, item=VARIABLES),
    Row("DataSourceConstructorRequest", "pluginContext", "ref", None, False, False,
        item="PluginContext"),
    Row("DataSourceConstructorRequest", "filter", "ref", None, False, False,
        item="ConstructorFilter"),
    Row("DataSourceConstructorRequest", "variables", "map", None, False, False, item=VARIABLES),
    # VariablesRequest
    Row("VariablesRequest", "pluginContext", "ref", None, False, False, item="PluginContext"),
    Row("VariablesRequest", "json", "string", None, False, False),
    Row("VariablesRequest", "variables", "map", None, False, False, item=VARIABLES),
    # QueryDataRequest
    Row("QueryDataRequest", "pluginContext", "ref", None, False, False, item="PluginContext"),
    Row("QueryDataRequest", "dataQuery", "array", None, False, False, item="DataQuery"),
    Row("QueryDataRequest", "variables", "map", None, False, False, item=VARIABLES),
    # DataQuery
    Row("DataQuery", "refID", "string", None, False, False),
    Row("DataQuery", "codeQuery", "string", None, False, False),
    Row("DataQuery", "maxDataPoints", "integer", "int64", False, False),
    Row("DataQuery", "timeRange", "ref", None, False, False, item="TimeRange"),
    Row("DataQuery", "json", "string", None, False, False),
    # TimeRange
    Row("TimeRange", "from", "integer", "int64", False, False),
    Row("TimeRange", "to", "integer", "int64", False, False),
    # QueryDataResponse
    Row("QueryDataResponse", "error", "boolean", None, False, False),
    Row("QueryDataResponse", "message", "string", None, False, False),
    Row("QueryDataResponse", "validationErrors", "map", None, False, False, item="string"),
    Row("QueryDataResponse", "status", "integer", "int32", False, False),
    Row("QueryDataResponse", "frames", "array", None, False, False, item="Frame"),
    # Frame
    Row("Frame", "name", "string", None, False, False),
    Row("Frame", "refID", "string", None, False, False),
    Row("Frame", "meta", "string", None, False, False),
    Row("Frame", "fields", "array", None, False, False, item="Field"),
    # Field
    Row("Field", "name", "string", None, False, False),
    Row("Field", "refID", "string", None, False, False),
    Row("Field", "type", "string", None, False, False),
    Row("Field", "labels", "string", None, False, False),
    Row("Field", "values", "array", None, False, False, item="object"),
    # HealthCheckResponse
    Row("HealthCheckResponse", "error", "boolean", None, False, False),
    Row("HealthCheckResponse", "message", "string", None, False, False),
    Row("HealthCheckResponse", "validationErrors", "map", None, False, False, item="string"),
    Row("HealthCheckResponse", "status", "boolean", None, False, False),
    Row("HealthCheckResponse", "datasourceConfig", "ref", None, False, False,
        item="DatasourceConfig"),
]
# fmt: on

TABLE_SCHEMAS: list[str] = list(dict.fromkeys(row.schema for row in CONTRACT_FIELDS))


class Endpoint(NamedTuple):
    method: str
    path: str
    operation_id: str
    request: str | None  # schema name of the request body, None for no body
    response: str  # schema name of the 200 body (of its items when response_is_array)
    response_is_array: bool
    accept_language: bool


ENDPOINTS: list[Endpoint] = [
    Endpoint("get", "/well-known", "getMetadata", None, "PluginMetadata", False, False),
    Endpoint(
        "post",
        "/datasource/health-check",
        "checkHealth",
        "DatasourceConfig",
        "HealthCheckResponse",
        False,
        False,
    ),
    Endpoint(
        "post",
        "/datasource/constructor-fields",
        "getDatasourceConstructorFields",
        "DataSourceConstructorRequest",
        "ConstructorField",
        True,
        True,
    ),
    Endpoint(
        "post",
        "/query/constructor-fields",
        "getQueryConstructorFields",
        "ConstructorRequest",
        "ConstructorField",
        True,
        True,
    ),
    Endpoint(
        "post", "/query/get-result", "getQueryResult", "QueryDataRequest", "QueryDataResponse", False, False
    ),
    Endpoint(
        "post",
        "/variable/constructor-fields",
        "getVariableConstructorFields",
        "ConstructorRequest",
        "ConstructorField",
        True,
        True,
    ),
    Endpoint(
        "post",
        "/variable/values",
        "getVariableValues",
        "VariablesRequest",
        "ConstructorFieldPropOption",
        True,
        False,
    ),
]

# (path, status, schema, fields every example must carry)
ERROR_RESPONSES: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("/query/get-result", "400", "QueryDataResponse", ("message",)),
    ("/datasource/health-check", "400", "HealthCheckResponse", ("message",)),
    ("/datasource/health-check", "422", "HealthCheckResponse", ("message", "validationErrors")),
]

VARIABLES_MAP = {
    "type": "object",
    "additionalProperties": {
        "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
    },
}
INT_RANGES = {"int32": (-(2**31), 2**31 - 1), "int64": (-(2**63), 2**63 - 1)}


# --------------------------------------------------------------------------- loading


def load_spec() -> dict[str, Any]:
    with SPEC_PATH.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return load_spec()


def ref(name: str) -> str:
    return SCHEMA_PREFIX + name


def operation(spec: dict[str, Any], method: str, path: str) -> dict[str, Any]:
    return spec["paths"][path][method]


def iter_operations(spec: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in spec["paths"].items():
        for method, op in item.items():
            if method in {"get", "post", "put", "patch", "delete", "head", "options", "trace"}:
                yield method, path, op


def iter_bodies(spec: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every request body and response of every operation, as (label, body object)."""
    for method, path, op in iter_operations(spec):
        if "requestBody" in op:
            yield f"{method.upper()} {path} request body", op["requestBody"]
        for status, response in op.get("responses", {}).items():
            yield f"{method.upper()} {path} response {status}", response


# --------------------------------------------------------------------------- the checker


def _expected_property(row: Row) -> dict[str, Any]:
    """The parts of a property's schema that the contract fixes for this row."""
    if row.kind == "ref":
        assert row.item is not None
        return {"$ref": ref(row.item)}
    expected: dict[str, Any]
    if row.kind == "map":
        if row.item == VARIABLES:
            expected = {"additionalProperties": VARIABLES_MAP["additionalProperties"]}
        else:
            expected = {"additionalProperties": {"type": row.item}}
        expected["type"] = "object"
    elif row.kind == "array":
        if row.item == "object":
            items: dict[str, Any] = {"type": "object", "additionalProperties": True}
        else:
            assert row.item is not None
            items = {"$ref": ref(row.item)}
        expected = {"type": "array", "items": items}
    else:
        expected = {"type": row.kind}
    return expected


def check_row(spec: dict[str, Any], row: Row) -> list[str]:
    """Problems of one contract field in the spec (empty list when it matches the table)."""
    name = f"{row.schema}.{row.field}"
    schemas = spec.get("components", {}).get("schemas", {})
    if row.schema not in schemas:
        return [f"{row.schema}: schema missing from components/schemas"]
    schema = schemas[row.schema]
    props = schema.get("properties", {})
    if row.field not in props:
        return [f"{name}: field missing from the spec"]
    prop = props[row.field]
    problems: list[str] = []

    expected = _expected_property(row)
    for key, value in expected.items():
        actual = prop.get(key)
        if key == "type" and row.nullable:
            value = [value, "null"]
            if not isinstance(actual, list) or sorted(actual) != sorted(value):
                problems.append(f"{name}: type should be {value} (nullable), is {actual!r}")
            continue
        if actual != value:
            problems.append(f"{name}: {key} should be {value!r}, is {actual!r}")
    if row.kind == "ref" and "type" in prop:
        problems.append(f"{name}: a $ref property must not also carry a type")
    if row.kind == "ref" and row.nullable:
        problems.append(f"{name}: table error, ref rows are never nullable")
    if not row.nullable and isinstance(prop.get("type"), list):
        problems.append(f"{name}: not nullable in the contract, but type is {prop['type']!r}")
    for keyword in ("nullable", "anyOf", "allOf"):
        if keyword in prop:
            problems.append(f"{name}: unexpected keyword {keyword!r}")
    if "oneOf" in prop:
        problems.append(f"{name}: unexpected keyword 'oneOf'")

    if prop.get("format") != row.format:
        problems.append(f"{name}: format should be {row.format!r}, is {prop.get('format')!r}")

    if row.enum is None:
        if "enum" in prop:
            problems.append(f"{name}: the contract gives no enum, spec has {prop['enum']!r}")
    elif prop.get("enum") != list(row.enum):
        problems.append(f"{name}: enum should be {list(row.enum)!r}, is {prop.get('enum')!r}")

    in_required = row.field in schema.get("required", [])
    if in_required != row.required:
        want = "required" if row.required else "optional"
        problems.append(f"{name}: should be {want}, spec's required list is {schema.get('required', [])!r}")

    if "default" in prop:
        problems.append(f"{name}: the contract gives no default, spec has {prop['default']!r}")
    description = prop.get("description")
    if not isinstance(description, str) or not description.strip():
        problems.append(f"{name}: description missing")
    return problems


def check_schema(spec: dict[str, Any], schema_name: str) -> list[str]:
    """Schema-level problems: type, description, fields or required entries beyond the table."""
    schemas = spec.get("components", {}).get("schemas", {})
    if schema_name not in schemas:
        return [f"{schema_name}: schema missing from components/schemas"]
    schema = schemas[schema_name]
    problems: list[str] = []
    if schema.get("type") != "object":
        problems.append(f"{schema_name}: type should be 'object', is {schema.get('type')!r}")
    if not isinstance(schema.get("description"), str) or not schema["description"].strip():
        problems.append(f"{schema_name}: description missing")
    for keyword in ("allOf", "anyOf", "oneOf", "$ref"):
        if keyword in schema:
            problems.append(f"{schema_name}: properties must be written out, found {keyword!r}")
    table_fields = {row.field for row in CONTRACT_FIELDS if row.schema == schema_name}
    for extra in sorted(set(schema.get("properties", {})) - table_fields):
        problems.append(f"{schema_name}.{extra}: field not in the contract")
    for extra in sorted(set(schema.get("required", [])) - table_fields):
        problems.append(f"{schema_name}.{extra}: required, but not a field of the contract")
    return problems


def check_spec(spec: dict[str, Any]) -> list[str]:
    """All problems of the spec's schemas against the contract table."""
    problems: list[str] = []
    schemas = spec.get("components", {}).get("schemas", {})
    for extra in sorted(set(schemas) - set(TABLE_SCHEMAS)):
        problems.append(f"{extra}: schema component not in the contract")
    for schema_name in TABLE_SCHEMAS:
        problems.extend(check_schema(spec, schema_name))
    for row in CONTRACT_FIELDS:
        problems.extend(check_row(spec, row))
    return problems


def _resolve(spec: dict[str, Any], schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        target = schema["$ref"]
        assert target.startswith(SCHEMA_PREFIX), target
        schema = spec["components"]["schemas"][target.removeprefix(SCHEMA_PREFIX)]
    return schema


def example_problems(spec: dict[str, Any], schema: dict[str, Any], value: Any, where: str) -> list[str]:
    """Problems of an example value against a schema; objects with properties are closed."""
    schema = _resolve(spec, schema)
    if "oneOf" in schema:
        matching = [s for s in schema["oneOf"] if not example_problems(spec, s, value, where)]
        if len(matching) != 1:
            return [f"{where}: {value!r} matches {len(matching)} oneOf branches"]
        return []
    declared = schema.get("type")
    types = declared if isinstance(declared, list) else [declared]
    if value is None:
        return [] if "null" in types else [f"{where}: null for a non-nullable value"]
    base = next(t for t in types if t != "null")
    problems: list[str] = []
    if base == "string":
        if not isinstance(value, str):
            return [f"{where}: {value!r} is not a string"]
        if "enum" in schema and value not in schema["enum"]:
            problems.append(f"{where}: {value!r} not in {schema['enum']!r}")
    elif base == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return [f"{where}: {value!r} is not an integer"]
        low, high = INT_RANGES[schema["format"]]
        if not low <= value <= high:
            problems.append(f"{where}: {value} out of {schema['format']} range")
    elif base == "boolean":
        if not isinstance(value, bool):
            return [f"{where}: {value!r} is not a boolean"]
    elif base == "array":
        if not isinstance(value, list):
            return [f"{where}: {value!r} is not an array"]
        for index, element in enumerate(value):
            problems.extend(example_problems(spec, schema["items"], element, f"{where}[{index}]"))
    elif base == "object":
        if not isinstance(value, dict):
            return [f"{where}: {value!r} is not an object"]
        props = schema.get("properties", {})
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"{where}: required field {key!r} missing")
        extra = schema.get("additionalProperties")
        for key, element in value.items():
            if key in props:
                problems.extend(example_problems(spec, props[key], element, f"{where}.{key}"))
            elif isinstance(extra, dict):
                problems.extend(example_problems(spec, extra, element, f"{where}[{key!r}]"))
            elif extra is not True:
                problems.append(f"{where}.{key}: field not in the schema")
    else:
        problems.append(f"{where}: schema has no usable type ({declared!r})")
    return problems


# --------------------------------------------------------------------------- document level


def test_spec_is_valid_openapi_31(spec: dict[str, Any]) -> None:
    assert spec["openapi"] == "3.1.0"
    validate(spec)


def test_info(spec: dict[str, Any]) -> None:
    info = spec["info"]
    assert info["version"] == "1.2.0"
    assert info["x-release-label"] == "2026H1"
    assert info["x-contract"] == "datasource-plugin"
    assert info["x-contract-document"] == "datasource-plugin-contract.md"
    assert SPEC_PATH.stem == info["version"]
    assert SPEC_PATH.parent.name == info["x-contract"]
    assert info["title"]
    for needle in ("/well-known", "Accept-Language", "ru-RU", "codeMode", "codeLang", "queryType"):
        assert needle in info["description"], needle
    decision = info["x-scaffold-decision"]
    assert "authentication" in decision.lower()
    assert "network" in decision.lower()


def test_server_base_url_includes_api_v1(spec: dict[str, Any]) -> None:
    [server] = spec["servers"]
    assert server["url"] == "{baseUrl}"
    assert server["variables"]["baseUrl"]["default"].endswith("/api/v1")
    assert "/api/v1" in server["description"]


# --------------------------------------------------------------------------- schemas vs table


def test_table_has_one_row_per_field() -> None:
    keys = [(row.schema, row.field) for row in CONTRACT_FIELDS]
    assert len(keys) == len(set(keys))
    assert len(TABLE_SCHEMAS) == 21


@pytest.mark.parametrize("row", CONTRACT_FIELDS, ids=lambda r: f"{r.schema}.{r.field}")
def test_field_matches_contract(spec: dict[str, Any], row: Row) -> None:
    problems = check_row(spec, row)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("schema_name", TABLE_SCHEMAS)
def test_schema_exists_and_has_no_fields_beyond_contract(spec: dict[str, Any], schema_name: str) -> None:
    problems = check_schema(spec, schema_name)
    assert not problems, "\n".join(problems)


def test_no_schema_components_beyond_contract(spec: dict[str, Any]) -> None:
    assert set(spec["components"]["schemas"]) == set(TABLE_SCHEMAS)


def test_required_lists_are_exactly_the_contracts(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    actual = {name: sorted(s["required"]) for name, s in schemas.items() if "required" in s}
    assert actual == {
        "LocalizedString": ["lang", "value"],
        "DatasourceField": ["code"],
        "ConstructorField": ["code"],
    }


def test_checker_finds_no_problem_in_the_spec(spec: dict[str, Any]) -> None:
    assert check_spec(spec) == []


def test_constructor_field_props_fields_is_recursive(spec: dict[str, Any]) -> None:
    schemas = spec["components"]["schemas"]
    fields = schemas["ConstructorFieldProps"]["properties"]["fields"]
    assert fields["type"] == "array"
    assert fields["items"] == {"$ref": ref("ConstructorField")}
    assert schemas["ConstructorField"]["properties"]["props"]["$ref"] == ref("ConstructorFieldProps")


@pytest.mark.parametrize(
    "schema_name",
    ["ConstructorRequest", "DataSourceConstructorRequest", "VariablesRequest", "QueryDataRequest"],
)
def test_variables_map_shape(spec: dict[str, Any], schema_name: str) -> None:
    variables = spec["components"]["schemas"][schema_name]["properties"]["variables"]
    assert variables["type"] == VARIABLES_MAP["type"]
    assert variables["additionalProperties"] == VARIABLES_MAP["additionalProperties"]


def test_datasource_constructor_request_has_same_shape_as_constructor_request(
    spec: dict[str, Any],
) -> None:
    schemas = spec["components"]["schemas"]
    assert (
        schemas["DataSourceConstructorRequest"]["properties"] == schemas["ConstructorRequest"]["properties"]
    )


@pytest.mark.parametrize(("schema_name", "field"), [("Frame", "meta"), ("Field", "labels")])
def test_opaque_fields_record_a_decision(spec: dict[str, Any], schema_name: str, field: str) -> None:
    prop = spec["components"]["schemas"][schema_name]["properties"][field]
    assert prop["type"] == "string"
    assert "not shown" in prop["description"]
    assert "opaque" in prop["x-scaffold-decision"]


def test_values_description_names_both_result_contracts(spec: dict[str, Any]) -> None:
    description = spec["components"]["schemas"]["Field"]["properties"]["values"]["description"]
    assert "Timestamp" in description
    assert "Regular" in description


# --------------------------------------------------------------------------- the checker can fail


def _drop_field(schema: str, field: str) -> Callable[[dict[str, Any]], None]:
    def mutate(spec: dict[str, Any]) -> None:
        del spec["components"]["schemas"][schema]["properties"][field]

    return mutate


def _set(schema: str, field: str, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def mutate(spec: dict[str, Any]) -> None:
        spec["components"]["schemas"][schema]["properties"][field][key] = value

    return mutate


def _add_field(schema: str, field: str) -> Callable[[dict[str, Any]], None]:
    def mutate(spec: dict[str, Any]) -> None:
        spec["components"]["schemas"][schema]["properties"][field] = {
            "type": "string",
            "description": "invented",
        }

    return mutate


def _set_required(schema: str, required: list[str]) -> Callable[[dict[str, Any]], None]:
    def mutate(spec: dict[str, Any]) -> None:
        spec["components"]["schemas"][schema]["required"] = required

    return mutate


def _drop_schema(schema: str) -> Callable[[dict[str, Any]], None]:
    def mutate(spec: dict[str, Any]) -> None:
        del spec["components"]["schemas"][schema]

    return mutate


def _add_schema(schema: str) -> Callable[[dict[str, Any]], None]:
    def mutate(spec: dict[str, Any]) -> None:
        spec["components"]["schemas"][schema] = {"type": "object", "description": "x"}

    return mutate


MUTATIONS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("drop a field", _drop_field("DataQuery", "maxDataPoints"), "DataQuery.maxDataPoints"),
    (
        "int32 to int64",
        _set("ConstructorFilter", "from", "format", "int64"),
        "ConstructorFilter.from: format",
    ),
    ("int64 to int32", _set("TimeRange", "to", "format", "int32"), "TimeRange.to: format"),
    ("string to integer", _set("Frame", "refID", "type", "integer"), "Frame.refID: type"),
    (
        "nullable where not allowed",
        _set("PluginMetadata", "name", "type", ["string", "null"]),
        "PluginMetadata.name",
    ),
    ("nullability lost", _set("PluginMetadata", "author", "type", "string"), "PluginMetadata.author: type"),
    ("uri format lost", _set("PluginMetadata", "website", "format", None), "PluginMetadata.website: format"),
    (
        "enum value dropped",
        _set("ConstructorField", "size", "enum", ["xs", "sm", "md"]),
        "ConstructorField.size: enum",
    ),
    (
        "wrong array item",
        _set("ConstructorFieldProps", "fields", "items", {"$ref": ref("DatasourceField")}),
        "ConstructorFieldProps.fields: items",
    ),
    (
        "wrong ref",
        _set("HealthCheckResponse", "datasourceConfig", "$ref", ref("PluginContext")),
        "HealthCheckResponse.datasourceConfig: $ref",
    ),
    (
        "variables map loses arrays",
        _set("QueryDataRequest", "variables", "additionalProperties", {"type": "string"}),
        "QueryDataRequest.variables: additionalProperties",
    ),
    ("invented field", _add_field("Frame", "color"), "Frame.color: field not in the contract"),
    ("required dropped", _set_required("DatasourceField", []), "DatasourceField.code"),
    ("required invented", _set_required("TimeRange", ["from"]), "TimeRange.from"),
    ("description dropped", _set("Field", "values", "description", ""), "Field.values: description"),
    ("schema dropped", _drop_schema("TimeRange"), "TimeRange: schema missing"),
    ("schema invented", _add_schema("QueryError"), "QueryError: schema component not in"),
]


@pytest.mark.parametrize(
    ("mutation", "expected"), [(m[1], m[2]) for m in MUTATIONS], ids=[m[0] for m in MUTATIONS]
)
def test_checker_reports_a_mutated_spec(
    spec: dict[str, Any], mutation: Callable[[dict[str, Any]], None], expected: str
) -> None:
    assert check_spec(spec) == []
    mutated = copy.deepcopy(spec)
    mutation(mutated)
    problems = check_spec(mutated)
    assert any(expected in problem for problem in problems), problems
    assert check_spec(spec) == [], "the mutation leaked into the loaded spec"


def test_example_checker_reports_bad_examples(spec: dict[str, Any]) -> None:
    field = {"$ref": ref("ConstructorField")}
    assert example_problems(spec, field, {"code": "a", "props": {"fields": [{"code": "b"}]}}, "ok") == []
    assert example_problems(spec, field, {"name": "no code"}, "x") == ["x: required field 'code' missing"]
    assert example_problems(spec, field, {"code": "a", "arrayIndex": 2**31}, "x") == [
        "x.arrayIndex: 2147483648 out of int32 range"
    ]
    assert example_problems(spec, field, {"code": "a", "size": "huge"}, "x")
    assert example_problems(spec, field, {"code": "a", "isTrigger": "true"}, "x")
    assert example_problems(spec, field, {"code": "a", "color": "red"}, "x") == [
        "x.color: field not in the schema"
    ]
    assert example_problems(spec, field, {"code": "a", "value": None}, "x") == [
        "x.value: null for a non-nullable value"
    ]
    request = {"$ref": ref("QueryDataRequest")}
    assert example_problems(spec, request, {"variables": {"a": "1", "b": ["2"]}}, "ok") == []
    assert example_problems(spec, request, {"variables": {"a": 1}}, "x")


# --------------------------------------------------------------------------- endpoints


def test_paths_are_exactly_the_contracts(spec: dict[str, Any]) -> None:
    actual = {(method, path) for method, path, _ in iter_operations(spec)}
    assert actual == {(e.method, e.path) for e in ENDPOINTS}


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.operation_id)
def test_endpoint(spec: dict[str, Any], endpoint: Endpoint) -> None:
    op = operation(spec, endpoint.method, endpoint.path)
    assert op["operationId"] == endpoint.operation_id
    assert op.get("description")
    if endpoint.request is None:
        assert "requestBody" not in op
    else:
        body = op["requestBody"]
        assert body["required"] is True
        assert list(body["content"]) == [JSON]
        assert body["content"][JSON]["schema"] == {"$ref": ref(endpoint.request)}
    success = op["responses"]["200"]
    assert list(success["content"]) == [JSON]
    schema = success["content"][JSON]["schema"]
    if endpoint.response_is_array:
        assert schema == {"type": "array", "items": {"$ref": ref(endpoint.response)}}
    else:
        assert schema == {"$ref": ref(endpoint.response)}


def test_accept_language_parameter_definition(spec: dict[str, Any]) -> None:
    parameter = spec["components"]["parameters"]["AcceptLanguage"]
    assert parameter["name"] == "Accept-Language"
    assert parameter["in"] == "header"
    assert parameter["required"] is False
    assert parameter["schema"] == {"type": "string", "default": "ru-RU"}
    assert "ll-CC" in parameter["description"]
    assert "q-value" in parameter["description"]


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.operation_id)
def test_accept_language_only_on_constructor_endpoints(spec: dict[str, Any], endpoint: Endpoint) -> None:
    op = operation(spec, endpoint.method, endpoint.path)
    parameters = op.get("parameters", [])
    if endpoint.accept_language:
        assert parameters == [{"$ref": "#/components/parameters/AcceptLanguage"}]
    else:
        assert parameters == []
    assert "parameters" not in spec["paths"][endpoint.path]


@pytest.mark.parametrize(("path", "status", "schema_name", "fields"), ERROR_RESPONSES)
def test_error_response(
    spec: dict[str, Any], path: str, status: str, schema_name: str, fields: tuple[str, ...]
) -> None:
    response = operation(spec, "post", path)["responses"][status]
    assert response["description"]
    media = response["content"][JSON]
    assert media["schema"] == {"$ref": ref(schema_name)}
    assert media["examples"]
    for example in media["examples"].values():
        assert example["value"]["error"] is True
        for field in fields:
            assert example["value"][field], field


def test_no_undocumented_responses(spec: dict[str, Any]) -> None:
    documented = {(path, status) for path, status, _, _ in ERROR_RESPONSES}
    for method, path, op in iter_operations(spec):
        for status in op["responses"]:
            assert status == "200" or (path, status) in documented, (method, path, status)


@pytest.mark.parametrize("endpoint", ENDPOINTS, ids=lambda e: e.operation_id)
def test_undocumented_errors_carry_a_decision(spec: dict[str, Any], endpoint: Endpoint) -> None:
    decision = operation(spec, endpoint.method, endpoint.path)["x-scaffold-decision"]
    assert "not shown" in decision
    if endpoint.request is not None:
        assert "400" in decision
        assert "message" in decision


# --------------------------------------------------------------------------- examples


def test_every_body_has_an_example(spec: dict[str, Any]) -> None:
    labels = []
    for label, body in iter_bodies(spec):
        labels.append(label)
        examples = body.get("content", {}).get(JSON, {}).get("examples", {})
        assert examples, f"{label}: no example"
        for name, example in examples.items():
            assert "value" in example, f"{label}: example {name} has no value"
    # 6 request bodies (the POST endpoints), one 200 per endpoint, the 3 error responses
    assert len(labels) == 6 + len(ENDPOINTS) + len(ERROR_RESPONSES)


def test_examples_conform_to_their_schemas(spec: dict[str, Any]) -> None:
    problems: list[str] = []
    for label, body in iter_bodies(spec):
        media = body["content"][JSON]
        for name, example in media["examples"].items():
            problems.extend(example_problems(spec, media["schema"], example["value"], f"{label} {name}"))
    assert not problems, "\n".join(problems)


def _examples(spec: dict[str, Any], method: str, path: str, where: str) -> list[Any]:
    op = operation(spec, method, path)
    body = op["requestBody"] if where == "request" else op["responses"][where]
    return [e["value"] for e in body["content"][JSON]["examples"].values()]


def test_examples_cover_the_contract_cases(spec: dict[str, Any]) -> None:
    constructor_requests = [
        value
        for endpoint in ENDPOINTS
        if endpoint.accept_language
        for value in _examples(spec, "post", endpoint.path, "request")
    ]
    assert any(r["filter"]["fields"] == [] for r in constructor_requests)
    assert any(r["filter"]["fields"] for r in constructor_requests)

    [query] = _examples(spec, "post", "/query/get-result", "request")
    assert len(query["dataQuery"]) == 2
    kinds = {type(v) for v in query["variables"].values()}
    assert kinds == {str, list}

    [result] = _examples(spec, "post", "/query/get-result", "200")
    frames = result["frames"]
    assert len(frames) == 2
    assert [f["refID"] for f in frames] == [q["refID"] for q in query["dataQuery"]]
    timestamp_values = frames[0]["fields"][0]["values"]
    assert all(len(v) == 1 and next(iter(v)).isdigit() for v in timestamp_values)
    assert all(isinstance(next(iter(v.values())), str) for v in timestamp_values)
    regular_values = frames[1]["fields"][0]["values"]
    assert not any(next(iter(v)).isdigit() for v in regular_values)

    query_fields = [f for value in _examples(spec, "post", "/query/constructor-fields", "200") for f in value]
    assert any(f["type"] == "array" and f["props"]["fields"] for f in query_fields)

    [health] = _examples(spec, "post", "/datasource/health-check", "200")
    assert health["status"] is True
    [sent] = _examples(spec, "post", "/datasource/health-check", "request")
    sent_password = next(f for f in sent["fields"] if f.get("type") == "password")
    password = next(f for f in health["datasourceConfig"]["fields"] if f.get("type") == "password")
    assert isinstance(password["value"], str)
    assert password["value"] != sent_password["value"]

    metadata = _examples(spec, "get", "/well-known", "200")
    assert any(m.get("author") and m.get("website") for m in metadata)
    assert any("author" in m and m["author"] is None for m in metadata)
