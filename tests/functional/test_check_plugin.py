"""`scaffold check plugin` against real plugins over HTTP: the reference passes, each defect fails.

One Starlette server hosts the reference plugin and every one-defect variant under its own
/<variant>/api/v1 (tests/fixtures/check/plugin_app.py). Each defect must make the check aimed
at it report FAIL (or WARN where the contract only recommends), proving that check can fail. The
two variants that are not defects (a plugin without Code mode, a variable form without fields) make
the check of a rule that does not apply to them a SKIP with the reason, never a WARN or a PASS.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator

import pytest

from scaffold.check.plugin_checks import check_plugin
from scaffold.check.plugin_session import PluginCheckOptions
from scaffold.host.report import CheckReport, Status
from tests.cli_runner import run_scaffold
from tests.conftest import REPO
from tests.fixtures.check.plugin_app import DEFECTS, create_app
from tests.fixtures.check.servers import closed_port, serve

CLI = [sys.executable, "-m", "tests.fixtures.check.cli"]
ENV = {"PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}

# defect -> (check that must catch it, expected status, text the detail must contain)
EXPECTED: dict[str, tuple[str, Status, str]] = {
    "well-known-title-string": ("well-known", Status.FAIL, "$.title"),
    "ds-form-invalid-type": ("datasource-fields.new-form", Status.FAIL, "'string' is not one of"),
    "trigger-broken": ("variable-fields.trigger", Status.FAIL, "'code' is a required property"),
    "saved-ignored": ("query-fields.saved-form", Status.WARN, "metric (sent 'iowait', got 'usage')"),
    "health-status-false": ("health-check.valid-config", Status.FAIL, "status False"),
    "password-leak": ("health-check.password-hidden", Status.FAIL, "in plain text"),
    "encrypted-rejected": ("health-check.encrypted-accepted", Status.FAIL, "wrong password"),
    "too-few-200": ("health-check.too-few-fields", Status.FAIL, "expected 400, got 200"),
    "too-few-422": ("health-check.too-few-fields", Status.FAIL, "answered 422, a validation error"),
    "required-not-422": ("health-check.empty-required-422", Status.FAIL, "expected 422, got 200"),
    "422-without-code": ("health-check.empty-required-422", Status.FAIL, "does not name 'host'"),
    "locale-default-en": ("locale.query-fields.default", Status.FAIL, "no header differs from ru-RU"),
    "not-localised": ("locale.datasource-fields.en-US", Status.WARN, "not localised"),
    "locale-changes-codes": ("locale.query-fields.en-US", Status.FAIL, "changes field codes"),
    "q-first-tag": ("locale.variable-fields.q-values", Status.FAIL, "matches neither en-US nor ru-RU"),
    "q-ignored": ("locale.datasource-fields.q-values", Status.WARN, "q-values ignored"),
    "unknown-en": ("locale.datasource-fields.unknown-locale", Status.FAIL, "xx-XX differs from ru-RU"),
    "code-without-lang": ("code-mode.hidden-without-codeLang", Status.FAIL, "without codeLang"),
    "code-without-mode": ("code-mode.hidden-without-codeMode", Status.FAIL, "no codeMode"),
    "code-sticky": ("code-mode.hidden-without-codeLang", Status.FAIL, "keeps Code mode"),
    # not defects: a rule that does not apply is a SKIP with the reason (README), not a WARN
    "no-query-type": ("code-mode.offered", Status.SKIP, "not applicable: no queryType field"),
    "no-variable-fields": ("locale.variable-fields.en-US", Status.SKIP, "no text to localise"),
    "refid-missing": ("get-result.refids", Status.FAIL, "no frame carries refID B"),
    "timestamp-numbers": ("get-result.value-contracts", Status.FAIL, "non-string values 12.5"),
    "values-not-objects": ("get-result.queries", Status.FAIL, "is not of type 'object'"),
    "no-queries-200": ("get-result.no-queries-400", Status.WARN, "answered 200"),
    "no-queries-500": ("get-result.no-queries-400", Status.FAIL, "got 500"),
    "variable-values-strings": ("variable-values", Status.FAIL, "'db-01' is not of type 'object'"),
    "malformed-500": ("bad-input.datasource-fields", Status.FAIL, "malformed-json: 500"),
    "deep-nesting-500": ("bad-input.get-result", Status.FAIL, "deep-nesting: 500"),
    "wrong-types-200": (
        "bad-input.get-result",
        Status.FAIL,
        "wrong-types: 200: accepted a structurally invalid body",
    ),
    "huge-hang": ("bad-input.get-result", Status.FAIL, "huge-string: no answer within 1 s"),
    "error-400-no-message": ("health-check.too-few-fields", Status.FAIL, "the 400 body has no message"),
    "text-plain-accepted": ("bad-input.variable-values", Status.WARN, "text-plain: 200"),
    "query-fields-500": ("query-fields.new-form", Status.FAIL, "expected 200, got 500"),
    "datasource-fields-500": ("datasource-fields.new-form", Status.FAIL, "expected 200, got 500"),
    "echo-config": ("health-check.valid-config", Status.FAIL, "got 422"),
}


@pytest.fixture(scope="module")
def plugin_server() -> Iterator[str]:
    with serve(create_app()) as origin:
        yield origin


def _check(origin: str, variant: str, **options: object) -> CheckReport:
    opts = PluginCheckOptions(timeout=float(options.pop("timeout", 5)), **options)  # type: ignore[arg-type]
    return check_plugin(f"{origin}/{variant}/api/v1", opts)


def _problems(report: CheckReport) -> list[str]:
    return [f"{r.status.value} {r.name}: {r.detail}" for r in report.results if r.status is not Status.PASS]


def test_every_defect_has_an_expectation() -> None:
    assert set(EXPECTED) == set(DEFECTS)


def test_reference_plugin_passes_everything(plugin_server: str) -> None:
    report = _check(plugin_server, "ref")
    assert _problems(report) == []
    names = [r.name for r in report.results]
    assert names[:3] == ["well-known", "datasource-fields.new-form", "health-check.valid-config"]
    assert len(names) == 41
    assert names == report.planned, "the plan declared up front is exactly what runs, in order"
    assert report.find("code-mode.offered").detail.startswith('codeMode "true" + codeLang')  # type: ignore[union-attr]


@pytest.mark.parametrize("defect", sorted(EXPECTED))
def test_each_defect_is_caught(plugin_server: str, defect: str) -> None:
    name, status, text = EXPECTED[defect]
    report = _check(plugin_server, defect, timeout=1.0 if defect == "huge-hang" else 5.0)
    result = report.find(name)
    assert result is not None, f"{name} missing from the report"
    assert result.status is status, _problems(report)
    assert text in result.detail
    assert result.rule and result.rule.startswith("contract:"), "a FAIL or WARN cites the contract"
    others = [r for r in report.results if r.status is Status.FAIL and r.name != name]
    invented = [r.name for r in report.results if r.status is Status.PASS and "not applicable" in r.detail]
    assert invented == [], "a check that did not run is a SKIP, never a PASS"
    if status in (Status.WARN, Status.SKIP):
        assert report.ok, (
            f"a recommendation-only defect or a rule that does not apply must not FAIL: {others}"
        )


def test_a_plugin_without_code_mode_skips_every_code_mode_check(plugin_server: str) -> None:
    """Found: with no queryType field at all, the two "hidden without" checks PASSed (nothing was
    hidden because nothing was ever offered): a check that did not apply is a SKIP."""
    report = _check(plugin_server, "no-query-type")
    for name in (
        "code-mode.offered",
        "code-mode.hidden-without-codeLang",
        "code-mode.hidden-without-codeMode",
    ):
        result = report.find(name)
        assert result is not None and result.status is Status.SKIP, _problems(report)
        assert result.detail.startswith("not applicable"), result.detail


def test_failure_skips_what_depends_on_it(plugin_server: str) -> None:
    report = _check(plugin_server, "query-fields-500")
    skipped = {r.name for r in report.results if r.status is Status.SKIP}
    assert {
        "query-fields.trigger",
        "code-mode.offered",
        "get-result.queries",
        "locale.query-fields.default",
    } <= skipped
    assert report.find("variable-values").status is Status.PASS  # type: ignore[union-attr]


def test_query_option_replaces_the_built_query(plugin_server: str) -> None:
    report = _check(plugin_server, "ref", queries=('{"table": "disk"}', '{"table": "cpu"}'))
    detail = report.find("get-result.value-contracts").detail  # type: ignore[union-attr]
    assert detail == "Timestamp: B/cpu; Regular: A/disk"


def test_config_option_reaches_the_health_check(plugin_server: str) -> None:
    report = _check(plugin_server, "ref", config={"database": ""})
    result = report.find("health-check.valid-config")
    assert result is not None and result.status is Status.FAIL
    assert "'database'" in result.detail and "--config CODE=VALUE" in result.detail


def test_unreachable_plugin() -> None:
    report = check_plugin(f"http://127.0.0.1:{closed_port()}/api/v1", PluginCheckOptions(timeout=2))
    first, *rest = report.results
    assert (first.status, first.name) == (Status.FAIL, "well-known")
    assert "cannot connect" in first.detail
    assert [r.name for r in report.results] == report.planned, "every planned check gets a line"
    assert len(rest) == 40 and all(r.status is Status.SKIP for r in rest)
    assert rest[0].detail.startswith("well-known got no usable answer, so no other call was made")


def test_cli_text_output_and_exit_codes(plugin_server: str) -> None:
    good = run_scaffold(["check", "plugin", f"{plugin_server}/ref/api/v1"], executable=CLI, env=ENV, cwd=REPO)
    assert good.returncode == 0, good.stdout + good.stderr
    assert good.stdout.splitlines()[-1] == "41 passed, 0 failed, 0 warnings, 0 skipped"
    assert all(line.startswith("PASS  ") for line in good.stdout.splitlines()[:-1])
    bad = run_scaffold(
        ["check", "plugin", f"{plugin_server}/refid-missing/api/v1"], executable=CLI, env=ENV, cwd=REPO
    )
    assert bad.returncode == 1
    assert bad.stdout.splitlines()[-1].startswith("40 passed, 1 failed")
    failing = [line for line in bad.stdout.splitlines() if line.startswith("FAIL")]
    assert len(failing) == 1 and "get-result.refids" in failing[0] and "[contract: " in failing[0]


def test_cli_json_output(plugin_server: str) -> None:
    result = run_scaffold(
        ["check", "plugin", f"{plugin_server}/no-queries-200/api/v1", "--json", "--timeout", "5"],
        executable=CLI,
        env=ENV,
        cwd=REPO,
    )
    assert result.returncode == 0, "warnings alone do not fail the run"
    data = json.loads(result.stdout)
    assert (data["kind"], data["failed"], data["warnings"]) == ("plugin", 0, 1)
    warned = [r for r in data["results"] if r["status"] == "WARN"]
    assert warned[0]["name"] == "get-result.no-queries-400" and warned[0]["rule"].startswith("contract:")


# A JWT-like password with both quotes, a non-breaking space and more than the 160 characters a
# schema message is cut to: the second hostile run found ~120 of its characters in the details.
SECRET = "eyJhbGciOiJIUzI1NiJ9." + 'it\'s "q" ' + "Zm9vYmFy" * 18 + "\xa0end"


def _leaks(text: str) -> list[str]:
    """Every 10-character piece of the secret (in any spelling) found in `text`."""
    from scaffold.redact import secret_forms

    return [
        form[i : i + 10]
        for form in secret_forms(SECRET)
        for i in range(len(form) - 9)
        if form[i : i + 10] in text
    ]


def test_config_values_of_passwords_are_masked_in_every_detail(plugin_server: str) -> None:
    """Issue 38, M1: `--config-env` values were printed in the FAIL details of the health checks."""
    report = _check(plugin_server, "echo-config", config={"password": SECRET, "host": "db.example"})
    failed = report.find("health-check.valid-config")
    assert failed is not None and failed.status is Status.FAIL
    assert "db.example" in failed.detail, "a value the form does not mark as a password is shown"
    assert not _leaks(json.dumps(report.as_json())), _leaks(json.dumps(report.as_json()))
    variable = {"SCAFFOLD_TEST_CONFIG": json.dumps({"password": SECRET})}
    for extra in ([], ["--json"]):
        result = run_scaffold(
            [
                "check",
                "plugin",
                f"{plugin_server}/echo-config/api/v1",
                "--config-env",
                "SCAFFOLD_TEST_CONFIG",
                *extra,
            ],
            executable=CLI,
            env={**ENV, **variable},
            cwd=REPO,
        )
        assert result.returncode == 1, result.stdout + result.stderr
        assert not _leaks(result.stdout + result.stderr), _leaks(result.stdout + result.stderr)
