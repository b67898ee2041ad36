"""TypeScript as scaffold writes it: a plugin service and a module backend (Fastify), a module's frontend (React, Vite).

The descriptor scaffold.codegen.languages finds for "typescript" (scaffold.codegen.language says
what a descriptor holds). Generators are imported when first called.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scaffold.codegen import raw_body_statuses
from scaffold.codegen.generator import Answers, ContractFiles
from scaffold.codegen.language import LanguageDescriptor, OwnedPlaces, ServiceStatuses
from scaffold.codegen.typescript.headers import copied_typescript_header, typescript_header
from scaffold.codegen.typescript.reserved_words import JS_RESERVED_WORDS
from scaffold.specs.document import SpecDocument

if TYPE_CHECKING:
    from scaffold.codegen.module_contract import ModuleContract


def _plugin_service(spec: SpecDocument, answers: Answers) -> ContractFiles:
    from scaffold.codegen.typescript.plugin_service import contract_files

    return contract_files(spec, answers)


def _module_backend(
    spec: SpecDocument, contract: ModuleContract, package: str, answers: Answers
) -> dict[str, str]:
    from scaffold.codegen.typescript.module_backend import backend_files

    return backend_files(spec, contract, package)


def _module_frontend(
    spec: SpecDocument, contract: ModuleContract, scope: str, components: Sequence[str]
) -> dict[str, str]:
    from scaffold.codegen.typescript.module_frontend import frontend_files

    return frontend_files(spec, contract, scope, components)


def _method_name(operation_id: str) -> str:
    """The DataSource method is the operationId itself (getQueryResult)."""
    return operation_id


TYPE_TERM = (
    "TypeScript type"  # how a note in a doc comment names a declaration (scaffold.codegen.language_notes)
)


DESCRIPTOR = LanguageDescriptor(
    name="typescript",
    header=typescript_header,
    copied_header=copied_typescript_header,
    method_name=_method_name,
    type_term=TYPE_TERM,
    reserved_words=JS_RESERVED_WORDS,
    places={
        "plugin.service": OwnedPlaces(roots=("src/contract",)),
        "module.service": OwnedPlaces(roots=("backend/src/contract",)),
        "module.frontend": OwnedPlaces(roots=("frontend/src/contract",)),
    },
    runtime_folder=Path(__file__).resolve().parent / "runtime_files",
    plugin_service=_plugin_service,
    module_backend=_module_backend,
    module_frontend=_module_frontend,
    service_statuses=ServiceStatuses(raw_body_statuses.answered_statuses, raw_body_statuses.WHY),
)
