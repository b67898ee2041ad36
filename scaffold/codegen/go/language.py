"""Go as scaffold writes it: a plugin service and a module backend on the standard library alone.

The descriptor scaffold.codegen.languages finds for "go" (scaffold.codegen.language says what a
descriptor holds). Generators are imported when first called.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from scaffold.codegen import raw_body_statuses
from scaffold.codegen.generator import Answers, ContractFiles
from scaffold.codegen.go.headers import go_copied_header, go_header
from scaffold.codegen.go.names import exported
from scaffold.codegen.language import LanguageDescriptor, OwnedPlaces, ServiceStatuses
from scaffold.specs.document import SpecDocument

if TYPE_CHECKING:
    from scaffold.codegen.module_contract import ModuleContract

TYPE_TERM = "Go type"  # how a note in a doc comment names a declaration (scaffold.codegen.language_notes)

# The Go specification's keywords.
GO_KEYWORDS = frozenset(
    {
        "break", "case", "chan", "const", "continue", "default", "defer", "else", "fallthrough", "for",
        "func", "go", "goto", "if", "import", "interface", "map", "package", "range", "return",
        "select", "struct", "switch", "type", "var",
    }
)  # fmt: skip


def _plugin_service(spec: SpecDocument, answers: Answers) -> ContractFiles:
    from scaffold.codegen.go.plugin_service import contract_files

    return contract_files(spec, answers)


def _module_backend(
    spec: SpecDocument, contract: ModuleContract, package: str, answers: Answers
) -> dict[str, str]:
    from scaffold.codegen.go.module_backend import backend_files

    return backend_files(spec, contract, package, answers)


DESCRIPTOR = LanguageDescriptor(
    name="go",
    header=go_header,
    copied_header=go_copied_header,
    method_name=exported,  # getQueryResult -> GetQueryResult, the Handler method
    type_term=TYPE_TERM,
    reserved_words=GO_KEYWORDS,
    places={
        "plugin.service": OwnedPlaces(roots=("internal/contract",)),
        "module.service": OwnedPlaces(roots=("backend/internal/contract",)),
    },
    runtime_folder=Path(__file__).resolve().parent / "runtime_files",
    plugin_service=_plugin_service,
    module_backend=_module_backend,
    service_statuses=ServiceStatuses(raw_body_statuses.answered_statuses, raw_body_statuses.WHY),
)
