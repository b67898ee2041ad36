"""Languages are a dimension of the registry: everything a language must provide is found by its name.

scaffold.contracts names each kind's parts and their languages, each language's project checks
and each kind's template per service language. What a language provides in code is looked up by
that name: its descriptor (scaffold/codegen/<language>/language.py, found by
scaffold.codegen.languages: generators, headers, method spelling, owned places), its `scaffold dev`
runner (scaffold/dev/runners/<language>.py). These tests fail when the
registry names a language, a part or a template that one of those places does not provide, so a
new language is folders and entries, and a forgotten one is a red test, not a KeyError at a user's
`scaffold new-plugin`. The checklist: docs/design/languages.md.
"""

from __future__ import annotations

import dataclasses
import re
from typing import get_args

import pytest

from scaffold.codegen.header import read_copy_stamp
from scaffold.codegen.languages import descriptor
from scaffold.contracts import KIND_NAMES, LANGUAGES, MODULE, PLUGIN, TEMPLATES, LanguageName, store_name
from scaffold.dev.runners import runners_of
from scaffold.projects.templates.store import current_version
from scaffold.projects.upgrade import _new_operations
from scaffold.resources import templates_root
from scaffold.specs.catalog import load_shipped
from tests.conftest import REPO
from tests.golden.producers import GOLDEN_ROOT

# Every part in every language it can be written in: the registry's default, and each service
# language a kind has a template for (a plugin's service in TypeScript or Go).
PARTS = sorted(
    {(kind.name, part.role, part.language) for kind in KIND_NAMES.values() for part in kind.parts}
    | {
        (kind.name, "service", language)
        for kind in KIND_NAMES.values()
        for language in kind.service_languages
    }
)


def test_the_language_type_and_the_registry_name_the_same_languages() -> None:
    assert list(get_args(LanguageName)) == list(LANGUAGES)
    assert all(name == language.name for name, language in LANGUAGES.items())
    assert {language for _, _, language in PARTS} == set(LANGUAGES), "a language no part is written in"


@pytest.mark.parametrize(("kind", "role", "language"), PARTS)
def test_every_part_has_a_generator_and_a_dev_runner_for_its_language(
    kind: str, role: str, language: str
) -> None:
    found = descriptor(language)
    generator = {
        (PLUGIN.name, "service"): found.plugin_service,
        (MODULE.name, "service"): found.module_backend,
        (MODULE.name, "frontend"): found.module_frontend,
    }[(kind, role)]
    assert generator is not None, f"no {language} generator for the {kind} {role}"
    assert f"{kind}.{role}" in found.places, (
        f"{language} names no contract-owned places for the {kind} {role}"
    )
    assert (REPO / "scaffold" / "codegen" / language / "language.py").is_file()
    service, frontend = runners_of(language)
    assert (service if role == "service" else frontend) is not None, (
        f"`scaffold dev` cannot run a {language} {role}"
    )
    assert (REPO / "scaffold" / "dev" / "runners" / f"{language}.py").is_file()


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_names_the_checks_a_project_runs(language: str) -> None:
    named = LANGUAGES[language]
    assert named.install and named.checks
    assert all(re.fullmatch(r"[^{}]*(\{package\}[^{}]*)*", check) for check in named.checks), named.checks


@pytest.mark.parametrize("kind", sorted(KIND_NAMES))
def test_every_kind_has_a_template_for_its_service_language(kind: str) -> None:
    names = KIND_NAMES[kind]
    template = names.template_for(names.service().language)
    assert template.folder == f"{kind}-{template.language}" == names.template
    assert (templates_root() / template.folder / "copier.yml").is_file()
    assert (templates_root() / "history" / template.folder / "trees.yaml").is_file()
    assert current_version(template.folder)  # its line in templates/versions.yaml


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_every_template_has_a_golden_project(template: str) -> None:
    """A golden tree made from each template: its answers record the template's store."""
    recorded = [
        path.parent.name
        for path in GOLDEN_ROOT.glob("*/.copier-answers.yml")
        if re.search(
            rf"^_src_path: .*/template-store/{re.escape(store_name(template))}$", path.read_text(), re.M
        )
    ]
    assert recorded, f"no golden tree under {GOLDEN_ROOT} was made from templates/{template}/"


def test_the_two_first_templates_keep_the_store_names_projects_recorded() -> None:
    """Projects made before the templates were named by language record template-store/plugin."""
    assert {name: store_name(name) for name in TEMPLATES} == {
        "plugin-python": "plugin",
        "module-python": "module",
        "plugin-typescript": "plugin-typescript",  # a new template: its folder's name
        "plugin-go": "plugin-go",
        "module-typescript": "module-typescript",
        "module-go": "module-go",
    }


@pytest.mark.parametrize("language", sorted(PLUGIN.service_languages))
def test_every_contract_file_is_headed_as_its_language_s_descriptor_says(language: str) -> None:
    """A generated file starts with the descriptor's header of the spec; a copied runtime file with
    its copied_header of a source in the descriptor's runtime_folder (so `regenerate` and `status`,
    which read those stamps back, find the same words in every language)."""
    found = descriptor(language)
    spec = load_shipped(PLUGIN.contract)
    files = found.plugin_service(spec, {"project_name": "acme-sales", "package_name": "acme_sales"})  # type: ignore[misc]
    assert found.runtime_folder is not None and found.runtime_folder.is_dir()
    runtime = found.runtime_folder.relative_to(REPO).as_posix()
    copied = 0
    for path, text in files.items():
        stamp = read_copy_stamp(text)
        if stamp is not None:
            copied += 1
            assert stamp.source.startswith(runtime + "/"), f"{path} is copied from outside {runtime}"
            assert text.startswith(found.copied_header(stamp.source)), path
        elif not path.endswith((".json", ".yaml")):
            assert text.startswith(found.header(spec)), f"{path} does not start with the {language} header"
    assert copied >= 5, f"{language} copies almost no runtime files: the test would pass on nothing"


@pytest.mark.parametrize(
    ("language", "expected"),
    [("python", "get_metadata"), ("typescript", "getMetadata"), ("go", "GetMetadata")],
)
def test_upgrade_names_a_new_operation_as_the_project_s_language_spells_its_method(
    language: str, expected: str
) -> None:
    """Found (issue 40): a TypeScript or Go project upgraded to a contract with a new operation was
    told the Python method name ("implement: explain_query")."""
    spec = load_shipped(PLUGIN.contract)
    older = dataclasses.replace(spec, data={**spec.data, "paths": {}})
    assert _new_operations(older, spec, language)[0] == f"{expected} (GET /well-known)"
