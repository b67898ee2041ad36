"""The plugin page of `scaffold dev` in real Chromium, driven by its accessible names.

Two plugins: the all-fields fixture (every ConstructorField type and prop, tests/fixtures/dev) and a
project made by `scaffold new-plugin`, run as its own process, through the whole flow a developer
follows: fill the form, trigger a re-request, save & test, switch language, build a constructor
query, run it, see the chart and the request log. One browser for the module.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Locator, Page, expect

from scaffold.dev.plugin_api import PluginDevApi
from scaffold.dev.plugin_secrets import MASK
from scaffold.dev.server import DevPage, serve_dev
from scaffold.host.browser import BrowserSession, open_browser
from scaffold.specs import catalog
from tests.cli_runner import run_scaffold
from tests.conftest import BROWSER_LAUNCH_SECONDS
from tests.fixtures.check.servers import serve
from tests.fixtures.dev import all_fields_plugin
from tests.served_process import serve_package

pytestmark = pytest.mark.slow
SPEC = catalog.load_shipped("datasource-plugin")
TIMEOUT = 10_000


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserSession]:
    with open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as session:
        yield session


def dev_page(target: str) -> Any:
    return serve_dev(DevPage("plugin", target, SPEC, PluginDevApi(target, SPEC, timeout=15)), port=0)


def new_page(browser: BrowserSession, url: str) -> tuple[Page, list[str]]:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(url)
    return page, errors


def log_entries(url: str) -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = httpx.get(f"{url.rstrip('/')}/dev-api/plugin/log", timeout=5).json()[
        "entries"
    ]
    return entries


def last_call(url: str, path: str) -> dict[str, Any]:
    return [e for e in log_entries(url) if e["path"] == path][-1]


def width_ratio(cell: Locator, row: Locator) -> float:
    cell_box, row_box = cell.bounding_box(), row.bounding_box()
    assert cell_box is not None and row_box is not None
    return cell_box["width"] / row_box["width"]


def add_variable(page: Page, name: str, kind: str, value: str) -> None:
    """A dashboard variable added through the page (it starts with none)."""
    panel = page.get_by_role("region", name="Dashboard variables")
    panel.get_by_role("button", name="Add variable").click()
    panel.get_by_label("Variable name").last.fill(name)
    panel.get_by_label("Variable type").last.select_option(kind)
    panel.get_by_label("Variable value").last.fill(value)


def chart_points(result: Locator) -> list[int]:
    charts = result.locator(".chart[data-points]")
    expect(charts.first).to_be_visible()
    return [int(charts.nth(i).get_attribute("data-points") or 0) for i in range(charts.count())]


class Received:
    """What reached the plugin, by path: the page's log masks passwords, so resending is seen here."""

    def __init__(self) -> None:
        self.bodies: list[tuple[str, Any]] = []

    def last(self, path: str) -> Any:
        return [body for at, body in self.bodies if at.endswith(path)][-1]


