"""Contract-owned files of a module backend in Go (standard library only): `backend/internal/contract/`.

The same pipeline as the Go plugin's (plugin_service.py), for the module contract's wire schemas:

- `types_gen.go`, `json_gen.go`: ModuleMetadata, LocaleArrayItem and the demo stub's
  DemoStatus* as Go types with strict decoders and encoders (types.py, declarations.py, codecs.py);
- `spec_gen.go`: the contract's document as this backend publishes it (GET /openapi.json, the
  team's own endpoints added at start); `constants_gen.go`: the contract's values the glue and the
  project use (paths, default locale, components, cache parameters); `runtime_constants_gen.go`:
  the values every language's runtime shares (shared_values.py); `texts_gen.go`: the 404 text of
  the module backend for the observer (scaffold/codegen/module_backend_texts.py);
- the runtime copied from runtime_files/: the plugin's role packages unchanged (jsonio,
  bodylimits, acceptlanguage, logging, metrics, and secrets without the plugin's key loading,
  secretkeys.go), its observer and shutdown (observability.go,
  shutdown.go, with the names they use: jsonnames.go, support.go, optional.go, rolenames.go), its
  request framing checker (framing.go, framingcheck.go: FrameRequests, answered by module.Server), and
  the module's own package `module/` (routes, body rules, the own-endpoint registry, the built
  frontend's caching), each role package with the shared values it uses in `values_gen.go`;
  `module/` also gets `contract_gen.go` (the contract's values) and `moduletexts_gen.go` (the one
  table of module backend texts, module_texts_file.py).

The project's own code (internal/module/, internal/app/, cmd/) only imports these packages, so
`scaffold regenerate` may rewrite the folder whole.
"""

from __future__ import annotations

import json

from scaffold.codegen.generator import Answers
from scaffold.codegen.go.codecs import codecs, patterns_source
from scaffold.codegen.go.declarations import declarations
from scaffold.codegen.go.headers import go_header
from scaffold.codegen.go.module_texts_file import module_texts_source
from scaffold.codegen.go.names import go_string
from scaffold.codegen.go.plugin_service import (
    MODULE_ONLY,
    RUNTIME_FOLDER,
    VALUES_FILE,
    _copied,
    _file,
    _role_values,
)
from scaffold.codegen.go.shared_values import FILE_NAME as RUNTIME_CONSTANTS
from scaffold.codegen.go.shared_values import go_runtime_constants
from scaffold.codegen.go.types import go_model
from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from scaffold.codegen.module_contract import ModuleContract
from scaffold.codegen.runtime_values import spec_values
from scaffold.codegen.served_document import served_document
from scaffold.specs.document import SpecDocument
from scaffold.specs.schema_model import read_schemas

CONTRACT_FOLDER = "backend/internal/contract"
STATIC_PREFIX = "/static/"  # where the backend serves the built frontend (scaffold's choice)
# The wire schemas a module backend reads and writes; the others describe the frontend's props.
WIRE_SCHEMAS = (
    "LocaleArrayItem",
    "ModuleMetadata",
    "DemoStatusPayload",
    "DemoStatusValue",
    "ModuleContextPresence",
    "DemoStatusResponse",
    "DemoStatusError",
)
# The plugin's role packages a module backend uses unchanged (secrets: the plugins' enc:v1: token,
# which module/secrets.go decrypts in moduleContext and makes at POST /api/v1/secrets).
ROLE_PACKAGES = ("acceptlanguage", "bodylimits", "jsonio", "logging", "metrics", "secrets", MODULE_ONLY)
# Files of those packages only a plugin uses, left out of a module backend: the plugin's key loading
# (secrets.Load: PLUGIN_SECRET_KEY, the development key file); a module backend reads
# MODULE_SECRET_KEY itself (module.LoadSecretBox) and keeps no key file.
PLUGIN_ONLY_FILES = frozenset({"secrets/secretkeys.go"})
# The plugin's files of package contract a module backend uses unchanged.
SHARED_FILES = (
    "framing.go",
    "framingcheck.go",
    "jsonnames.go",
    "observability.go",
    "optional.go",
    "rolenames.go",
    "shutdown.go",
    "support.go",
)


