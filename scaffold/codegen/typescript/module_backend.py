"""Contract-owned files of a module backend in TypeScript (Node 20, Fastify 5): `backend/src/contract/`.

The same split as the Python module backend (scaffold/codegen/python/module_backend.py): what the
contract decides (its paths, the wire types, the served document, the body rules, the caching of
the bundle, the language choice) is generated or copied here, and the project's own files
(src/app.ts, settings.ts, demo.ts, endpoints.ts, texts.ts) pass their values in, so `scaffold
regenerate` may rewrite the folder whole. The runtime files are the TypeScript plugin's where the
behaviour is shared (body limits, languages, logs and metrics, the shutdown, the secrets' token) plus the module's own
(`module-*.ts`: the proxy's envelope, the author's endpoints, the secrets of the module's settings,
the frontend's files, the routes).
"""

from __future__ import annotations

import json

from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from scaffold.codegen.module_contract import ModuleContract
from scaffold.codegen.runtime_values import spec_values
from scaffold.codegen.served_document import served_document
from scaffold.codegen.typescript.headers import typescript_header
from scaffold.codegen.typescript.literals import ts_literal, ts_string
from scaffold.codegen.typescript.runtime import copied_runtime_file
from scaffold.codegen.typescript.shared_values import FILE_NAME as RUNTIME_CONSTANTS
from scaffold.codegen.typescript.shared_values import typescript_runtime_constants
from scaffold.codegen.typescript.types import generate_typescript_types
from scaffold.specs.document import SpecDocument

CONTRACT_FOLDER = "backend/src/contract"
# The module backend's paths sit under this prefix (the contract's `{baseUrl}/api/v1/...`); the
# metrics' `operation` label is a route's path without it, as in every language.
BASE_PATH = "/api/v1"
# Where this backend serves the built frontend (scaffold's choice; entryPoint points here).
STATIC_PREFIX = "/static/"
# Runtime modules copied as they are from scaffold/codegen/typescript/runtime_files/.
RUNTIME_MODULES = (
    "body-limits.ts",
    "catalog.ts",
    "errors.ts",
    "locale.ts",
    "log-lines.ts",
    "module-assets.ts",
    "module-body.ts",
    "module-call.ts",
    "module-conformance.ts",
    "module-cors.ts",
    "module-endpoints.ts",
    "module-errors.ts",
    "module-routes.ts",
    "module-schema-order.ts",
    "module-schemas.ts",
    "module-secrets.ts",
    "observability.ts",
    "python-text.ts",
    "request-metrics.ts",
    # the plugins' enc:v1: token, which module-secrets.ts uses for moduleContext; not their key
    # loading (secret-keys.ts: PLUGIN_SECRET_KEY, the development key file)
    "secrets.ts",
    "shutdown.ts",
)
# Generated modules of the folder, besides the copied ones (index.ts re-exports every one).
GENERATED_MODULES = ("module-texts.ts", "operations.ts", RUNTIME_CONSTANTS, "spec.ts", "texts.ts", "types.ts")
# Modules index.ts re-exports as types only (they declare no values).
TYPE_ONLY_MODULES = frozenset({"types.ts"})


def backend_files(spec: SpecDocument, contract: ModuleContract, package: str) -> dict[str, str]:
    """Every file of `backend/src/contract/` for `spec` (`package` names nothing here: a Node
    package is the project's own package.json)."""
    del package
    header = typescript_header(spec).rstrip("\n")
    folder = CONTRACT_FOLDER
    files = {
        f"{folder}/types.ts": generate_typescript_types(spec),
        f"{folder}/operations.ts": operations_source(spec, contract, header),
        f"{folder}/spec.ts": spec_source(spec, header),
        f"{folder}/texts.ts": glue_texts_source(header),
        f"{folder}/module-texts.ts": module_texts_source(header),
        f"{folder}/{RUNTIME_CONSTANTS}": typescript_runtime_constants(header + "\n", spec_values(spec.data)),
        f"{folder}/index.ts": index_source(spec, header),
    }
    for source in RUNTIME_MODULES:
        files[f"{folder}/{source}"] = copied_runtime_file(source)
    return dict(sorted(files.items()))


def _list(values: tuple[str, ...]) -> str:
    return "[" + ", ".join(ts_string(value) for value in values) + "] as const"


