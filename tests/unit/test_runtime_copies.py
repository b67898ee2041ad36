"""Runtime files reach a project as copies: a header naming scaffold and the source, then the source.

Issue 25: 13 runtime files copied verbatim whatever the spec carried the header "generated from
<contract> <version> (sha256 ...)", as if the spec had shaped them; and two of their sources were
named like other modules of scaffold (runtime_files/catalog.py beside specs/catalog.py,
runtime_files/operations.py beside codegen/plugin/operations.py).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from scaffold import __version__
from scaffold.codegen.header import read_copy_stamp, read_stamp
from scaffold.codegen.module_contract import read_module_contract
from scaffold.codegen.python.module_backend import RUNTIME_SOURCES, backend_files
from scaffold.codegen.python.plugin_service import RUNTIME_MODULES
from scaffold.codegen.python.plugin_service import contract_files as plugin_contract_files
from scaffold.codegen.python.runtime_files import PROJECT_NAMES, project_name, runtime_file
from scaffold.specs.catalog import load_shipped

SCAFFOLD = Path(__file__).resolve().parents[2] / "scaffold"
RUNTIME = SCAFFOLD / "codegen" / "python" / "runtime_files"
KINDS = {"plugin": RUNTIME_MODULES, "module": RUNTIME_SOURCES}
ALL_SOURCES = sorted({*RUNTIME_MODULES, *RUNTIME_SOURCES})


@pytest.mark.parametrize("source", ALL_SOURCES)
def test_a_copy_says_which_scaffold_and_which_file_it_came_from(source: str) -> None:
    text = runtime_file(source)
    first = text.splitlines()[0]
    assert first == (
        f"# copied from scaffold {__version__} (scaffold/codegen/python/runtime_files/{source}) — owned by "
        "scaffold, do not edit; `scaffold regenerate` rewrites it"
    )
    assert read_stamp(text) is None  # no spec, version or sha256: the spec did not shape it
    stamp = read_copy_stamp(text)
    assert stamp is not None and (SCAFFOLD.parent / stamp.source).read_text(encoding="utf-8")


@pytest.mark.parametrize("source", ALL_SOURCES)
def test_a_copy_is_its_source_but_for_the_import_lines_of_renamed_files(source: str) -> None:
    copied = runtime_file(source).splitlines()[1:]
    original = (RUNTIME / source).read_text(encoding="utf-8").splitlines()
    assert len(copied) == len(original)
    renamed = {Path(name).stem for name in PROJECT_NAMES}
    for mine, theirs in zip(copied, original, strict=True):
        if mine != theirs:
            module = theirs.split()[1].lstrip(".")
            assert theirs.startswith("from .") and module in renamed, theirs
            assert mine == theirs.replace(f".{module} ", f".{Path(PROJECT_NAMES[module + '.py']).stem} ")


def _contract_folder(kind: str) -> list[str]:
    """The names of the files the kind's generator writes into its contract folder."""
    if kind == "plugin":
        files = plugin_contract_files(load_shipped("datasource-plugin"), {"package_name": "p"})
        return [path.removeprefix("p/_contract/") for path in files if path.startswith("p/_contract/")]
    spec = load_shipped("dashboard-module")
    files = backend_files(spec, read_module_contract(spec), "p")
    prefix = "backend/p/_contract/"
    return [path.removeprefix(prefix) for path in files if path.startswith(prefix)]


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_relative_imports_of_the_copies_name_files_of_the_same_folder(kind: str) -> None:
    """What a copy imports from `.x` is another copy or a generated file of the contract folder."""
    folder = {Path(name).stem for name in _contract_folder(kind)}
    assert {Path(project_name(source)).stem for source in KINDS[kind]} <= folder
    for source in KINDS[kind]:
        for node in ast.walk(ast.parse(runtime_file(source))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                assert node.module in folder, f"{source} imports .{node.module}"


def test_copies_keep_imports_sorted_as_ruff_sorts_them() -> None:
    """The sources import renamed files by their project names' order; the copies are the sorted ones."""
    for source in ("dispatch.py", "http_json.py", "forms.py"):
        result = subprocess.run(
            [
                sys.executable,
                "-m",
                "ruff",
                "check",
                "--isolated",
                "--line-length",
                "110",
                "--select",
                "I",
                "--stdin-filename",
                f"_contract/{source}",
                "-",
            ],
            input=runtime_file(source),
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert result.returncode == 0, result.stdout


def test_no_runtime_source_is_named_like_a_module_of_codegen_or_specs() -> None:
    """A reader looking for catalog.py or operations.py must land on one file, not two."""
    others = {
        path.name
        for folder in ("codegen", "codegen/python", "codegen/typescript", "specs")
        for path in (SCAFFOLD / folder).glob("*.py")
        if path.name != "__init__.py"
    }
    assert sorted(others & {path.name for path in RUNTIME.glob("*.py")}) == []
