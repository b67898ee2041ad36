"""The two kinds of project scaffold makes, and what distinguishes them.

Each kind names its contract, its copier template, the generator of its contract-owned files and
how its answers are validated. Generators are imported lazily: `scaffold specs list` should not
pay for loading the code generators.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, cast

from scaffold.errors import ProjectError
from scaffold.specs.document import SpecDocument

Answers = Mapping[str, Any]
ContractFiles = dict[str, str]


@dataclass(frozen=True)
class ProjectKind:
    """A kind of project: `plugin` (data source plugin) or `module` (dashboard widget module)."""

    name: str
    contract: str
    template: str
    generator: str  # "module.path:function" -> (spec, answers) -> {relative path: text}
    validator: str  # "module.path:function" -> (answers) -> None, raises InvalidNameError
    owned_roots: tuple[str, ...]  # folders of contract-owned files; "{package}" is the package name

    def contract_files(self, spec: SpecDocument, answers: Answers) -> ContractFiles:
        """Every contract-owned file of a project of this kind, as relative path -> text."""
        function = cast(Callable[[SpecDocument, Answers], ContractFiles], _load(self.generator))
        return function(spec, answers)

    def validate_answers(self, answers: Answers) -> None:
        function = cast(Callable[[Answers], None], _load(self.validator))
        function(answers)

    def contract_roots(self, package: str) -> tuple[str, ...]:
        """The folders every contract-owned file of a project with this package lies under."""
        return tuple(root.replace("{package}", package) for root in self.owned_roots)


def _load(reference: str) -> object:
    module_name, _, attribute = reference.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


KINDS: dict[str, ProjectKind] = {
    "plugin": ProjectKind(
        name="plugin",
        contract="datasource-plugin",
        template="plugin",
        generator="scaffold.codegen.plugin_project:contract_files",
        validator="scaffold.projects.answers:validate_plugin_answers",
        owned_roots=("{package}/_contract",),
    ),
    "module": ProjectKind(
        name="module",
        contract="dashboard-module",
        template="module",
        generator="scaffold.codegen.module_project:contract_files",
        validator="scaffold.projects.answers:validate_module_answers",
        owned_roots=("backend/{package}/_contract", "frontend/src/contract"),
    ),
}


def kind_named(name: str) -> ProjectKind:
    try:
        return KINDS[name]
    except KeyError:
        raise ProjectError(
            f"unknown project kind {name!r} in .scaffold/manifest.json",
            hint=f"Known kinds: {', '.join(KINDS)}.",
        ) from None
