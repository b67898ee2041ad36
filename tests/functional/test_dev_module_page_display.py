"""What the module dev page shows (issue 27, points 6 and 7), in a real headless Chromium.

- Secrets masked in every region the page draws (saved settings, events, proxy calls), a button to
  reveal them, and the module's backend still receiving them as saved.
- A page load is a session: no saved settings, events or proxy calls from an earlier load, unless
  the author checks "Keep settings across reloads" (which the browser remembers).
- Proxy calls numbered 1, 2, 3 … in the order they reach the proxy, each shown as it happens.
- The host versions the page states are the contract's "Host runtime globals" table.

Each test gets its own module (tests/fixtures/dev/module_app.py, whose backend echoes the
moduleContext it got) and its own dev server, since reloading or saving is part of what it tests.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest

from scaffold.host.browser import BrowserSession, open_browser
from scaffold.host.runtime import pinned_files
from tests.conftest import BROWSER_LAUNCH_SECONDS
from tests.fixtures.check.servers import serve
from tests.fixtures.dev.module_app import ModuleState, create_app
from tests.functional.test_dev_module_page import Dev, dev_page, wait_until
from tests.unit.test_spec_dashboard_module import HOST_GLOBALS

pytestmark = pytest.mark.slow

MASK = "••••••"
OLD_PROXY_POLL_S = 1.0  # the page polled the proxy log this often before calls were pushed
SETTINGS_CHANGE = "props.onChange(Object.assign({}, settings, { apiUrl: event.target.value }));"
# The reference Settings saves secrets the way real settings forms do: under names that say so, at
# any depth, in arrays, and as a name/value pair.
SECRET_SETTINGS = (
    "var v = event.target.value;\n"
    "          props.onChange(Object.assign({}, settings, { apiUrl: v, apiKey: 'key-' + v,"
    " connections: [{ name: 'main', dbPassword: 'pw-' + v, api_key: 'k2-' + v }],"
    " auth: { accessToken: 'tok-' + v, clientSecret: 'cs-' + v, useToken: true },"
    " headers: [{ name: 'X-Auth-Token', value: 'hdr-' + v }, { name: 'Accept', value: 'text/csv' }] }));"
)


@pytest.fixture(scope="module")
def chromium() -> Iterator[BrowserSession]:
    with open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as session:
        yield session


@pytest.fixture
def module(chromium: BrowserSession) -> Iterator[Dev]:
    state = ModuleState()
    state.rebuild(SETTINGS_CHANGE, SECRET_SETTINGS)
    with serve(create_app(state)) as origin, dev_page(chromium, origin, state) as dev:
        dev.region("Widget").get_by_text("backend: ok").wait_for()
        yield dev


def proxy_numbers(dev: Dev) -> list[int]:
    """The numbers the "Proxy calls" region shows, top (newest) first."""
    texts = dev.region("Proxy calls").locator(".sd-proxy-number").all_inner_texts()
    return [int(text.strip().lstrip("#")) for text in texts]


def saved_settings(dev: Dev) -> str:
    return dev.region("Settings").locator("pre.sd-json").inner_text()


def proxy_call(dev: Dev, message: str) -> None:
    """One call through the platform proxy from the page, as a widget makes it; waits for the answer."""
    dev.page.evaluate(
        """async (message) => {
          const answer = await fetch("/api/v1/modules/dev/proxy/api/v1/demo/status", {
            method: "POST", headers: {"Content-Type": "application/json"},
            body: JSON.stringify({payload: {message}}),
          });
          await answer.json();
        }""",
        message,
    )


# -- point 6: secrets masked in every region ------------------------------------------------------


def test_secrets_are_masked_in_every_region_until_revealed(module: Dev) -> None:
    state = module.state
    assert state is not None
    page = module.page
    module.region("Settings").locator('input[name="apiUrl"]').fill("v1")
    module.region("Settings").get_by_text("saved", exact=True).wait_for()
    secrets = ["key-v1", "pw-v1", "k2-v1", "tok-v1", "cs-v1", "hdr-v1"]
    # What the backend gets is what Settings saved: masking is for the eyes only.
    context = module.api.module_context()
    assert context["apiKey"] == "key-v1" and context["headers"][0]["value"] == "hdr-v1"
    page.get_by_role("button", name="Reload module").click()  # the widget calls its backend again
    wait_until(lambda: any(b["moduleContext"] for b in state.bodies()), "a call with moduleContext")
    assert state.bodies()[-1]["moduleContext"] == context
    proxy = module.region("Proxy calls")
    wait_until(lambda: proxy.locator("summary").count() == 2, "the second call in the list")
    proxy.locator("summary").first.click()  # expanded: the request as forwarded and the echoed answer
    regions = {
        "Saved settings": lambda: saved_settings(module),
        "Events": module.events,
        "Proxy calls": lambda: proxy.inner_text(),
    }
    module.region("Events").get_by_text("Settings.onChange(").wait_for()
    for name, text in regions.items():
        shown = text()
        assert MASK in shown, f"{name} shows no mask:\n{shown}"
        leaked = [s for s in secrets if s in shown]
        assert not leaked, f"{name} shows {leaked}:\n{shown}"
    assert '"apiUrl": "v1"' in saved_settings(module) and '"useToken": true' in saved_settings(module)
    assert '"value": "text/csv"' in saved_settings(module), "a pair whose name says no secret is shown"
    assert 'Settings.onChange({"apiUrl":"v1","apiKey":"••••••"' in module.events()
    answer = proxy.inner_text()
    assert "Answer" in answer and answer.count('"apiKey": "••••••"') == 2, "request and echoed answer"

    page.get_by_role("button", name="Reveal secrets").click()
    for name, text in regions.items():
        shown = text()
        assert "key-v1" in shown and "tok-v1" in shown, f"{name} is not revealed:\n{shown}"
    page.get_by_role("button", name="Hide secrets").click()
    page.get_by_role("button", name="Reveal secrets").wait_for()
    assert not [s for s in secrets if s in module.events() + saved_settings(module) + proxy.inner_text()]


def test_the_mask_rule(module: Dev) -> None:
    cases = [
        ({"apiKey": "a", "api_key": "b", "ACCESS_TOKEN": "c", "clientSecret": "d", "dbPassword": "e"}, None),
        ({"nested": {"list": [{"token": "x", "name": "n"}], "count": 3}}, None),
        ({"secrets": ["one", 2, None, True, ""], "sortKey": "title"}, None),
        ({"name": "apiToken", "value": "t", "region": "eu"}, None),
        ({"key": "Accept", "value": "text/csv"}, None),
    ]
    expected = [
        {"apiKey": MASK, "api_key": MASK, "ACCESS_TOKEN": MASK, "clientSecret": MASK, "dbPassword": MASK},
        {"nested": {"list": [{"token": MASK, "name": "n"}], "count": 3}},
        # Under a secret name every string and number is masked; null, booleans and "" say only
        # whether it is set. A harmless name that says key is masked too: showing is one click.
        {"secrets": [MASK, MASK, None, True, ""], "sortKey": MASK},
        {"name": "apiToken", "value": MASK, "region": "eu"},
        {"key": "Accept", "value": "text/csv"},
    ]
    masked = module.page.evaluate(
        "(cases) => cases.map((value) => window.ScaffoldSecretMask.mask(value))", [c for c, _ in cases]
    )
    assert masked == expected
    original = module.page.evaluate(
        "() => { const v = {apiKey: 'abcd'}; window.ScaffoldSecretMask.mask(v); return v; }"
    )
    assert original == {"apiKey": "abcd"}, "the value given is not changed"
    # A secret seen under its name is masked wherever it shows up again in text.
    text = module.page.evaluate(
        "() => { const M = window.ScaffoldSecretMask; M.mask({password: 'hunter22'});"
        " return M.maskText('login with hunter22 failed'); }"
    )
    assert text == f"login with {MASK} failed"


# -- point 7: a page load starts empty unless the author keeps the settings ---------------------


def test_a_reload_starts_empty_unless_settings_are_kept(module: Dev) -> None:
    page = module.page
    settings = module.region("Settings")
    calls = module.region("Proxy calls").locator("summary")
    settings.locator('input[name="apiUrl"]').fill("first")
    settings.get_by_text("saved", exact=True).wait_for()
    proxy_call(module, "before the reload")
    wait_until(lambda: calls.count() == 2, "the widget's call and the page's")

    page.reload()
    module.region("Widget").get_by_text("backend: ok").wait_for()
    module.region("Settings").get_by_text("nothing saved yet").wait_for()
    assert module.api.module_context() == {}, "the backend no longer gets the earlier load's settings"
    assert settings.locator('input[name="apiUrl"]').input_value() == "", "Settings gets no saved settings"
    assert "Settings.onChange" not in module.events()
    wait_until(lambda: calls.count() >= 1, "the new load's own call")
    time.sleep(0.3)
    assert calls.count() == 1, "only the calls of this load"
    assert proxy_numbers(module) == [1]
    keep = page.get_by_label("Keep settings across reloads", exact=True)
    assert not keep.is_checked(), "keeping is an opt-in"
    keep.check()
    settings.locator('input[name="apiUrl"]').fill("second")
    settings.get_by_text("saved", exact=True).wait_for()
    page.reload()
    module.region("Widget").get_by_text("backend: ok").wait_for()
    assert page.get_by_label("Keep settings across reloads", exact=True).is_checked(), (
        "the choice is remembered"
    )
    settings.get_by_text("saved", exact=True).wait_for()
    assert '"apiUrl": "second"' in saved_settings(module)
    assert module.api.module_context()["apiUrl"] == "second"
    assert settings.locator('input[name="apiUrl"]').input_value() == "second"
    assert "Settings.onChange" not in module.events(), "the events still start empty"
    wait_until(lambda: proxy_numbers(module) == [1], "the proxy calls still start at 1")

    page.get_by_label("Keep settings across reloads", exact=True).uncheck()
    page.reload()
    module.region("Settings").get_by_text("nothing saved yet").wait_for()
    assert module.api.module_context() == {}


# -- point 7: proxy calls numbered in order, shown as they happen ------------------------------


def test_proxy_calls_are_numbered_in_order_and_shown_as_they_happen(module: Dev) -> None:
    wait_until(lambda: proxy_numbers(module) == [1], "the widget's own call as #1")
    for number in range(2, 7):
        proxy_call(module, f"call {number}")
        started = time.monotonic()
        # Shown well within the interval the page used to poll at.
        wait_until(
            lambda n=number: proxy_numbers(module)[:1] == [n],
            f"call #{number}",
            timeout=OLD_PROXY_POLL_S * 0.6,
        )
        assert time.monotonic() - started < OLD_PROXY_POLL_S * 0.6
    assert proxy_numbers(module) == [6, 5, 4, 3, 2, 1]
    # Calls made together are numbered by arrival, consecutively, with nothing skipped.
    module.page.evaluate(
        """() => Promise.all([1, 2, 3, 4].map((i) => fetch("/api/v1/modules/dev/proxy/api/v1/demo/status", {
          method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify({payload: {i}}),
        })))"""
    )
    wait_until(lambda: proxy_numbers(module) == list(range(10, 0, -1)), "calls 1..10", timeout=3)
    # The fetches have completed in the browser, but each answer reaches the page as its own event
    # after the call's number did, so the summaries are waited for, not read once.
    summaries = module.region("Proxy calls").locator("summary")

    def all_answered() -> bool:
        texts = summaries.all_inner_texts()
        return len(texts) == 10 and all(
            re.match(r"#\d+ POST /api/v1/demo/status → 200$", s.strip()) for s in texts
        )

    wait_until(all_answered, "every call shown with its 200", timeout=5)


# -- point 6: host versions as the contract states them ------------------------------------------


def test_the_host_runtime_region_states_the_contract_versions(module: Dev) -> None:
    region = module.region("Host runtime")
    rows = [
        [cell.strip() for cell in row.locator("td").all_inner_texts()]
        for row in region.locator("tbody tr").all()
    ]
    assert [(g, p, v) for g, p, v, _page in rows] == [(f"window.{g}", p, v) for g, p, v in HOST_GLOBALS], (
        "the contract's Host runtime globals table, exactly"
    )
    on_page = {p: shown for _g, p, _v, shown in rows}
    pinned = {p: v for p, v, _f in pinned_files() if p in ("react", "react-dom", "react-hook-form")}
    assert on_page["react"] == f"loads {pinned['react']}" and pinned["react"] == "18.3.1"
    assert on_page["react-dom"] == f"loads {pinned['react-dom']}"
    assert on_page["react-hook-form"] == "loads 7.54.2" == f"loads {pinned['react-hook-form']}"
    assert re.fullmatch(r"18\.2\.\d+", pinned["react-dom"]), (
        "the release loaded is inside the contract's 18.2.x"
    )
    # What runs is that release (react-dom 18.2.0 carries the build string 18.2.0-next-…).
    react, react_dom = module.page.evaluate("() => [window.React.version, window.ReactDOM.version]")
    assert react == pinned["react"] and react_dom.startswith(pinned["react-dom"])
    assert {shown for p, shown in on_page.items() if p not in pinned} == {"stand-in"}
