"""Spec patterns a backtracking matcher takes exponential time on are refused (issue 38, scaffold.specs.patterns).

The TypeScript plugin compiles a spec's `pattern` to a JavaScript RegExp: `^(a+)+$` took 3.8 s on a
28-character value, per request, with the event loop blocked. The rule is simple and conservative:
no repeated group holding a quantifier or an alternation, no backreference; ordinary patterns
(anchors, classes, counted atoms, a repeated group of plain text) stay.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from scaffold.errors import SpecError
from scaffold.specs.catalog import shipped_specs
from scaffold.specs.loader import load_spec_file
from scaffold.specs.patterns import backtracking_problem
from tests.conftest import PLUGIN_SPEC

NESTED = [
    r"^(a+)+$",
    r"(\w+\s?)*$",
    r"^(a*)*$",
    r"(?:a?b?)+",
    r"^([a-z]+-?)+$",
    r"((ab)*c)+",
    r"(a{2,3})+",
    r"(a+){2}",
    r"(a+){2,}",
    r"(?<word>\w+ )*",
    r"^(\d{1,3}\.){3}\d{1,3}$",  # bounded, but polynomial of degree 3: refused, simple and conservative
]
ALTERNATION = [r"^(a|a)*$", r"(a|b)+", r"((a|b)c){2,}", r"(?:x|y){1,5}"]
BACKREFERENCE = [r"(a)\1", r"^(?<q>['\"]).*\k<q>$", r"(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\10"]
ORDINARY = [
    r"^[A-Z]$",
    r"^[a-z][a-z0-9-]*$",
    r"^\d{4}-\d{2}-\d{2}$",
    r"^(ab)+$",
    r"^(?:ab){1}$",
    r"(a{2})+",
    r"^(a+)?$",
    r"(a|b)?",
    r"^(foo|bar)$",
    r"[(a+)+]",  # a class: its parentheses are characters
    r"\(a+\)+",  # escaped parentheses
    r"[\1]",  # not a backreference inside a class
    r"\0",
    r"^\u{1F600}{2}$",
    r"^(\p{L})+$",
    r"^(?!a+)b$",
    r"x{",
    r"",
    r"((((",
    r")(",
]


@pytest.mark.parametrize("pattern", NESTED)
def test_a_repeated_group_holding_a_quantifier_is_found(pattern: str) -> None:
    assert backtracking_problem(pattern) == ("nested", "a quantifier")


@pytest.mark.parametrize("pattern", ALTERNATION)
def test_a_repeated_group_holding_an_alternation_is_found(pattern: str) -> None:
    assert backtracking_problem(pattern) == ("alternation", "an alternation (|)")


@pytest.mark.parametrize("pattern", BACKREFERENCE)
def test_a_backreference_is_found(pattern: str) -> None:
    problem = backtracking_problem(pattern)
    assert problem is not None and problem.kind == "backreference" and problem.shown.startswith("\\")


@pytest.mark.parametrize("pattern", ORDINARY)
def test_ordinary_patterns_pass(pattern: str) -> None:
    assert backtracking_problem(pattern) is None


def _spec(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> Path:
    data = yaml.safe_load(PLUGIN_SPEC.read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / "spec.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def _schema(data: dict[str, Any], name: str) -> dict[str, Any]:
    schema = data["components"]["schemas"][name]
    assert isinstance(schema, dict)
    return schema


def _in_a_property(data: dict[str, Any]) -> None:
    _schema(data, "DataQuery")["properties"]["refID"]["pattern"] = "^(a+)+$"


def _in_a_parameter(data: dict[str, Any]) -> None:
    parameter = {"name": "X-Trace", "in": "header", "schema": {"type": "string", "pattern": "^(a+)+$"}}
    data["paths"]["/query/get-result"]["post"]["parameters"] = [parameter]


def _in_pattern_properties(data: dict[str, Any]) -> None:
    _schema(data, "DataQuery")["patternProperties"] = {"^(a+)+$": {"type": "string"}}


def _in_a_schema_named_default(data: dict[str, Any]) -> None:
    data["components"]["schemas"]["default"] = {"type": "string", "pattern": "^(a+)+$"}


def _in_an_items_schema(data: dict[str, Any]) -> None:
    _schema(data, "DataQuery")["properties"]["tags"] = {
        "type": "array",
        "items": {"type": "string", "pattern": "^(a+)+$"},
    }


@pytest.mark.parametrize(
    ("edit", "pointer"),
    [
        (_in_a_property, "/components/schemas/DataQuery/properties/refID/pattern"),
        (_in_a_parameter, "/paths/~1query~1get-result/post/parameters/0/schema/pattern"),
        (_in_pattern_properties, "/components/schemas/DataQuery/patternProperties/^(a+)+$"),
        (_in_a_schema_named_default, "/components/schemas/default/pattern"),
        (_in_an_items_schema, "/components/schemas/DataQuery/properties/tags/items/pattern"),
    ],
    ids=["property", "parameter", "patternProperties", "schema-named-default", "items"],
)
def test_the_loader_refuses_the_pattern_naming_its_place_and_the_fix(
    tmp_path: Path, edit: Callable[[dict[str, Any]], None], pointer: str
) -> None:
    path = _spec(tmp_path, edit)
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert caught.value.pointer == pointer
    message = str(caught.value)
    assert message.startswith(f"{path} at {pointer}: the pattern ")
    assert "repeats a group that holds a quantifier" in message and "exponential" in message
    assert "Write a pattern without nested repetition" in message and "\n" not in message


def test_a_backreference_is_refused_with_its_own_fix(tmp_path: Path) -> None:
    path = _spec(tmp_path, lambda d: _schema(d, "DataQuery")["properties"]["refID"].update(pattern=r"(a)\1"))
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert "uses the backreference \\1" in caught.value.message
    assert caught.value.hint is not None and "without backreferences" in caught.value.hint


def test_the_refusal_holds_for_a_spec_already_remembered_as_valid(tmp_path: Path) -> None:
    """The check is not skipped with openapi-spec-validator for a document validated before."""
    path = _spec(tmp_path, _in_a_property)
    for _ in range(2):
        with pytest.raises(SpecError, match="repeats a group"):
            load_spec_file(path)


def test_data_named_pattern_is_not_a_pattern(tmp_path: Path) -> None:
    """Examples, defaults, consts and enums are data: a key `pattern` there is no regular expression."""

    def edit(data: dict[str, Any]) -> None:
        refid = _schema(data, "DataQuery")["properties"]["refID"]
        refid["pattern"] = "^[A-Z]+(-[0-9])?$"
        _schema(data, "DataQuery")["properties"]["filter"] = {
            "type": "object",
            "properties": {"pattern": {"type": "string"}},
            "examples": [{"pattern": "(a|b)*"}],
            "default": {"pattern": "(a+)+"},
        }
        media = data["paths"]["/query/get-result"]["post"]["requestBody"]["content"]["application/json"]
        media["example"] = {"pattern": "(a+)+"}

    spec = load_spec_file(_spec(tmp_path, edit))
    assert spec.data["components"]["schemas"]["DataQuery"]["properties"]["refID"]["pattern"]


@pytest.mark.parametrize("shipped", shipped_specs(), ids=lambda s: f"{s.contract}-{s.version}")
def test_every_shipped_spec_still_loads(shipped: Any) -> None:
    assert load_spec_file(shipped.path, shipped=True).version == shipped.version
