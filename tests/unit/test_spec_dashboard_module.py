"""The dashboard module spec (specs/dashboard-module/2026.1.1.yaml) against the contract document.

TABLE below is written by hand from the tables of dashboard-module-contract.md, not derived from
the spec: one row per field of every resource table and every component props table. The checker
(`check_spec`) compares the spec with it and returns a list of problems; the mutation tests at the
end prove that it notices a dropped field, a retyped field and a callback without `x-callback`.

Shape tokens used in the table (null is never a token; it is the `nullable` column):

- `string`, `number`, `boolean`: the JSON type;
- `object`: `type: object`; `map`: an "object string to unknown" (`additionalProperties: true`);
- `ref:Name`: a `$ref` to `#/components/schemas/Name`;
- `array[<token>]`: an array whose items have that shape;
- `const:<type>:<value>` and `enum:<type>:<v1|v2|...>`: a literal / an enumeration;
- `any`: a schema with no type ("any" in the contract);
- `callback`: a prop with no type and an `x-callback` (its parameter shapes are a column too).

Several tokens for one row mean "one of these" (oneOf/anyOf or a list of types).
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, NamedTuple

import pytest
import yaml
from openapi_schema_validator import OAS31Validator
from openapi_spec_validator import validate
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

ROOT = Path(__file__).parents[2]
SPEC_PATH = ROOT / "specs" / "dashboard-module" / "2026.1.1.yaml"


class Row(NamedTuple):
    """One field of one contract table."""

    schema: str
    field: str
    types: tuple[str, ...]  # shape tokens, see the module docstring; null excluded
    required: bool
    nullable: bool = False
    callback: tuple[str, ...] | None = None  # parameter shapes of a callback; None: not one


S = ("string",)
N = ("number",)
B = ("boolean",)
MAP = ("map",)
ANY = ("any",)
STRINGS = ("array[string]",)
LOCALIZED = ("array[ref:LocaleArrayItem]",)
CB = ("callback",)

TABLE: tuple[Row, ...] = (
    # Module metadata (well-known answer). Minimum required set: all but canAddToDashboard.
    Row("ModuleMetadata", "name", S, True),
    Row("ModuleMetadata", "title", LOCALIZED, True),
    Row("ModuleMetadata", "description", LOCALIZED, True),
    Row("ModuleMetadata", "version", S, True),
    Row("ModuleMetadata", "entryPoint", S, True),
    Row("ModuleMetadata", "frontendHost", S, True),
    Row("ModuleMetadata", "scope", S, True),
    Row("ModuleMetadata", "components", STRINGS, True),
    Row("ModuleMetadata", "canAddToDashboard", B, False),
    # LocaleArrayItem: lang string, value string.
    Row("LocaleArrayItem", "lang", S, True),
    Row("LocaleArrayItem", "value", S, True),
    # ExternalModule (host-side module record, passed to WidgetEditor).
    Row("ExternalModule", "id", S, True),
    Row("ExternalModule", "name", S, True),
    Row("ExternalModule", "version", S, True),
    Row("ExternalModule", "baseUrl", S, True),
    Row("ExternalModule", "buildTimestamp", S, False),
    Row("ExternalModule", "frontendHost", S, True),
    Row("ExternalModule", "scope", S, True),
    Row("ExternalModule", "module", S, True),
    Row("ExternalModule", "isActive", B, True),
    Row("ExternalModule", "canAddToDashboard", B, False),
    Row("ExternalModule", "entryPoint", S, True),
    Row("ExternalModule", "components", STRINGS, True),
    Row("ExternalModule", "createdAt", S, True),
    Row("ExternalModule", "updatedAt", S, True),
    Row("ExternalModule", "settings", ANY, True),
    Row("ExternalModule", "title", LOCALIZED, True),
    Row("ExternalModule", "description", LOCALIZED, True),
    # IDashboardWidgetProps.
    Row("IDashboardWidgetProps", "from", S, False),
    Row("IDashboardWidgetProps", "to", S, False),
    Row("IDashboardWidgetProps", "refreshTime", N, True),
    Row("IDashboardWidgetProps", "cols", N, False),
    Row("IDashboardWidgetProps", "rows", N, False),
    # IPalette.
    Row("IPalette", "_id", S, False),
    Row("IPalette", "name", S, True),
    Row("IPalette", "colors", STRINGS, True),
    Row("IPalette", "createdAt", S, True),
    Row("IPalette", "updatedAt", S, True),
    Row("IPalette", "createdBy", ("ref:IShortUser",), False),
    Row("IPalette", "updatedBy", ("ref:IShortUser",), False),
    Row("IPalette", "isEditable", B, False),
    # IShortUser: _id, username, email, role, all strings.
    Row("IShortUser", "_id", S, True),
    Row("IShortUser", "username", S, True),
    Row("IShortUser", "email", S, True),
    Row("IShortUser", "role", S, True),
    # IModuleWidgetData.
    Row("IModuleWidgetData", "dashboardId", S, True),
    Row("IModuleWidgetData", "title", S, True),
    Row("IModuleWidgetData", "description", S, False),
    Row("IModuleWidgetData", "refreshTime", ("number", "string"), False, nullable=True),
    Row("IModuleWidgetData", "from", S, False, nullable=True),
    Row("IModuleWidgetData", "to", S, False, nullable=True),
    Row("IModuleWidgetData", "widgetType", ("const:string:module",), True),
    Row("IModuleWidgetData", "createdAt", S, False),
    Row("IModuleWidgetData", "createdBy", S, False),
    Row("IModuleWidgetData", "moduleId", S, True),
    Row("IModuleWidgetData", "moduleData", MAP, True),
    # IField.
    Row("IField", "title", S, False),
    Row("IField", "name", S, True),
    Row("IField", "rules", ("object", "array[object]"), True),
    Row("IField", "defaultValue", ("string", "boolean", "number"), False),
    Row("IField", "props", ("ref:IFieldProps",), False),
    Row("IField", "controlWidth", N, False, nullable=True),
    Row("IField", "noWrapper", B, False),
    Row("IField", "isHorizontal", B, False),
    Row("IField", "requiredMark", B, False),
    Row("IField", "helpText", S, False),
    Row("IField", "type", S, False),
    Row("IField", "children", ("array[ref:IField]",), False),
    # IFieldProps: every field optional.
    Row("IFieldProps", "className", S, False),
    Row("IFieldProps", "placeholder", ("string", "array[string]"), False),
    Row("IFieldProps", "titleButton", S, False),
    Row(
        "IFieldProps",
        "items",
        ("array[ref:IOption]", "array[ref:ISelectOption]"),
        False,
    ),
    Row("IFieldProps", "title", S, False),
    Row("IFieldProps", "disabled", B, False),
    Row("IFieldProps", "rows", N, False),
    Row("IFieldProps", "fields", ("array[ref:IField]",), False),
    Row(
        "IFieldProps",
        "type",
        ("enum:string:text|object|json|array|password|email",),
        False,
    ),
    Row("IFieldProps", "options", ("array[ref:ISelect]",), False),
    Row("IFieldProps", "min", N, False),
    Row("IFieldProps", "max", N, False),
    Row("IFieldProps", "step", N, False),
    Row("IFieldProps", "readOnly", B, False),
    Row("IFieldProps", "label", S, False),
    # Widget props.
    Row("WidgetProps", "moduleId", S, True),
    Row("WidgetProps", "moduleData", MAP, True),
    Row("WidgetProps", "palette", STRINGS, True),
    Row("WidgetProps", "id", S, True),
    Row("WidgetProps", "variables", ("ref:VariableValues",), True, nullable=True),
    Row("WidgetProps", "from", S, False),
    Row("WidgetProps", "to", S, False),
    Row("WidgetProps", "title", S, False),
    Row("WidgetProps", "cols", N, False),
    Row("WidgetProps", "rows", N, False),
    Row("WidgetProps", "isDashboardEdit", B, True),
    Row("WidgetProps", "isWidgetEdit", B, True),
    Row("WidgetProps", "isRefreshClicked", B, True),
    Row("WidgetProps", "setRefreshClicked", CB, False, callback=("boolean",)),
    Row("WidgetProps", "onErrorChange", CB, True, callback=("boolean",)),
    Row("WidgetProps", "onFetch", CB, True, callback=("ref:FETCH_STATUSES",)),
    # WidgetEditor props.
    Row("WidgetEditorProps", "dashboardProps", ("ref:IDashboardWidgetProps",), True),
    Row("WidgetEditorProps", "moduleId", S, True),
    Row("WidgetEditorProps", "module", ("ref:ExternalModule",), True, nullable=True),
    Row("WidgetEditorProps", "palettes", ("array[ref:IPalette]",), True),
    Row("WidgetEditorProps", "widget", ("ref:IModuleWidgetData",), True, nullable=True),
    Row("WidgetEditorProps", "widgetId", S, False),
    Row("WidgetEditorProps", "refreshClicked", B, True),
    Row("WidgetEditorProps", "generalFields", ("array[ref:IField]",), True),
    Row("WidgetEditorProps", "variables", ("ref:VariableValues",), True, nullable=True),
    Row("WidgetEditorProps", "onRefreshChange", CB, True, callback=("boolean",)),
    Row("WidgetEditorProps", "onChange", CB, True, callback=()),
    # Settings props.
    Row("SettingsProps", "settings", ANY, True),
    Row("SettingsProps", "moduleId", S, True),
    Row("SettingsProps", "onChange", CB, True, callback=("any",)),
    # Proxy body: "an object with a payload object (module-defined) and a moduleContext object
    # (module-defined ...)". moduleContext optional: the platform "may add" it.
    Row("ModuleProxyRequest", "payload", MAP, True),
    Row("ModuleProxyRequest", "moduleContext", MAP, False),
)

TABLE_SCHEMAS: tuple[str, ...] = tuple(dict.fromkeys(row.schema for row in TABLE))

# Schemas that are not field tables: VariableValues and FETCH_STATUSES are contract types
# without a field table; the option types are named but never shown; the demo ones are scaffold's.
OTHER_SCHEMAS = frozenset(
    {
        "VariableValues",
        "FETCH_STATUSES",
        "IOption",
        "ISelectOption",
        "ISelect",
        "DemoStatusPayload",
        "DemoStatusResponse",
        "DemoStatusError",
    }
)

# Host runtime globals table of the contract (window. prefix dropped).
HOST_GLOBALS: tuple[tuple[str, str, str], ...] = (
    ("React", "react", "18.3.1"),
    ("ReactDOM", "react-dom", "18.2.x"),
    ("UiKit", "@ui-kit/ui", "1.17.1"),
    ("FrontendShared", "@platform/frontend-shared", "1.3.53"),
    ("ReactHookForm", "react-hook-form", "7.54.2"),
    ("DnDKitCore", "@dnd-kit/core", "6.3.1"),
    ("DnDKitSortable", "@dnd-kit/sortable", "10.0.0"),
    ("DnDKitUtilities", "@dnd-kit/utilities", "3.2.2"),
)


# --------------------------------------------------------------------------------------------
# The checker


@functools.cache
def _load_spec_text() -> str:
    return SPEC_PATH.read_text(encoding="utf-8")


def load_spec() -> dict[str, Any]:
    """A fresh copy of the spec, safe to mutate."""
    spec = yaml.safe_load(_load_spec_text())
    assert isinstance(spec, dict)
    return spec


def shape(schema: Any) -> tuple[set[str], bool]:
    """The shape tokens of a property schema (null excluded) and whether it allows null."""
    if not isinstance(schema, dict):
        return {f"<not a schema: {schema!r}>"}, False
    if "x-callback" in schema:
        return ({"callback"} if "type" not in schema else {"callback-with-type"}), False
    if "$ref" in schema:
        return {"ref:" + str(schema["$ref"]).rsplit("/", 1)[-1]}, False
    for key in ("oneOf", "anyOf"):
        if key in schema:
            tokens: set[str] = set()
            nullable = False
            for alternative in schema[key]:
                alt_tokens, alt_nullable = shape(alternative)
                tokens |= alt_tokens
                nullable |= alt_nullable
            return tokens, nullable
    if "type" not in schema:
        return {"any"}, False
    types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    tokens = set()
    for json_type in types:
        if json_type == "null":
            continue
        if "const" in schema:
            tokens.add(f"const:{json_type}:{schema['const']}")
        elif "enum" in schema:
            tokens.add(f"enum:{json_type}:" + "|".join(str(v) for v in schema["enum"]))
        elif json_type == "array":
            item_tokens, _ = shape(schema.get("items", {}))
            tokens.add("array[" + "|".join(sorted(item_tokens)) + "]")
        elif (
            json_type == "object"
            and schema.get("additionalProperties") is True
            and not schema.get("properties")
        ):
            tokens.add("map")
        else:
            tokens.add(str(json_type))
    return tokens, "null" in types


def _schemas(spec: dict[str, Any]) -> dict[str, Any]:
    return spec.get("components", {}).get("schemas", {}) or {}


def check_row(spec: dict[str, Any], row: Row) -> list[str]:
    """Problems of one table row in the spec; empty when the field matches the table."""
    where = f"{row.schema}.{row.field}"
    schema = _schemas(spec).get(row.schema)
    if not isinstance(schema, dict):
        return [f"{row.schema}: schema missing from components.schemas"]
    prop = (schema.get("properties") or {}).get(row.field)
    if prop is None:
        return [f"{where}: field missing from properties"]
    problems: list[str] = []
    tokens, nullable = shape(prop)
    if tokens != set(row.types):
        problems.append(f"{where}: shape {sorted(tokens)}, table says {sorted(row.types)}")
    if nullable != row.nullable:
        problems.append(f"{where}: nullable is {nullable}, table says {row.nullable}")
    required = row.field in (schema.get("required") or [])
    if required != row.required:
        problems.append(f"{where}: required is {required}, table says {row.required}")
    if not str(prop.get("description") or "").strip():
        problems.append(f"{where}: no description")
    if row.callback is None:
        if "x-callback" in prop:
            problems.append(f"{where}: has x-callback but the table has no callback here")
        return problems
    callback = prop.get("x-callback")
    if not isinstance(callback, dict):
        problems.append(f"{where}: callback without an x-callback object")
        return problems
    if "type" in prop:
        problems.append(f"{where}: a callback must have no type")
    if callback.get("returns") != "void":
        problems.append(f"{where}: x-callback.returns is {callback.get('returns')!r}, not void")
    parameters = callback.get("parameters")
    if not isinstance(parameters, list):
        problems.append(f"{where}: x-callback.parameters is not a list")
        return problems
    if len(parameters) != len(row.callback):
        problems.append(
            f"{where}: x-callback has {len(parameters)} parameters, table says {len(row.callback)}"
        )
        return problems
    for index, (parameter, expected) in enumerate(zip(parameters, row.callback)):
        if not isinstance(parameter, dict) or not str(parameter.get("name") or "").strip():
            problems.append(f"{where}: x-callback parameter {index} has no name")
            continue
        if "schema" not in parameter:
            problems.append(f"{where}: x-callback parameter {parameter['name']} has no schema")
            continue
        param_tokens, _ = shape(parameter["schema"])
        if param_tokens != {expected}:
            problems.append(
                f"{where}: x-callback parameter {parameter['name']} has shape "
                f"{sorted(param_tokens)}, table says {expected}"
            )
    return problems


def check_extra_fields(spec: dict[str, Any], schema_name: str) -> list[str]:
    """Fields (properties or required names) of a table schema that the table does not have."""
    schema = _schemas(spec).get(schema_name)
    if not isinstance(schema, dict):
        return [f"{schema_name}: schema missing from components.schemas"]
    known = {row.field for row in TABLE if row.schema == schema_name}
    problems = [
        f"{schema_name}.{name}: field not in the contract table"
        for name in (schema.get("properties") or {})
        if name not in known
    ]
    problems += [
        f"{schema_name}.{name}: required but not in the contract table"
        for name in (schema.get("required") or [])
        if name not in known
    ]
    return problems


def check_spec(spec: dict[str, Any]) -> list[str]:
    """Every problem of the spec against TABLE."""
    problems: list[str] = []
    for schema_name in TABLE_SCHEMAS:
        if not isinstance(_schemas(spec).get(schema_name), dict):
            problems.append(f"{schema_name}: schema missing from components.schemas")
            continue
        problems += check_extra_fields(spec, schema_name)
    for row in TABLE:
        if isinstance(_schemas(spec).get(row.schema), dict):
            problems += check_row(spec, row)
    return problems


# --------------------------------------------------------------------------------------------
# The spec against the table


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return load_spec()


def test_spec_is_valid_openapi_3_1(spec: dict[str, Any]) -> None:
    assert spec["openapi"] == "3.1.0"
    validate(spec)


def test_table_size() -> None:
    assert len(TABLE) == 115
    assert len({(row.schema, row.field) for row in TABLE}) == len(TABLE)


@pytest.mark.parametrize("schema_name", TABLE_SCHEMAS)
def test_table_schema_exists(spec: dict[str, Any], schema_name: str) -> None:
    schema = _schemas(spec).get(schema_name)
    assert isinstance(schema, dict), f"{schema_name}: schema missing from components.schemas"
    assert schema.get("type") == "object", f"{schema_name}: not type object"
    assert str(schema.get("description") or "").strip(), f"{schema_name}: no description"


@pytest.mark.parametrize("row", TABLE, ids=[f"{row.schema}.{row.field}" for row in TABLE])
def test_table_row(spec: dict[str, Any], row: Row) -> None:
    problems = check_row(spec, row)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("schema_name", TABLE_SCHEMAS)
def test_no_fields_beyond_table(spec: dict[str, Any], schema_name: str) -> None:
    problems = check_extra_fields(spec, schema_name)
    assert not problems, "\n".join(problems)


def test_check_spec_finds_nothing(spec: dict[str, Any]) -> None:
    assert check_spec(spec) == []


def test_only_known_schema_names(spec: dict[str, Any]) -> None:
    assert set(_schemas(spec)) == set(TABLE_SCHEMAS) | OTHER_SCHEMAS


def test_every_schema_and_property_has_a_description(spec: dict[str, Any]) -> None:
    missing = [name for name, schema in _schemas(spec).items() if not schema.get("description")]
    missing += [
        f"{name}.{field}"
        for name, schema in _schemas(spec).items()
        for field, prop in (schema.get("properties") or {}).items()
        if not prop.get("description")
    ]
    assert not missing, missing


def test_module_metadata_minimum_required_set(spec: dict[str, Any]) -> None:
    metadata = _schemas(spec)["ModuleMetadata"]
    assert set(metadata["required"]) == {
        "name",
        "title",
        "description",
        "version",
        "entryPoint",
        "frontendHost",
        "scope",
        "components",
    }
    assert "canAddToDashboard" in metadata["properties"]


def test_external_module_optional_fields(spec: dict[str, Any]) -> None:
    external = _schemas(spec)["ExternalModule"]
    assert set(external["properties"]) - set(external["required"]) == {
        "buildTimestamp",
        "canAddToDashboard",
    }


def test_widget_type_is_the_literal_module(spec: dict[str, Any]) -> None:
    widget_type = _schemas(spec)["IModuleWidgetData"]["properties"]["widgetType"]
    assert widget_type == {**widget_type, "type": "string", "const": "module"}


def test_fetch_statuses(spec: dict[str, Any]) -> None:
    statuses = _schemas(spec)["FETCH_STATUSES"]
    assert statuses["type"] == "string"
    assert statuses["enum"] == ["", "fetchLinerSuccess", "fetchLinerError"]
    description = statuses["description"]
    for meaning in (
        "default state, no explicit result",
        "data loaded successfully",
        "data loading failed",
    ):
        assert meaning in description


def test_variable_values(spec: dict[str, Any]) -> None:
    variables = _schemas(spec)["VariableValues"]
    assert variables["type"] == "object"
    assert "properties" not in variables
    tokens, nullable = shape(variables["additionalProperties"])
    assert tokens == {"string", "array[string]", "number"}
    assert nullable


def test_callbacks_carry_x_callback(spec: dict[str, Any]) -> None:
    found = {
        (name, field): prop["x-callback"]
        for name, schema in _schemas(spec).items()
        for field, prop in (schema.get("properties") or {}).items()
        if "x-callback" in prop
    }
    expected = {(row.schema, row.field): row.callback for row in TABLE if row.callback is not None}
    assert (
        set(found)
        == set(expected)
        == {
            ("WidgetProps", "setRefreshClicked"),
            ("WidgetProps", "onErrorChange"),
            ("WidgetProps", "onFetch"),
            ("WidgetEditorProps", "onRefreshChange"),
            ("WidgetEditorProps", "onChange"),
            ("SettingsProps", "onChange"),
        }
    )
    for key, callback in found.items():
        assert callback["returns"] == "void", key
        assert len(callback["parameters"]) == len(expected[key] or ()), key
        for parameter in callback["parameters"]:
            assert parameter["name"] and "schema" in parameter, key
    assert found[("WidgetProps", "onFetch")]["parameters"][0]["schema"] == {
        "$ref": "#/components/schemas/FETCH_STATUSES"
    }
    assert found[("WidgetEditorProps", "onChange")]["parameters"] == []
    settings_change = found[("SettingsProps", "onChange")]["parameters"]
    assert [(p["name"], p["schema"]) for p in settings_change] == [("data", {})]


@pytest.mark.parametrize("schema_name", ["IOption", "ISelectOption", "ISelect"])
def test_invented_option_schemas(spec: dict[str, Any], schema_name: str) -> None:
    schema = _schemas(spec)[schema_name]
    assert schema["type"] == "object"
    assert schema["additionalProperties"] is True
    assert "shape not shown in the contract" in schema["description"]
    assert schema["x-scaffold-decision"].strip()
    assert set(schema["properties"]) == {"label", "value"}
    assert not schema.get("required")
    assert shape(schema["properties"]["label"]) == ({"string"}, False)
    assert shape(schema["properties"]["value"]) == ({"string", "number"}, False)


def test_host_globals(spec: dict[str, Any]) -> None:
    rows = spec["x-host-globals"]
    assert all(set(row) == {"global", "package", "version"} for row in rows)
    assert [(row["global"], row["package"], row["version"]) for row in rows] == list(HOST_GLOBALS)


def test_minimum_versions(spec: dict[str, Any]) -> None:
    assert spec["x-minimum-versions"] == {
        "react": "18.3.1",
        "react-dom": "18.2.0",
        "@ui-kit/ui": "1.17.1",
        "@platform/frontend-shared": "1.3.53",
    }


def test_package_registries(spec: dict[str, Any]) -> None:
    registries = spec["x-package-registries"]
    assert registries["scopes"] == ["@ui-kit", "@platform"]
    assert registries["credentials"] == {
        "username": "REGISTRY_USERNAME",
        "password": "REGISTRY_PASSWORD_BASE64",
        "email": "REGISTRY_EMAIL",
    }
    assert registries["passwordEncoding"] == "base64"
    assert registries["description"].strip()


def test_components_frontend_artifacts_and_proxy(spec: dict[str, Any]) -> None:
    components = spec["x-components"]
    assert components["allowed"] == ["Widget", "WidgetEditor", "Settings"]
    assert components["maxCount"] == 3
    assert components["requiredForDashboard"] == "Widget"
    assert components["props"] == {
        "Widget": "WidgetProps",
        "WidgetEditor": "WidgetEditorProps",
        "Settings": "SettingsProps",
    }
    assert "default" in components["loader"]
    artifacts = spec["x-frontend-artifacts"]
    assert artifacts["loading"] == "classic-script"
    assert artifacts["globalObject"] == "window[scope]"
    assert artifacts["registryField"] == "registry"
    assert artifacts["cacheQueryParameters"] == ["version", "buildTimestamp"]
    assert "not an error" in artifacts["css"]
    proxy = spec["x-platform-proxy"]
    assert proxy["route"] == "/api/v1/modules/{moduleId}/proxy/{path}"
    assert proxy["bodyField"] == "moduleContext"
    assert proxy["forwardedHeaders"] == ["Accept-Language"]


def test_paths_and_operation_ids(spec: dict[str, Any]) -> None:
    operations = {
        (path, method, operation["operationId"])
        for path, item in spec["paths"].items()
        for method, operation in item.items()
    }
    assert operations == {
        ("/api/v1/well-known", "get", "getModuleMetadata"),
        ("/api/v1/demo/status", "post", "postDemoStatus"),
    }
    server = spec["servers"][0]
    assert server["url"] == "{baseUrl}"
    assert server["variables"]["baseUrl"]["default"] == "http://127.0.0.1:8080"


def _bodies(spec: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(where, media type object) for every request body and response of every operation."""
    found = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            if "requestBody" in operation:
                for media, content in operation["requestBody"]["content"].items():
                    found.append((f"{method} {path} request {media}", content))
            for code, response in operation["responses"].items():
                for media, content in response.get("content", {}).items():
                    found.append((f"{method} {path} {code} {media}", content))
    return found


