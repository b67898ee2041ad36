"""Contract-owned files of a data source plugin service in Python: `<package>/_contract/`.

The pipeline: spec -> operations (scaffold.codegen.python.plugin_operations) -> models
(datamodel-code-generator) + rendered modules (base.py, routes.py, frames.py, __init__.py) +
static runtime modules (scaffold/codegen/python/runtime_files) -> {relative path: text}. Every file
starts with a DO-NOT-EDIT header (generated from the spec, or copied from scaffold), so
`scaffold regenerate` may rewrite the folder whole; the project's own code (datasource.py, the example, locales, tests) only imports from it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable

from scaffold.codegen.generator import Answers
from scaffold.codegen.plugin_shapes import base_path
from scaffold.codegen.python.headers import python_header
from scaffold.codegen.python.models import generate_python_models
from scaffold.codegen.python.openapi_document import openapi_document_module
from scaffold.codegen.python.plugin_operations import PluginOperation, plugin_operations
from scaffold.codegen.python.render import render
from scaffold.codegen.python.runtime_files import project_name, runtime_file
from scaffold.codegen.python.service_conftest import SERVICE_CONFTEST, service_conftest
from scaffold.codegen.python.shared_values import (
    CONSTANTS_FILE,
    TEXTS_FILE,
    python_runtime_constants,
    python_runtime_texts,
)
from scaffold.codegen.runtime_values import spec_values
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument

CONTRACT_FOLDER = "_contract"
# Static runtime modules copied as they are (scaffold.codegen.python.runtime_files.project_name gives
# each one's name in the project).
RUNTIME_MODULES = (
    "answer_json.py",
    "body_limits.py",
    "text_catalog.py",
    "context.py",
    "dispatch.py",
    "errors.py",
    "forms.py",
    "form_values.py",
    "http_json.py",
    "hang_up.py",
    "locale.py",
    "logs.py",
    "metrics.py",
    "observability.py",
    "operation_table.py",
    "secret_keys.py",
    "secrets.py",
    "serving.py",
    "starter_corrections.py",
    "strict_json.py",
    "stub.py",
    "published_spec.py",
    "query_text.py",
    "wire_names.py",
)
# Names the package __init__ exports besides the model classes.
_HELPER_EXPORTS = (
    "BASE_PATH",
    "CONTRACT",
    "OPERATIONS",
    "Catalog",
    "ConfigCheck",
    "ConfigurationError",
    "DataSourceBase",
    "FormMessages",
    "MissingOperationError",
    "PluginError",
    "RequestContext",
    "SecretBox",
    "StartupError",
    "build_router",
    "check_config",
    "config_values",
    "expand_variables",
    "filter_values",
    "bool_value",
    "list_value",
    "number_value",
    "text_value",
    "ArrayGroup",
    "FilterValues",
    "FormTexts",
    "frame",
    "install_error_handlers",
    "load_secret_box",
    "parse_json_object",
    "query_error",
    "query_json",
    "query_response",
    "regular_field",
    "regular_frame",
    "require_valid_config",
    "saved_config",
    "sql_string",
    "stub_data_source",
    "timestamp_field",
    "timestamp_frame",
    "url_component",
    "variable_query_json",
    "variable_reference",
)


def contract_files(spec: SpecDocument, answers: Answers) -> dict[str, str]:
    """Every file of `<package>/_contract/` for `spec`, as relative path -> text."""
    package = str(answers["package_name"])
    folder = f"{package}/{CONTRACT_FOLDER}"
    models = generate_python_models(spec)
    model_classes = model_class_names(models)
    operations = plugin_operations(spec)
    _require_classes(spec, operations, model_classes)
    context = {
        "header": python_header(spec),
        "contract": spec.identity(),
        "package": package,
        "operations": operations,
        "classes": import_order({name for op in operations for name in op.classes}),
        "model_classes": import_order(model_classes),
        "base_imports": import_order({"CONTRACT", "OPERATIONS", "DataSourceBase"}),
        "exports": all_order({*_HELPER_EXPORTS, *model_classes}),
        "base_path": base_path(spec),
        "datasource_field_types": _datasource_field_types(spec),
    }
    files = {
        f"{folder}/models.py": models,
        f"{folder}/base.py": render("plugin/base.py.jinja", **context),
        f"{folder}/routes.py": render("plugin/routes.py.jinja", **context),
        f"{folder}/frames.py": render("plugin/frames.py.jinja", **context),
        f"{folder}/saved_config.py": render("plugin/saved_config.py.jinja", **context),
        f"{folder}/form_texts.py": render("plugin/form_texts.py.jinja", **context),
        f"{folder}/__init__.py": render("plugin/__init__.py.jinja", **context),
        f"{folder}/openapi_document.py": openapi_document_module(spec, python_header(spec), base_path(spec)),
        SERVICE_CONFTEST: service_conftest(python_header(spec), package),
        # what every language's runtime shares, rendered (not copied: runtime_files/ reads the source)
        f"{folder}/{CONSTANTS_FILE}": python_header(spec) + python_runtime_constants(spec_values(spec.data)),
        f"{folder}/{TEXTS_FILE}": python_header(spec) + python_runtime_texts(),
    }
    for source in RUNTIME_MODULES:
        files[f"{folder}/{project_name(source)}"] = runtime_file(source)
    return dict(sorted(files.items()))


def _datasource_field_types(spec: SpecDocument) -> str:
    """The enum of DatasourceField.type (inline or a named schema), as a Python set literal."""
    schemas = spec.data.get("components", {}).get("schemas", {}) or {}
    node = ((schemas.get("DatasourceField") or {}).get("properties") or {}).get("type") or {}
    for _ in range(4):  # a $ref to the named enum (revision 2 on), maybe through allOf
        ref = node.get("$ref") if isinstance(node, dict) else None
        if isinstance(ref, str) and ref.startswith("#/components/schemas/"):
            node = schemas.get(ref.rsplit("/", 1)[-1]) or {}
        elif isinstance(node, dict) and isinstance(node.get("allOf"), list) and node["allOf"]:
            node = node["allOf"][0]
        else:
            break
    values = (
        sorted(str(v) for v in (node.get("enum") or []) if isinstance(v, str))
        if isinstance(node, dict)
        else []
    )
    return "{" + ", ".join(repr(v) for v in values) + "}" if values else "()"


def _kind(name: str) -> int:
    """isort's order-by-type: CONSTANTS, then Classes, then everything else."""
    if name.isupper() or (name.upper() == name and "_" in name):
        return 0
    return 1 if name[:1].isupper() else 2


def import_order(names: Iterable[str]) -> list[str]:
    """The order ruff's isort wants inside `from x import (...)`: by type, then case-insensitively."""
    return sorted(set(names), key=lambda n: (_kind(n), n.lower(), n))


def all_order(names: Iterable[str]) -> list[str]:
    """The order ruff's RUF022 wants for `__all__`: by type, then case-sensitively."""
    return sorted(set(names), key=lambda n: (_kind(n), n))


def model_class_names(models_source: str) -> list[str]:
    """Top-level class names of the generated models module, sorted."""
    tree = ast.parse(models_source)
    return sorted(node.name for node in tree.body if isinstance(node, ast.ClassDef))


def _require_classes(spec: SpecDocument, operations: list[PluginOperation], classes: list[str]) -> None:
    known = set(classes)
    for op in operations:
        for name in op.classes:
            if name not in known:
                raise GenerationError(
                    f"{spec.identity()}: {op.key} uses the schema {name}, which produced no model class",
                    hint="Make the schema an object schema under components/schemas.",
                )
