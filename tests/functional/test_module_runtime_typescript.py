"""The TypeScript module runtime reads the shared module cases as decided (issue 42 points 2 and 4).

The runners in scaffold/codegen/typescript/runtime_files/ that read a module backend's cases
(RUNNERS below) run with vitest beside the runtime of a generated module backend, each reading its
file of scaffold/codegen/cases/, the file the Python module runtime's tests
(tests/unit/test_module_body_cases.py, test_module_secret_cases.py) read too. As json-bodies.test.ts
runs for the plugin (tests/functional/test_json_bodies_typescript.py): not shipped in a project, a
runner is copied into a copy of the module tests/built_module_backends.py builds (its node_modules
hard-linked), then type-checked with the project's strict options and linted with its rules.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.built_module_backends import built_module
from tests.built_plugins import copy_project

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "scaffold" / "codegen" / "typescript" / "runtime_files"
CASES = ROOT / "scaffold" / "codegen" / "cases"
# Each runner and the variable naming the file of cases it reads.
RUNNERS = {
    "module-bodies.test.ts": ("SCAFFOLD_MODULE_BODIES", CASES / "module_bodies.json"),
    "module-secrets.test.ts": ("SCAFFOLD_MODULE_SECRETS", CASES / "module_secrets.json"),
}
CASE_FILES = {variable: str(path) for variable, path in RUNNERS.values()}
HELPER = "shared-cases.ts"
RUNNER_PATHS = [f"src/contract/{runner}" for runner in RUNNERS]
CONFIG = (
    "import { defineConfig } from 'vitest/config';\n\n"
    f"export default defineConfig({{ test: {{ environment: 'node', include: {json.dumps(RUNNER_PATHS)} }} }});\n"
)
RUNNER_TSCONFIG = json.dumps({"extends": "./tsconfig.json", "include": RUNNER_PATHS}) + "\n"


def _run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "CI": "1", "NO_COLOR": "1", "FORCE_COLOR": "0", **(env or {})},
    )
    assert result.returncode == 0, (
        f"`{' '.join(command)}` failed:\n{result.stdout[-6000:]}{result.stderr[-3000:]}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Path:
    module = built_module("typescript", tmp_path_factory)
    copy = copy_project(module / "backend", tmp_path_factory.mktemp("module-cases") / "backend")
    for runner in (*RUNNERS, HELPER):
        shutil.copyfile(RUNTIME / runner, copy / "src" / "contract" / runner)
    (copy / "vitest.cases.config.ts").write_text(CONFIG, encoding="utf-8")
    (copy / "tsconfig.runner.json").write_text(RUNNER_TSCONFIG, encoding="utf-8")
    return copy


def test_the_runner_compiles_strictly_and_lints_clean_beside_the_runtime(backend: Path) -> None:
    bin_ = backend / "node_modules" / ".bin"
    _run([str(bin_ / "tsc"), "-p", "tsconfig.runner.json"], backend)
    _run([str(bin_ / "eslint"), "--max-warnings", "0", *RUNNER_PATHS, f"src/contract/{HELPER}"], backend)
    _run([str(bin_ / "prettier"), "--check", *RUNNER_PATHS, f"src/contract/{HELPER}"], backend)


def test_the_typescript_module_runtime_reads_every_case_as_decided(backend: Path) -> None:
    vitest = str(backend / "node_modules" / ".bin" / "vitest")
    out = _run([vitest, "run", "--config", "vitest.cases.config.ts"], backend, CASE_FILES)
    assert all(runner in out for runner in RUNNERS), out


def test_the_runner_fails_without_its_cases(backend: Path) -> None:
    vitest = str(backend / "node_modules" / ".bin" / "vitest")
    result = subprocess.run(
        [vitest, "run", "--config", "vitest.cases.config.ts"],
        cwd=backend,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={k: v for k, v in os.environ.items() if k not in CASE_FILES} | {"CI": "1", "NO_COLOR": "1"},
    )
    assert result.returncode != 0
    for variable in CASE_FILES:
        assert f"{variable} is not set" in result.stdout + result.stderr, variable