def recording(app: Any, received: Received) -> Any:
    async def wrapper(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await app(scope, receive, send)
            return
        chunks: list[bytes] = []
        more = True
        while more:
            message = await receive()
            chunks.append(message.get("body", b""))
            more = message.get("more_body", False)
        raw = b"".join(chunks)
        received.bodies.append((scope["path"], json.loads(raw) if raw else None))

        async def replay() -> Any:
            return {"type": "http.request", "body": raw, "more_body": False}

        await app(scope, replay, send)

    return wrapper


@pytest.fixture(scope="module")
def plugin_received() -> Received:
    return Received()


@pytest.fixture(scope="module")
def fixture_plugin(plugin_received: Received) -> Iterator[str]:
    with serve(recording(all_fields_plugin.create_app(), plugin_received)) as origin:
        yield f"{origin}/api/v1"


def test_every_field_type_and_prop_from_the_all_fields_plugin(
    browser: BrowserSession, fixture_plugin: str, plugin_received: Received
) -> None:
    with dev_page(fixture_plugin) as server:
        page, errors = new_page(browser, server.url)
        source = page.get_by_role("region", name="Data source")
        # ru-RU by default, en-US after the switch: the forms are asked again with the new Accept-Language.
        expect(source.get_by_label("Адрес сервера")).to_be_visible()
        page.get_by_label("Language").fill("en-US")
        page.get_by_label("Language").press("Enter")
        url = source.get_by_label("Server URL")
        expect(url).to_be_visible()
        assert last_call(server.url, "/datasource/constructor-fields")["locale"] == "en-US"

        # text: placeholder, required, description; password; number bounds; textarea; read-only.
        expect(url).to_have_attribute("placeholder", "https://metrics.example.org")
        expect(url).to_have_attribute("aria-required", "true")
        expect(source.get_by_text("Where the service answers")).to_be_visible()
        expect(source.get_by_label("API token")).to_have_attribute("type", "password")
        timeout = source.get_by_label("Timeout, s")
        expect(timeout).to_have_attribute("type", "number")
        expect(timeout).to_have_attribute("min", "1")
        expect(timeout).to_have_attribute("max", "60")
        assert source.get_by_label("Notes").evaluate("e => e.tagName") == "TEXTAREA"
        expect(source.get_by_label("Server build")).to_have_attribute("readonly", "")
        # select with allowHandwriting: free text with the options as suggestions; multi-select.
        region = source.get_by_label("Region")
        assert region.evaluate("e => [...e.list.options].map(o => o.value)") == ["eu", "us", "asia"]
        region.fill("mars")
        tags = source.get_by_label("Tags")
        assert tags.evaluate("e => e.multiple && [...e.selectedOptions].map(o => o.value)") == [
            "prod",
            "blue",
        ]
        tags.select_option(["blue", "canary"])
        expect(source.get_by_role("radiogroup", name="Connection mode")).to_be_visible()
        # sizes are the contract's row widths; inline joins the previous row.
        for code, expected in {"url": 0.6664, "token": 0.3333, "timeout": 0.1666, "notes": 0.833}.items():
            cell = source.locator(f".field-cell[data-code='{code}']")
            ratio = width_ratio(cell, cell.locator(".."))
            assert abs(ratio - expected) < 0.03, (code, ratio)
        assert (
            width_ratio(
                source.locator(".array-field[data-code='headers']"), source.locator(".constructor-form")
            )
            > 0.97
        )
        url_box = source.locator(".field-cell[data-code='url']").bounding_box()
        token_box = source.locator(".field-cell[data-code='token']").bounding_box()
        assert url_box is not None and token_box is not None and url_box["y"] == token_box["y"]

        # a trigger (radio) re-requests the form with the values of all trigger fields.
        source.get_by_role("radio", name="Advanced").check()
        expect(source.get_by_label("Retries")).to_be_visible()
        sent = last_call(server.url, "/datasource/constructor-fields")["request"]["filter"]["fields"]
        assert sent == [
            {"key": "mode", "value": "advanced"},
            {"key": "codeMode", "value": "false"},
        ]
        expect(source.get_by_label("Region")).to_have_value("mars")  # typed values survive the re-request
        # file: acceptFile and maxFileSize refused in the page.
        ca_file = source.get_by_label("CA certificate")
        expect(ca_file).to_have_attribute("accept", ".pem,.crt")
        ca_file.set_input_files({"name": "ca.txt", "mimeType": "text/plain", "buffer": b"x"})
        expect(source.get_by_text("ca.txt is not one of .pem,.crt")).to_be_visible()
        ca_file.set_input_files({"name": "big.pem", "mimeType": "text/plain", "buffer": b"x" * 2000})
        expect(source.get_by_text("the largest file allowed is 1024 bytes")).to_be_visible()
        ca_file.set_input_files({"name": "ca.pem", "mimeType": "text/plain", "buffer": b"-----BEGIN-----"})
        expect(source.get_by_text("ca.pem (15 bytes)")).to_be_visible()
        # array: an accordion of groups; "Add group" adds one.
        source.get_by_role("button", name="Add group").click()
        expect(source.get_by_label("Header name")).to_have_count(2)
        source.get_by_label("Header value").nth(1).fill("two")

        # client-side rules: validationRule with validationMessage, required, number bounds.
        url.fill("ftp://nowhere")
        timeout.fill("99")
        page.get_by_role("button", name="Save & test").click()
        expect(source.get_by_text("Starts with http:// or https://")).to_be_visible()
        expect(source.get_by_text("This field is required")).to_be_visible()
        expect(source.get_by_text("Enter a number from 1 to 60")).to_be_visible()
        expect(page.get_by_role("status")).to_contain_text("Fix 3 field(s)")
        # the plugin's validationErrors appear next to their field.
        url.fill("https://metrics.example.org")
        timeout.fill("30")
        source.get_by_label("API token").fill("wrong")
        source.get_by_label("Allow Code mode").check()
        expect(source.get_by_label("Code language")).to_be_visible()
        page.get_by_role("button", name="Save & test").click()
        expect(page.get_by_role("status")).to_have_text(
            "Data source check failed (HTTP 200): Authentication failed"
        )
        expect(source.locator(".field-cell[data-code='token'] .server-error")).to_have_text(
            "The token was refused"
        )
        source.get_by_label("API token").fill("s3cret")
        page.get_by_role("button", name="Save & test").click()
        expect(page.get_by_role("status")).to_have_text("Data source works: Connected to the server")
        health = last_call(server.url, "/datasource/health-check")["request"]["fields"]
        by_code = {f["code"]: f for f in health}
        assert by_code["token"] == {"code": "token", "value": MASK, "type": "password"}  # the log masks it
        assert {f["code"]: f for f in plugin_received.last("/health-check")["fields"]}["token"][
            "value"
        ] == "s3cret"
        assert by_code["tags"] == {"code": "tags", "value": "blue,canary", "type": "select"}
        assert by_code["codeMode"] == {
            "code": "codeMode",
            "value": "true",
        }  # checkbox is no DatasourceField type
        assert (
            by_code["headers"]["value"]
            == '[{"headerName":"X-Org","headerValue":""},{"headerName":"X-Org","headerValue":"two"}]'
        )
        assert by_code["caFile"]["value"].startswith("data:")

        # the query editor (asked now that the data source is saved): constructor query A (table),
        # query B in Code mode, now offered; a dashboard variable for A's series label.
        add_variable(page, "host", "list", "db-01,db-02")
        editor = page.get_by_role("region", name="Query editor")
        query_a = editor.get_by_role("region", name="Query A")
        query_a.get_by_label("Metric").select_option("mem")
        query_a.get_by_label("Series label").fill("$host")
        editor.get_by_role("button", name="Add query").click()
        query_b = editor.get_by_role("region", name="Query B")
        expect(query_b.get_by_role("radiogroup", name="Query mode")).to_be_visible()
        query_b.get_by_role("radio", name="Code").check()
        query_b.get_by_label("Code query").fill("up\ndown")
        editor.get_by_role("button", name="Run query").click()
        result = page.get_by_role("region", name="Result")
        assert chart_points(result) == [100]  # 50 points x 2 series
        expect(result.locator(".frame-table table")).to_have_count(2)  # uPlot's legend is a table too
        expect(result.get_by_role("columnheader", name="mem db-01,db-02", exact=True)).to_be_visible()
        expect(result.get_by_role("cell", name="down")).to_be_visible()
        run = last_call(server.url, "/query/get-result")["request"]
        # The page resends the saved (encrypted) token from its own memory; the log shows it masked.
        assert run["pluginContext"]["dataSourceInstanceSettings"]["fields"][1]["value"] == MASK
        sent = plugin_received.last("/query/get-result")["pluginContext"]["dataSourceInstanceSettings"]
        assert sent["fields"][1] == {
            "code": "token",
            "value": all_fields_plugin.encrypt("s3cret"),
            "type": "password",
        }
        assert [q["refID"] for q in run["dataQuery"]] == ["A", "B"] and run["dataQuery"][1][
            "codeQuery"
        ] == "up\ndown"
        assert run["variables"] == {"host": ["db-01", "db-02"]}

        # JSON mode: the text is sent as is; errors and validationErrors shown as the platform would.
        query_a.get_by_role("radio", name="JSON").check()
        json_text = query_a.get_by_label("Query JSON A")
        json_text.fill('{"metric": "nope"}')
        editor.get_by_role("button", name="Run query").click()
        expect(result.get_by_role("alert")).to_have_text(
            "Query failed (HTTP 422, status 422): unknown metric 'nope'"
        )
        expect(query_a.get_by_text("unknown metric 'nope'")).to_be_visible()
        json_text.fill('{"metric": "disk", "format": "table"}')
        editor.get_by_role("button", name="Run query").click()
        expect(result.get_by_role("columnheader", name="host")).to_be_visible()
        assert (
            last_call(server.url, "/query/get-result")["request"]["dataQuery"][0]["json"]
            == json_text.input_value()
        )

        # the variable editor: a trigger adds a field, then /variable/values.
        variables = page.get_by_role("region", name="Variable editor")
        variables.get_by_label("Values from").select_option("metrics")
        variables.get_by_label("Name prefix").fill("c")
        variables.get_by_role("button", name="Load values").click()
        expect(variables.get_by_role("list", name="Variable values")).to_have_text("CPU = cpu")

        # the request log: every call, expandable to its bodies.
        requests = page.get_by_role("region", name="Requests")
        expect(requests.locator(".log-entry")).to_have_count(len(log_entries(server.url)))
        requests.get_by_text("/variable/values").click()
        opened = requests.locator("details[open]")
        expect(opened.locator("pre").first).to_contain_text('\\"prefix\\":\\"c\\"')  # the JSON text sent
        expect(opened.locator("pre").nth(1)).to_contain_text('"label": "CPU"')
        # No password typed (or saved) is ever served back: not in the log, not on the page's log.
        served = httpx.get(f"{server.url}/dev-api/plugin/log", timeout=5).text + requests.inner_text()
        for secret in (
            "s3cret",
            "wrong",
            all_fields_plugin.encrypt("s3cret"),
            all_fields_plugin.encrypt("wrong"),
        ):
            assert secret not in served, secret
        assert MASK in served
        assert errors == []


@pytest.fixture(scope="module")
def scaffolded_plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("dev-plugin")
    project = root / "acme-sql"
    made = run_scaffold(["new-plugin", str(project), "--defaults"], env={"SCAFFOLD_HOME": str(root / "home")})
    assert made.returncode == 0, made.stdout + made.stderr
    env = {
        **os.environ,
        "PYTHONPATH": str(project),
        "PLUGIN_STATE_DIR": str(root / "state"),
        "LOG_LEVEL": "warning",
    }
    with serve_package(
        sys.executable,
        "acme_sql",
        cwd=project,
        env=env,
        probe_path="/api/v1/well-known",
        log_path=root / "server.log",
    ) as origin:
        yield f"{origin}/api/v1"


def test_a_scaffolded_plugin_through_the_whole_flow(browser: BrowserSession, scaffolded_plugin: str) -> None:
    with dev_page(scaffolded_plugin) as server:
        page, errors = new_page(browser, server.url)
        source = page.get_by_role("region", name="Data source")
        expect(source.get_by_label("Файл базы данных")).to_be_visible()
        # fill the form, and a trigger: Code mode off hides the code language, on shows it.
        source.get_by_label("Лимит строк").fill("5000")
        source.get_by_label("Разрешить режим кода").uncheck()
        expect(source.get_by_label("Язык кода")).to_have_count(0)
        source.get_by_label("Разрешить режим кода").check()
        expect(source.get_by_label("Язык кода")).to_be_visible()
        expect(source.get_by_label("Лимит строк")).to_have_value("5000")
        page.get_by_role("button", name="Save & test").click()
        expect(page.get_by_role("status")).to_contain_text("Data source works")
        # switch language: every form is asked again in English.
        page.get_by_label("Language").fill("en-US")
        page.get_by_label("Language").press("Enter")
        expect(source.get_by_label("Database file")).to_be_visible()
        expect(source.get_by_label("Row limit")).to_have_value("5000")
        # a constructor query: table, value columns, one series per host.
        query = page.get_by_role("region", name="Query A")
        query.get_by_role("radio", name="Code").wait_for()  # offered: the saved config allows Code
        query.get_by_role("combobox", name="Table", exact=True).select_option("cpu_metrics")
        expect(query.get_by_label("Series per")).to_be_visible()
        query.get_by_label("Values").select_option(["usage", "iowait"])
        query.get_by_label("Series per").select_option("host")
        page.get_by_role("button", name="Run query").click()
        result = page.get_by_role("region", name="Result")
        points = chart_points(result)
        assert len(points) == 1 and points[0] >= 6 * 60, points  # 6 series over the last 6 hours
        expect(result.locator(".chart")).to_have_attribute("data-series", "6")
        run = last_call(server.url, "/query/get-result")
        assert run["status"] == 200 and run["problems"] == [], run["problems"]
        # the request log shows the call with its status.
        requests = page.get_by_role("region", name="Requests")
        expect(requests.locator(".log-entry[data-status='200']", has_text="/query/get-result")).to_have_count(
            1
        )
        assert all(not e["problems"] for e in log_entries(server.url)), log_entries(server.url)
        assert errors == []
