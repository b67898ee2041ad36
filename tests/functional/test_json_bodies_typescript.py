"""The TypeScript runtime reads the shared cases as decided (issue 38 point 6, issue 39 point 2):
the runners in scaffold/codegen/typescript/runtime_files/ (RUNNERS below) run with vitest beside the
runtime of a generated plugin, each reading its file of scaffold/codegen/cases/, the files the
Python (tests/unit/test_json_bodies.py, test_runtime_locale.py, test_observability_runtime.py,
test_metric_cases.py, test_body_limit_cases.py, test_log_record_cases.py, test_config_checks.py,
test_query_text_cases.py, test_form_values.py,
tests/functional/test_error_answers.py) and Go (jsonbodies_test.go, acceptlanguage_test.go, logging_test.go,
erroranswers_test.go, metriccases_test.go, bodylimitcases_test.go, logrecords_test.go,
configchecks_test.go, querytexts_test.go, formvalues_test.go) runtimes'
tests read too.

As secrets.test.ts runs (tests/functional/test_secrets_across_languages.py): not shipped in a
project, it is copied into one, here a copy of the example plugin tests/built_plugins.py builds
(its node_modules hard-linked), then type-checked with the project's strict options and linted
with its rules like the runtime beside it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.built_plugins import built_plugin, copy_project

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
RUNTIME = ROOT / "scaffold" / "codegen" / "typescript" / "runtime_files"
CASES = ROOT / "scaffold" / "codegen" / "cases"
# Each runner and the variable naming the file of cases it reads.
RUNNERS = {
    "json-bodies.test.ts": ("SCAFFOLD_JSON_BODIES", CASES / "json_bodies.json"),
    "locale.test.ts": ("SCAFFOLD_LOCALE_CASES", CASES / "locales.json"),
    "logging.test.ts": ("SCAFFOLD_LOG_CASES", CASES / "log_lines.json"),
    "error-answers.test.ts": ("SCAFFOLD_ERROR_ANSWERS", CASES / "error_answers.json"),
    "metrics.test.ts": ("SCAFFOLD_METRIC_CASES", CASES / "metrics.json"),
    "body-limits.test.ts": ("SCAFFOLD_BODY_LIMIT_CASES", CASES / "body_limits.json"),
    "log-records.test.ts": ("SCAFFOLD_LOG_RECORD_CASES", CASES / "log_records.json"),
    "config-checks.test.ts": ("SCAFFOLD_CONFIG_CHECKS", CASES / "config_checks.json"),
    "data-queries.test.ts": ("SCAFFOLD_DATA_QUERIES", CASES / "data_queries.json"),
    "variable-expansion.test.ts": ("SCAFFOLD_VARIABLE_EXPANSION", CASES / "variable_expansion.json"),
    "form-values.test.ts": ("SCAFFOLD_FORM_VALUES", CASES / "form_values.json"),
}
CASE_FILES = {variable: str(path) for variable, path in RUNNERS.values()}
# What the runners share: reading a file of cases (not shipped in a project either).
HELPER = "shared-cases.ts"
RUNNER_PATHS = [f"src/contract/{runner}" for runner in RUNNERS]
# vitest's own config runs test/ only; this one runs the runtime's tests in src/contract/
CONFIG = (
    "import { defineConfig } from 'vitest/config';\n\n"
    f"export default defineConfig({{ test: {{ environment: 'node', include: {json.dumps(RUNNER_PATHS)} }} }});\n"
)
# The project's compiler options (tsconfig.json) for the runners and what they import: the rest of
# the copy is the built example as tests/built_plugins.py type-checked and linted it (`npm run
# typecheck`, `npm run lint`), and a runner, a module nothing imports, changes nothing there.
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
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = copy_project(
        built_plugin("typescript", tmp_path_factory), tmp_path_factory.mktemp("json-bodies") / "p"
    )
    for runner in (*RUNNERS, HELPER):
        shutil.copyfile(RUNTIME / runner, copy / "src" / "contract" / runner)
    (copy / "vitest.cases.config.ts").write_text(CONFIG, encoding="utf-8")
    (copy / "tsconfig.runner.json").write_text(RUNNER_TSCONFIG, encoding="utf-8")
    return copy


def test_the_runner_compiles_strictly_and_lints_clean_beside_the_runtime(project: Path) -> None:
    """tsc and eslint on the runner only (with the runtime it imports, in the project's program):
    the rest passed both in the built example, on the same bytes."""
    bin_ = project / "node_modules" / ".bin"
    _run([str(bin_ / "tsc"), "-p", "tsconfig.runner.json"], project)
    _run(
        [str(bin_ / "eslint"), "--max-warnings", "0", *RUNNER_PATHS, f"src/contract/{HELPER}"],
        project,
    )
    _run([str(bin_ / "prettier"), "--check", *RUNNER_PATHS, f"src/contract/{HELPER}"], project)


def test_the_typescript_runtime_reads_every_case_as_decided(project: Path) -> None:
    vitest = str(project / "node_modules" / ".bin" / "vitest")
    out = _run([vitest, "run", "--config", "vitest.cases.config.ts"], project, CASE_FILES)
    assert all(runner in out for runner in RUNNERS), out


@pytest.mark.parametrize("runner", sorted(RUNNERS))
def test_each_runner_fails_without_its_cases(project: Path, runner: str) -> None:
    variable = RUNNERS[runner][0]
    vitest = str(project / "node_modules" / ".bin" / "vitest")
    result = subprocess.run(  # that runner alone: the others have their variables
        [vitest, "run", "--config", "vitest.cases.config.ts", f"src/contract/{runner}"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={k: v for k, v in os.environ.items() if k not in CASE_FILES}
        | {k: v for k, v in CASE_FILES.items() if k != variable}
        | {"CI": "1", "NO_COLOR": "1"},
    )
    assert result.returncode != 0 and f"{variable} is not set" in result.stdout + result.stderr
