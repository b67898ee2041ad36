"""The two kinds of project scaffold makes, and what distinguishes them.

The names of each kind (its contract, its template, the languages of its parts) live in
scaffold/contracts.py, which every package may import; here each kind gets the generator of its contract-owned files and
how its answers are validated, as functions, not "module:function" strings: every import between
scaffold's packages is one a reader, ruff, mypy and tests/unit/test_package_imports.py can see,
and it points one way (projects -> codegen, never back).

The generators are imported when first called, inside the two functions below: importing the code
generators takes about half a second (pydantic, jinja and the generators themselves), and commands
that read this registry without generating anything (`scaffold status` on a clean fleet, `check`,
`dev`) should not pay for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from scaffold.codegen.generator import Answers, ContractFiles, ContractGenerator
from scaffold.codegen.language import OwnedPlaces
from scaffold.codegen.languages import descriptor
from scaffold.contracts import MODULE, PLUGIN, KindName, KindNames
from scaffold.errors import ProjectError
from scaffold.projects.state.answers import validate_module_answers, validate_plugin_answers
from scaffold.specs.document import SpecDocument

__all__ = ["KINDS", "Answers", "ContractFiles", "ProjectKind", "kind_named"]


@dataclass(frozen=True)
class ProjectKind:
    """A kind of project (see scaffold/contracts.py), with what generating and validating it takes.

    A kind whose service can be written in several languages is one ProjectKind per language
    (`for_language`): the contract-owned places and the template follow the language.
    """

    names: KindNames
    generator: ContractGenerator  # (spec, answers) -> {relative path: text}
    validator: Callable[[Answers], None]  # raises InvalidNameError
    places: Mapping[str, OwnedPlaces]  # service language -> its contract-owned places
    language: str = ""  # the service's language; "" is the registry's default for the kind

    @property
    def name(self) -> KindName:
        return self.names.name

    @property
    def contract(self) -> str:
        return self.names.contract

    @property
    def service_language(self) -> str:
        return self.language or self.names.service().language

    @property
    def template(self) -> str:
        """The template folder of this kind in this language (templates/<kind>-<language>/)."""
        return self.names.template_for(self.service_language).folder

    @property
    def owned_roots(self) -> tuple[str, ...]:
        return self.places[self.service_language].roots

    @property
    def owned_files(self) -> tuple[str, ...]:
        return self.places[self.service_language].files

    def for_language(self, language: str) -> ProjectKind:
        """This kind with its service in `language` (one of `names.service_languages`)."""
        if language not in self.names.service_languages:
            raise ProjectError(
                f"a {self.name} cannot be written in {language!r}; scaffold makes one in "
                + " or ".join(self.names.service_languages)
            )
        return replace(self, language="" if language == self.names.service().language else language)

    def for_answers(self, answers: Mapping[str, Any]) -> ProjectKind:
        """This kind in the language a project's answers record (scaffold.contracts.LANGUAGE_ANSWER)."""
        return self.for_language(self.names.service_language(answers))

    def contract_files(self, spec: SpecDocument, answers: Answers) -> ContractFiles:
        """Every contract-owned file of a project of this kind, as relative path -> text."""
        return self.generator(spec, answers)

    def validate_answers(self, answers: Answers) -> None:
        self.validator(answers)

    def contract_roots(self, package: str) -> tuple[str, ...]:
        """The folders every contract-owned file of a project with this package lies under."""
        return tuple(root.replace("{package}", package) for root in self.owned_roots)

    def owns_contract_path(self, path: str, package: str) -> bool:
        """Whether the generator may write `path`: under a contract-owned folder, or one of its files."""
        return path in self.owned_files or any(
            path.startswith(root + "/") for root in self.contract_roots(package)
        )

    def contract_places(self, package: str) -> str:
        """The contract-owned folders and files, for a message."""
        return ", ".join([*self.contract_roots(package), *self.owned_files])


def plugin_contract_files(spec: SpecDocument, answers: Answers) -> ContractFiles:
    """scaffold.codegen.plugin_project.contract_files, imported on first use (see the docstring)."""
    from scaffold.codegen.plugin_project import contract_files

    return contract_files(spec, answers)


def module_contract_files(spec: SpecDocument, answers: Answers) -> ContractFiles:
    """scaffold.codegen.module_project.contract_files, imported on first use (see the docstring)."""
    from scaffold.codegen.module_project import contract_files

    return contract_files(spec, answers)


def owned_places(names: KindNames) -> dict[str, OwnedPlaces]:
    """Service language -> the contract-owned places of a project of this kind in it: those of each
    part, as the descriptor of the part's language declares them ("<kind>.<role>")."""
    found: dict[str, OwnedPlaces] = {}
    for language in names.service_languages:
        parts = [(part.role, language if part.role == "service" else part.language) for part in names.parts]
        places = [descriptor(lang).places[f"{names.name}.{role}"] for role, lang in parts]
        found[language] = OwnedPlaces(
            roots=tuple(root for place in places for root in place.roots),
            files=tuple(path for place in places for path in place.files),
        )
    return found


_KINDS = (
    ProjectKind(
        names=PLUGIN,
        generator=plugin_contract_files,
        validator=validate_plugin_answers,
        places=owned_places(PLUGIN),
    ),
    ProjectKind(
        names=MODULE,
        generator=module_contract_files,
        validator=validate_module_answers,
        places=owned_places(MODULE),
    ),
)
KINDS: dict[str, ProjectKind] = {kind.name: kind for kind in _KINDS}


def kind_named(name: str) -> ProjectKind:
    try:
        return KINDS[name]
    except KeyError:
        raise ProjectError(
            f"unknown project kind {name!r} in .scaffold/manifest.json",
            hint=f"Known kinds: {', '.join(KINDS)}.",
        ) from None
