"""The generator of a Go plugin's contract-owned package (scaffold/codegen/go/): what it reads, what it refuses.

Whether the generated Go compiles, is gofmt-clean and decodes as strictly as the spec says is
tested with a real Go toolchain in tests/functional/test_plugin_go.py; here, the model and the
text, without Go.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from scaffold.codegen.go.names import exported, go_comment, go_string
from scaffold.codegen.go.operations import go_operations
from scaffold.codegen.go.plugin_service import contract_files, role_packages, runtime_modules
from scaffold.codegen.go.types import go_model
from scaffold.codegen.header import read_copy_stamp, read_stamp
from scaffold.errors import GenerationError
from scaffold.projects.kinds import KINDS
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument
from scaffold.specs.service_schemas import service_model

SPEC = load_shipped("datasource-plugin")
ANSWERS = {"project_name": "acme-sales", "package_name": "acme_sales", "language": "go"}
GENERATED = re.compile(r"^// Code generated .* DO NOT EDIT\.$")  # Go's own rule (go help generate)


def variant(edit: Callable[[dict[str, Any]], None]) -> SpecDocument:
    data = copy.deepcopy(dict(SPEC.data))
    edit(data)
    return dataclasses.replace(SPEC, data=data)


def test_every_file_is_in_the_contract_package_marked_as_generated_or_copied() -> None:
    """Generated files carry Go's generated-code marker; copied runtime files do not (issue 39
    point 5: linters skipped 4,507 hand-written lines marked as generated), but say they are copied."""
    files = contract_files(SPEC, ANSWERS)
    kind = KINDS["plugin"].for_language("go")
    assert all(kind.owns_contract_path(path, "acme_sales") for path in files)
    names = {path.removeprefix("internal/contract/") for path in files}
    assert {"types_gen.go", "json_gen.go", "operations_gen.go", "spec_gen.go", "texts_gen.go"} <= names
    assert set(runtime_modules()) <= names and not any(name.endswith("_test.go") for name in names)
    for path, text in files.items():
        first = text.splitlines()[0]
        copied = read_copy_stamp(first) is not None
        assert copied == (path.removeprefix("internal/contract/") in runtime_modules()), path
        if copied:
            assert not GENERATED.match(first), f"{path}: copied runtime code marked as generated"
        else:
            assert GENERATED.match(first), path  # editors, gofmt and linters treat the file as generated
            assert read_stamp(first) is not None, path
        role = (
            path.removeprefix("internal/contract/").rsplit("/", 1)[0] if path.count("/") == 3 else "contract"
        )
        assert f"\npackage {role}\n" in text, path


def test_the_runtime_is_packages_by_role_imported_by_the_project_s_module_path() -> None:
    """Issue 39 point 5: a role (secrets: tokens and keys) is a package of its own under
    internal/contract/, holding the shared values it uses; the contract package imports it under
    the project's module path (go.mod's, the project's name) and keeps the names it always had."""
    files = contract_files(SPEC, ANSWERS)
    assert "secrets" in role_packages()
    assert "internal/contract/secrets/secrets.go" in files
    values = files["internal/contract/secrets/values_gen.go"]
    assert "\npackage secrets\n" in values and "const EncryptedPrefix = " in values
    assert "DurationBuckets" not in values  # only what the package uses
    box = files["internal/contract/secretbox.go"]
    assert '"acme-sales/internal/contract/secrets"' in box and "example.com" not in box
    assert "type SecretBox = secrets.Box" in box
    assert not any("example.com/plugin" in text for text in files.values())


def test_the_output_is_the_same_every_time() -> None:
    assert contract_files(SPEC, ANSWERS) == contract_files(SPEC, ANSWERS)


