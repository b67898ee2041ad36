"""One schema model: every language accepts and refuses the same spec, in the same sentence.

Found (issue: one runtime contract, point 3): schemas were read three ways (datamodel-code-generator
for Python, a walk over raw dicts for TypeScript, a closed model for Go), so a spec with `pattern`
generated a Python and a TypeScript plugin that checked it and was refused for Go; one with an
inline enum (the released datasource-plugin 1.2.0) was Python's and TypeScript's only. Each spec
here goes through every language's plugin generator (scaffold.codegen.plugin_project, the registry's
one entry point), and a refusal must be the same sentence in all three; keywords the model does not
know are refused before datamodel-code-generator runs, for `scaffold models` too.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from scaffold.codegen.go.codecs import pattern_variable
from scaffold.codegen.plugin_project import contract_files
from scaffold.codegen.python.models import generate_python_models
from scaffold.codegen.typescript.types import typescript_type
from scaffold.contracts import PLUGIN
from scaffold.errors import GenerationError
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument
from scaffold.specs.schema_model import (
    ArrayOf,
    Choice,
    Literal,
    ObjectOf,
    Ref,
    Scalar,
    Union,
    read_schema,
    schema_model,
)

SPEC = load_shipped("datasource-plugin")
LANGUAGES = sorted(PLUGIN.service_languages)
Edit = Callable[[dict[str, Any]], None]


def variant(edit: Edit) -> SpecDocument:
    data = copy.deepcopy(dict(SPEC.data))
    edit(data)
    return dataclasses.replace(SPEC, data=data)


def in_query(key: str, value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["components"]["schemas"]["DataQuery"]["properties"]["refID"][key] = value

    return edit


def new_property(schema: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        data["components"]["schemas"]["DataQuery"]["properties"]["extra"] = schema

    return edit


def refusals(spec: SpecDocument) -> dict[str, str]:
    """The sentence each language's plugin generator refuses `spec` with ("" when it accepts it)."""
    found: dict[str, str] = {}
    for language in LANGUAGES:
        try:
            contract_files(
                spec, {"project_name": "acme-sales", "package_name": "acme_sales", "language": language}
            )
        except GenerationError as exc:
            found[language] = str(exc)
        else:
            found[language] = ""
    return found


REFUSED: list[tuple[str, Edit, str]] = [
    ("unknown keyword", in_query("maxLength", 8), 'DataQuery.refID uses the JSON Schema keyword "maxLength"'),
    ("a format no language checks alike", in_query("format", "email"), 'has the format "email"'),
    ("lookaround", in_query("pattern", "^(?=A)[A-Z]$"), "looks around"),
    ("an ECMA-only escape", in_query("pattern", "^\\u0041$"), "uses an escape"),
    ("same-typed oneOf", new_property({"oneOf": [{"type": "string"}, {"type": "string", "const": "a"}]}), "the branches of oneOf must differ in JSON type"),
    ("anyOf", new_property({"anyOf": [{"type": "string"}, {"type": "integer"}]}), "is an anyOf"),
    ("inline object", new_property({"type": "object", "properties": {"a": {"type": "string"}}}), "is an inline object"),
    ("no type", new_property({"description": "anything"}), "is a schema without a type"),
    ("array without items", new_property({"type": "array"}), "is an array without items"),
    ("integer enum", new_property({"type": "integer", "enum": [1, 2]}), "is an enum of values other than strings"),
    ("two types", new_property({"type": ["string", "integer"]}), "has several types"),
    ("properties without a type", new_property({"properties": {"a": {"type": "string"}}}), "declares properties but no type"),
    ("a required property it does not declare", new_property({"type": "object", "required": ["a"], "properties": {"b": {"type": "string"}}}), 'requires "a" but declares no such property'),
    ("an unknown $ref", new_property({"$ref": "#/components/schemas/Missing"}), "names no component schema"),
    ("an unknown JSON type", new_property({"type": "tuple"}), "is not one scaffold knows"),
]  # fmt: skip


