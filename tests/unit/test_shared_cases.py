"""Every file of shared cases is read by each runtime's own test runner (issue 39 point 2).

A file in scaffold/codegen/cases/ that one language's tests never open decides nothing there: this
finds, for each file, a pytest module that reads it, a vitest runner and a `go test` file that load
it by the variable naming it, and the tests that run those two with the variable set
(tests/functional/test_json_bodies_typescript.py, test_secrets_across_languages.py or
test_module_runtime_typescript.py for vitest, test_plugin_go.py or test_module_go.py for go test).
A file of a module backend's cases (`module_*.json`) needs a runner in each language scaffold writes
module backends in (scaffold.contracts.MODULE); any other file, one in each language a plugin is
written in.
"""

from __future__ import annotations

import re

import pytest

from scaffold.contracts import MODULE, PLUGIN
from tests.conftest import REPO

CASES = REPO / "scaffold" / "codegen" / "cases"
TYPESCRIPT = REPO / "scaffold" / "codegen" / "typescript" / "runtime_files"
GO = REPO / "scaffold" / "codegen" / "go" / "runtime_files"
TESTS = REPO / "tests"
CASE_FILES = sorted(path.name for path in CASES.glob("*.json"))


def _languages(name: str) -> tuple[str, ...]:
    """The languages whose runtime must read the file `name`: its kind's service languages."""
    return (MODULE if name.startswith("module_") else PLUGIN).service_languages


def _texts(paths: list[str]) -> dict[str, str]:
    return {path: (REPO / path).read_text(encoding="utf-8") for path in paths}


def _variable(runner: str, name: str) -> str:
    """The environment variable a vitest or go test runner reads `name` by."""
    found = re.search(r"""['"](SCAFFOLD_[A-Z_]+)['"],\s*['"]""" + re.escape(name), runner)
    assert found, f"the runner does not name {name} by a SCAFFOLD_ variable"
    return found[1]


def test_there_are_shared_cases() -> None:
    assert {
        "json_bodies.json",
        "secrets.json",
        "locales.json",
        "log_lines.json",
        "error_answers.json",
        "metrics.json",
        "body_limits.json",
        "log_records.json",
    } <= set(CASE_FILES)


@pytest.mark.parametrize("name", CASE_FILES)
def test_each_language_s_runner_reads_the_file(name: str) -> None:
    python = [
        str(path.relative_to(REPO))
        for path in sorted(TESTS.rglob("test_*.py"))
        if f'"{name}"' in path.read_text(encoding="utf-8") and path.name != "test_shared_cases.py"
    ]
    typescript = [
        path for path in sorted(TYPESCRIPT.glob("*.test.ts")) if f"'{name}'" in path.read_text("utf-8")
    ]
    go = [path for path in sorted(GO.rglob("*_test.go")) if f'"{name}"' in path.read_text("utf-8")]
    languages = _languages(name)
    assert python or "python" not in languages, f"no pytest module under tests/ reads {name}"
    assert typescript or "typescript" not in languages, f"no vitest runner in {TYPESCRIPT} reads {name}"
    assert go or "go" not in languages, f"no go test file in {GO} reads {name}"
    drivers = _texts(
        [
            "tests/functional/test_json_bodies_typescript.py",
            "tests/functional/test_secrets_across_languages.py",
            "tests/functional/test_module_runtime_typescript.py",
            "tests/functional/test_plugin_go.py",
            "tests/functional/test_module_go.py",
        ]
    )
    for runner in typescript:  # a file may have more than one (secrets.json: its load cases apart)
        variable = _variable(runner.read_text("utf-8"), name)
        assert any(
            variable in text and runner.name in text
            for path, text in drivers.items()
            if not path.endswith("_go.py")
        ), f"no test runs {runner.name} with {variable} set"
    # the plugin's runtime tests run in test_plugin_go.py, the module runtime's in test_module_go.py
    for runner in go:
        variable = _variable(runner.read_text("utf-8"), name)
        driver = (
            "tests/functional/test_module_go.py"
            if runner.parent.name == "module"
            else "tests/functional/test_plugin_go.py"
        )
        assert variable in drivers[driver], f"{driver} does not set {variable} for {runner.name}"
