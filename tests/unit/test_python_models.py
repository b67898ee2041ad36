"""Generated pydantic models: every spec example round-trips; names, bounds and nulls follow the rules."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from pydantic import ValidationError

from scaffold.codegen.header import read_stamp
from scaffold.codegen.python.models import generate_python_models
from scaffold.specs.catalog import load_shipped, shipped_specs
from scaffold.specs.document import SpecDocument
from tests.model_loading import adapter, import_models

SPECS = [load_shipped(s.contract, s.version) for s in shipped_specs()]


def _examples(spec: SpecDocument) -> list[tuple[str, dict[str, Any], Any]]:
    """(label, schema, example value) for every example in the spec."""
    found: list[tuple[str, dict[str, Any], Any]] = []
    for route, item in spec.data["paths"].items():
        for method, op in item.items():
            if not isinstance(op, dict) or "operationId" not in op:
                continue
            bodies = [("request", op.get("requestBody", {}))]
            bodies += [(f"response {status}", body) for status, body in op.get("responses", {}).items()]
            for where, body in bodies:
                media = body.get("content", {}).get("application/json", {})
                for name, example in media.get("examples", {}).items():
                    found.append(
                        (f"{method.upper()} {route} {where} {name}", media["schema"], example["value"])
                    )
    for name, schema in spec.data["components"]["schemas"].items():
        for index, value in enumerate(schema.get("examples", [])):
            found.append((f"schema {name} example {index}", {"$ref": f"#/components/schemas/{name}"}, value))
    return found


@pytest.fixture(scope="module")
def modules(tmp_path_factory: pytest.TempPathFactory) -> dict[str, ModuleType]:
    folder = tmp_path_factory.mktemp("models")
    return {spec.contract: import_models(spec, folder) for spec in SPECS}


CASES = [(spec.contract, label, schema, value) for spec in SPECS for label, schema, value in _examples(spec)]


def test_every_spec_has_examples() -> None:
    for spec in SPECS:
        assert len(_examples(spec)) >= 5, spec.identity()


@pytest.mark.parametrize(("contract", "label", "schema", "value"), CASES, ids=[c[1] for c in CASES])
def test_example_round_trips(
    modules: dict[str, ModuleType], contract: str, label: str, schema: dict[str, Any], value: Any
) -> None:
    spec = next(s for s in SPECS if s.contract == contract)
    model = adapter(modules[contract], schema, spec.data["components"]["schemas"])
    parsed = model.validate_python(value)
    dumped = model.dump_python(parsed, mode="json", by_alias=True, exclude_unset=True)
    assert json.dumps(dumped, sort_keys=True) == json.dumps(value, sort_keys=True), label


def test_construction_by_either_name(modules: dict[str, ModuleType]) -> None:
    m = modules["datasource-plugin"]
    by_wire = m.DataQuery.model_validate({"refID": "A", "maxDataPoints": 10, "codeQuery": "select 1"})
    by_python = m.DataQuery(ref_id="A", max_data_points=10, code_query="select 1")
    assert by_wire == by_python
    assert by_python.model_dump(exclude_unset=True) == {
        "refID": "A",
        "maxDataPoints": 10,
        "codeQuery": "select 1",
    }


def test_field_class_does_not_clash_with_pydantic(modules: dict[str, ModuleType]) -> None:
    m = modules["datasource-plugin"]
    assert m.FrameField.__name__ == "FrameField"
    assert m.Field.__module__ == "pydantic.fields"
    assert m.Frame.model_fields["fields"].annotation == list[m.FrameField] | None


@pytest.mark.parametrize(
    ("model", "field", "value", "ok"),
    [
        ("PluginContext", "orgID", 2**63 - 1, True),
        ("PluginContext", "orgID", 2**63, False),
        ("PluginContext", "orgID", 2**70, False),
        ("ConstructorField", "arrayIndex", 2**31 - 1, True),
        ("ConstructorField", "arrayIndex", 2**31, False),
        ("ConstructorField", "arrayIndex", -(2**31) - 1, False),
        ("DataQuery", "maxDataPoints", -(2**63), True),
    ],
)
def test_integer_bounds(modules: dict[str, ModuleType], model: str, field: str, value: int, ok: bool) -> None:
    cls = getattr(modules["datasource-plugin"], model)
    payload: dict[str, Any] = {field: value}
    if model == "ConstructorField":
        payload["code"] = "x"
    if ok:
        cls.model_validate(payload)
    else:
        with pytest.raises(ValidationError):
            cls.model_validate(payload)


def test_unset_fields_are_omitted_and_nulls_follow_the_contract(modules: dict[str, ModuleType]) -> None:
    m = modules["datasource-plugin"]
    meta = m.PluginMetadata(name="acme", author=None, website=None, version=None)
    # author and website may be null; version may not, so an explicit None is left out.
    assert meta.model_dump_json() == '{"name":"acme","author":null,"website":null}'
    assert m.DataQuery(ref_id="A").model_dump_json() == '{"refID":"A"}'


def test_required_fields_are_required(modules: dict[str, ModuleType]) -> None:
    m = modules["datasource-plugin"]
    with pytest.raises(ValidationError):
        m.ConstructorField.model_validate({"name": "no code"})
    with pytest.raises(ValidationError):
        m.LocalizedString.model_validate({"lang": "en-US", "value": None})


def test_variables_map_types(modules: dict[str, ModuleType]) -> None:
    m = modules["datasource-plugin"]
    request = m.QueryDataRequest.model_validate(
        {"dataQuery": [{"refID": "A"}], "variables": {"host": "a", "region": ["eu", "us"]}}
    )
    assert request.variables == {"host": "a", "region": ["eu", "us"]}
    with pytest.raises(ValidationError):
        m.QueryDataRequest.model_validate({"dataQuery": [{"refID": "A"}], "variables": {"n": 5}})


@pytest.mark.parametrize("spec", SPECS, ids=[s.identity() for s in SPECS])
def test_output_is_deterministic_and_stamped(spec: SpecDocument) -> None:
    first = generate_python_models(spec)
    assert first == generate_python_models(spec)
    stamp = read_stamp(first)
    assert stamp is not None
    assert (stamp.contract, stamp.version, stamp.sha256) == (spec.contract, spec.version, spec.sha256)
    assert "datamodel-codegen" not in first
    compile(first, "models.py", "exec")


def test_wire_scope_leaves_out_frontend_types(tmp_path: Path) -> None:
    module = import_models(load_shipped("dashboard-module"), tmp_path, scope="wire")
    assert hasattr(module, "ModuleMetadata")
    assert not hasattr(module, "WidgetProps")


def _errors_at(cls: type[Any], key: str, value: Any, *, strict: bool) -> list[str]:
    """The error types `cls` reports at `key` for a body holding only `key: value`."""
    try:
        cls.model_validate_json(json.dumps({key: value}), strict=strict)
    except ValidationError as exc:
        return [e["type"] for e in exc.errors() if e["loc"][:1] == (key,)]
    return []


def _marked_fields(module: ModuleType) -> list[tuple[type[Any], str, Any]]:
    """(model, wire name, field info) of every field marked NOT_NULL in a models module."""
    found = []
    for cls in vars(module).values():
        if (
            isinstance(cls, type)
            and issubclass(cls, module.ContractModel)
            and cls is not module.ContractModel
        ):
            for name, info in cls.model_fields.items():
                if module.NOT_NULL in info.metadata:
                    found.append((cls, info.alias or name, info))
    return found


@pytest.mark.parametrize("contract", sorted({spec.contract for spec in SPECS}))
def test_strict_validation_refuses_null_for_optional_non_nullable_fields(
    modules: dict[str, ModuleType], contract: str
) -> None:
    """The routes parse strictly: null is not an omitted field; the team's own code may pass None."""
    marked = _marked_fields(modules[contract])
    assert marked or contract != "datasource-plugin"
    for cls, key, info in marked:
        assert info.default is None and not info.is_required()
        if Any in getattr(info.annotation, "__args__", ()):  # an untyped property: null is a value
            continue
        assert _errors_at(cls, key, None, strict=True), f"{cls.__name__}.{key} took null"
        assert not _errors_at(cls, key, None, strict=False), f"{cls.__name__}.{key} refused None"


def test_strict_integers_take_whole_floats_only(modules: dict[str, ModuleType]) -> None:
    m = modules["datasource-plugin"]
    assert m.PluginContext.model_validate_json('{"orgID": 7.0}', strict=True).org_id == 7
    for value in ('"7"', "true", "7.5", "1e300", "-9223372036854775809", "null"):
        with pytest.raises(ValidationError):
            m.PluginContext.model_validate_json('{"orgID": ' + value + "}", strict=True)
    assert m.PluginContext.model_validate_json('{"orgID": "7"}').org_id == 7  # lax stays lax
    nullable = m.PluginMetadata.model_validate_json('{"author": null}', strict=True)
    assert nullable.author is None and "author" in nullable.model_fields_set
