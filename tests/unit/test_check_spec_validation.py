"""Validation against spec schemas named by pointer, with the spec's own $refs and int widths."""

from __future__ import annotations

from scaffold.host.spec_validation import SpecValidator, response_pointer, schema_pointer
from scaffold.specs import catalog
from scaffold.specs.shapes import OperationShape, operations


def _plugin() -> tuple[SpecValidator, dict[str, OperationShape]]:
    spec = catalog.load_shipped("datasource-plugin", "1.2.0")
    return SpecValidator(spec), {op.operation_id: op for op in operations(spec)}


def test_spec_examples_are_valid() -> None:
    validator, _ = _plugin()
    spec = validator.spec
    for op in operations(spec):
        for response in op.responses:
            media = spec.data["paths"][op.path][op.method]["responses"][response.status]["content"][
                "application/json"
            ]
            for example in media["examples"].values():
                assert validator.errors_for_response(op, int(response.status), example["value"]) == []


def test_inline_response_schema_with_refs() -> None:
    validator, ops = _plugin()
    errors = validator.errors_for_response(
        ops["getQueryConstructorFields"], 200, [{"code": "a", "type": "dropdown"}]
    )
    assert len(errors) == 1
    assert errors[0].startswith("at $[0].type:")


def test_int32_width_is_checked() -> None:
    validator, ops = _plugin()
    errors = validator.errors_for_response(ops["getQueryResult"], 200, {"status": 2**40})
    assert errors == ["at $.status: 1099511627776 is not a 'int32'"]
    assert validator.errors_for_schema("QueryDataResponse", {"status": 500}) == []


def test_error_list_is_short() -> None:
    validator, _ = _plugin()
    errors = validator.errors_for_schema(
        "QueryDataResponse", {"frames": [{"fields": [{"values": list(range(10))}]}]}
    )
    assert len(errors) == 4
    assert errors[-1] == "and 7 more"


def test_inline_schema_from_a_callback() -> None:
    spec = catalog.load_shipped("dashboard-module", "2026.1.1")
    validator = SpecValidator(spec)
    fetch = {"$ref": "#/components/schemas/FETCH_STATUSES"}
    assert validator.errors_for_value(fetch, "fetchLinerError") == []
    assert validator.errors_for_value(fetch, "done")


def test_pointers() -> None:
    _, ops = _plugin()
    assert schema_pointer("Field") == "/components/schemas/Field"
    assert response_pointer(ops["getQueryResult"], 400) == (
        "/paths/~1query~1get-result/post/responses/400/content/application~1json/schema"
    )


def test_a_shared_response_is_validated_where_the_spec_wrote_it() -> None:
    """`responses: {'500': {$ref: '#/components/responses/InternalError'}}` resolves to its schema."""
    from dataclasses import replace

    from scaffold.specs.shapes import wire_schemas

    shipped = catalog.load_shipped("datasource-plugin", "1.2.0")
    data = {
        **shipped.data,
        "paths": dict(shipped.data["paths"]),
        "components": dict(shipped.data["components"]),
    }
    data["components"]["schemas"] = {
        **shipped.data["components"]["schemas"],
        "Problem": {"type": "object", "required": ["error"], "properties": {"error": {"const": True}}},
    }
    data["components"]["responses"] = {
        "InternalError": {
            "description": "unexpected",
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Problem"}}},
        }
    }
    well_known = dict(data["paths"]["/well-known"]["get"])
    well_known["responses"] = {
        **well_known["responses"],
        "500": {"$ref": "#/components/responses/InternalError"},
    }
    data["paths"]["/well-known"] = {"get": well_known}
    spec = replace(shipped, data=data, sha256="1" * 64)
    operation = next(op for op in operations(spec) if op.operation_id == "getMetadata")
    assert (
        response_pointer(operation, 500)
        == "/components/responses/InternalError/content/application~1json/schema"
    )
    validator = SpecValidator(spec)
    assert validator.errors_for_response(operation, 500, {"error": True}) == []
    assert validator.errors_for_response(operation, 500, {"error": False}) != []
    assert "Problem" in wire_schemas(spec)