def operations_source(spec: SpecDocument, contract: ModuleContract, header: str) -> str:
    """`operations.ts`: the contract's values the backend glue uses (Python's constants.py)."""
    return (
        f"{header}\n"
        f"/** Values of the {spec.identity()} contract that the backend glue uses. */\n"
        f"export const CONTRACT = {ts_string(spec.contract)};\n"
        f"export const CONTRACT_VERSION = {ts_string(spec.version)};\n"
        f"export const RELEASE_LABEL = {ts_string(spec.release_label)};\n\n"
        "/** The prefix of the backend's contract paths; metrics name a route by its path without it. */\n"
        f"export const BASE_PATH = {ts_string(BASE_PATH)};\n"
        "/** Paths of the module backend's endpoints (GET well-known is the one the platform requires). */\n"
        f"export const WELL_KNOWN_PATH = {ts_string(contract.well_known_path)};\n"
        f"export const DEMO_STATUS_PATH = {ts_string(contract.demo_status_path)};\n"
        "/** Where this backend serves the built frontend (scaffold's choice; entryPoint points here). */\n"
        f"export const STATIC_PREFIX = {ts_string(STATIC_PREFIX)};\n\n"
        "/** Components a module may register, in the contract's order. */\n"
        f"export const ALLOWED_COMPONENTS = {_list(contract.components)};\n"
        "/** A module must register this component to be added to dashboards. */\n"
        f"export const REQUIRED_FOR_DASHBOARD = {ts_string(contract.required_for_dashboard)};\n"
        "/** Query parameters the platform may append to the JS URL. */\n"
        f"export const CACHE_QUERY_PARAMETERS = {_list(contract.cache_parameters)};\n"
    )


def spec_source(spec: SpecDocument, header: str) -> str:
    """`spec.ts`: the contract as this backend publishes it (GET /openapi.json, with the author's
    own endpoints added by module-endpoints.ts)."""
    document = served_document(spec, "/")
    return (
        f"{header}\n"
        f"/** {spec.identity()} as this backend publishes it (GET /openapi.json). */\n"
        f"export const CONTRACT_IDENTITY = {ts_string(spec.identity())};\n\n"
        f"export const DOCUMENT: Readonly<Record<string, unknown>> = {ts_literal(json.loads(json.dumps(document)))};\n"
    )


def index_source(spec: SpecDocument, header: str) -> str:
    """`index.ts`: every module of the folder, the one import the project's own files use."""
    modules = sorted(GENERATED_MODULES + RUNTIME_MODULES)
    lines = [
        f"export {'type ' if name in TYPE_ONLY_MODULES else ''}* from './{name.removesuffix('.ts')}.js';"
        for name in modules
    ]
    return (
        f"{header}\n"
        "/**\n"
        f" * Contract-owned code of this module backend ({spec.identity()}): rewritten whole by\n"
        " * `scaffold regenerate` and `scaffold upgrade`. Import from here; change src/app.ts, src/settings.ts,\n"
        " * src/demo.ts, src/endpoints.ts and src/texts.ts.\n"
        " */\n" + "\n".join(lines) + "\n"
    )


# The glue texts the runtime files a module backend shares with the plugins answer with (the 404
# and 431 of observability.ts, the 400 of a request Node cannot read, shutdown.ts's 503): a module
# backend says the table's sentences there too, as the Python and Go backends do.
MODULE_GLUE_KEYS = ("http.404", "http.405", "http.431", "http.other", "stopping")


def glue_texts_source(header: str) -> str:
    """`texts.ts` of a module backend: catalog.ts's RUNTIME_TEXTS, which runtimeText reads, holding
    the module table's English sentences (module_backend_texts.py) under the glue's keys in every
    language the glue has, never a plugin's texts."""
    texts = {key: MODULE_TEXTS[key] for key in MODULE_GLUE_KEYS}
    by_locale = {locale: texts for locale in RUNTIME_TEXTS}
    return (
        f"{header}\n"
        "/** The glue's texts in a module backend: the module table's (scaffold/codegen/module_backend_texts.py). */\n"
        "export const RUNTIME_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> = "
        f"{ts_literal(by_locale)};\n"
    )


def module_texts_source(header: str) -> str:
    """`module-texts.ts`: the sentences every language's module backend answers with
    (scaffold/codegen/module_backend_texts.py), and `moduleText`, which fills in their `{name}`s
    as catalog.ts's formatText does."""
    return (
        f"{header}\n"
        "import { formatText, type TextParams } from './catalog.js';\n\n"
        "/** The texts this backend answers with, the same in every language scaffold writes a module backend in. */\n"
        f"export const MODULE_TEXTS = {ts_literal(MODULE_TEXTS)} as const;\n\n"
        "/** The key of a module text. */\n"
        "export type ModuleTextKey = keyof typeof MODULE_TEXTS;\n\n"
        "/** The text `key` with each `{name}` of `params` filled in (any other `{...}` stays as written). */\n"
        "export function moduleText(key: ModuleTextKey, params?: TextParams): string {\n"
        "  return formatText(MODULE_TEXTS[key], params);\n"
        "}\n"
    )
