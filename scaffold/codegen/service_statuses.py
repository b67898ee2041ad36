"""The error statuses a project's generated service answers, by the language of its service.

Each language's descriptor holds what its runtime answers (scaffold.codegen.language,
ServiceStatuses); `scaffold upgrade` asks here, by the language of the project's service, and warns
about those the target spec does not document.
"""

from __future__ import annotations

from dataclasses import dataclass

from scaffold.codegen.languages import descriptor
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations


@dataclass(frozen=True)
class UndocumentedStatus:
    operation: str  # "POST /query/get-result"
    status: str
    why: str


def _documented(documented: set[str], status: str) -> bool:
    return status in documented or f"{status[0]}XX" in documented or "default" in documented


def undocumented_statuses(language: str, spec: SpecDocument) -> list[UndocumentedStatus]:
    """Each status the service answers for an operation of `spec` that `spec` does not document."""
    statuses = descriptor(language).service_statuses
    if statuses is None:
        raise GenerationError(f"scaffold writes no service in {language}")
    answered = statuses.answered(spec)
    found = []
    for op in operations(spec):
        documented = {
            response.status.upper() if response.status != "default" else "default"
            for response in op.responses
        }
        found += [
            UndocumentedStatus(op.key, status, statuses.why[status])
            for status in answered.get(op.key, ())
            if not _documented(documented, status)
        ]
    return found
