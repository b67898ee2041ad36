"""A fourth language, registered by a test: what scaffold needs of a language, and nothing more.

Issue 39 point 4: a language is a folder. "lua" here is a registry entry (scaffold.contracts
.LANGUAGES, the checks its projects run), a descriptor at scaffold/codegen/lua/language.py (put in
sys.modules, as Python would import the file) and a `dev` runner at scaffold/dev/runners/lua.py. With
those three, every place that works by language works for it: the plugin composer generates with
its generator after the one schema check, `upgrade` names a new operation as it spells methods,
`upgrade`'s status warning reads what its service answers, a kind's contract-owned places include
its own, `scaffold dev` finds its runner. Without one of them, each place says in one sentence
which file is missing. A template (templates/plugin-lua/, the line in templates/versions.yaml and
the kind's TemplateNames) is the fourth piece, checked by tests/unit/test_languages.py for every
registered language; docs/design/languages.md lists all four.
"""

from __future__ import annotations

import dataclasses
import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from scaffold import contracts
from scaffold.codegen import languages
from scaffold.codegen.generator import Answers, ContractFiles
from scaffold.codegen.language import LanguageDescriptor, OwnedPlaces, ServiceStatuses
from scaffold.codegen.plugin_project import contract_files
from scaffold.codegen.service_statuses import undocumented_statuses
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.runners import ServiceRunner, runners_of, service_runner
from scaffold.errors import DevServiceError, GenerationError
from scaffold.projects.kinds import owned_places
from scaffold.projects.upgrade import _new_operations
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument

SPEC = load_shipped("datasource-plugin")


def _generate(spec: SpecDocument, answers: Answers) -> ContractFiles:
    return {"contract/plugin.lua": f"-- {spec.identity()} for {answers['project_name']}\n"}


def _answered(spec: SpecDocument) -> dict[str, tuple[str, ...]]:
    return {"POST /query/get-result": ("418",)}


FAKE = LanguageDescriptor(
    name="lua",
    header=lambda spec: f"-- generated from {spec.identity()}\n",
    copied_header=lambda source: f"-- copied from {source}\n",
    method_name=lambda operation_id: operation_id.upper(),
    type_term="Lua table",
    reserved_words=frozenset({"end", "local"}),
    places={"plugin.service": OwnedPlaces(roots=("contract",))},
    plugin_service=_generate,
    service_statuses=ServiceStatuses(_answered, {"418": "the service is a teapot"}),
)
RUNNER = ServiceRunner(
    prepare=lambda layout, chosen, env: Path("/usr/bin/lua"),
    argv=lambda layout, program, host, port: (str(program), "main.lua"),
    program_name="Lua",
)


def _module(name: str, **attributes: object) -> types.ModuleType:
    module = types.ModuleType(name)
    for key, value in attributes.items():
        setattr(module, key, value)
    return module


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """lua in the registry, with its descriptor and its dev runner where scaffold looks for them."""
    entry = contracts.LanguageNames(name="lua", install="luarocks make", checks=("busted",))  # type: ignore[arg-type]
    monkeypatch.setitem(contracts.LANGUAGES, "lua", entry)
    monkeypatch.setitem(sys.modules, "scaffold.codegen.lua", _module("scaffold.codegen.lua"))
    monkeypatch.setitem(sys.modules, "scaffold.codegen.lua.language", _module("x", DESCRIPTOR=FAKE))
    monkeypatch.setitem(sys.modules, "scaffold.dev.runners.lua", _module("y", SERVICE_RUNNER=RUNNER))
    languages.descriptor.cache_clear()
    yield
    languages.descriptor.cache_clear()


@pytest.mark.usefixtures("registered")
def test_a_registered_language_is_found_by_every_place_that_works_by_language() -> None:
    assert languages.descriptor("lua") is FAKE and "lua" in languages.descriptors()
    files = contract_files(SPEC, {"project_name": "acme-sales", "language": "lua"})
    assert files == {"contract/plugin.lua": f"-- {SPEC.identity()} for acme-sales\n"}
    older = dataclasses.replace(SPEC, data={**SPEC.data, "paths": {}})
    assert _new_operations(older, SPEC, "lua")[0] == "GETMETADATA (GET /well-known)"
    (teapot,) = undocumented_statuses("lua", SPEC)
    assert (teapot.status, teapot.why) == ("418", "the service is a teapot")
    plugin = dataclasses.replace(
        contracts.PLUGIN,
        templates=(
            *contracts.PLUGIN.templates,
            contracts.TemplateNames(language="lua", folder="plugin-lua", store="plugin-lua"),  # type: ignore[arg-type]
        ),
    )
    assert owned_places(plugin)["lua"] == OwnedPlaces(roots=("contract",))
    layout = ProjectLayout(Path("/tmp/acme-sales"), "plugin", "acme_sales", language="lua")
    assert service_runner(layout) is RUNNER


@pytest.mark.usefixtures("registered")
def test_a_schema_the_languages_cannot_all_hold_is_refused_before_its_generator_runs() -> None:
    data = {**SPEC.data, "components": {"schemas": {"X": {"type": "string", "maxLength": 3}}}}
    with pytest.raises(GenerationError, match='keyword "maxLength"'):
        contract_files(dataclasses.replace(SPEC, data=data), {"project_name": "x", "language": "lua"})


def test_each_missing_piece_is_named_in_one_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    entry = contracts.LanguageNames(name="lua", install="luarocks make", checks=("busted",))  # type: ignore[arg-type]
    monkeypatch.setitem(contracts.LANGUAGES, "lua", entry)
    languages.descriptor.cache_clear()
    try:
        with pytest.raises(
            GenerationError, match=r"no descriptor \(scaffold/codegen/lua/language.py is missing\)"
        ):
            languages.descriptor("lua")
        with pytest.raises(DevServiceError, match=r"scaffold/dev/runners/lua.py is missing"):
            runners_of("lua")
        with pytest.raises(GenerationError, match='no language called "cobol"'):
            languages.descriptor("cobol")
    finally:
        languages.descriptor.cache_clear()