def test_every_body_and_response_has_an_example(spec: dict[str, Any]) -> None:
    bodies = _bodies(spec)
    assert len(bodies) == 5
    for where, content in bodies:
        examples = content.get("examples") or {}
        assert examples, f"{where}: no examples"
        assert all("value" in example for example in examples.values()), where


def _validator(spec: dict[str, Any], schema: dict[str, Any]) -> OAS31Validator:
    resource = Resource.from_contents(spec, default_specification=DRAFT202012)
    registry = Registry().with_resource("urn:dashboard-module", resource)
    rewritten = json.loads(json.dumps(schema).replace('"#/components/', '"urn:dashboard-module#/components/'))
    return OAS31Validator(rewritten, registry=registry)


def test_examples_match_their_schemas(spec: dict[str, Any]) -> None:
    problems = []
    for where, content in _bodies(spec):
        validator = _validator(spec, content["schema"])
        for name, example in content["examples"].items():
            problems += [f"{where} {name}: {e.message}" for e in validator.iter_errors(example["value"])]
    for name, schema in _schemas(spec).items():
        validator = _validator(spec, schema)
        for example in schema.get("examples", []):
            problems += [f"schema {name}: {e.message}" for e in validator.iter_errors(example)]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize(
    "schema_name",
    ["ExternalModule", "IModuleWidgetData", "IPalette", "IField", "VariableValues"],
)
def test_schema_examples_present(spec: dict[str, Any], schema_name: str) -> None:
    examples = _schemas(spec)[schema_name].get("examples")
    assert isinstance(examples, list) and len(examples) == 1


