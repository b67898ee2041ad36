"""The contracts scaffold serves: each one's project kind, template and the languages of its parts.

This is the one place a contract name (`datasource-plugin`, `dashboard-module`) or a kind name
(`plugin`, `module`) is spelled in scaffold's code; tests/unit/test_contract_names.py fails when a
string elsewhere in scaffold/ spells a contract name. Every package reads the names from here.

It is data only and imports nothing of scaffold, so every package may import it, including those
that sit below scaffold.projects (host, check, registry, specs): the generator and the answer
validator of each kind are attached in scaffold/projects/kinds.py, which reads this registry.

Languages are a dimension of a kind: each part of a project (a plugin's service; a module's backend
service and its frontend bundle) names the language it is written in. A plugin's service is Python,
TypeScript or Go, a module's backend Python, TypeScript or Go and its frontend TypeScript; another language is one
more entry here plus its descriptor, template and `dev` runner (docs/design/languages.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "KIND_NAMES",
    "LANGUAGES",
    "LANGUAGE_ANSWER",
    "MODULE",
    "PLUGIN",
    "TEMPLATES",
    "KindName",
    "KindNames",
    "LanguageName",
    "LanguageNames",
    "Part",
    "TemplateNames",
    "contract_names",
    "kind_names",
    "store_name",
]

# The kinds as a type, for code that branches on one (mypy checks every value is a real kind).
KindName = Literal["plugin", "module"]
# The languages a part can be written in, as a type; tests/unit/test_languages.py fails when it
# and LANGUAGES below drift apart.
LanguageName = Literal["python", "typescript", "go"]
# The answer (.copier-answers.yml) in which a project records the language of its service when the
# kind offers several; the template of each language sets it (set by scaffold, never asked).
LANGUAGE_ANSWER = "language"


@dataclass(frozen=True)
class LanguageNames:
    """A language scaffold writes a project's parts in, and what a project's CI runs for such a part.

    What else a language provides is found by its name: its descriptor in
    scaffold/codegen/<name>/language.py (generators, headers, method spelling, contract-owned
    places; scaffold.codegen.languages), its `scaffold dev` runner in scaffold/dev/runners/<name>.py,
    and, for a service language, a template per kind in `KindNames.templates`. This module is the
    one place outside those folders that spells a language's name. The checklist for a new
    language: docs/design/languages.md.
    """

    name: LanguageName
    install: str  # how the project's CI installs a part in this language, in the part's folder
    checks: tuple[str, ...]  # then the part's own checks, in order; "{package}" is the project's package
    # What `new-plugin` tells a user to type first in a new project of this language ("{package}",
    # "{project}": the project's package and name).
    first_run: str = ""
    # The template answer holding the project's module path (`new-plugin --module`), "" for a
    # language whose projects have none.
    module_answer: str = ""


LANGUAGES: dict[str, LanguageNames] = {
    language.name: language
    for language in (
        LanguageNames(
            name="python",
            install='pip install -e ".[test]"',
            checks=("ruff check .", "ruff format --check .", "mypy {package}", "pytest"),
            first_run='pip install -e ".[test]" && pytest && python -m {package}',
        ),
        LanguageNames(
            name="typescript",
            install="npm ci --no-audit --no-fund",
            checks=("npm run lint", "npm run typecheck", "npm test", "npm run build"),
            first_run="npm ci && npm test && npm start",
        ),
        # Go: the standard library only, so nothing to download; `make fmt-check` fails on any file
        # gofmt would change (gofmt -l alone exits 0), the project's Makefile says how.
        LanguageNames(
            name="go",
            install="go mod download",
            checks=("make fmt-check", "go vet ./...", "go test -race ./...", "go build ./..."),
            first_run="go test ./... && go run ./cmd/{project}",
            module_answer="go_module",
        ),
    )
}


@dataclass(frozen=True)
class Part:
    """One part of a project: what it is (`service`, `frontend`), its language, its folder."""

    role: str
    language: LanguageName
    folder: str  # relative to the project root; "" is the root itself


@dataclass(frozen=True)
class TemplateNames:
    """The copier template of a kind for one language of its service, and where its versions live.

    `folder` is what a reader finds: `templates/<folder>/` (the current version, which carries any
    other part's files too, e.g. a module's TypeScript frontend), `templates/history/<folder>/`
    (its released versions as reverse changes) and its line in templates/versions.yaml; it is named
    `<kind>-<service language>`. `store` names its git repository under
    `<data home>/template-store/`, which every project made from it records as `_src_path`, and
    the first word of each version's commit message there, so that the commit ids stay those of
    earlier releases: the two templates scaffold had before languages were a folder keep their
    old store names (`plugin`, `module`); a new template's store is named like its folder.
    """

    language: LanguageName  # the language of the kind's service part this template is for
    folder: str
    store: str
    # Starter (user-owned) files that the template's own files import, "{package}" for the package:
    # an upgrade adds a missing one even to a part whose starter the user edited (it holds nothing
    # of theirs, and the template-owned code would not import without it).
    wired_starters: tuple[str, ...] = ()

    def wired(self, package: str) -> frozenset[str]:
        return frozenset(path.replace("{package}", package) for path in self.wired_starters)


@dataclass(frozen=True)
class KindNames:
    """The names a kind of project goes by, the languages its parts are written in, its templates."""

    name: KindName  # the kind: `scaffold new-<name>`, `check <name>`, `dev <name>`, the manifest's "kind"
    contract: str  # the contract its spec files declare in info.x-contract
    parts: tuple[Part, ...]
    templates: tuple[TemplateNames, ...]  # one per language its service can be written in

    @property
    def template(self) -> str:
        """The folder of the template for the language of this kind's service (see `parts`)."""
        return self.template_for(self.service().language).folder

    def template_for(self, language: str) -> TemplateNames:
        return next(template for template in self.templates if template.language == language)

    @property
    def service_languages(self) -> tuple[str, ...]:
        """The languages a project of this kind can have its service in, the default first."""
        return tuple(template.language for template in self.templates)

    def service_language(self, answers: Mapping[str, object]) -> str:
        """The language of a project's service: its `language` answer, recorded by the templates
        of every language but the default (a project without one is in the default language)."""
        recorded = answers.get(LANGUAGE_ANSWER)
        return recorded if isinstance(recorded, str) and recorded else self.service().language

    def service(self) -> Part:
        """The part the platform calls over HTTP (every kind has one)."""
        return next(part for part in self.parts if part.role == "service")

    def frontend(self) -> Part | None:
        """The bundle the platform loads into its pages, for kinds that have one."""
        return next((part for part in self.parts if part.role == "frontend"), None)


