"""What scaffold needs of one language it writes: one descriptor, declared in the language's folder.

Each `scaffold/codegen/<language>/language.py` holds a `DESCRIPTOR` of this type; the registry
(scaffold.codegen.languages) finds it by the language names scaffold.contracts lists, so a
composer (plugin_project.py, module_project.py, service_statuses.py), the project kinds, the name
rules and `upgrade` ask the descriptor instead of naming a language. A new language is a folder
with a descriptor, a template, a `dev` runner and an entry in scaffold.contracts.LANGUAGES
(docs/design/languages.md, "Adding a language").

A descriptor is cheap to import: its generators are functions that import the generator modules
when first called, so commands that read the registry without generating pay nothing for them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from scaffold.codegen.generator import Answers, ContractGenerator
from scaffold.specs.document import SpecDocument

if TYPE_CHECKING:
    from scaffold.codegen.module_contract import ModuleContract

# (spec, contract, package, answers) -> a module backend's contract-owned files; the answers say
# what else a language needs (Go: the module path its imports take, `go_module`)
BackendGenerator = Callable[[SpecDocument, "ModuleContract", str, Answers], dict[str, str]]
# (spec, contract, scope, components) -> a module frontend's contract-owned files
FrontendGenerator = Callable[[SpecDocument, "ModuleContract", str, Sequence[str]], dict[str, str]]


@dataclass(frozen=True)
class OwnedPlaces:
    """Where a part's contract-owned files may be."""

    roots: tuple[str, ...]  # folders of contract-owned files; "{package}" is the package name
    files: tuple[str, ...] = ()  # contract-owned files outside those folders (a service's conftest.py)


@dataclass(frozen=True)
class ServiceStatuses:
    """The error statuses a service in this language answers, for `upgrade`'s warning."""

    answered: Callable[[SpecDocument], dict[str, tuple[str, ...]]]  # operation key -> statuses
    why: Mapping[str, str]  # status -> when the service answers it


@dataclass(frozen=True)
class StarterCorrections:
    """Seeded starter tests that pin a rule a contract revision corrected (`upgrade` names them)."""

    paths: frozenset[str]  # the part-relative paths of every listed seeded file
    # (path, read(size) -> the file's bytes if it has that size, package) -> the tests in the file
    # that pin a corrected rule, while it is exactly as seeded (None otherwise)
    pinned: Callable[[str, Callable[[int], bytes | None], str], tuple[str, ...] | None]


# (spec, scope: "wire" or "all") -> the source of the spec's models, for `scaffold models`
ModelsGenerator = Callable[[SpecDocument, str], str]


@dataclass(frozen=True)
class LanguageDescriptor:
    """One language: its generators, runtime, names and how its files and messages are spelled.

    `places` is keyed by the part a generator writes, "<kind>.<role>" as scaffold.contracts names
    kinds and parts ("plugin.service", "module.service", "module.frontend"); a language writes the
    parts it has a generator for.
    """

    name: str
    header: Callable[[SpecDocument], str]  # the first lines of a generated file
    copied_header: Callable[[str], str]  # ... of a runtime file copied from the named source
    method_name: Callable[[str], str]  # operationId -> the method a project implements, as spelled here
    type_term: (
        str  # what a declaration of a schema is called here ("Go type"): scaffold.codegen.language_notes
    )
    reserved_words: frozenset[str]  # names no generated identifier (or module scope) may take
    places: Mapping[str, OwnedPlaces]
    runtime_folder: Path | None = None  # the runtime files copied into every project
    plugin_service: ContractGenerator | None = None
    module_backend: BackendGenerator | None = None
    module_frontend: FrontendGenerator | None = None
    service_statuses: ServiceStatuses | None = None
    starter_corrections: StarterCorrections | None = None
    models: ModelsGenerator | None = None  # `scaffold models` writes these (the registry's default language)
    # Whether the project's package name (--package) is an import name of its service (Python's
    # `import acme_sales`): then it must not shadow a keyword, a standard-library module or a
    # dependency. Elsewhere it only names the module's default scope and the like.
    package_is_import: bool = False