def test_demo_status_decisions(spec: dict[str, Any]) -> None:
    operation = spec["paths"]["/api/v1/demo/status"]["post"]
    assert operation["x-scaffold-decision"].strip()
    body = operation["requestBody"]
    assert body["x-scaffold-decision"].strip()
    assert body["content"]["application/json"]["schema"]["oneOf"] == [
        {"$ref": "#/components/schemas/ModuleProxyRequest"},
        {"$ref": "#/components/schemas/DemoStatusPayload"},
    ]
    assert set(operation["responses"]) == {"200", "400", "422"}
    for code in ("400", "422"):
        response = operation["responses"][code]
        assert response["x-scaffold-decision"].strip()
        assert response["content"]["application/json"]["schema"] == {
            "$ref": "#/components/schemas/DemoStatusError"
        }
    assert operation["parameters"] == [{"$ref": "#/components/parameters/AcceptLanguage"}]
    language = spec["components"]["parameters"]["AcceptLanguage"]
    assert (language["name"], language["in"], language["required"]) == (
        "Accept-Language",
        "header",
        False,
    )
    assert language["schema"]["default"] == "ru-RU"
    assert language["x-scaffold-decision"].strip()
    response = _schemas(spec)["DemoStatusResponse"]
    assert set(response["required"]) == {"status", "message"}
    assert response["properties"]["status"]["enum"] == ["ok"]
    assert response["properties"]["moduleContext"]["enum"] == ["present", "absent"]
    error = _schemas(spec)["DemoStatusError"]
    assert error["properties"]["error"] == {
        **error["properties"]["error"],
        "const": True,
    }
    assert "parameters" not in spec["paths"]["/api/v1/well-known"]["get"]