# The team's own file of scaffold releases the scheduled upgrade job installs (a starter the CI
# files read: added by an upgrade even where the team edited the rest of the starter).
UPGRADE_REQUIREMENT = "ci/scaffold-requirement.txt"

PLUGIN = KindNames(
    name="plugin",
    contract="datasource-plugin",
    parts=(Part(role="service", language="python", folder=""),),
    templates=(
        TemplateNames(
            language="python", folder="plugin-python", store="plugin", wired_starters=(UPGRADE_REQUIREMENT,)
        ),
        TemplateNames(
            language="typescript",
            folder="plugin-typescript",
            store="plugin-typescript",
            wired_starters=(UPGRADE_REQUIREMENT,),
        ),
        TemplateNames(
            language="go", folder="plugin-go", store="plugin-go", wired_starters=(UPGRADE_REQUIREMENT,)
        ),
    ),
)
MODULE = KindNames(
    name="module",
    contract="dashboard-module",
    parts=(
        Part(role="service", language="python", folder="backend"),
        Part(role="frontend", language="typescript", folder="frontend"),
    ),
    templates=(
        TemplateNames(
            language="python",
            folder="module-python",
            store="module",
            # app.py serves its ENDPOINTS; the CI files read the upgrade's requirement
            wired_starters=("backend/{package}/endpoints.py", UPGRADE_REQUIREMENT),
        ),
        TemplateNames(
            language="typescript",
            folder="module-typescript",
            store="module-typescript",
            # app.ts serves its endpoints; the CI files read the upgrade's requirement
            wired_starters=("backend/src/endpoints.ts", UPGRADE_REQUIREMENT),
        ),
        TemplateNames(
            language="go",
            folder="module-go",
            store="module-go",
            # internal/app serves the Endpoints registry of internal/module/endpoints.go
            wired_starters=("backend/internal/module/endpoints.go", UPGRADE_REQUIREMENT),
        ),
    ),
)

KIND_NAMES: dict[str, KindNames] = {kind.name: kind for kind in (PLUGIN, MODULE)}
TEMPLATES: dict[str, TemplateNames] = {
    template.folder: template for kind in KIND_NAMES.values() for template in kind.templates
}


def kind_names() -> tuple[str, ...]:
    """Every kind's name, in the registry's order."""
    return tuple(KIND_NAMES)


def contract_names() -> tuple[str, ...]:
    """Every contract's name, in the registry's order."""
    return tuple(kind.contract for kind in KIND_NAMES.values())


def store_name(template: str) -> str:
    """The template store repository of the template in `templates/<template>/` (see TemplateNames)."""
    known = TEMPLATES.get(template)
    return known.store if known is not None else template
