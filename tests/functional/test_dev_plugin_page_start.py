"""The dev page starts clean for any plugin, in real Chromium.

- Forms in the platform's order (contract: typical call order): at open only well-known and the
  data source form are asked; the query and variable editors say, in plain text, that they wait
  for a saved data source, and are asked after Save & test (or when the person asks anyway).
- Nothing pre-filled: no example dashboard variable.
- Only the active query mode's inputs, and the JSON box holds exactly what is sent.
- The language applied last is kept across a reload, from the first request on.

Two plugins: saved_only (query and variable forms refused without a configured database, no
queryType or codeQuery field of its own) and all_fields (a queryType field of its own).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Page, expect

from scaffold.dev.plugin_api import PluginDevApi
from scaffold.dev.server import DevPage, serve_dev
from scaffold.host.browser import BrowserSession, open_browser
from scaffold.specs import catalog
from tests.conftest import BROWSER_LAUNCH_SECONDS
from tests.fixtures.check.servers import serve
from tests.fixtures.dev import all_fields_plugin, saved_only_plugin

pytestmark = pytest.mark.slow
SPEC = catalog.load_shipped("datasource-plugin")
TIMEOUT = 10_000
NOT_CONFIGURED = "Not configured yet: fill in the data source and press Save & test."


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserSession]:
    with open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as session:
        yield session


@pytest.fixture(scope="module")
def saved_only() -> Iterator[str]:
    with serve(saved_only_plugin.create_app()) as origin:
        yield f"{origin}/api/v1"


@pytest.fixture(scope="module")
def all_fields() -> Iterator[str]:
    with serve(all_fields_plugin.create_app()) as origin:
        yield f"{origin}/api/v1"


def dev_page(target: str) -> Any:
    return serve_dev(DevPage("plugin", target, SPEC, PluginDevApi(target, SPEC, timeout=15)), port=0)


def open_page(browser: BrowserSession, url: str) -> tuple[Page, list[str]]:
    page = browser.new_context().new_page()
    page.set_default_timeout(TIMEOUT)
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


def paths(url: str) -> list[str]:
    return [entry["path"] for entry in log_entries(url)]


def last_call(url: str, path: str) -> dict[str, Any]:
    return [e for e in log_entries(url) if e["path"] == path][-1]


def save(page: Page, database: str) -> None:
    page.get_by_role("region", name="Data source").get_by_label("Database").fill(database)
    page.get_by_role("button", name="Save & test").click()
    expect(page.get_by_role("status")).to_have_text("Data source works: Connected")


def test_at_open_only_metadata_and_the_data_source_form_are_asked(
    browser: BrowserSession, saved_only: str
) -> None:
    with dev_page(saved_only) as server:
        page, errors = open_page(browser, server.url)
        expect(page.get_by_role("region", name="Data source").get_by_label("Database")).to_be_visible()
        query = page.get_by_role("region", name="Query A")
        variable = page.get_by_role("region", name="Variable editor")
        # A state, not an error: plain text, nothing in red, no alert anywhere on the page.
        for editor in (query, variable):
            expect(editor.get_by_text(NOT_CONFIGURED)).to_be_visible()
            expect(editor.get_by_text("The platform asks")).to_have_class("muted")
            expect(editor.locator(".error")).to_have_count(0)
        expect(
            variable.get_by_text("The platform asks the variable form only for a saved data source.")
        ).to_be_visible()
        expect(page.get_by_role("alert")).to_have_count(0)
        assert paths(server.url) == ["/well-known", "/datasource/constructor-fields"]
        # No example values: the dashboard variables start empty; "Add variable" adds one.
        dashboard = page.get_by_role("region", name="Dashboard variables")
        expect(dashboard.get_by_label("Variable name")).to_have_count(0)
        dashboard.get_by_role("button", name="Add variable").click()
        expect(dashboard.get_by_label("Variable name")).to_have_value("")

        # Save & test: then, and only then, the query and variable forms are asked.
        save(page, "metrics.db")
        expect(query.get_by_label("Table")).to_have_value("cpu")
        expect(variable.get_by_label("Column")).to_have_value("host")
        expect(page.get_by_text(NOT_CONFIGURED)).to_have_count(0)
        called = paths(server.url)
        assert called.index("/datasource/health-check") < called.index("/query/constructor-fields")
        assert called.index("/datasource/health-check") < called.index("/variable/constructor-fields")
        # A query added after saving asks its form at once.
        page.get_by_role("button", name="Add query").click()
        expect(page.get_by_role("region", name="Query B").get_by_label("Table")).to_be_visible()
        assert errors == []


def test_asking_anyway_sends_the_values_typed(browser: BrowserSession, saved_only: str) -> None:
    with dev_page(saved_only) as server:
        page, errors = open_page(browser, server.url)
        query = page.get_by_role("region", name="Query A")
        # The escape hatch (a backend that cannot pass its health check yet): the form asked with
        # the values typed, unsaved; the other editor keeps waiting.
        page.get_by_role("region", name="Data source").get_by_label("Database").fill("typed.db")
        query.get_by_role("button", name="Ask for the query form anyway").click()
        expect(query.get_by_label("Table")).to_be_visible()
        sent = last_call(server.url, "/query/constructor-fields")["request"]
        fields = sent["pluginContext"]["dataSourceInstanceSettings"]["fields"]
        assert {"code": "database", "value": "typed.db", "type": "text"} in fields
        assert "/datasource/health-check" not in paths(server.url)
        variable = page.get_by_role("region", name="Variable editor")
        expect(variable.get_by_text(NOT_CONFIGURED)).to_be_visible()
        variable.get_by_role("button", name="Ask for the variable form anyway").click()
        expect(variable.get_by_label("Column")).to_have_value("host")
        assert errors == []


def test_a_form_refused_after_saving_is_an_error(browser: BrowserSession, saved_only: str) -> None:
    with dev_page(saved_only) as server:
        page, errors = open_page(browser, server.url)
        page.get_by_role("region", name="Data source").get_by_label("Database").fill("offline")
        page.get_by_role("button", name="Save & test").click()
        expect(page.get_by_role("status")).to_have_text("Data source works: Connected")
        refused = f"The plugin did not answer fields (HTTP 422: {saved_only_plugin.NOT_CONFIGURED})"
        for name in ("Query A", "Variable editor"):
            editor = page.get_by_role("region", name=name)
            expect(editor.locator(".error")).to_have_text(refused)
            expect(editor.get_by_text(NOT_CONFIGURED)).to_have_count(0)
        assert last_call(server.url, "/query/constructor-fields")["status"] == 422
        assert errors == []


def test_json_and_code_modes_show_only_their_inputs_and_send_what_they_show(
    browser: BrowserSession, saved_only: str
) -> None:
    with dev_page(saved_only) as server:
        page, errors = open_page(browser, server.url)
        save(page, "metrics.db")
        query = page.get_by_role("region", name="Query A")
        query.get_by_label("Table").select_option("mem")
        modes = query.get_by_role("radiogroup", name="Editor mode A")
        # JSON: the mode switch and the box, which starts as the query built so far.
        modes.get_by_role("radio", name="JSON").check()
        box = query.get_by_label("Query JSON A")
        expect(box).to_have_value('{"table":"mem","limit":"10"}')
        expect(query.get_by_label("Table")).to_have_count(0)
        expect(query.get_by_label("Row limit")).to_have_count(0)
        page.get_by_role("button", name="Run query").click()
        expect(page.get_by_role("region", name="Result").get_by_role("cell").first).to_be_visible()
        assert (
            last_call(server.url, "/query/get-result")["request"]["dataQuery"][0]["json"] == box.input_value()
        )
        box.fill('{"table": "cpu", "limit": "1"}')
        page.get_by_role("button", name="Run query").click()
        expect(
            page.get_by_role("region", name="Requests").locator(".log-entry", has_text="get-result")
        ).to_have_count(2)
        assert last_call(server.url, "/query/get-result")["request"]["dataQuery"][0]["json"] == (
            '{"table": "cpu", "limit": "1"}'
        )
        # Code (offered: the saved configuration has codeMode "true" and a codeLang): the switch and
        # the code box only; the hidden Constructor fields are not sent.
        modes.get_by_role("radio", name="Code").check()
        expect(query.get_by_label("Query JSON A")).to_have_count(0)
        expect(query.get_by_label("Table")).to_have_count(0)
        query.get_by_label("Code A").fill("SELECT 1")
        page.get_by_role("button", name="Run query").click()
        expect(
            page.get_by_role("region", name="Requests").locator(".log-entry", has_text="get-result")
        ).to_have_count(3)
        sent = last_call(server.url, "/query/get-result")["request"]["dataQuery"][0]
        assert sent["codeQuery"] == "SELECT 1" and json.loads(sent["json"]) == {}
        # Back to JSON: the person's own text is kept.
        modes.get_by_role("radio", name="JSON").check()
        expect(query.get_by_label("Query JSON A")).to_have_value('{"table": "cpu", "limit": "1"}')
        assert errors == []


def test_json_mode_with_the_forms_own_query_type_field(browser: BrowserSession, all_fields: str) -> None:
    with dev_page(all_fields) as server:
        page, errors = open_page(browser, server.url)
        source = page.get_by_role("region", name="Data source")
        source.get_by_label("Адрес сервера").fill("https://metrics.example.org")
        source.get_by_label("API-токен").fill("s3cret")
        page.get_by_role("button", name="Save & test").click()
        expect(page.get_by_role("status")).to_contain_text("Data source works")
        query = page.get_by_role("region", name="Query A")
        query.get_by_label("Метрика").select_option("mem")
        switch = query.get_by_role("radiogroup", name="Режим запроса")
        switch.get_by_role("radio", name="JSON").check()
        box = query.get_by_label("Query JSON A")
        built = json.loads(box.input_value())
        assert built["queryType"] == "json" and built["metric"] == "mem", built
        expect(query.get_by_label("Метрика")).to_have_count(0)
        expect(query.locator(".field-cell, .array-field")).to_have_count(2)  # the switch and the box
        expect(switch).to_be_visible()
        page.get_by_role("button", name="Run query").click()
        expect(page.get_by_role("region", name="Result").locator(".chart")).to_have_count(1)
        assert (
            last_call(server.url, "/query/get-result")["request"]["dataQuery"][0]["json"] == box.input_value()
        )
        assert errors == []


def test_the_language_is_kept_across_a_reload(browser: BrowserSession, all_fields: str) -> None:
    with dev_page(all_fields) as server:
        page, errors = open_page(browser, server.url)
        source = page.get_by_role("region", name="Data source")
        expect(source.get_by_label("Адрес сервера")).to_be_visible()
        page.get_by_label("Language").fill("en-US")
        page.get_by_label("Language").press("Enter")
        expect(source.get_by_label("Server URL")).to_be_visible()
        before = len(log_entries(server.url))

        page.reload()
        expect(page.get_by_label("Language")).to_have_value("en-US")
        expect(page.get_by_role("region", name="Data source").get_by_label("Server URL")).to_be_visible()
        after = [e for e in log_entries(server.url)[before:] if e["path"] == "/datasource/constructor-fields"]
        assert after and after[0]["locale"] == "en-US", after
        assert all(e["locale"] == "en-US" for e in after)
        assert errors == []
        # A language the dev server refuses (the page says so) is not kept: the next visit starts
        # with the last one that was sent.
        page.get_by_label("Language").fill("en-US\u00e9")
        page.get_by_label("Language").press("Enter")
        expect(page.get_by_role("alert")).to_contain_text("locale must be a language tag")
        page.reload()
        expect(page.get_by_label("Language")).to_have_value("en-US")
        expect(page.get_by_role("region", name="Data source").get_by_label("Server URL")).to_be_visible()
