"""The plugin's contract-owned code generator: operations read from the spec, files it writes."""

from __future__ import annotations

import ast
import copy
from pathlib import Path
from typing import Any

import pytest

from scaffold import __version__
from scaffold.codegen.header import CopyStamp, read_copy_stamp, read_stamp
from scaffold.codegen.plugin_project import contract_files
from scaffold.codegen.plugin_shapes import base_path, secret_paths
from scaffold.codegen.python.plugin_operations import plugin_operations
from scaffold.codegen.python.plugin_service import RUNTIME_MODULES, all_order, import_order
from scaffold.codegen.python.render import docstring_text, python_string
from scaffold.codegen.python.runtime_files import project_name, runtime_file
from scaffold.errors import GenerationError
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from scaffold.specs.shapes import snake_case
from tests.conftest import FUTURE_PLUGIN_SPEC

SPEC = load_shipped("datasource-plugin")
FUTURE = load_spec_file(FUTURE_PLUGIN_SPEC)
RUNTIME = Path(__file__).resolve().parents[2] / "scaffold" / "codegen" / "python" / "runtime_files"


def variant(change: Any) -> SpecDocument:
    data = copy.deepcopy(dict(SPEC.data))
    change(data)
    return SpecDocument(SPEC.contract, "9.9.9", "test", SPEC.path, "0" * 64, data)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("getMetadata", "get_metadata"),
        ("checkHealth", "check_health"),
        ("getDatasourceConstructorFields", "get_datasource_constructor_fields"),
        ("explainQuery", "explain_query"),
        ("getHTTPStatus", "get_http_status"),
        ("getV2Values", "get_v2_values"),
        ("list-things", "list_things"),
    ],
)
def test_snake_case(name: str, expected: str) -> None:
    assert snake_case(name) == expected


def test_operations_of_the_shipped_spec() -> None:
    ops = {op.method_name: op for op in plugin_operations(SPEC)}
    assert list(ops) == [
        "get_metadata",
        "check_health",
        "get_datasource_constructor_fields",
        "get_query_constructor_fields",
        "get_query_result",
        "get_variable_constructor_fields",
        "get_variable_values",
    ]
    metadata = ops["get_metadata"]
    assert (metadata.http_method, metadata.path, metadata.request_class) == ("get", "/well-known", None)
    assert metadata.signature == "def get_metadata(self, context: RequestContext) -> PluginMetadata"
    health = ops["check_health"]
    assert (health.request_class, health.response_class, health.response_is_list) == (
        "DatasourceConfig",
        "HealthCheckResponse",
        False,
    )
    assert (health.error_status_type, health.error_validation_errors) == ("boolean", True)
    assert health.request_secrets == (("fields",),)
    assert health.response_secrets == (("datasourceConfig", "fields"),)
    result = ops["get_query_result"]
    assert (result.error_status_type, result.error_validation_errors) == ("integer", True)
    assert result.request_secrets == (("pluginContext", "dataSourceInstanceSettings", "fields"),)
    fields = ops["get_query_constructor_fields"]
    assert fields.return_annotation == "list[ConstructorField]" and fields.error_status_type is None
    assert ops["get_variable_values"].return_annotation == "list[ConstructorFieldPropOption]"


def test_a_new_operation_is_picked_up() -> None:
    ops = {op.method_name: op for op in plugin_operations(FUTURE)}
    explain = ops["explain_query"]
    assert explain.key == "POST /query/explain"
    assert explain.signature == (
        "def explain_query(self, request: QueryDataRequest, context: RequestContext) -> list[QueryExplanation]"
    )
    assert explain.constant == "EXPLAIN_QUERY"


def test_base_path_from_the_servers_url() -> None:
    assert base_path(SPEC) == "/api/v1"
    assert (
        base_path(variant(lambda d: d.__setitem__("servers", [{"url": "https://x.example/plugins/v2/"}])))
        == "/plugins/v2"
    )
    assert base_path(variant(lambda d: d.__setitem__("servers", []))) == "/api/v1"


def test_secret_paths_follow_refs_without_looping() -> None:
    schemas = {
        "A": {
            "properties": {
                "b": {"$ref": "#/components/schemas/B"},
                "self": {"$ref": "#/components/schemas/A"},
            }
        },
        "B": {
            "properties": {
                "list": {"type": "array", "items": {"$ref": "#/components/schemas/DatasourceField"}}
            }
        },
    }
    assert secret_paths({"$ref": "#/components/schemas/A"}, schemas) == (("b", "list"),)
    assert secret_paths({"type": "object"}, schemas) == ()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda d: d["paths"]["/query/get-result"]["post"].__setitem__("operationId", "getVariableValues"),
            "both become the method get_variable_values",
        ),
        (
            lambda d: d["paths"]["/query/get-result"]["post"].__setitem__("operationId", "class"),
            "not a Python identifier",
        ),
        (
            lambda d: d["paths"]["/well-known"]["get"]["responses"].pop("200"),
            "has no JSON success response",
        ),
        (
            lambda d: d["paths"]["/query/get-result"]["post"]["requestBody"]["content"][
                "application/json"
            ].__setitem__("schema", {"type": "object"}),
            "inline schema",
        ),
    ],
)
def test_specs_the_generator_cannot_serve(change: Any, message: str) -> None:
    with pytest.raises(GenerationError, match=message):
        plugin_operations(variant(change))


