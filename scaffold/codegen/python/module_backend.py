"""Contract-owned files of a module backend: models, route glue and runtime helpers.

`backend/<package>/_contract/` holds everything the contract decides (paths, body rules, caching
of the bundle, language choice, wire models); the project's own modules (settings, app factory,
demo logic, texts) pass their values into it and never get rewritten by `scaffold regenerate`.
"""

from __future__ import annotations

import json

from scaffold.codegen.module_contract import ModuleContract
from scaffold.codegen.python.headers import python_header
from scaffold.codegen.python.models import generate_python_models
from scaffold.codegen.python.module_texts_file import module_texts_source
from scaffold.codegen.python.openapi_document import openapi_document_module
from scaffold.codegen.python.render import render_plain
from scaffold.codegen.python.runtime_files import project_name, runtime_file
from scaffold.codegen.python.service_conftest import SERVICE_CONFTEST, service_conftest
from scaffold.codegen.python.shared_values import CONSTANTS_FILE, python_runtime_constants
from scaffold.codegen.runtime_values import spec_values
from scaffold.specs.document import SpecDocument

# Runtime files copied into the contract folder (scaffold.codegen.python.runtime_files names each one there).
RUNTIME_SOURCES = (
    "locale.py",
    "body_limits.py",
    "module_envelope.py",
    "module_errors.py",
    "module_endpoints.py",
    "hang_up.py",  # a plugin's too: the own endpoints end when their caller does
    "module_secrets.py",
    "secrets.py",  # the enc:v1: token; the plugins' key loading (secret_keys.py) is not copied
    "wire_names.py",
    "module_assets.py",
    "logs.py",
    "metrics.py",
    "observability.py",
    "serving.py",
    "starter_corrections.py",
    "published_spec.py",
)
STATIC_PREFIX = "/static/"


def backend_files(spec: SpecDocument, contract: ModuleContract, package: str) -> dict[str, str]:
    header = python_header(spec)
    base = f"backend/{package}/_contract"
    files = {
        f"{base}/__init__.py": header + _INIT.format(identity=spec.identity()),
        f"{base}/models.py": generate_python_models(spec),
        f"{base}/constants.py": header + constants_source(spec, contract),
        f"{base}/routes.py": render_plain("module/routes.py.jinja", header=header.rstrip("\n")),
        f"{base}/openapi_document.py": openapi_document_module(spec, header, "/"),
        f"backend/{SERVICE_CONFTEST}": service_conftest(
            header, package, lints_long_lines=True, module_secret_key=True
        ),
        # what every language's runtime shares, rendered (not copied: runtime_files/ reads the source)
        f"{base}/{CONSTANTS_FILE}": header + python_runtime_constants(spec_values(spec.data)),
        f"{base}/module_texts.py": header + module_texts_source(),
    }
    for source in RUNTIME_SOURCES:
        files[f"{base}/{project_name(source)}"] = runtime_file(source)
    return files


_INIT = '''"""Contract-owned code of this module backend ({identity}).

Rewritten whole by `scaffold regenerate` / `scaffold upgrade`: change the project's own modules
(settings.py, app.py, demo.py, endpoints.py, texts.py) instead of these files.
"""
'''


def _tuple(values: tuple[str, ...]) -> str:
    inner = ", ".join(json.dumps(v) for v in values)
    return f"({inner},)" if len(values) == 1 else f"({inner})"


def constants_source(spec: SpecDocument, contract: ModuleContract) -> str:
    release = json.dumps(spec.release_label, ensure_ascii=False)
    return (
        f'"""Values of the {spec.identity()} contract that the backend glue uses."""\n\n'
        f"CONTRACT = {json.dumps(spec.contract)}\n"
        f"CONTRACT_VERSION = {json.dumps(spec.version)}\n"
        f"RELEASE_LABEL = {release}\n\n"
        "# Paths of the module backend's endpoints (GET well-known is the one the platform requires).\n"
        f"WELL_KNOWN_PATH = {json.dumps(contract.well_known_path)}\n"
        f"DEMO_STATUS_PATH = {json.dumps(contract.demo_status_path)}\n"
        "# Where this backend serves the built frontend (scaffold's choice; entryPoint points here).\n"
        f"STATIC_PREFIX = {json.dumps(STATIC_PREFIX)}\n\n"
        "# Language of answers when Accept-Language is absent or matches nothing.\n"
        f"DEFAULT_LOCALE = {json.dumps(contract.default_locale)}\n\n"
        "# Components a module may register, in the contract's order.\n"
        f"ALLOWED_COMPONENTS = {_tuple(contract.components)}\n"
        "# A module must register this component to be added to dashboards.\n"
        f"REQUIRED_FOR_DASHBOARD = {json.dumps(contract.required_for_dashboard)}\n"
        "# Query parameters the platform may append to the JS URL.\n"
        f"CACHE_QUERY_PARAMETERS = {_tuple(contract.cache_parameters)}\n"
    )