@pytest.mark.parametrize(
    ("wire", "go"),
    [
        ("dataSourceInstanceSettings", "DataSourceInstanceSettings"),
        ("refID", "RefID"),
        ("baseUrl", "BaseURL"),
        ("json", "JSON"),
        ("getQueryResult", "GetQueryResult"),
        ("max_data_points", "MaxDataPoints"),
    ],
)
def test_names_are_spelled_as_go_teams_spell_them(wire: str, go: str) -> None:
    assert exported(wire) == go


def test_presence_is_carried_without_pointers() -> None:
    model = go_model(service_model(SPEC))
    fields = {f.wire: f.go for f in model.schemas["DataQuery"].fields}
    assert fields["refID"] == "Opt[string]" and fields["maxDataPoints"] == "Opt[int64]"
    request = {f.wire: f.go for f in model.schemas["QueryDataRequest"].fields}
    assert request["dataQuery"] == "[]DataQuery"  # required
    assert request["variables"] == "Variables"  # a named map: nil is absent
    metadata = {f.wire: f.go for f in model.schemas["PluginMetadata"].fields}
    assert metadata["author"] == "Nullable[string]"
    source = contract_files(SPEC, ANSWERS)["internal/contract/types_gen.go"]
    assert "*" not in re.sub(r"//.*", "", source), "no pointer types in the declarations"


def test_a_one_of_of_two_json_types_is_a_sum_type() -> None:
    model = go_model(service_model(SPEC))
    union = model.schemas["VariableValue"]
    assert union.kind == "union" and [kind for kind, _ in union.branches] == ["string", "array"]
    source = contract_files(SPEC, ANSWERS)["internal/contract/types_gen.go"]
    assert "func VariableValueFromString(value string) VariableValue" in source
    assert "func (v VariableValue) AsArray() ([]string, bool)" in source


def test_the_handler_has_one_method_per_operation() -> None:
    source = contract_files(SPEC, ANSWERS)["internal/contract/operations_gen.go"]
    ops = go_operations(SPEC, go_model(service_model(SPEC)))
    assert [op.method for op in ops] == [
        "GetMetadata",
        "CheckHealth",
        "GetDatasourceConstructorFields",
        "GetQueryConstructorFields",
        "GetQueryResult",
        "GetVariableConstructorFields",
        "GetVariableValues",
    ]
    assert (
        "\tGetQueryResult(ctx context.Context, rc RequestContext, request *QueryDataRequest) (*QueryDataResponse, error)\n"
        in source
    )
    assert "\tGetMetadata(ctx context.Context, rc RequestContext) (*PluginMetadata, error)\n" in source
    assert '\ts.mux.HandleFunc("POST "+BasePath+"/query/get-result", s.serveGetQueryResult)\n' in source


def test_secrets_are_revealed_and_sealed_where_the_contract_carries_fields() -> None:
    source = contract_files(SPEC, ANSWERS)["internal/contract/operations_gen.go"]
    assert "s.revealFields(request.Fields)" in source
    assert (
        "if request.PluginContext.Set && request.PluginContext.Value.DataSourceInstanceSettings.Set {"
        in source
    )
    assert "s.sealFields(answer.DatasourceConfig.Value.Fields)" in source


def _set(path: list[str], value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return edit


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (
            _set(["components", "schemas", "DataQuery", "properties", "ref_id"], {"type": "string"}),
            'the properties "refID" and "ref_id" both become the Go field RefID',
        ),
        (
            _set(
                ["paths", "/query/get-result", "post", "responses", "422", "content", "application/json"],
                {"schema": {"type": "object", "properties": {}}},
            ),
            "POST /query/get-result answers 422 with an inline schema",
        ),
        (
            _set(
                ["paths", "/query/get-result", "post", "responses", "4XX"],
                {"description": "any client error"},
            ),
            "documents the status '4XX'",
        ),
    ],
)
def test_what_go_names_or_handlers_cannot_hold_is_refused_naming_the_place(
    edit: Callable[[dict[str, Any]], None], expected: str
) -> None:
    with pytest.raises(GenerationError) as caught:
        contract_files(variant(edit), ANSWERS)
    assert expected in str(caught.value)