def test_info_version_and_release_label(spec: dict[str, Any]) -> None:
    info = spec["info"]
    assert info["version"] == "2026.1.1" == SPEC_PATH.stem
    assert info["x-release-label"] == "2026H1.1"
    assert info["x-contract"] == "dashboard-module" == SPEC_PATH.parent.name
    assert info["x-contract-document"] == "dashboard-module-contract.md"
    assert "2026H1.1" in info["description"] and "PEP 440" in info["description"]


# --------------------------------------------------------------------------------------------
# The checker can fail


def _problems_about(problems: list[str], where: str) -> list[str]:
    return [problem for problem in problems if problem.startswith(where)]


def test_checker_catches_a_dropped_field() -> None:
    mutated = load_spec()
    del _schemas(mutated)["ExternalModule"]["properties"]["baseUrl"]
    problems = check_spec(mutated)
    assert _problems_about(problems, "ExternalModule.baseUrl: field missing"), problems


def test_checker_catches_a_retyped_field() -> None:
    mutated = load_spec()
    _schemas(mutated)["IDashboardWidgetProps"]["properties"]["refreshTime"]["type"] = "string"
    problems = check_spec(mutated)
    assert _problems_about(problems, "IDashboardWidgetProps.refreshTime: shape"), problems


def test_checker_catches_a_callback_without_x_callback() -> None:
    mutated = load_spec()
    del _schemas(mutated)["WidgetProps"]["properties"]["onFetch"]["x-callback"]
    problems = check_spec(mutated)
    assert _problems_about(problems, "WidgetProps.onFetch:"), problems


