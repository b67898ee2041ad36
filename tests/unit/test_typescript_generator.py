"""The TypeScript generator: small specs in, expected TypeScript out; the module spec covered whole."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from scaffold.codegen.header import read_stamp
from scaffold.codegen.typescript.types import generate_typescript_types, typescript_type
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from tests.conftest import MODULE_SPEC


@pytest.fixture(scope="module")
def module_spec() -> SpecDocument:
    return load_spec_file(MODULE_SPEC)


def with_schemas(spec: SpecDocument, schemas: dict[str, Any]) -> SpecDocument:
    data = {**spec.data, "components": {"schemas": schemas}}
    return dataclasses.replace(spec, data=data)


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "string"}, "string"),
        ({"type": "integer", "format": "int64"}, "number"),
        ({"type": ["number", "string", "null"]}, "number | string | null"),
        ({"type": "string", "enum": ["", "a'b"]}, "'' | 'a\\'b'"),
        ({"const": "module"}, "'module'"),
        ({"const": True}, "true"),
        ({}, "unknown"),
        ({"description": "anything"}, "unknown"),
        ({"type": "array", "items": {"type": "string"}}, "string[]"),
        ({"type": "array", "items": {"type": ["string", "null"]}}, "(string | null)[]"),
        ({"type": "array", "items": {"type": "array", "items": {"type": "number"}}}, "number[][]"),
        ({"type": "object"}, "Record<string, unknown>"),
        ({"type": "object", "additionalProperties": True}, "Record<string, unknown>"),
        ({"type": "object", "additionalProperties": False}, "Record<string, never>"),
        (
            {"type": "object", "additionalProperties": {"oneOf": [{"type": "string"}, {"type": "null"}]}},
            "Record<string, string | null>",
        ),
        ({"oneOf": [{"$ref": "#/components/schemas/A"}, {"type": "null"}]}, "A | null"),
        ({"anyOf": [{"type": "string"}, {"type": "string"}]}, "string"),
        ({"oneOf": [{"type": "string"}, {}]}, "unknown"),
        ({"allOf": [{"$ref": "#/components/schemas/A"}, {"$ref": "#/components/schemas/B"}]}, "A & B"),
        (
            {
                "type": "object",
                "properties": {"a": {"type": "string"}, "b-c": {"type": "number"}},
                "required": ["a"],
            },
            "{ a: string; 'b-c'?: number; }",
        ),
    ],
)
def test_type_expressions(schema: dict[str, Any], expected: str) -> None:
    assert typescript_type(schema, {"A", "B"}) == expected


@pytest.mark.parametrize(
    ("callback", "expected"),
    [
        ({"parameters": [], "returns": "void"}, "() => void"),
        (
            {"parameters": [{"name": "hasError", "schema": {"type": "boolean"}, "required": True}]},
            "(hasError: boolean) => void",
        ),
        (
            {"parameters": [{"name": "data", "schema": {}}], "returns": {"type": "boolean"}},
            "(data?: unknown) => boolean",
        ),
        (
            {"parameters": [{"name": "s", "schema": {"$ref": "#/components/schemas/A"}, "required": True}]},
            "(s: A) => void",
        ),
    ],
)
def test_callbacks_become_function_types(callback: dict[str, Any], expected: str) -> None:
    assert typescript_type({"x-callback": callback}, {"A"}) == expected


def test_function_types_are_parenthesised_inside_unions_and_arrays() -> None:
    callback = {"x-callback": {"parameters": []}}
    assert typescript_type({"oneOf": [callback, {"type": "null"}]}) == "(() => void) | null"
    assert typescript_type({"type": "array", "items": callback}) == "(() => void)[]"


def test_interface_with_optional_nullable_index_signature_and_negation(module_spec: SpecDocument) -> None:
    spec = with_schemas(
        module_spec,
        {
            "Thing": {
                "type": "object",
                "description": "A thing; see */ here.",
                "required": ["id", "when"],
                "additionalProperties": True,
                "not": {"required": ["payload"]},
                "properties": {
                    "id": {"type": "string", "description": "Id."},
                    "when": {"type": ["string", "null"]},
                    "size": {"type": "number"},
                    "note": {"oneOf": [{"type": "string"}, {"type": "null"}]},
                    "onDone": {"x-callback": {"parameters": [{"name": "ok", "schema": {"type": "boolean"}}]}},
                },
            }
        },
    )
    text = generate_typescript_types(spec)
    body = text[text.index("/** A thing") :]
    assert body == (
        "/** A thing; see *\\/ here. */\n"
        "export interface Thing {\n"
        "  /** Id. */\n"
        "  id: string;\n"
        "  when: string | null;\n"
        "  size?: number;\n"
        "  note?: string | null;\n"
        "  onDone?: (ok?: boolean) => void;\n"
        "  /** Never present: `payload` marks another schema. */\n"
        "  payload?: never;\n"
        "  [key: string]: unknown;\n"
        "}\n"
    )


def test_long_descriptions_wrap_and_scaffold_decisions_are_kept(module_spec: SpecDocument) -> None:
    spec = with_schemas(
        module_spec,
        {"Long": {"type": "string", "description": "word " * 40, "x-scaffold-decision": "Because."}},
    )
    text = generate_typescript_types(spec)
    assert "scaffold's decision: Because." in text
    assert max(len(line) for line in text.splitlines()[1:]) <= 100


def test_every_module_schema_becomes_an_exported_type(module_spec: SpecDocument) -> None:
    text = generate_typescript_types(module_spec)
    exported = re.findall(r"^export (?:interface|type) (\w+)", text, flags=re.M)
    assert exported == list(module_spec.data["components"]["schemas"])


def test_module_props_types(module_spec: SpecDocument) -> None:
    text = generate_typescript_types(module_spec)
    assert "  onFetch: (status: FETCH_STATUSES) => void;" in text
    assert "  onErrorChange: (hasError: boolean) => void;" in text
    assert "  setRefreshClicked?: (isRefreshClicked: boolean) => void;" in text
    assert "  onChange: () => void;" in text  # WidgetEditor
    assert "  onChange: (data: unknown) => void;" in text  # Settings
    assert "  variables: VariableValues | null;" in text
    assert "  module: ExternalModule | null;" in text
    assert "export type FETCH_STATUSES = '' | 'fetchLinerSuccess' | 'fetchLinerError';" in text
    assert "export type VariableValues = Record<string, string | string[] | number | null>;" in text
    assert "  widgetType: 'module';" in text
    assert "  refreshTime?: number | string | null;" in text


def test_header_and_determinism(module_spec: SpecDocument) -> None:
    first = generate_typescript_types(module_spec)
    assert first == generate_typescript_types(module_spec)
    stamp = read_stamp(first)
    assert stamp is not None and (stamp.contract, stamp.version) == ("dashboard-module", module_spec.version)
    assert first.endswith("}\n") and "\t" not in first and not re.search(r" +$", first, flags=re.M)


def test_a_new_prop_in_a_new_contract_version_reaches_the_types(module_spec: SpecDocument) -> None:
    schemas = dict(module_spec.data["components"]["schemas"])
    widget = dict(schemas["WidgetProps"])
    widget["properties"] = {**widget["properties"], "locale": {"type": "string", "description": "UI locale."}}
    schemas["WidgetProps"] = widget
    text = generate_typescript_types(with_schemas(module_spec, schemas))
    assert "  /** UI locale. */\n  locale?: string;\n}" in text


@pytest.mark.parametrize(
    ("schemas", "message"),
    [
        ({"A": {"$ref": "#/components/schemas/Missing"}}, "names no component schema"),
        ({"A": {"$ref": "other.yaml#/A"}}, "does not name a component schema"),
        ({"bad-name": {"type": "string"}}, "cannot be a TypeScript type name"),
        ({"A": {"type": "tuple"}}, "is not one scaffold knows"),
        (
            {"A": {"x-callback": {"parameters": [{"name": "a b", "schema": {}}]}}},
            "is not a TypeScript identifier",
        ),
    ],
)
def test_unsupported_constructs_are_generation_errors(
    module_spec: SpecDocument, schemas: dict[str, Any], message: str
) -> None:
    with pytest.raises(GenerationError, match=re.escape(message)):
        generate_typescript_types(with_schemas(module_spec, schemas))
