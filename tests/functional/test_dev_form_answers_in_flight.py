"""A form answer that arrives late must not undo what the person did while it was on its way.

The plugin page asks for a form again on a trigger change and on a language switch. Over a slow
network (or a loaded machine) the person keeps typing meanwhile, or switches language before the
first answer came. Found in CI: the README screenshot script filled the data source form, and a
late answer replaced it with an empty Russian one, so Save & test never said "Data source works".
The plugin here holds chosen answers until the test releases them, so the order is fixed.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from scaffold.dev.plugin_api import PluginDevApi
from scaffold.dev.server import DevPage, serve_dev
from scaffold.host.browser import BrowserSession, open_browser
from scaffold.specs import catalog
from tests.conftest import BROWSER_LAUNCH_SECONDS
from tests.fixtures.check.servers import serve
from tests.fixtures.dev import all_fields_plugin

pytestmark = pytest.mark.slow
SPEC = catalog.load_shipped("datasource-plugin")
FORM_PATH = "/api/v1/datasource/constructor-fields"
TIMEOUT = 10_000

Held = Callable[[str, dict[str, Any]], bool]


@dataclass
class HeldPlugin:
    """The all-fields plugin, whose data source form answers wait while `held(language, body)` is true
    and the gate is closed; `arrived` lists the held requests that came in."""

    held: Held = lambda language, body: False
    gate: threading.Event = field(default_factory=threading.Event)
    arrived: list[str] = field(default_factory=list)

    def app(self) -> Any:
        inner = all_fields_plugin.create_app()

        async def wrapped(scope: dict[str, Any], receive: Any, send: Any) -> None:
            if scope["type"] != "http" or scope["path"] != FORM_PATH:
                await inner(scope, receive, send)
                return
            chunks: list[bytes] = []
            while True:
                message = await receive()
                chunks.append(message.get("body", b""))
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            headers = dict(scope["headers"])
            language = headers.get(b"accept-language", b"").decode()
            if self.held(language, json.loads(body)):
                self.arrived.append(language)
                while not self.gate.is_set():
                    await asyncio.sleep(0.02)
            replayed = False

            async def replay() -> dict[str, Any]:
                nonlocal replayed
                if replayed:
                    return await receive()
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}

            await inner(scope, replay, send)

        return wrapped


@pytest.fixture(scope="module")
def browser() -> Iterator[BrowserSession]:
    with open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as session:
        yield session


@contextmanager
def open_dev_page(browser: BrowserSession, plugin: HeldPlugin) -> Iterator[Page]:
    with serve(plugin.app()) as origin:
        target = f"{origin}/api/v1"
        with serve_dev(
            DevPage("plugin", target, SPEC, PluginDevApi(target, SPEC, timeout=15)), port=0
        ) as server:
            context = browser.new_context()
            context.set_default_timeout(TIMEOUT)
            page = context.new_page()
            page.goto(server.url)
            try:
                yield page
            finally:
                plugin.gate.set()
                context.close()


def wait_until(condition: Callable[[], bool], page: Page) -> None:
    for _ in range(500):
        if condition():
            return
        page.wait_for_timeout(20)
    raise AssertionError("the plugin never received the request the test waits for")


def test_an_answer_in_the_old_language_arriving_last_is_dropped(browser: BrowserSession) -> None:
    # The first (ru-RU) answer is held; the person switches to English before it comes.
    plugin = HeldPlugin(held=lambda language, body: language.startswith("ru"))
    with open_dev_page(browser, plugin) as page:
        wait_until(lambda: bool(plugin.arrived), page)
        page.get_by_label("Language").fill("en-US")
        page.get_by_label("Language").press("Enter")
        source = page.get_by_role("region", name="Data source")
        url = source.get_by_label("Server URL")
        url.fill("https://metrics.example.org")
        plugin.gate.set()
        # both answers are in the page's request log: the held one has arrived and must be ignored
        requests = page.get_by_role("region", name="Requests")
        expect(requests.locator(".log-entry", has_text="/datasource/constructor-fields")).to_have_count(2)
        expect(source.get_by_label("Server URL")).to_have_value("https://metrics.example.org")
        expect(source.get_by_label("Адрес сервера")).to_have_count(0)


def test_values_typed_while_a_trigger_re_request_is_on_its_way_are_kept(browser: BrowserSession) -> None:
    def re_request(language: str, body: dict[str, Any]) -> bool:
        return any(f.get("value") == "advanced" for f in body.get("filter", {}).get("fields", []))

    plugin = HeldPlugin(held=re_request)
    with open_dev_page(browser, plugin) as page:
        source = page.get_by_role("region", name="Data source")
        source.get_by_label("Адрес сервера").fill("https://one.example.org")
        source.get_by_role("radio", name="Расширенный").check()
        wait_until(lambda: bool(plugin.arrived), page)
        # typed while the re-request waits: a changed value and a first value
        source.get_by_label("Адрес сервера").fill("https://two.example.org")
        source.get_by_label("API-токен").fill("s3cret")
        plugin.gate.set()
        expect(source.get_by_label("Повторы")).to_be_visible()
        expect(source.get_by_label("Адрес сервера")).to_have_value("https://two.example.org")
        expect(source.get_by_label("API-токен")).to_have_value("s3cret")
        expect(source.get_by_role("radio", name="Расширенный")).to_be_checked()