def test_checker_catches_wrong_callback_parameters() -> None:
    mutated = load_spec()
    callback = _schemas(mutated)["WidgetEditorProps"]["properties"]["onChange"]["x-callback"]
    callback["parameters"].append({"name": "data", "schema": {}})
    problems = check_spec(mutated)
    assert _problems_about(problems, "WidgetEditorProps.onChange: x-callback has 1"), problems


def test_checker_catches_required_and_nullable_changes() -> None:
    mutated = load_spec()
    _schemas(mutated)["ModuleMetadata"]["required"].remove("scope")
    _schemas(mutated)["IField"]["properties"]["controlWidth"]["type"] = "number"
    problems = check_spec(mutated)
    assert _problems_about(problems, "ModuleMetadata.scope: required"), problems
    assert _problems_about(problems, "IField.controlWidth: nullable"), problems


def test_checker_catches_an_extra_field_and_a_missing_schema() -> None:
    mutated = load_spec()
    _schemas(mutated)["IShortUser"]["properties"]["avatar"] = {
        "type": "string",
        "description": "Not in the contract.",
    }
    del _schemas(mutated)["IPalette"]
    problems = check_spec(mutated)
    assert _problems_about(problems, "IShortUser.avatar: field not in the contract"), problems
    assert _problems_about(problems, "IPalette: schema missing"), problems
