"""`scaffold check plugin URL --fuzz N` against tiny plugins served over real HTTP on localhost.

The strict plugin (built from the spec, tests/fixtures/check/fuzz_app.py) passes; each one-defect
variant fails on the operation it breaks, and the curl line printed under the FAIL, run in a
shell, gets the same status again. The CLI is run as a user runs it, in a child process.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scaffold.check.fuzz_options import DEFAULT_FUZZ_SEED, FuzzOptions
from scaffold.check.plugin_fuzz import check_plugin_fuzz
from scaffold.host.report import CheckReport, CheckResult, Status, render_text
from tests.cli_runner import run_scaffold
from tests.fixtures.check.fuzz_app import HOSTILE_TEXT, TOKEN, create_app
from tests.fixtures.check.servers import closed_port, serve
from tests.functional.test_plugin_harness import make_project
from tests.served_process import serve_package

EXAMPLE_SECRET_KEY = "ZXhhbXBsZS1rZXktZG8tbm90LXVzZS1pbi1wcm9kISE="  # info.x-example-secret-key

NAMES = [
    "fuzz.well-known",
    "fuzz.health-check",
    "fuzz.datasource-fields",
    "fuzz.query-fields",
    "fuzz.get-result",
    "fuzz.variable-fields",
    "fuzz.variable-values",
]


@pytest.fixture(scope="module")
def fuzz_server() -> Iterator[str]:
    with serve(create_app()) as origin:
        yield origin


def _fuzz(
    origin: str, variant: str, cases: int = 25, *, seed: int = DEFAULT_FUZZ_SEED, only: str | None = None
) -> CheckReport:
    """A fuzz run; `only` limits it to one operationId (generation costs ~60 ms a case)."""
    operations = None if only is None else frozenset({only})
    options = FuzzOptions(cases=cases, seed=seed, timeout=5, deadline=300, operations=operations)
    return check_plugin_fuzz(f"{origin}/{variant}/api/v1", options)


def _status_of(curl_line: str) -> int:
    """Run the printed curl line in a POSIX shell, as a user would paste it; the answer's status."""
    assert shutil.which("curl"), "curl is needed to replay the printed request"
    assert all(" " <= char <= "~" for char in curl_line), "a curl line is printable ASCII"
    done = subprocess.run(
        ["sh", "-c", curl_line + " -o /dev/null -w '%{http_code}'"],
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return int(done.stdout.strip()[-3:])


def _only_failure(report: CheckReport) -> CheckResult:
    failed = [r for r in report.results if r.status is Status.FAIL]
    assert len(failed) == 1, render_text(report)
    return failed[0]


def test_strict_plugin_passes_every_operation(fuzz_server: str) -> None:
    report = _fuzz(fuzz_server, "strict")
    text = render_text(report)
    assert [r.name for r in report.results] == NAMES, text
    assert {r.status for r in report.results} == {Status.PASS}, text
    assert "25 valid + 25 invalid cases, " in report.find("fuzz.get-result").detail  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("variant", "operation", "text", "status"),
    [
        ("health-500", "checkHealth", "server error: 500", 500),
        ("values-418", "getVariableValues", "undocumented status: 418", 418),
        ("fields-bad-body", "getDatasourceConstructorFields", "answer breaks its schema: 200 body", 200),
        ("valid-400", "getQueryConstructorFields", "schema-valid request rejected with 400", 400),
        ("integer-as-string", "getVariableValues", "schema-invalid request accepted (at $.", 200),
    ],
)
def test_each_defect_fails_with_a_curl_line_that_reproduces_it(
    fuzz_server: str, variant: str, operation: str, text: str, status: int
) -> None:
    """Also, on two cases, what a second test ran the same fuzz run again for (each run of one
    operation costs seconds of CPU): the failing value shown in the curl line (integer-as-string),
    and the same seed giving the same curl lines in a second run (valid-400)."""
    report = _fuzz(fuzz_server, variant, only=operation)
    result = _only_failure(report)
    assert text in result.detail, render_text(report)
    assert result.rule and result.rule.startswith("contract: Endpoints / ")
    assert len(result.reproduce) == 1
    assert _status_of(result.reproduce[0]) == status
    if variant == "integer-as-string":  # the value given as a string is named, and sent as given
        assert "at $.pluginContext.orgID: 'AAA' is not of type 'integer'" in result.detail, render_text(
            report
        )
        assert '"orgID":"AAA"' in result.reproduce[0], result.reproduce[0]
    if variant == "valid-400":  # the seed makes runs repeatable
        again = _fuzz(fuzz_server, variant, only=operation)
        assert _only_failure(again).reproduce == result.reproduce


def test_cli_prints_lines_curl_and_exits_1_without_echoing_the_service(fuzz_server: str) -> None:
    result = run_scaffold(
        ["check", "plugin", f"{fuzz_server}/health-500/api/v1", "--fuzz", "5", "--seed", "3"]
    )
    assert result.returncode == 1, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    # the deadline, said before the run starts (issue 40: a run cut short by one it never named)
    assert lines[0] == (
        "fuzzing 7 operations: 5 schema-valid and 5 schema-invalid requests each, seed 3; the run "
        "stops after 135 s (the default, 120 s + 3 s per case; --deadline changes it)"
    )
    fail = next(i for i, line in enumerate(lines) if line.startswith("FAIL  fuzz.health-check"))
    assert lines[fail + 1].startswith("      ")
    assert "curl -sS -i --globoff -X POST " in lines[fail + 1]
    assert lines[-1] == "6 passed, 1 failed, 0 warnings, 0 skipped"
    assert "\x1b" not in result.stdout and "\u202e" not in result.stdout
    assert HOSTILE_TEXT not in result.stdout
    # `--json` and exit 0 when every operation passes: test_a_generated_plugin_passes_fuzz_25's run
    # (a CLI fuzz run costs about 11 s of CPU, most of it the same for any --fuzz count)


