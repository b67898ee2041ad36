"""specs/dashboard-module/2026.1.1+r2.yaml, revision 2 of the module contract 2026.1.1 (issue 10).

The released 2026.1.1.yaml is checked by test_spec_dashboard_module.py and never edited. This file
checks what revision 2 corrects: the root `security: []`, every answer documented with a body
schema, the demo body's two shapes told apart without `not` (every example matches exactly one
branch, as a client generator must decide it), named schemas for enums and unions, every example
valid, and still the contract's field tables.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import validate

from tests.conftest import SPECS
from tests.unit.test_spec_dashboard_module import check_spec

SPEC_PATH = SPECS / "dashboard-module" / "2026.1.1+r2.yaml"
DEMO = ("/api/v1/demo/status", "post")
WELL_KNOWN = ("/api/v1/well-known", "get")
# Named schemas revision 2 adds for what was inline (an enum or a union a generator would name).
NAMED_ALIASES = (
    "ModuleContext",
    "VariableValue",
    "IFieldRules",
    "IFieldDefaultValue",
    "IFieldPlaceholder",
    "IFieldItems",
    "IFieldControlType",
    "DemoStatusValue",
    "ModuleContextPresence",
)


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    data = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def _validator(spec: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**schema, "components": spec["components"]})


def _response(spec: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    if "$ref" in response:
        return dict(spec["components"]["responses"][response["$ref"].rsplit("/", 1)[-1]])
    return response


def _media(spec: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(where, media type object) of every request body and response, $refs followed."""
    found = []
    for path, item in spec["paths"].items():
        for method, operation in item.items():
            for media, content in operation.get("requestBody", {}).get("content", {}).items():
                found.append((f"{method} {path} request {media}", content))
            for code, response in operation["responses"].items():
                for media, content in _response(spec, response).get("content", {}).items():
                    found.append((f"{method} {path} {code} {media}", content))
    return found


def _walk(node: Any) -> list[Any]:
    found, stack = [], [node]
    while stack:
        item = stack.pop()
        found.append(item)
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_valid_openapi_and_revision_info(spec: dict[str, Any]) -> None:
    validate(spec)
    info = spec["info"]
    assert info["version"] == "2026.1.1+r2" == SPEC_PATH.stem
    assert info["x-contract-version"] == "2026.1.1"
    assert info["x-spec-revision"] == 2
    assert "Revision 2 corrects" in info["description"]
    assert spec["security"] == []
    assert "no authentication is assumed" in info["x-scaffold-decision"].lower()


def test_every_example_is_valid_against_its_schema(spec: dict[str, Any]) -> None:
    problems, count = [], 0
    for where, content in _media(spec):
        validator = _validator(spec, content["schema"])
        assert content.get("examples"), f"{where}: no examples"
        for name, example in content["examples"].items():
            count += 1
            problems += [f"{where} {name}: {e.message}" for e in validator.iter_errors(example["value"])]
    for name, schema in spec["components"]["schemas"].items():
        for example in schema.get("examples", []):
            count += 1
            validator = _validator(spec, {"$ref": f"#/components/schemas/{name}"})
            problems += [f"schema {name}: {e.message}" for e in validator.iter_errors(example)]
    assert not problems, "\n".join(problems)
    assert count >= 19


def test_every_status_has_a_body_schema_and_errors_are_demo_status_error(spec: dict[str, Any]) -> None:
    error = {"$ref": "#/components/schemas/DemoStatusError"}
    demo = spec["paths"][DEMO[0]][DEMO[1]]["responses"]
    assert set(demo) == {"200", "400", "413", "422", "500"}
    assert set(spec["paths"][WELL_KNOWN[0]][WELL_KNOWN[1]]["responses"]) == {"200", "500"}
    for where, content in _media(spec):
        status = where.split()[2]
        if status.isdigit() and int(status) >= 400:
            assert content["schema"] == error, where
    decision = spec["info"]["x-scaffold-decision"]
    assert "404" in decision and "405" in decision


def test_demo_body_branches_are_told_apart_without_not(spec: dict[str, Any]) -> None:
    """openapi-generator's "Multiple matches found" came from `not`; each valid body now matches
    exactly one branch of DemoStatusRequest, and what matches neither is a documented 400."""
    assert not any(isinstance(node, dict) and "not" in node for node in _walk(spec))
    request = spec["paths"][DEMO[0]][DEMO[1]]["requestBody"]["content"]["application/json"]
    assert request["schema"] == {"$ref": "#/components/schemas/DemoStatusRequest"}
    branches = [
        _validator(spec, branch) for branch in spec["components"]["schemas"]["DemoStatusRequest"]["oneOf"]
    ]
    for name, example in request["examples"].items():
        matches = [branch.is_valid(example["value"]) for branch in branches]
        assert matches.count(True) == 1, (name, matches)
    samples: list[Any] = [
        {"payload": {"message": "x"}, "message": "y"},
        {"payload": {"message": "x"}, "moduleContext": {}},
        {"message": "x"},
        {"message": {}},
        {},
        [],
        {"payload": {"message": "x"}, "moduleContext": None},
    ]
    for sample in samples:
        assert [branch.is_valid(sample) for branch in branches].count(True) <= 1, sample
    for neither in ({"message": {}}, {}, [], {"payload": {"message": "x"}, "moduleContext": None}):
        assert not _validator(spec, request["schema"]).is_valid(neither), neither
    bad = spec["paths"][DEMO[0]][DEMO[1]]["responses"]["400"]["description"]
    assert "neither" in bad


def test_enums_and_unions_are_named(spec: dict[str, Any]) -> None:
    """No property, item or map value carries an inline enum or union: generators would invent
    names for them (Type, Type1, ...). A nullable reference names nothing new."""
    schemas = spec["components"]["schemas"]
    for name in NAMED_ALIASES:
        assert name in schemas, name
    inline = []
    for name, schema in schemas.items():
        nested = [*(schema.get("properties") or {}).values()]
        if isinstance(schema.get("additionalProperties"), dict):
            nested.append(schema["additionalProperties"])
        for node in nested:
            for candidate in (node, node.get("items", {})):
                if any(key in candidate for key in ("enum", "oneOf", "anyOf")) and not _nullable_ref(
                    candidate
                ):
                    inline.append(name)
    assert not inline, inline


def _nullable_ref(schema: dict[str, Any]) -> bool:
    """`oneOf: [{$ref: X}, {type: "null"}]`: generators read it as an optional X, naming nothing."""
    branches = schema.get("oneOf") or []
    return len(branches) == 2 and {"type": "null"} in branches and any("$ref" in b for b in branches)


def _inline_aliases(spec: dict[str, Any]) -> dict[str, Any]:
    """A copy with every $ref to a NAMED_ALIASES schema replaced by that schema (description kept)."""
    data = copy.deepcopy(spec)
    schemas = data["components"]["schemas"]
    for node in _walk(data):
        if isinstance(node, dict) and str(node.get("$ref", "")).rsplit("/", 1)[-1] in NAMED_ALIASES:
            target = schemas[node.pop("$ref").rsplit("/", 1)[-1]]
            node.update({**copy.deepcopy(target), **{k: v for k, v in node.items() if k == "description"}})
    return data


def test_the_contract_tables_still_hold(spec: dict[str, Any]) -> None:
    assert check_spec(_inline_aliases(spec)) == []
    assert "buildTimestamp" in spec["paths"][WELL_KNOWN[0]][WELL_KNOWN[1]]["x-scaffold-decision"]