def backend_files(
    spec: SpecDocument, contract: ModuleContract, package: str, answers: Answers
) -> dict[str, str]:
    """Every file of `backend/internal/contract/` for `spec`, as relative path -> text (`package`,
    the Python package answer, names nothing in Go: the imports take the `go_module` answer)."""
    del package
    header = go_header(spec)
    schemas = spec.data["components"]["schemas"]
    model = go_model(read_schemas({name: schemas[name] for name in WIRE_SCHEMAS}, spec.identity()))
    folder = CONTRACT_FOLDER
    decided = spec_values(spec.data)  # the secrets package's PublishedSecretKeys (none for a module)
    files = {
        f"{folder}/types_gen.go": _file(header, declarations(model)),
        f"{folder}/json_gen.go": _file(header, codecs(model)),
        f"{folder}/spec_gen.go": _file(header, spec_source(spec)),
        f"{folder}/constants_gen.go": _file(header, constants_source(spec, contract)),
        f"{folder}/texts_gen.go": _file(header, observer_texts_source()),
        f"{folder}/{RUNTIME_CONSTANTS}": _file(header, go_runtime_constants()),
        f"{folder}/{MODULE_ONLY}/contract_gen.go": _file(
            header, constants_source(spec, contract), package=MODULE_ONLY
        ),
        f"{folder}/{MODULE_ONLY}/moduletexts_gen.go": _file(
            header, module_texts_source(), imports=("regexp",), package=MODULE_ONLY
        ),
    }
    patterns = patterns_source(model)
    if patterns is not None:
        files[f"{folder}/patterns_gen.go"] = _file(header, patterns, imports=("regexp",))
    module = str(answers.get("go_module") or answers["project_name"])
    for name in SHARED_FILES:
        files[f"{folder}/{name}"] = _copied(name, module)
    for role in ROLE_PACKAGES:
        sources = sorted((RUNTIME_FOLDER / role).glob("*.go"))
        copied = [
            path
            for path in sources
            if not path.name.endswith("_test.go") and f"{role}/{path.name}" not in PLUGIN_ONLY_FILES
        ]
        for path in copied:
            files[f"{folder}/{role}/{path.name}"] = _copied(f"{role}/{path.name}", module)
        # the values what is copied uses, and the module package's own tests (scaffold's suite runs
        # them beside this folder, tests/go_runtime.py): none that only the plugin-only files use
        tested = [path for path in sources if path.name.endswith("_test.go") and role == MODULE_ONLY]
        values = _role_values(role, decided, [*copied, *tested])
        if values is not None:
            files[f"{folder}/{role}/{VALUES_FILE}"] = _file(header, values, package=role)
    return dict(sorted(files.items()))


def spec_source(spec: SpecDocument) -> str:
    """The contract as this backend publishes it (GET /openapi.json), its server the backend itself."""
    document = json.dumps(served_document(spec, "/"), ensure_ascii=False, separators=(",", ":"))
    return (
        f"// Contract names the spec this package was generated from.\n"
        f"const Contract = {go_string(spec.identity())}\n\n"
        "// Document is the contract as this backend publishes it at GET /openapi.json (JSON), before\n"
        "// the project's own endpoints are added (module.Endpoints.OpenAPI).\n"
        f"var Document = []byte({go_string(document)})\n"
    )


def _strings(values: tuple[str, ...]) -> str:
    return "[]string{" + ", ".join(go_string(value) for value in values) + "}"


def constants_source(spec: SpecDocument, contract: ModuleContract) -> str:
    """The contract's values the glue and the project's code use (Python's `_contract/constants.py`)."""
    return (
        f"// Values of the {spec.identity()} contract that the backend glue uses.\n\n"
        f"// ContractName, ContractVersion and ReleaseLabel name the contract this backend implements.\n"
        f"const (\n"
        f"\tContractName    = {go_string(spec.contract)}\n"
        f"\tContractVersion = {go_string(spec.version)}\n"
        f"\tReleaseLabel    = {go_string(spec.release_label or '')}\n"
        ")\n\n"
        "// Paths of the module backend's endpoints (GET well-known is the one the platform requires)\n"
        "// and where this backend serves the built frontend (scaffold's choice; entryPoint points there).\n"
        "const (\n"
        f"\tWellKnownPath  = {go_string(contract.well_known_path)}\n"
        f"\tDemoStatusPath = {go_string(contract.demo_status_path)}\n"
        f"\tStaticPrefix   = {go_string(STATIC_PREFIX)}\n"
        ")\n\n"
        "// ModuleDefaultLocale is the language of answers when Accept-Language names none the module has.\n"
        f"const ModuleDefaultLocale = {go_string(contract.default_locale)}\n\n"
        "// AllowedComponents are the components a module may register, in the contract's order.\n"
        f"var AllowedComponents = {_strings(contract.components)}\n\n"
        "// RequiredForDashboard is the component a module registers to be added to dashboards.\n"
        f"const RequiredForDashboard = {go_string(contract.required_for_dashboard)}\n\n"
        "// CacheQueryParameters are the query parameters the platform may append to the JS URL.\n"
        f"var CacheQueryParameters = {_strings(contract.cache_parameters)}\n"
    )


def observer_texts_source() -> str:
    """The observer's 404 (a path it refuses before any route) says what the module's routes say."""
    return (
        "// notFoundMessage is the module backend's 404 text (scaffold/codegen/module_backend_texts.py).\n"
        f"const notFoundMessage = {go_string(MODULE_TEXTS['http.404'])}\n\n"
        "func init() { notFoundText = func(string) string { return notFoundMessage } }\n"
    )
