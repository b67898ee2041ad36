"""`scaffold check module` in a real headless Chromium: the reference passes, each defect fails.

One Starlette server hosts the reference module and every one-defect variant under /<variant>
(tests/fixtures/check/module_app.py); one Chromium serves all runs, each in a fresh context,
which is also how the checker keeps runs apart. React UMD comes from `npm pack` (cached).
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from scaffold.check.module_checks import ModuleCheckOptions, check_module
from scaffold.host.browser import BrowserSession, open_browser
from scaffold.host.host_data import read_host_data
from scaffold.host.report import CheckReport, Status
from tests.cli_runner import run_scaffold
from tests.conftest import BROWSER_LAUNCH_SECONDS, REPO
from tests.fixtures.check.module_app import REFERENCE, VARIANTS, create_app
from tests.fixtures.check.servers import serve

pytestmark = pytest.mark.slow

CLI = [sys.executable, "-m", "tests.fixtures.check.cli"]
ENV = {"PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}

# variant -> (check that must catch it, expected status, text the detail must contain)
EXPECTED: dict[str, tuple[str, Status, str]] = {
    "components-missing": ("well-known", Status.FAIL, "'components' is a required property"),
    "not-full-set": ("well-known.full-set", Status.WARN, "canAddToDashboard"),
    "unknown-component": ("components", Status.FAIL, "not a contract component: Chart"),
    "dashboard-without-widget": (
        "components",
        Status.FAIL,
        "canAddToDashboard is true but Widget is not listed",
    ),
    "js-404": ("frontend.js", Status.FAIL, "404"),
    "js-query-404": ("frontend.js-cacheable", Status.FAIL, "?version=1.0.0&buildTimestamp="),
    "js-text-plain": ("frontend.js-content-type", Status.WARN, "served as text/plain"),
    "css-wrong-type": ("frontend.css", Status.WARN, "served as text/plain"),
    "esm-bundle": ("browser.script", Status.FAIL, "the platform loads a classic script"),
    "script-throws": ("browser.script", Status.FAIL, "page error: boom at load"),
    "wrong-scope": ("browser.scope", Status.FAIL, "window['referenceModule'] is not defined"),
    "no-registry": ("browser.registry", Status.FAIL, "registry is undefined"),
    "registry-missing-settings": ("browser.registry", Status.FAIL, "absent: Settings"),
    "registry-extra": ("browser.registry", Status.WARN, "not listed in components: Chart"),
    "loader-returns-component": ("component.Widget.loader", Status.WARN, "returns the component itself"),
    "loader-promise-of-component": ("component.Widget.loader", Status.FAIL, "resolves to the component"),
    "loader-rejects": ("component.Widget.loader", Status.FAIL, "rejects: chunk failed"),
    "loader-never-settles": ("component.Widget.loader", Status.FAIL, "did not settle within 2 s"),
    "render-throws": ("component.Widget.render", Status.FAIL, "threw while rendering: cannot draw"),
    "render-console-error": ("component.Widget.render", Status.FAIL, "console error: widget: no data source"),
    "renders-nothing": ("component.Widget.render", Status.WARN, "rendered nothing"),
    "onfetch-bad-value": ("component.Widget.callbacks", Status.FAIL, "'loaded' is not one of"),
    "onerror-string": ("component.Widget.callbacks", Status.FAIL, "'no' is not of type 'boolean'"),
    "settings-onchange-no-data": (
        "component.Settings.callbacks",
        Status.FAIL,
        "onChange() called without data",
    ),
    "settings-edit-throws": ("component.Settings.edit", Status.FAIL, "page error: cannot save settings"),
    "editor-no-onchange": ("component.WidgetEditor.edit", Status.WARN, "did not call onChange"),
    "widget-needs-kpi": (
        "component.Widget.render",
        Status.WARN,
        'the Widget reported an error (onFetch("fetchLinerError"), onErrorChange(true), an alert '
        '\'moduleData.kpi must be a KPI name\') with moduleData {"metric": "cpu"',
    ),
    "editor-keeps-values": (
        "component.WidgetEditor.edit",
        Status.WARN,
        "called onChange() but handed the host's editor form no value",
    ),
    "editor-onchange-extra-args": (
        "component.WidgetEditor.callbacks",
        Status.WARN,
        "the contract declares 0",
    ),
}


@pytest.fixture(scope="module")
def module_server() -> Iterator[str]:
    with serve(create_app()) as origin:
        yield origin


@pytest.fixture(scope="module")
def chromium() -> Iterator[BrowserSession]:
    with open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as session:
        yield session


def _check(origin: str, variant: str, session: BrowserSession) -> CheckReport:
    return check_module(f"{origin}/{variant}", ModuleCheckOptions(timeout=5, page_timeout=2), browser=session)


def _problems(report: CheckReport) -> list[str]:
    return [f"{r.status.value} {r.name}: {r.detail}" for r in report.results if r.status is not Status.PASS]


def test_every_variant_has_an_expectation() -> None:
    assert set(EXPECTED) | {REFERENCE, "no-css", "render-busy-loop"} == set(VARIANTS)


def test_reference_module_passes_everything(module_server: str, chromium: BrowserSession) -> None:
    report = _check(module_server, REFERENCE, chromium)
    assert _problems(report) == []
    detail = {r.name: r.detail for r in report.results}
    assert detail["component.Widget.callbacks"] == 'onFetch("fetchLinerSuccess"), onErrorChange(false)'
    assert detail["component.WidgetEditor.edit"].endswith(
        'called onChange(), set title to "scaffold check edit"'
    ), "the edit reached the host's editor form (x-scaffold-decision on WidgetEditorProps)"
    assert "apiUrl" in detail["component.Settings.edit"]
    assert "UiKit.Input" in detail["host-globals"], "stand-in members the bundle touched are reported"
    assert "proxied: POST /api/v1/demo/status -> 200" in detail["host-globals"]
    # Issue 27: the host versions as the contract's table states them, then the file loaded.
    assert detail["host-globals"].startswith(
        "host runtime react 18.3.1, react-dom 18.2.x (loads 18.2.0), react-hook-form 7.54.2; "
    )
    assert "version=1.0.0&buildTimestamp=" in detail["frontend.js-cacheable"]
    assert "?" not in detail["frontend.js"].split()[0], "the JS is also fetched as entryPoint resolves"
    assert [r.name for r in report.results] == report.planned, "the declared plan is what runs"
    assert detail["component.Widget.render"].find("backend: ok") > 0, (
        "the widget reached its backend via the proxy"
    )


def test_missing_css_is_not_an_error(module_server: str, chromium: BrowserSession) -> None:
    report = _check(module_server, "no-css", chromium)
    assert _problems(report) == []
    assert report.find("frontend.css").detail.startswith("no CSS")  # type: ignore[union-attr]


@pytest.mark.parametrize("variant", sorted(EXPECTED))
def test_each_defect_is_caught(module_server: str, chromium: BrowserSession, variant: str) -> None:
    name, status, text = EXPECTED[variant]
    report = _check(module_server, variant, chromium)
    result = report.find(name)
    assert result is not None, _problems(report)
    assert result.status is status, _problems(report)
    assert text in result.detail, result.detail
    assert result.rule and result.rule.startswith("contract:")
    if status is Status.WARN:
        assert report.ok, f"a recommendation-only defect must not FAIL anything: {_problems(report)}"


def test_busy_loop_fails_and_the_browser_survives(module_server: str, chromium: BrowserSession) -> None:
    stuck = _check(module_server, "render-busy-loop", chromium)
    render = stuck.find("component.Widget.render")
    assert render is not None and render.status is Status.FAIL
    assert "did not settle within 2 s" in render.detail
    assert any("stopped responding" in r.detail for r in stuck.results), _problems(stuck)
    again = _check(module_server, REFERENCE, chromium)
    assert again.ok, _problems(again)


def test_cli_launches_chromium_and_prints_json(module_server: str) -> None:
    result = run_scaffold(
        ["check", "module", f"{module_server}/onfetch-bad-value", "--json", "--page-timeout", "5"],
        executable=CLI,
        env=ENV,
        cwd=REPO,
    )
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout)
    assert data["kind"] == "module" and data["failed"] == 1
    assert [r["name"] for r in data["results"] if r["status"] == "FAIL"] == ["component.Widget.callbacks"]


def test_cli_reports_a_missing_chromium(module_server: str, tmp_path: object) -> None:
    result = run_scaffold(
        ["check", "module", f"{module_server}/{REFERENCE}"],
        executable=CLI,
        env={**ENV, "SCAFFOLD_CHROMIUM": "/nonexistent/chromium"},
        cwd=REPO,
    )
    assert result.returncode == 1
    assert result.stdout == "", "a missing tool is reported before any check runs"
    assert "error: SCAFFOLD_CHROMIUM is set to /nonexistent/chromium" in result.stderr


def test_the_deadline_cuts_a_browser_step_and_the_browser_survives(
    module_server: str, chromium: BrowserSession
) -> None:
    started = time.monotonic()
    options = ModuleCheckOptions(timeout=5, page_timeout=60, deadline=8)
    report = check_module(f"{module_server}/loader-never-settles", options, browser=chromium)
    assert time.monotonic() - started < 40, "a browser step waits no longer than the deadline allows"
    assert report.stopped == "the whole-run deadline of 8 s passed"
    loader = report.find("component.Widget.loader")
    assert loader is not None and loader.status is Status.SKIP, _problems(report)
    assert loader.detail == "the whole-run deadline of 8 s passed"
    assert [r.name for r in report.results] == report.planned
    assert not report.ok
    again = _check(module_server, REFERENCE, chromium)
    assert again.ok, _problems(again)


@pytest.mark.parametrize(
    ("module_data", "status"),
    [({"kpi": "revenue"}, Status.PASS), ({"metric": "cpu"}, Status.FAIL)],
    ids=["its-own-data", "own-data-it-refuses"],
)
def test_the_module_s_own_data_decides_the_widget_verdict(
    module_server: str, chromium: BrowserSession, tmp_path: Path, module_data: dict[str, str], status: Status
) -> None:
    """Issue 27: with the module's own moduleData (--data-file) the Widget is judged on it: a
    Widget that reports an error with its own data is a FAIL, never a PASS."""
    data_file = tmp_path / "host-data.json"
    data_file.write_text(
        json.dumps({"moduleData": module_data, "settings": {"apiUrl": "x"}}), encoding="utf-8"
    )
    options = ModuleCheckOptions(
        timeout=5, page_timeout=2, data=read_host_data(data_file, "frontend/host-data.json")
    )
    report = check_module(f"{module_server}/widget-needs-kpi", options, browser=chromium)
    result = report.find("component.Widget.render")
    assert result is not None and result.status is status, _problems(report)
    if status is Status.FAIL:
        assert result.detail.endswith('with moduleData {"metric": "cpu"} from frontend/host-data.json')
