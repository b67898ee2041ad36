"""The error statuses a project's generated service answers, by the language of its service.

Each language's generator knows what its runtime answers (scaffold/codegen/python/
answered_statuses.py); `scaffold upgrade` asks here, by the language scaffold.contracts names for
the kind's service, and warns about those the target spec does not document.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from scaffold.codegen import raw_body_statuses
from scaffold.codegen.python import answered_statuses as python_statuses
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations


@dataclass(frozen=True)
class ServiceStatuses:
    answered: Callable[[SpecDocument], dict[str, tuple[str, ...]]]  # operation key -> statuses
    why: Mapping[str, str]  # status -> when the service answers it


BY_LANGUAGE: dict[str, ServiceStatuses] = {
    "python": ServiceStatuses(python_statuses.answered_statuses, python_statuses.WHY),
    "typescript": ServiceStatuses(raw_body_statuses.answered_statuses, raw_body_statuses.WHY),
    "go": ServiceStatuses(raw_body_statuses.answered_statuses, raw_body_statuses.WHY),
}


@dataclass(frozen=True)
class UndocumentedStatus:
    operation: str  # "POST /query/get-result"
    status: str
    why: str


def _documented(documented: set[str], status: str) -> bool:
    return status in documented or f"{status[0]}XX" in documented or "default" in documented


def undocumented_statuses(language: str, spec: SpecDocument) -> list[UndocumentedStatus]:
    """Each status the service answers for an operation of `spec` that `spec` does not document."""
    statuses = BY_LANGUAGE[language]
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
