"""The generator of a TypeScript plugin's contract-owned files (scaffold/codegen/typescript/plugin_service.py)."""

from __future__ import annotations

import copy
import dataclasses
import re
from collections.abc import Callable
from typing import Any

import pytest

from scaffold.codegen.header import read_copy_stamp, read_stamp
from scaffold.codegen.python.runtime_files.text_catalog import RUNTIME_TEXTS
from scaffold.codegen.typescript.literals import ts_string
from scaffold.codegen.typescript.plugin_service import contract_files, typescript_operations
from scaffold.errors import GenerationError
from scaffold.projects.kinds import KINDS
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument

SPEC = load_shipped("datasource-plugin")
ANSWERS = {"project_name": "acme-sales", "package_name": "acme_sales", "language": "typescript"}


def variant(edit: Callable[[dict[str, Any]], None]) -> SpecDocument:
    data = copy.deepcopy(dict(SPEC.data))
    edit(data)
    return dataclasses.replace(SPEC, data=data)


def test_every_file_is_in_the_contract_folder_with_its_header() -> None:
    files = contract_files(SPEC, ANSWERS)
    kind = KINDS["plugin"].for_language("typescript")
    assert all(kind.owns_contract_path(path, "acme_sales") for path in files)
    assert {path.rsplit("/", 1)[1] for path in files} >= {"types.ts", "base.ts", "operations.ts", "serve.ts"}
    for path, text in files.items():
        head = "\n".join(text.splitlines()[:2])
        assert read_stamp(head) is not None or read_copy_stamp(head) is not None, path
        assert text.startswith("// "), path


def test_the_dispatcher_follows_the_plugin_base_path_in_python() -> None:
    """The same operations, paths and error shapes the Python plugin serves."""
    ops = {op.operation_id: op for op in typescript_operations(SPEC)}
    assert list(ops) == [
        "getMetadata",
        "checkHealth",
        "getDatasourceConstructorFields",
        "getQueryConstructorFields",
        "getQueryResult",
        "getVariableConstructorFields",
        "getVariableValues",
    ]
    assert ops["getMetadata"].request_schema is None
    assert ops["getQueryResult"].request_schema == "#/components/schemas/QueryDataRequest"
    assert (ops["checkHealth"].error_status_type, ops["checkHealth"].error_validation_errors) == (
        "boolean",
        True,
    )
    assert ops["getQueryResult"].error_status_type == "integer"
    assert ops["getVariableValues"].error_status_type is None
    assert ops["getVariableValues"].response_type == "ConstructorFieldPropOption[]"
    assert ops["checkHealth"].request_secrets == (("fields",),)
    assert ops["checkHealth"].response_secrets == (("datasourceConfig", "fields"),)


def test_each_operation_is_an_abstract_method_a_newer_contract_adds_to() -> None:
    base = contract_files(SPEC, ANSWERS)["src/contract/base.ts"]
    assert re.findall(r"^  abstract (\w+)\(", base, re.M) == [
        op.method_name for op in typescript_operations(SPEC)
    ]
    assert (
        "abstract getQueryResult(request: QueryDataRequest, context: RequestContext): Promise<QueryDataResponse>;"
        in base
    )

    def add_operation(data: dict[str, Any]) -> None:
        data["paths"]["/query/explain"] = {"post": {**data["paths"]["/query/get-result"]["post"]}}
        data["paths"]["/query/explain"]["post"]["operationId"] = "explainQuery"

    newer = contract_files(variant(add_operation), ANSWERS)["src/contract/base.ts"]
    assert "abstract explainQuery(request: QueryDataRequest" in newer


@pytest.mark.parametrize("operation_id", ["get-result", "GetResult", "constructor", "secretFields"])
def test_an_operation_id_that_cannot_be_a_method_is_refused(operation_id: str) -> None:
    def rename(data: dict[str, Any]) -> None:
        data["paths"]["/query/get-result"]["post"]["operationId"] = operation_id

    with pytest.raises(GenerationError, match="cannot be a method name"):
        contract_files(variant(rename), ANSWERS)


def test_the_glue_texts_are_the_python_plugin_texts() -> None:
    texts = contract_files(SPEC, ANSWERS)["src/contract/texts.ts"]
    for locale, entries in RUNTIME_TEXTS.items():
        assert f"'{locale}': {{" in texts
        for key, text in entries.items():
            entry = rf"(?:'{re.escape(key)}'|{re.escape(key)}): {re.escape(ts_string(text))},"
            assert re.search(entry, texts), (locale, key)


def test_the_output_is_the_same_on_every_run() -> None:
    assert contract_files(SPEC, ANSWERS) == contract_files(SPEC, ANSWERS)
