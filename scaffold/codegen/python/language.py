"""Python as scaffold writes it: a plugin service and a module backend, pydantic models from the spec.

The descriptor scaffold.codegen.languages finds for "python" (scaffold.codegen.language says what a
descriptor holds). Generators are imported when first called.
"""

from __future__ import annotations

import keyword
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from scaffold.codegen.generator import Answers, ContractFiles
from scaffold.codegen.language import LanguageDescriptor, OwnedPlaces, ServiceStatuses, StarterCorrections
from scaffold.codegen.python import answered_statuses
from scaffold.codegen.python.headers import copied_python_header, python_header
from scaffold.codegen.python.runtime_files import starter_corrections
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import snake_case

if TYPE_CHECKING:
    from scaffold.codegen.module_contract import ModuleContract


def _plugin_service(spec: SpecDocument, answers: Answers) -> ContractFiles:
    from scaffold.codegen.python.plugin_service import contract_files

    return contract_files(spec, answers)


def _module_backend(
    spec: SpecDocument, contract: ModuleContract, package: str, answers: Answers
) -> dict[str, str]:
    from scaffold.codegen.python.module_backend import backend_files

    return backend_files(spec, contract, package)


def _pinned(relative: str, read: Callable[[int], bytes | None], package: str) -> tuple[str, ...] | None:
    correction = starter_corrections.correction_for(relative, read, package)
    return None if correction is None else tuple(correction.tests)


def _models(spec: SpecDocument, scope: str) -> str:
    from scaffold.codegen.python.models import generate_python_models

    return generate_python_models(spec, scope="all" if scope == "all" else "wire")


DESCRIPTOR = LanguageDescriptor(
    name="python",
    header=python_header,
    copied_header=copied_python_header,
    method_name=snake_case,  # getQueryResult -> get_query_result, the DataSource method
    type_term="Python class",  # the spec's own notes are written for Python: kept as they are
    reserved_words=frozenset(keyword.kwlist) | frozenset(keyword.softkwlist),
    package_is_import=True,
    places={
        "plugin.service": OwnedPlaces(roots=("{package}/_contract",), files=("conftest.py",)),
        "module.service": OwnedPlaces(roots=("backend/{package}/_contract",), files=("backend/conftest.py",)),
    },
    runtime_folder=Path(__file__).resolve().parent / "runtime_files",
    plugin_service=_plugin_service,
    module_backend=_module_backend,
    service_statuses=ServiceStatuses(answered_statuses.answered_statuses, answered_statuses.WHY),
    starter_corrections=StarterCorrections(starter_corrections.seeded_paths(), _pinned),
    models=_models,
)
