"""The contract diff names what changed and marks what breaks a project."""

from __future__ import annotations

import copy
from dataclasses import replace

from scaffold.specs.catalog import load_shipped, load_source
from scaffold.specs.diff import diff_specs
from tests.conftest import FUTURE_PLUGIN_SPEC


def test_future_version_changes() -> None:
    result = diff_specs(load_shipped("datasource-plugin", "1.2.0+r2"), load_source(str(FUTURE_PLUGIN_SPEC)))
    lines = {c.line() for c in result.changes}
    assert "+ endpoint POST /query/explain: explainQuery; projects must implement it  BREAKING" in lines
    assert "+ field DataQuery.intervalMs: integer(int64), optional" in lines
    assert "+ field PluginMetadata.logoUrl: string, optional" in lines
    assert "+ schema QueryExplanation: object" in lines
    assert len(result.changes) == 4
    assert [c.subject for c in result.breaking] == ["POST /query/explain"]
    assert result.render().endswith("4 changes, 1 breaking")


def test_reverse_direction_removals_break() -> None:
    result = diff_specs(load_source(str(FUTURE_PLUGIN_SPEC)), load_shipped("datasource-plugin", "1.2.0+r2"))
    assert len(result.changes) == 4
    assert all(c.breaking and c.action == "removed" for c in result.changes)


def test_identical_specs() -> None:
    spec = load_shipped("datasource-plugin")
    assert diff_specs(spec, spec).render().endswith("no changes (identical spec text)")


def _edited(change: object) -> tuple[object, object]:
    old = load_shipped("datasource-plugin")
    data = copy.deepcopy(dict(old.data))
    change(data)  # type: ignore[operator]
    return old, replace(old, data=data, sha256="0" * 64, version="1.2.1")


def test_type_change_required_change_and_enum_growth() -> None:
    def edit(data: dict) -> None:  # type: ignore[type-arg]
        schemas = data["components"]["schemas"]
        schemas["TimeRange"]["properties"]["from"]["format"] = "int32"
        schemas["DataQuery"]["required"] = ["refID"]
        schemas["ConstructorFieldSize"]["enum"].append("xxxl")
        schemas["PluginMetadata"]["properties"]["author"]["type"] = "string"

    old, new = _edited(edit)
    result = diff_specs(old, new)  # type: ignore[arg-type]
    found = {(c.subject, c.detail, c.breaking) for c in result.changes}
    assert ("TimeRange.from", "type integer(int64) -> integer(int32)", True) in found
    assert ("DataQuery.refID", "now required", True) in found
    assert any(s.startswith("ConstructorFieldSize") and not b for s, _d, b in found), found
    assert ("PluginMetadata.author", "now no longer nullable", True) in found


def test_header_and_response_changes() -> None:
    def edit(data: dict) -> None:  # type: ignore[type-arg]
        data["paths"]["/query/constructor-fields"]["post"]["parameters"] = []
        data["paths"]["/query/get-result"]["post"]["responses"].pop("400")
        data["paths"]["/well-known"]["get"]["operationId"] = "wellKnown"

    old, new = _edited(edit)
    details = {(c.subject, c.detail, c.breaking) for c in diff_specs(old, new).changes}  # type: ignore[arg-type]
    assert ("POST /query/constructor-fields", "header Accept-Language removed", False) in details
    assert ("POST /query/get-result", "response 400 removed", True) in details
    assert ("GET /well-known", "operationId getMetadata -> wellKnown (method name changes)", True) in details


def test_a_spec_revision_that_names_inline_types_changes_no_wire_type() -> None:
    result = diff_specs(
        load_shipped("datasource-plugin", "1.2.0"), load_shipped("datasource-plugin", "1.2.0+r2")
    )
    renamed = {c.subject for c in result.changes if "now named" in c.detail}
    assert {"DatasourceField.type", "ConstructorField.size", "VariablesRequest.variables"} <= renamed
    assert not any(c.breaking for c in result.changes if c.subject in renamed)
    assert [(c.subject, c.detail) for c in result.breaking] == [
        ("QueryDataRequest.dataQuery", "now required")
    ]


def test_a_union_whose_parts_get_named_schemas_changes_no_wire_type() -> None:
    """Revision 3 of the module spec names IFieldRules' two shapes; the diff called it BREAKING."""
    result = diff_specs(
        load_shipped("dashboard-module", "2026.1.1+r2"), load_shipped("dashboard-module", "2026.1.1+r3")
    )
    assert [(c.subject, c.breaking) for c in result.changes] == [
        ("IFieldRule", False),
        ("IFieldRuleList", False),
        ("IFieldRules", False),
    ]
    assert "named schemas (same values)" in result.changes[-1].detail
    revision_2 = diff_specs(
        load_shipped("dashboard-module", "2026.1.1"), load_shipped("dashboard-module", "2026.1.1+r2")
    )
    assert "VariableValues" not in {c.subject for c in revision_2.breaking}, (
        "map<VariableValue> is the same map"
    )