def test_contract_files_are_the_contract_folder_and_the_service_conftest() -> None:
    files = contract_files(SPEC, {"package_name": "acme_sales"})
    generated = {
        "__init__.py",
        "base.py",
        "form_texts.py",  # imports the models: rendered, not copied
        "frames.py",
        "models.py",
        "openapi_document.py",
        "routes.py",
        "runtime_constants.py",  # rendered from scaffold/codegen/runtime_values.py
        "runtime_texts.py",  # rendered from scaffold/codegen/glue_texts.py
        "saved_config.py",
    }
    copied = {project_name(source): source for source in RUNTIME_MODULES}
    assert set(files) == {f"acme_sales/_contract/{name}" for name in generated | set(copied)} | {
        "conftest.py"
    }
    conftest = read_stamp(files["conftest.py"])
    assert conftest is not None and conftest.sha256 == SPEC.sha256
    assert (
        "from acme_sales._contract.starter_corrections import (\n    pytest_collection_modifyitems,\n)"
        in (files["conftest.py"])
    )
    for name in generated:
        stamp = read_stamp(files[f"acme_sales/_contract/{name}"])
        assert stamp is not None and (stamp.version, stamp.sha256) == (SPEC.version, SPEC.sha256), name
    for name, source in copied.items():
        text = files[f"acme_sales/_contract/{name}"]
        assert read_stamp(text) is None, f"{name} is copied whatever the spec: no spec stamp"
        assert read_copy_stamp(text) == CopyStamp(
            __version__, f"scaffold/codegen/python/runtime_files/{source}"
        )
        assert text == runtime_file(source)
    for path, text in files.items():
        ast.parse(text, path)


def test_contract_files_are_deterministic_and_follow_the_package() -> None:
    first = contract_files(SPEC, {"package_name": "acme_sales"})
    assert contract_files(SPEC, {"package_name": "acme_sales"}) == first
    other = contract_files(SPEC, {"package_name": "other_pkg"})
    assert set(other) == {p.replace("acme_sales/", "other_pkg/") for p in first}
    assert "`other_pkg/datasource.py`" in other["other_pkg/_contract/base.py"]


def test_routes_and_base_list_every_operation() -> None:
    for spec in (SPEC, FUTURE):
        files = contract_files(spec, {"package_name": "p"})
        routes, base = files["p/_contract/routes.py"], files["p/_contract/base.py"]
        listed = base[base.index("OPERATIONS: tuple[Operation, ...] = (") :].split(")", 1)[0]
        assert "for op in in_route_order(OPERATIONS, first, CONTRACT):" in routes
        for op in plugin_operations(spec):
            assert f"    {op.constant},\n" in listed  # routes.py adds a route for each of OPERATIONS
            assert f"    def {op.method_name}(" in base
            assert f'signature="{op.signature}"' in base
        assert 'BASE_PATH = "/api/v1"' in routes


def test_init_exports_models_and_helpers() -> None:
    init = contract_files(SPEC, {"package_name": "p"})["p/_contract/__init__.py"]
    tree = ast.parse(init)
    exported = next(node for node in tree.body if isinstance(node, ast.Assign))
    names = [element.value for element in exported.value.elts]  # type: ignore[attr-defined]
    assert {
        "DataSourceBase",
        "PluginError",
        "RequestContext",
        "FrameField",
        "timestamp_frame",
        "build_router",
    } <= set(names)
    assert names == all_order(names)


def test_isort_orders() -> None:
    names = ["DataSourceBase", "CONTRACT", "DatasourceConfig", "build_router", "OPERATIONS", "DataQuery"]
    assert import_order(names) == [
        "CONTRACT",
        "OPERATIONS",
        "DataQuery",
        "DataSourceBase",
        "DatasourceConfig",
        "build_router",
    ]
    assert all_order(names) == [
        "CONTRACT",
        "OPERATIONS",
        "DataQuery",
        "DataSourceBase",
        "DatasourceConfig",
        "build_router",
    ]
    assert import_order(["DatasourceConfig", "DataSourceConstructorRequest"]) == [
        "DatasourceConfig",
        "DataSourceConstructorRequest",
    ]
    assert all_order(["DatasourceConfig", "DataSourceConstructorRequest"]) == [
        "DataSourceConstructorRequest",
        "DatasourceConfig",
    ]


def test_render_filters() -> None:
    assert python_string('say "hi"\n') == repr('say "hi"\n')
    text = docstring_text('A """quoted""" \\ text.\n\nSecond   paragraph.', indent=4, width=40)
    assert '"""' not in text.replace('\\"\\"\\"', "")
    assert text.startswith("    A ") and "\n\n    Second paragraph." in text
