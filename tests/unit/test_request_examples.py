"""The request examples a TypeScript or Go project's own tests replay: one list, `$ref`s followed.

Found: the TypeScript plugin's `specExamples()` skipped an example the spec shares from
components/examples by `$ref` (the Go generator had been mended alone), and both listed an
operation whose request body is shared from components/requestBodies as having no body: its seeded
contract test would replay `no body` and get the 400 it must not get. Both now read the list of
scaffold/codegen/plugin_shapes.py's `request_examples`.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest

from scaffold.codegen.go.plugin_service import contract_files as go_files
from scaffold.codegen.plugin_shapes import NO_BODY, request_examples
from scaffold.codegen.typescript.literals import ts_literal
from scaffold.codegen.typescript.plugin_service import contract_files as typescript_files
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations

SPEC = load_shipped("datasource-plugin")


def _variant(edit: Callable[[dict[str, Any]], None]) -> SpecDocument:
    data = copy.deepcopy(dict(SPEC.data))
    edit(data)
    return dataclasses.replace(SPEC, data=data)


def _operation(data: dict[str, Any], path: str) -> dict[str, Any]:
    found: dict[str, Any] = data["paths"][path]["post"]
    return found


def share_an_example(data: dict[str, Any]) -> None:
    media = _operation(data, "/variable/values")["requestBody"]["content"]["application/json"]
    data.setdefault("components", {}).setdefault("examples", {})["sharedHosts"] = media["examples"][
        "hostnames"
    ]
    media["examples"] = {"hostnames": {"$ref": "#/components/examples/sharedHosts"}}


def share_a_request_body(data: dict[str, Any]) -> None:
    operation = _operation(data, "/variable/values")
    data.setdefault("components", {}).setdefault("requestBodies", {})["Variables"] = operation["requestBody"]
    operation["requestBody"] = {"$ref": "#/components/requestBodies/Variables"}


def _listed(spec: SpecDocument) -> list[tuple[str, str, Any]]:
    return [
        (shape.operation_id, name, body)
        for shape in operations(spec)
        for name, body in request_examples(spec, shape)
    ]


def _typescript_source(spec: SpecDocument) -> str:
    answers = {"project_name": "acme-sales", "package_name": "acme_sales", "language": "typescript"}
    return typescript_files(spec, answers)["src/contract/examples.ts"]


def _as_typescript(listed: list[tuple[str, str, Any]]) -> str:
    """The REQUEST_EXAMPLES literal examples.ts must hold for `listed`."""
    entries = [
        {"operationId": op, "name": name, **({} if body is None else {"body": body})}
        for op, name, body in listed
    ]
    return "REQUEST_EXAMPLES: readonly RequestExample[] = " + ts_literal(entries, 0, 52) + ";\n"


@pytest.mark.parametrize("edit", [share_an_example, share_a_request_body], ids=["example", "request-body"])
def test_a_shared_example_or_request_body_is_listed_like_an_inline_one(
    edit: Callable[[dict[str, Any]], None],
) -> None:
    shared = _variant(edit)
    assert _listed(shared) == _listed(SPEC), "the same examples, wherever the spec keeps them"
    values = [(op, name) for op, name, _ in _listed(shared) if op == "getVariableValues"]
    assert values and all(name != NO_BODY for _, name in values)
    assert _as_typescript(_listed(SPEC)) in _typescript_source(shared)
    go = go_files(shared, {"project_name": "acme-sales", "package_name": "acme_sales", "language": "go"})
    conformance = go["internal/contract/conformance_gen.go"]
    for _, name in values:
        assert f'Path: "/variable/values", Name: "{name}", Body: []byte(' in conformance


def test_an_operation_without_a_request_body_has_one_case() -> None:
    (metadata,) = [item for item in _listed(SPEC) if item[0] == "getMetadata"]
    assert metadata == ("getMetadata", NO_BODY, None)
    assert "  { operationId: 'getMetadata', name: 'no body' },\n" in _typescript_source(SPEC)
