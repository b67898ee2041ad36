"""The module dev page in a real headless Chromium, driven by its accessible names.

Two modules: the check's reference bundle, served by tests/fixtures/dev/module_app.py (whose bundle
a test rewrites to simulate a rebuild, and whose backend answers with the moduleContext it got),
for every control of the page; and one project made by `scaffold new-module`, built by its own
`npm run dev` (vite build --watch) and served by its own backend, where a saved source file must
reach the page as a reloaded widget.

The reference widget is instrumented for the page tests (see INSTRUMENT): it prints the props the
page controls, resets a manual refresh with setRefreshClicked(false), and throws, logs or rejects
on request through its moduleData, so every path into the "Events" region is exercised.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import httpx
import pytest

from scaffold.codegen.python.runtime_files.secrets import SecretBox, parse_key
from scaffold.dev.module_api import ModuleDevApi
from scaffold.dev.server import DevPage, DevServer, serve_dev
from scaffold.host.browser import BrowserSession, open_browser
from scaffold.specs import catalog
from tests.cli_runner import run_scaffold
from tests.conftest import BROWSER_LAUNCH_SECONDS
from tests.fixtures.check import module_app as check_app
from tests.fixtures.check.servers import serve
from tests.fixtures.dev.module_app import ModuleState, create_app
from tests.node_install import install_node_modules
from tests.served_process import serve_package

if TYPE_CHECKING:  # Playwright is imported lazily by scaffold.host.browser
    from playwright.sync_api import Locator, Page

pytestmark = pytest.mark.slow

SPEC = catalog.load_shipped("dashboard-module")
RELOAD_LIMIT_S = 2.0  # the "within about 2 seconds"
KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="  # MODULE_SECRET_KEY: bytes 0..31
INSTRUMENT = (
    (
        'h("h3", null, props.title || "Widget"),',
        'h("h3", null, props.title || "Widget"),\n'
        '      h("pre", { className: "dev-props" }, JSON.stringify({ cols: props.cols, rows: props.rows,'
        " isDashboardEdit: props.isDashboardEdit, isWidgetEdit: props.isWidgetEdit, palette: palette,"
        " variables: props.variables })),",
    ),
    (
        check_app.WIDGET_RETURN,
        "    React.useEffect(function () { if (props.isRefreshClicked) props.setRefreshClicked(false); },"
        " [props.isRefreshClicked]);\n"
        '    if (data.explode) throw new Error("widget exploded");\n'
        '    if (data.shout) console.error("widget shouts");\n'
        '    if (data.reject) Promise.reject(new Error("widget rejected"));\n' + check_app.WIDGET_RETURN,
    ),
)


@dataclass
class Dev:
    page: Page
    server: DevServer
    api: ModuleDevApi
    state: ModuleState | None = None

    def region(self, name: str) -> Locator:
        return self.page.get_by_role("region", name=name, exact=True)

    def widget_props(self) -> dict[str, Any]:
        text = self.region("Widget").locator(".dev-props").inner_text()
        props: dict[str, Any] = json.loads(text)
        return props

    def events(self) -> str:
        return self.region("Events").inner_text()


@pytest.fixture(scope="module")
def chromium() -> Iterator[BrowserSession]:
    with open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as session:
        yield session


@contextmanager
def dev_page(chromium: BrowserSession, base_url: str, state: ModuleState | None = None) -> Iterator[Dev]:
    """The dev server for the module at base_url and one browser page showing it."""
    api = ModuleDevApi(base_url, SPEC, timeout=10)
    page_def = DevPage("module", base_url, SPEC, api)
    with serve_dev(page_def, port=0) as server:
        context = chromium.new_context()
        try:
            page = context.new_page()
            page.set_default_timeout(10_000)
            page.goto(server.url + "/")
            yield Dev(page, server, api, state)
        finally:
            context.close()


@pytest.fixture(scope="module")
def reference(chromium: BrowserSession) -> Iterator[Dev]:
    state = ModuleState()
    for old, new in INSTRUMENT:
        state.rebuild(old, new)
    with serve(create_app(state)) as origin, dev_page(chromium, origin, state) as dev:
        dev.region("Widget").get_by_text("backend: ok").wait_for()
        yield dev


def wait_until(check: Any, what: str, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def test_widget_editor_and_settings_render_with_contract_props(reference: Dev) -> None:
    page = reference.page
    assert page.title().startswith("scaffold dev — module ")
    assert "Bundle loaded (load #0" in page.get_by_role("status").inner_text()
    widget = reference.region("Widget")
    assert "metric: cpu" in widget.inner_text(), "moduleData comes from the contract's saved widget example"
    assert "from 2026-03-14T09:00:00.000Z to 2026-03-15T09:00:00.000Z" in widget.inner_text()
    assert reference.region("Widget editor").get_by_placeholder("Widget title").input_value() == "CPU load"
    assert reference.region("Settings").locator('input[name="apiUrl"]').is_visible()
    events = reference.region("Events")
    events.get_by_text('Widget.onFetch("fetchLinerSuccess")').wait_for()
    events.get_by_text("Widget.onErrorChange(false)").first.wait_for()
    assert page.get_by_role("region", name="Problems").count() == 0, "the reference has no findings"


def test_resize_by_controls_handle_and_keys(reference: Dev) -> None:
    page = reference.page
    cell = reference.region("Widget").locator(".sd-cell")
    page.get_by_label("Columns", exact=True).fill("3")
    page.get_by_label("Rows", exact=True).fill("2")
    wait_until(lambda: reference.widget_props()["cols"] == 3 and reference.widget_props()["rows"] == 2, "3x2")
    small = cell.bounding_box()
    assert small is not None
    handle = page.get_by_role("button", name="Resize widget")
    box = handle.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 2 * 80, y + 56, steps=5)  # two columns wider, one row taller
    page.mouse.up()
    wait_until(lambda: reference.widget_props()["cols"] == 5, "the drag to reach the widget")
    assert reference.widget_props()["rows"] == 3
    assert (
        page.get_by_label("Columns", exact=True).input_value() == "5"
        and page.get_by_label("Rows", exact=True).input_value() == "3"
    )
    large = cell.bounding_box()
    assert large is not None
    assert large["width"] - small["width"] == pytest.approx(160, abs=1)
    assert large["height"] - small["height"] == pytest.approx(56, abs=1)
    handle.press("ArrowLeft")
    wait_until(lambda: reference.widget_props()["cols"] == 4, "the key to reach the widget")
    page.get_by_label("Columns", exact=True).fill("40")
    wait_until(lambda: reference.widget_props()["cols"] == 12, "the width to stop at the grid's 12 columns")


def test_time_range_modes_palette_and_variables_reach_the_widget(reference: Dev) -> None:
    page = reference.page
    widget = reference.region("Widget")
    page.get_by_label("From", exact=True).fill("2026-04-01T00:00:00.000Z")
    page.get_by_label("To", exact=True).fill("2026-04-02T12:00:00.000Z")
    widget.get_by_text("from 2026-04-01T00:00:00.000Z to 2026-04-02T12:00:00.000Z").wait_for()
    # Issue 27: the range is an ISO 8601 instant, as the spec decides; anything else is said and
    # never reaches the widget.
    page.get_by_label("From", exact=True).fill("now-6h")
    assert "ISO 8601 instant" in reference.region("Dashboard").get_by_role("alert").inner_text()
    assert widget.get_by_text("from 2026-04-01T00:00:00.000Z to 2026-04-02T12:00:00.000Z").count() == 1
    page.get_by_label("From", exact=True).fill("2026-04-01T00:00:00.000Z")
    assert reference.region("Dashboard").get_by_role("alert").count() == 0
    page.get_by_label("Dashboard edit mode", exact=True).check()
    page.get_by_label("Widget edit mode", exact=True).check()
    wait_until(lambda: reference.widget_props()["isWidgetEdit"] is True, "the edit modes")
    assert reference.widget_props()["isDashboardEdit"] is True
    palette = page.get_by_label("Palette", exact=True)
    assert reference.widget_props()["palette"] == ["#0b3c5d", "#328cc1", "#d9b310", "#1d2731"]  # the spec's
    palette.select_option(label="Contrast (scaffold dev): #000000, #e69f00, #56b4e9, #009e73")
    wait_until(lambda: reference.widget_props()["palette"][:2] == ["#000000", "#e69f00"], "the palette")
    variables = page.get_by_label("Variables", exact=True)
    variables.fill('{"region": "eu-north", "hosts": ["web-9"]}')
    wait_until(
        lambda: reference.widget_props()["variables"] == {"region": "eu-north", "hosts": ["web-9"]},
        "the variables",
    )
    variables.fill('{"region": ')  # not JSON: said next to the editor, the widget keeps the last value
    assert "not JSON" in reference.region("Dashboard").get_by_role("alert").inner_text()
    assert reference.widget_props()["variables"] == {"region": "eu-north", "hosts": ["web-9"]}
    variables.fill('{"region": "eu-north"}')
    assert reference.region("Dashboard").get_by_role("alert").count() == 0


def test_manual_refresh_is_reset_by_the_widget(reference: Dev) -> None:
    page = reference.page
    page.get_by_role("button", name="Refresh", exact=True).click()
    reference.region("Events").get_by_text("Widget.setRefreshClicked(false)").wait_for()
    page.get_by_text("isRefreshClicked: false").wait_for()
    reference.region("Widget editor").get_by_text("refreshClicked: true").wait_for()


def test_settings_arrive_at_the_backend_as_module_context(reference: Dev) -> None:
    assert reference.state is not None
    page = reference.page
    settings = reference.region("Settings")
    settings.locator('input[name="apiUrl"]').fill("https://metrics.test/api")
    expected = {"apiUrl": "https://metrics.test/api"}
    reference.region("Events").get_by_text(
        'Settings.onChange({"apiUrl":"https://metrics.test/api"})'
    ).wait_for()
    settings.get_by_text("saved", exact=True).wait_for()
    assert reference.api.module_context() == expected
    before = len(reference.state.bodies())
    page.get_by_role("button", name="Reload module").click()  # the widget mounts again and calls its backend
    wait_until(lambda: len(reference.state.bodies()) > before, "the widget's call through the proxy")
    received = reference.state.bodies()[-1]
    assert received == {"payload": {"message": "ping"}, "moduleContext": expected}
    log = httpx.get(reference.server.url + "/dev-api/module/proxy-log", timeout=5).json()["calls"]
    assert log[-1]["path"] == "/api/v1/demo/status" and log[-1]["status"] == 200
    assert log[-1]["forwarded"]["moduleContext"] == expected
    proxy = reference.region("Proxy calls")
    proxy.get_by_text("POST /api/v1/demo/status → 200").first.wait_for()


def test_errors_of_the_module_are_shown(reference: Dev) -> None:
    page = reference.page
    data = page.get_by_label("Widget data", exact=True)
    data.fill('{"metric": "cpu", "shout": true, "reject": true}')
    events = reference.region("Events")
    events.get_by_text("widget shouts").first.wait_for()
    events.get_by_text("unhandled rejection: widget rejected").first.wait_for()
    data.fill('{"metric": "cpu", "explode": true}')
    reference.region("Widget").get_by_role("alert").get_by_text(
        "Widget threw while rendering: widget exploded"
    ).wait_for()
    events.get_by_text("Widget threw while rendering: widget exploded").first.wait_for()
    data.fill('{"metric": "mem"}')
    # The boundary keeps the fallback until the bundle is reloaded, as a real error boundary does.
    page.get_by_role("button", name="Reload module").click()
    reference.region("Widget").get_by_text("metric: mem").wait_for()


def test_a_rebuilt_bundle_is_reloaded(reference: Dev) -> None:
    assert reference.state is not None
    widget = reference.region("Widget")
    started = time.monotonic()
    reference.state.rebuild('h("p", null, "metric: "', 'h("p", null, "measure: "')
    widget.get_by_text("measure: mem").wait_for()
    elapsed = time.monotonic() - started
    assert elapsed < RELOAD_LIMIT_S, f"the reload took {elapsed:.2f} s"
    assert reference.page.get_by_label("Columns", exact=True).input_value() == "12", (
        "the dashboard keeps its state"
    )
    reference.region("Events").get_by_text("the rebuilt bundle was reloaded").first.wait_for()


def test_findings_and_missing_components_are_shown(chromium: BrowserSession) -> None:
    with (
        serve(check_app.create_app()) as origin,
        dev_page(chromium, f"{origin}/dashboard-without-widget") as dev,
    ):
        problems = dev.page.get_by_role("region", name="Problems")
        problems.get_by_text("FAIL components").wait_for()
        assert "canAddToDashboard is true but Widget is not listed" in problems.inner_text()
        dev.region("Widget").get_by_text("does not list Widget").wait_for()
        dev.region("Settings").locator('input[name="apiUrl"]').wait_for()


# -- a project made by `scaffold new-module`, built by its own `npm run dev` -------------------------


@contextmanager
def npm_dev(frontend: Path, log: Path) -> Iterator[None]:
    """`npm run dev` (vite build --watch) in its own process group until the block ends."""
    with log.open("w", encoding="utf-8") as out:
        process = subprocess.Popen(
            ["npm", "run", "dev"], cwd=frontend, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        bundle = frontend / "dist" / "module.js"
        wait_until(lambda: bundle.is_file() or process.poll() is not None, "the first watch build", 120)
        assert process.poll() is None, log.read_text(encoding="utf-8")
        yield
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


def test_scaffolded_module_reloads_after_a_source_change(
    chromium: BrowserSession, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, record_property: Any
) -> None:
    assert shutil.which("npm"), "npm is needed to build the module's frontend (install Node.js 20 and npm)"
    project = tmp_path / "acme-map"
    made = run_scaffold(
        ["new-module", str(project), "--defaults"], env={"SCAFFOLD_HOME": str(tmp_path / "home")}
    )
    assert made.returncode == 0, made.stdout + made.stderr
    frontend = project / "frontend"
    assert json.loads((frontend / "package.json").read_text())["scripts"]["dev"].startswith(
        "vite build --watch"
    )
    install_node_modules(frontend, tmp_path_factory)  # `npm ci`, once per run for this lock file
    env = {
        **os.environ,
        "PYTHONPATH": str(project / "backend"),
        "LOG_LEVEL": "warning",
        "MODULE_SECRET_KEY": KEY,
    }
    with (
        npm_dev(frontend, tmp_path / "npm-dev.log"),
        serve_package(
            sys.executable,
            "acme_map",
            cwd=project,
            env=env,
            probe_path="/api/v1/well-known",
            log_path=tmp_path / "backend.log",
        ) as origin,
        dev_page(chromium, origin) as dev,
    ):
        widget = dev.region("Widget")
        widget.get_by_text("2026-03-14T09:00:00.000Z → 2026-03-15T09:00:00.000Z").wait_for(timeout=20_000)
        dev.region("Events").get_by_text('Widget.onFetch("fetchLinerSuccess")').first.wait_for()
        # Issue 27: what is edited in the WidgetEditor reaches the Widget, no retyping: the editor
        # hands its moduleData to the host's editor form (react-hook-form), the page re-renders.
        editor = dev.region("Widget editor")
        editor.get_by_role("textbox", name="Message").fill("Typed in the editor")
        widget.get_by_text("Typed in the editor", exact=True).wait_for(timeout=10_000)
        data = json.loads(dev.region("Dashboard").get_by_label("Widget data").input_value())
        assert data == {"message": "Typed in the editor", "askBackend": False}
        editor.locator('input[name="title"]').fill("Edited title")
        dev.region("Widget").get_by_text("Edited title").first.wait_for(timeout=10_000)
        source = frontend / "src" / "components" / "Widget.tsx"
        text = source.read_text(encoding="utf-8")
        old = "{from ?? 'dashboard start'} → {to ?? 'now'}"
        assert text.count(old) == 1
        started = time.monotonic()
        source.write_text(
            text.replace(old, "Edited range: {from ?? 'dashboard start'} → {to ?? 'now'}"), "utf-8"
        )
        widget.get_by_text("Edited range: 2026-03-14T09:00:00.000Z").wait_for(timeout=20_000)
        elapsed = time.monotonic() - started
        record_property("reload_seconds", round(elapsed, 3))
        print(f"scaffolded module: saved source to reloaded widget in {elapsed:.2f} s")
        assert elapsed < RELOAD_LIMIT_S + 1.0, f"the reload took {elapsed:.2f} s"
        assert "the rebuilt bundle was reloaded" in dev.events()
        # Issue 42: a secret typed into the seeded Settings is saved only as the token its backend
        # made (through the page's proxy, as on the platform), bound to its property.
        settings = dev.region("Settings")
        settings.get_by_role("button", name="Add connection").click()
        key = settings.get_by_label("Connection 1 API key")
        key.fill("s3cret typed")
        key.press("Tab")  # leaving the field has the backend encrypt it
        wait_until(lambda: "enc:v1:" in json.dumps(dev.api.module_context()), "the encrypted key saved")
        saved = dev.api.module_context()
        token = saved["connections"][0]["apiKey"]
        assert SecretBox(parse_key(KEY)).decrypt(token, field="apiKey") == "s3cret typed"
        assert "s3cret typed" not in json.dumps(saved) + dev.events()
        dev.region("Proxy calls").get_by_text("POST /api/v1/secrets → 200").first.wait_for()
