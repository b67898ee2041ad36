"""Which statuses a generated service answers that a spec does not document (scaffold upgrade's warning)."""

from __future__ import annotations

import copy
import dataclasses

from scaffold.codegen.languages import descriptor
from scaffold.codegen.service_statuses import undocumented_statuses
from scaffold.contracts import KIND_NAMES
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument


def _with_responses(spec: SpecDocument, path: str, responses: list[str]) -> SpecDocument:
    data = copy.deepcopy(spec.data)
    operation = data["paths"][path]["post"]
    kept = operation["responses"]["200"]
    operation["responses"] = {"200": kept, **{status: {"description": status} for status in responses}}
    return dataclasses.replace(spec, version="9.9.9", data=data)


def test_the_newest_specs_document_every_status_and_the_released_1_2_0_does_not() -> None:
    assert undocumented_statuses("python", load_shipped("datasource-plugin", "1.2.0+r3")) == []
    assert undocumented_statuses("python", load_shipped("dashboard-module", "2026.1.1+r2")) == []
    old = {
        (u.operation, u.status)
        for u in undocumented_statuses("python", load_shipped("datasource-plugin", "1.2.0"))
    }
    assert ("POST /datasource/constructor-fields", "400") in old and ("GET /well-known", "500") in old
    assert ("POST /query/get-result", "400") not in old, "1.2.0 documents 400 there"


def test_a_range_or_default_response_documents_its_statuses() -> None:
    spec = load_shipped("datasource-plugin", "1.2.0+r3")
    path = "/variable/values"
    ranged = _with_responses(spec, path, ["4XX", "5XX"])
    assert [u for u in undocumented_statuses("python", ranged) if u.operation.endswith(path)] == []
    default = _with_responses(spec, path, ["default"])
    assert [u for u in undocumented_statuses("python", default) if u.operation.endswith(path)] == []
    only_400 = _with_responses(spec, path, ["400"])
    missing = [u.status for u in undocumented_statuses("python", only_400) if u.operation.endswith(path)]
    assert missing == ["413", "422", "500"]


def test_every_service_language_says_what_its_service_answers() -> None:
    """Found: `scaffold upgrade` of a TypeScript plugin ended in a KeyError traceback."""
    for kind in KIND_NAMES.values():
        for language in kind.service_languages:
            assert descriptor(language).service_statuses is not None, f"{kind.name} in {language}"