def test_nothing_listening_fails_once_and_skips_the_rest() -> None:
    report = check_plugin_fuzz(f"http://127.0.0.1:{closed_port()}/api/v1", FuzzOptions(cases=5, timeout=2))
    assert [r.status for r in report.results] == [Status.FAIL] + [Status.SKIP] * 6
    assert "cannot connect" in report.results[0].detail


def test_the_deadline_skips_what_it_cut_off(fuzz_server: str) -> None:
    options = FuzzOptions(cases=10_000, timeout=5, deadline=3)
    report = check_plugin_fuzz(f"{fuzz_server}/strict/api/v1", options)
    assert not report.ok and report.stopped is not None
    assert report.results[-1].status is Status.SKIP
    assert "deadline of 3 s passed" in report.results[-1].detail


@pytest.mark.parametrize("value", ["0", "-1", "abc", "1.5", "10001", "", "٣"])
def test_bad_fuzz_counts_are_one_sentence_and_exit_2(value: str) -> None:
    result = run_scaffold(["check", "plugin", "http://127.0.0.1:9/api/v1", f"--fuzz={value}"])
    assert result.returncode == 2, result.stdout + result.stderr
    assert "a whole number from 1 to 10,000" in result.stderr
    assert "Traceback" not in result.stderr


def test_fuzz_refuses_query_which_it_generates_itself() -> None:
    args = ["check", "plugin", "http://127.0.0.1:9/api/v1", "--fuzz", "5", "--query", "{}"]
    result = run_scaffold(args)
    assert result.returncode == 2
    assert "--fuzz does not make" in result.stderr


def test_fuzz_without_a_config_never_gets_past_the_config_check(fuzz_server: str) -> None:
    """The found case: --fuzz refused --config, so a data source needing a token was never fuzzed
    past its config check: every request answered 422, and the defect behind it stayed hidden."""
    report = _fuzz(fuzz_server, "needs-token", cases=10, only="getQueryResult")
    assert [r.status for r in report.results] == [Status.PASS], render_text(report)


def test_fuzz_takes_the_config_and_reaches_past_the_config_check(fuzz_server: str, tmp_path: Path) -> None:
    """--config, --config-file and --config-env are merged into one config before the command
    chooses between a fuzz run and the checks (scaffold/cli/check_cmd.py), and each form is tested
    with the checks (test_check_plugin.py); one CLI fuzz run proves the config reaches the fuzz
    run (a CLI fuzz run costs ~11 s of CPU, so the three forms are not repeated here)."""
    config_file = tmp_path / "check-config.json"
    config_file.write_text(json.dumps({"token": "${FUZZ_TOKEN}"}), encoding="utf-8")
    args = ["--config-file", str(config_file)]
    env = {"FUZZ_TOKEN": TOKEN}
    url = f"{fuzz_server}/needs-token/api/v1"
    result = run_scaffold(["check", "plugin", url, "--fuzz", "5", *args], env=env)
    assert result.returncode == 1, result.stdout + result.stderr
    failed = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert len(failed) == 1 and "fuzz.get-result" in failed[0] and "server error" in failed[0], result.stdout
    assert "6 passed, 1 failed" in result.stdout


def test_help_documents_fuzz_and_seed() -> None:
    result = run_scaffold(["check", "plugin", "--help"], env={"COLUMNS": "200"})
    assert result.returncode == 0
    assert "--fuzz" in result.stdout and "--seed" in result.stdout and "curl line" in result.stdout


def test_a_fuzz_run_imports_nothing_for_other_commands() -> None:
    code = "import sys; import scaffold.cli.check_cmd; print(sorted(m for m in ('httpx', 'schemathesis', 'hypothesis') if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


@pytest.mark.slow
def test_a_generated_plugin_passes_fuzz_25(tmp_path: Path) -> None:
    """A plugin made by `scaffold new-plugin --defaults` (made in-process: the CLI's `new-plugin` is
    tested in tests/functional/test_cli_new_project.py and tests/e2e), run as its own process,
    answers every case as documented; the CLI says so in JSON (`--json`) and exits 0."""
    project = make_project(tmp_path, "acme-sql")
    env = {
        **os.environ,
        "PYTHONPATH": str(project),
        "PLUGIN_STATE_DIR": str(tmp_path / "state"),
        "PLUGIN_SECRET_KEY": EXAMPLE_SECRET_KEY,
        "LOG_LEVEL": "warning",
    }
    with serve_package(
        sys.executable,
        "acme_sql",
        cwd=project,
        env=env,
        probe_path="/api/v1/well-known",
        log_path=tmp_path / "server.log",
    ) as origin:
        result = run_scaffold(["check", "plugin", f"{origin}/api/v1", "--fuzz", "25", "--json"], cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    summary = json.loads(result.stdout)
    counts = {name: summary[name] for name in ("passed", "failed", "warnings", "skipped", "stopped")}
    assert counts == {"passed": 7, "failed": 0, "warnings": 0, "skipped": 0, "stopped": None}, result.stdout
    assert [r["name"] for r in summary["results"]] == NAMES, result.stdout
    assert not (tmp_path / ".hypothesis").exists(), "Hypothesis writes nothing into the current folder"