def test_the_published_document_names_the_service_itself() -> None:
    source = contract_files(SPEC, ANSWERS)["internal/contract/spec_gen.go"]
    assert 'var Document = []byte("{' in source
    assert r"\"servers\":[{\"url\":\"/api/v1\"" in source


def test_answers_are_judged_by_the_decoder_of_each_documented_status() -> None:
    """conformance_gen.go: every status of every operation, and its body's strict decoder."""
    source = contract_files(SPEC, ANSWERS)["internal/contract/conformance_gen.go"]
    assert '"POST /query/get-result": {' in source
    assert "422: func(data []byte) error { var v QueryDataResponse; return v.UnmarshalJSON(data) }," in source
    assert "200: func(data []byte) error { return checkList(data, decodeConstructorField) }," in source
    assert source.count("413: func(data []byte) error { var v ErrorResponse;") == 6  # every POST


def test_every_request_example_of_the_spec_is_listed_for_replay() -> None:
    source = contract_files(SPEC, ANSWERS)["internal/contract/conformance_gen.go"]
    assert '{Method: "GET", Path: "/well-known", Name: "no body"},' in source
    listed = re.findall(r'\{Method: "(\w+)", Path: "([^"]+)", Name: "([^"]+)"', source)
    expected = [
        (method.upper(), path, name)
        for path, item in SPEC.data["paths"].items()
        for method, operation in item.items()
        for name in (
            (operation.get("requestBody") or {})
            .get("content", {})
            .get("application/json", {})
            .get("examples")
            or {"no body": None}
        )
    ]
    assert listed == expected and len(listed) == 10


BOM = "\ufeff"  # U+FEFF: Go source may hold it only as a file's first character (issue 38)


@pytest.mark.parametrize(
    "text", [BOM, f"a{BOM}b", f"{BOM}lead and trail{BOM}", f'quote " back \\ {BOM} \u2028']
)
def test_a_zero_width_no_break_space_is_escaped_in_literals_and_comments(text: str) -> None:
    literal = go_string(text)
    assert BOM not in literal and "\\ufeff" in literal
    assert json.loads(literal) == text  # Go reads the literal's escapes as JSON does: the same value
    comment = go_comment(text)
    assert BOM not in comment and "\n" not in comment


def test_a_zero_width_no_break_space_anywhere_in_the_spec_text_never_reaches_a_go_file() -> None:
    def edit(data: dict[str, Any]) -> None:
        data["info"]["title"] = f"Acme{BOM}"
        data["info"]["x-example-secret-key"] = f"key{BOM}"
        operation = data["paths"]["/query/get-result"]["post"]
        operation["summary"] = operation["description"] = f"Get{BOM}result"
        examples = operation["requestBody"]["content"]["application/json"]["examples"]
        examples[f"bom{BOM}"] = {"value": {**examples["twoQueries"]["value"], "variables": {"v": BOM}}}
        schemas = data["components"]["schemas"]
        schemas["DatasourceFieldType"]["enum"].append(f"odd{BOM}value")
        schemas["DataQuery"]["description"] = f"A query{BOM}"
        schemas["DataQuery"]["properties"]["refID"]["description"] = BOM
        schemas["DataQuery"]["properties"]["refID"]["examples"] = [BOM]

    spec = variant(edit)
    files = contract_files(spec, ANSWERS)
    assert [path for path, text in files.items() if BOM in text] == []
    types = files["internal/contract/types_gen.go"]
    assert 'DatasourceFieldTypeOddValue DatasourceFieldType = "odd\\ufeffvalue"' in types
    assert "// DataQuery is the contract's DataQuery: A query\\ufeff" in types
    conformance = files["internal/contract/conformance_gen.go"]
    assert (
        'var PublishedSecretKeys = [...]string{"key\\ufeff"}'
        in files["internal/contract/runtime_constants_gen.go"]
    )
    assert 'Name: "bom\\ufeff"' in conformance