@pytest.mark.parametrize(("edit", "expected"), [pytest.param(e, x, id=i) for i, e, x in REFUSED])
def test_every_language_refuses_the_same_spec_in_the_same_sentence(edit: Edit, expected: str) -> None:
    found = refusals(variant(edit))
    assert len(set(found.values())) == 1, found
    sentence = found[LANGUAGES[0]]
    assert expected in sentence, sentence
    assert "'" + "maxLength" not in sentence and "None" not in sentence  # no Python repr


ACCEPTED: list[tuple[str, Edit]] = [
    ("a pattern", in_query("pattern", "^[A-Z](-[0-9]{1,3})?$")),
    ("an inline string enum", new_property({"type": "string", "enum": ["a", "b"]})),
    ("an inline oneOf of two JSON types", new_property({"oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]})),
    ("a nullable property", new_property({"type": ["string", "null"]})),
    ("a map of enums", new_property({"type": "object", "additionalProperties": {"type": "string", "enum": ["x"]}})),
]  # fmt: skip


@pytest.mark.parametrize("edit", [pytest.param(e, id=i) for i, e in ACCEPTED])
def test_every_language_accepts_the_same_spec(edit: Edit) -> None:
    assert refusals(variant(edit)) == dict.fromkeys(LANGUAGES, "")


def test_the_released_spec_with_inline_enums_generates_in_every_language() -> None:
    """datasource-plugin 1.2.0 (inline enums, map values of an inline oneOf): Go names each after its place."""
    released = load_shipped("datasource-plugin", "1.2.0")
    assert refusals(released) == dict.fromkeys(LANGUAGES, "")
    files = contract_files(released, {"project_name": "acme-sales", "language": "go"})
    types = files["internal/contract/types_gen.go"]
    assert "type DatasourceFieldType string" in types
    assert "// ConstructorRequestVariablesValue is the contract's ConstructorRequest.variables.*" in types


def test_a_go_plugin_checks_a_pattern_with_the_spec_s_expression() -> None:
    files = contract_files(
        variant(in_query("pattern", "^[A-Z]$")), {"project_name": "acme-sales", "language": "go"}
    )
    name = pattern_variable("^[A-Z]$")
    assert f'{name} = regexp.MustCompile("^[A-Z]$")' in files["internal/contract/patterns_gen.go"]
    assert f"!{name}.MatchString(" in files["internal/contract/json_gen.go"]
    assert "internal/contract/patterns_gen.go" not in contract_files(
        SPEC, {"project_name": "x", "language": "go"}
    )


def test_python_models_refuse_an_unknown_keyword_before_datamodel_code_generator() -> None:
    spec = variant(in_query("maxLength", 8))
    with pytest.raises(GenerationError, match='uses the JSON Schema keyword "maxLength"'):
        generate_python_models(spec, use_cache=False)


def test_the_model_reads_each_construct_into_its_node() -> None:
    model = schema_model(SPEC)
    query = model.schemas["DataQuery"]
    assert isinstance(query, ObjectOf) and query.properties[0].name == "refID"
    assert isinstance(model.schemas["VariableValue"], Choice)
    assert isinstance(model.schemas["DatasourceFieldType"], Literal)
    node = read_schema({"type": ["string", "null"], "pattern": "^a$"}, "x")
    assert (
        isinstance(node, Union) and isinstance(node.options[0], Scalar) and node.options[0].pattern == "^a$"
    )
    assert isinstance(
        read_schema({"type": "array", "items": {"$ref": "#/components/schemas/A"}}, "x"), ArrayOf
    )
    assert isinstance(read_schema({"$ref": "#/components/schemas/A", "type": "string"}, "x"), Ref)


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"allOf": []}, "allOf is a list; give a list of schemas"),
        ({"not": {"type": "string"}}, "uses `not` other than as `not: {required: [names]}`"),
        ({"enum": [{"a": 1}]}, "is a mapping; only strings, finite numbers, booleans and null"),
        ({"type": "string", "pattern": 3}, "pattern is a number, not a regular expression"),
        ({"type": "array", "items": {"type": "string"}, "minItems": -1}, "minItems is -1, a number"),
    ],
)
def test_what_the_model_cannot_hold_is_refused_in_one_sentence(schema: dict[str, Any], expected: str) -> None:
    with pytest.raises(GenerationError, match=None) as caught:
        typescript_type(schema)
    assert expected in str(caught.value)
