"""Contract-owned files of a module project: what is generated, and that it follows the spec."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from scaffold import __version__
from scaffold.codegen.header import read_copy_stamp, read_stamp
from scaffold.codegen.module_contract import read_module_contract
from scaffold.codegen.module_project import contract_files
from scaffold.codegen.python.module_backend import RUNTIME_SOURCES
from scaffold.codegen.typescript.literals import ts_literal
from scaffold.codegen.typescript.module_frontend import stand_in_name
from scaffold.errors import GenerationError, InvalidNameError
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from tests.conftest import MODULE_SPEC
from tests.golden.producers_module import PRODUCERS

ANSWERS = {
    "package_name": "acme_map",
    "scope": "acme_map",
    "components": ["Widget", "WidgetEditor", "Settings"],
}


@pytest.fixture(scope="module")
def spec() -> SpecDocument:
    return load_spec_file(MODULE_SPEC)


def changed(spec: SpecDocument, edit: Any) -> SpecDocument:
    data = copy.deepcopy(dict(spec.data))
    edit(data)
    return dataclasses.replace(spec, data=data)


def test_the_files_scaffold_owns(spec: SpecDocument) -> None:
    files = contract_files(spec, ANSWERS)
    assert sorted(files) == [
        "backend/acme_map/_contract/__init__.py",
        "backend/acme_map/_contract/assets.py",
        "backend/acme_map/_contract/body_limits.py",
        "backend/acme_map/_contract/constants.py",
        "backend/acme_map/_contract/endpoints.py",
        "backend/acme_map/_contract/envelope.py",
        "backend/acme_map/_contract/errors.py",
        "backend/acme_map/_contract/hang_up.py",
        "backend/acme_map/_contract/locale.py",
        "backend/acme_map/_contract/logs.py",
        "backend/acme_map/_contract/metrics.py",
        "backend/acme_map/_contract/models.py",
        "backend/acme_map/_contract/module_secrets.py",
        "backend/acme_map/_contract/module_texts.py",
        "backend/acme_map/_contract/observability.py",
        "backend/acme_map/_contract/openapi_document.py",
        "backend/acme_map/_contract/published_spec.py",
        "backend/acme_map/_contract/routes.py",
        "backend/acme_map/_contract/runtime_constants.py",
        "backend/acme_map/_contract/secrets.py",
        "backend/acme_map/_contract/serving.py",
        "backend/acme_map/_contract/starter_corrections.py",
        "backend/acme_map/_contract/wire_names.py",
        "backend/conftest.py",
        "frontend/src/contract/examples.ts",
        "frontend/src/contract/host-globals.ts",
        "frontend/src/contract/index.ts",
        "frontend/src/contract/jsx-runtime.ts",
        "frontend/src/contract/module.ts",
        "frontend/src/contract/proxy.ts",
        "frontend/src/contract/registry.json",
        "frontend/src/contract/registry.ts",
        "frontend/src/contract/stand-ins/platform__frontend-shared.d.ts",
        "frontend/src/contract/stand-ins/ui-kit__ui.d.ts",
        "frontend/src/contract/tsconfig.contract.json",
        "frontend/src/contract/types.ts",
    ]


def test_every_file_carries_the_do_not_edit_stamp(spec: SpecDocument) -> None:
    """Generated files name the spec that shaped them; copied runtime files the scaffold they came from."""
    copied = 0
    for path, text in contract_files(spec, ANSWERS).items():
        stamp = read_stamp(text)
        if stamp is None:
            copy_stamp = read_copy_stamp(text)
            assert copy_stamp is not None and copy_stamp.scaffold_version == __version__, path
            copied += 1
            continue
        assert (stamp.contract, stamp.version, stamp.sha256) == (spec.contract, spec.version, spec.sha256)
    assert copied == len(RUNTIME_SOURCES)


def test_output_is_deterministic_and_python_compiles(spec: SpecDocument) -> None:
    first = contract_files(spec, ANSWERS)
    assert first == contract_files(spec, ANSWERS)
    for path, text in first.items():
        if path.endswith(".py"):
            compile(text, path, "exec")
        assert not re.search(r"[ \t]+$", text, flags=re.M), path
        assert text.endswith("\n"), path
    assert json.loads(first["frontend/src/contract/registry.json"])["scopes"] == ["@ui-kit", "@platform"]


def test_answers_choose_scope_and_components(spec: SpecDocument) -> None:
    files = contract_files(spec, {**ANSWERS, "scope": "acme-map", "components": "Settings,Widget"})
    module = files["frontend/src/contract/module.ts"]
    assert "export const SCOPE = 'acme-map';" in module
    assert "export const COMPONENTS = ['Widget', 'Settings'] as const;" in module


def test_unknown_component_is_refused(spec: SpecDocument) -> None:
    with pytest.raises(InvalidNameError):
        contract_files(spec, {**ANSWERS, "components": ["Chart"]})
    narrower = changed(spec, lambda d: d["x-components"].update(allowed=["Widget"]))
    with pytest.raises(GenerationError, match="not allowed"):
        contract_files(narrower, {**ANSWERS, "components": ["Settings"]})


def test_registry_types_every_component_from_x_components(spec: SpecDocument) -> None:
    registry = contract_files(spec, ANSWERS)["frontend/src/contract/registry.ts"]
    assert (
        "  Widget: WidgetProps;\n  WidgetEditor: WidgetEditorProps;\n  Settings: SettingsProps;" in registry
    )
    assert "import type { SettingsProps, WidgetEditorProps, WidgetProps } from './types';" in registry


def test_host_globals_come_from_the_spec(spec: SpecDocument) -> None:
    def add_global(data: dict[str, Any]) -> None:
        data["x-host-globals"].append({"global": "Charts", "package": "@platform/charts", "version": "2.0.0"})

    files = contract_files(changed(spec, add_global), ANSWERS)
    globals_ts = files["frontend/src/contract/host-globals.ts"]
    assert "  react: 'React',\n  'react-dom': 'ReactDOM',\n  'react-dom/client': 'ReactDOM'," in globals_ts
    assert "  '@platform/charts': 'Charts'," in globals_ts
    assert "frontend/src/contract/stand-ins/platform__charts.d.ts" in files  # a private scope
    paths = json.loads(files["frontend/src/contract/tsconfig.contract.json"].split("\n", 2)[2])
    assert paths["compilerOptions"]["paths"]["@platform/charts"] == [
        "../../node_modules/@platform/charts",
        "./stand-ins/platform__charts.d.ts",
    ]


def test_stand_ins_only_for_private_packages(spec: SpecDocument) -> None:
    files = contract_files(spec, ANSWERS)
    stand_ins = sorted(p for p in files if "/stand-ins/" in p)
    assert [Path(p).name for p in stand_ins] == ["platform__frontend-shared.d.ts", "ui-kit__ui.d.ts"]
    text = files["frontend/src/contract/stand-ins/ui-kit__ui.d.ts"]
    assert "declare module '@ui-kit/ui';\ndeclare module '@ui-kit/ui/*';\n" in text
    assert stand_in_name("@Scope/Some.Pkg") == "scope__some.pkg"


def test_backend_constants_follow_the_spec(spec: SpecDocument) -> None:
    def move(data: dict[str, Any]) -> None:
        data["paths"]["/api/v2/well-known"] = data["paths"].pop("/api/v1/well-known")

    constants = contract_files(changed(spec, move), ANSWERS)["backend/acme_map/_contract/constants.py"]
    assert 'WELL_KNOWN_PATH = "/api/v2/well-known"' in constants
    assert 'DEFAULT_LOCALE = "ru-RU"' in constants
    assert 'CACHE_QUERY_PARAMETERS = ("version", "buildTimestamp")' in constants
    assert 'ALLOWED_COMPONENTS = ("Widget", "WidgetEditor", "Settings")' in constants


@pytest.mark.parametrize(
    "section", ["x-host-globals", "x-components", "x-package-registries", "x-platform-proxy"]
)
def test_a_spec_without_a_module_section_is_a_generation_error(spec: SpecDocument, section: str) -> None:
    with pytest.raises(GenerationError, match=section):
        read_module_contract(changed(spec, lambda d: d.pop(section)))


def test_a_renamed_operation_is_a_generation_error(spec: SpecDocument) -> None:
    def rename(data: dict[str, Any]) -> None:
        data["paths"]["/api/v1/well-known"]["get"]["operationId"] = "metadata"

    with pytest.raises(GenerationError, match="getModuleMetadata"):
        read_module_contract(changed(spec, rename))


def test_examples_are_typed_literals(spec: SpecDocument) -> None:
    examples = contract_files(spec, ANSWERS)["frontend/src/contract/examples.ts"]
    assert "export const exampleIPalette: IPalette = {" in examples
    assert "export const exampleVariableValues: VariableValues = {\n  region: 'eu-west'," in examples
    assert max(len(line) for line in examples.splitlines()[1:]) <= 100
    assert ts_literal({"a-b": ["x'y", None, 1.5, True]}) == "{ 'a-b': ['x\\'y', null, 1.5, true] }"


def test_scaffolding_twice_gives_the_same_tree(tmp_path: Path) -> None:
    PRODUCERS["module-acme-map"](tmp_path / "one")
    PRODUCERS["module-acme-map"](tmp_path / "two")

    def tree(root: Path) -> dict[str, bytes]:
        return {
            p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
        }

    assert tree(tmp_path / "one") == tree(tmp_path / "two")


def test_awkward_answers_still_give_valid_files(tmp_path: Path) -> None:
    import tomllib

    from scaffold.projects.create import NewProjectOptions, create_project
    from scaffold.projects.kinds import KINDS

    title = 'Acme "Map" \\ O\'Neil — Карта'
    answers = {
        "project_name": "acme-map",
        "title": title,
        "description": 'Says "hi" \\ and {{ braces }}',
        "author": 'Ann "A" Author',
        "scope": "$acme-map",
        "components": ["Widget", "WidgetEditor"],
    }
    root = tmp_path / "acme-map"
    create_project(NewProjectOptions(kind=KINDS["module"], destination=root, answers=answers))
    for path in root.rglob("*.py"):
        compile(path.read_text(encoding="utf-8"), str(path), "exec")
    pyproject = tomllib.loads((root / "backend" / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["project"]["description"] == answers["description"]
    package = json.loads((root / "frontend" / "package.json").read_text(encoding="utf-8"))
    assert package["description"] == answers["description"]
    texts: dict[str, Any] = {}
    exec((root / "backend" / "acme_map" / "texts.py").read_text(encoding="utf-8"), texts)
    assert texts["TEXTS"]["en-US"]["title"] == title
    widget_data = (root / "frontend" / "src" / "components" / "widget-data.ts").read_text(encoding="utf-8")
    assert 'message: `Hello from Acme "Map" \\\\ O\'Neil — Карта`,' in widget_data
    assert "export const SCOPE = '$acme-map';" in (
        root / "frontend" / "src" / "contract" / "module.ts"
    ).read_text(encoding="utf-8")
    assert not (root / "frontend" / "src" / "components" / "Settings.tsx").exists()
