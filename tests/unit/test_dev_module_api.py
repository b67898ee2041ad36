"""The module dev page's API without a browser: target and findings, settings and the page's session,
bundle stamp, proxy log (numbered per page session, answered as soon as it changes).

The module is served for real (uvicorn in a thread): the check's variants for the findings, and
the dev fixture (tests/fixtures/dev/module_app.py), whose bundle a test can change, for the stamp.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scaffold.dev.api import ApiAnswer, ApiRequest, BadApiRequest
from scaffold.dev.module_api import ModuleDevApi
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.project_runner import plan_service
from scaffold.host.host_data import HostData
from scaffold.host.module_props import MODULE_ID
from scaffold.host.proxy_log import ProxyLog
from scaffold.specs import catalog
from tests.fixtures.check import module_app as check_app
from tests.fixtures.check.servers import closed_port, serve
from tests.fixtures.dev.module_app import ModuleState, create_app

SPEC = catalog.load_shipped("dashboard-module")


def call(api: ModuleDevApi, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    raw = b"" if body is None else json.dumps(body).encode()
    path, _, query = path.partition("?")
    answer: ApiAnswer = api.handle(ApiRequest(method, path, query, {}, raw))
    assert answer.content_type == "application/json"
    return answer.status, json.loads(answer.body)


@pytest.fixture(scope="module")
def variants() -> Iterator[str]:
    with serve(check_app.create_app()) as origin:
        yield origin


@pytest.fixture
def rebuildable() -> Iterator[tuple[str, ModuleState]]:
    state = ModuleState()
    with serve(create_app(state)) as origin:
        yield origin, state


def test_target_of_the_reference_has_urls_scope_and_contract_props(variants: str) -> None:
    api = ModuleDevApi(f"{variants}/ref/api/v1", SPEC, timeout=5)  # a trailing /api/v1 is tolerated
    status, body = call(api, "GET", "/target")
    assert status == 200
    assert body["problems"] == [], body["problems"]
    target = body["target"]
    assert target["baseUrl"] == f"{variants}/ref"
    assert target["scope"] == "referenceModule"
    assert target["components"] == ["Widget", "WidgetEditor", "Settings"]
    assert target["plainJsUrl"] == f"{variants}/ref/static/module.js"
    assert target["jsUrl"].startswith(target["plainJsUrl"] + "?version=1.0.0&buildTimestamp=")
    assert target["cssUrl"] == f"{variants}/ref/static/module.css"
    assert target["moduleId"] == MODULE_ID
    widget = target["props"]["Widget"]
    assert widget["schema"] == "WidgetProps"
    assert widget["values"]["moduleId"] == MODULE_ID and "onFetch" not in widget["values"]
    callbacks = {c["name"]: c["parameters"] for c in widget["callbacks"]}
    assert set(callbacks) == {"setRefreshClicked", "onErrorChange", "onFetch"}
    assert callbacks["setRefreshClicked"] == [
        {"name": "isRefreshClicked", "required": True, "schema": {"type": "boolean"}}
    ]
    settings = target["props"]["Settings"]
    assert [c["name"] for c in settings["callbacks"]] == ["onChange"]
    assert body["settings"] == {} and body["settingsSaved"] is False
    assert target["crossOrigin"] is None, (
        "without Access-Control-Allow-Origin the page loads it as the platform does"
    )
    api.close()


def test_a_bundle_served_with_cors_is_loaded_in_cors_mode(rebuildable: tuple[str, ModuleState]) -> None:
    origin, _state = rebuildable
    api = ModuleDevApi(origin, SPEC, timeout=5)
    assert call(api, "GET", "/target")[1]["target"]["crossOrigin"] == "anonymous"
    api.close()


@pytest.mark.parametrize(
    ("variant", "check", "status", "text", "loadable"),
    [
        ("dashboard-without-widget", "components", "FAIL", "Widget is not listed", True),
        ("css-wrong-type", "frontend.css", "WARN", "served as text/plain", True),
        ("js-404", "frontend.js", "FAIL", "404", False),
    ],
)
def test_target_reports_what_check_would_find(
    variants: str, variant: str, check: str, status: str, text: str, loadable: bool
) -> None:
    api = ModuleDevApi(f"{variants}/{variant}", SPEC, timeout=5)
    _, body = call(api, "GET", "/target")
    found = {p["check"]: p for p in body["problems"]}
    assert check in found, body["problems"]
    assert found[check]["status"] == status and text in found[check]["detail"]
    assert found[check]["rule"], "a finding names the contract rule it breaks"
    assert (body["target"] is not None) is loadable
    if variant == "css-wrong-type":
        assert body["target"]["cssUrl"] is None, "a stylesheet the browser would ignore is not loaded"
    api.close()


def test_no_module_at_the_url_is_a_finding_not_an_error() -> None:
    api = ModuleDevApi(f"http://127.0.0.1:{closed_port()}", SPEC, timeout=2)
    status, body = call(api, "GET", "/target")
    assert status == 200 and body["target"] is None
    assert body["problems"][0]["check"] == "well-known"
    assert "cannot connect" in body["problems"][0]["detail"]
    assert call(api, "GET", "/bundle-stamp")[1] == {
        "stamp": None,
        "error": "the module's JS URL is not known yet (no well-known read)",
    }
    api.close()


def test_saved_settings_become_the_module_context() -> None:
    api = ModuleDevApi("http://127.0.0.1:1", SPEC)
    assert api.module_context() == {}
    assert call(api, "GET", "/settings")[1] == {"settings": {}, "saved": False}
    saved = {"apiUrl": "https://metrics.example", "connections": [{"name": "main"}]}
    status, body = call(api, "PUT", "/settings", saved)
    assert status == 200 and body == {"settings": saved, "saved": True, "moduleContext": saved}
    assert api.module_context() == saved
    context = api.module_context()
    context["apiUrl"] = "changed by a caller"
    assert api.module_context() == saved, "module_context() hands out a copy"
    assert call(api, "GET", "/settings")[1] == {"settings": saved, "saved": True}
    # Settings are any JSON; only an object can be a moduleContext.
    call(api, "PUT", "/settings", ["a", "list"])
    assert call(api, "GET", "/settings")[1]["settings"] == ["a", "list"]
    assert api.module_context() == {}
    with pytest.raises(BadApiRequest):
        api.handle(ApiRequest("PUT", "/settings", "", {}, b"{not json"))
    api.close()


def test_bundle_stamp_changes_with_the_served_bundle(rebuildable: tuple[str, ModuleState]) -> None:
    origin, state = rebuildable
    api = ModuleDevApi(origin, SPEC, timeout=5)
    call(api, "GET", "/target")
    first = call(api, "GET", "/bundle-stamp")[1]
    assert first["error"] is None and re.fullmatch(r"[0-9a-f]{64}", first["stamp"])
    assert call(api, "GET", "/bundle-stamp")[1] == first, "an unchanged bundle keeps its stamp"
    state.rebuild('h("h3", null, props.title || "Widget")', 'h("h3", null, "rebuilt")')
    second = call(api, "GET", "/bundle-stamp")[1]
    assert second["stamp"] not in (None, first["stamp"])
    api.close()


def test_bundle_stamp_reads_the_folder_the_started_backend_serves(
    rebuildable: tuple[str, ModuleState], tmp_path: Path
) -> None:
    """Found: polled twice a second over HTTP, the backend logged an access line per poll and the
    author's own calls drowned in them. When scaffold dev started the backend it knows the folder
    the bundle is served from (MODULE_FRONTEND_DIST): the stamp hashes the file there."""
    origin, state = rebuildable
    (tmp_path / "module.js").write_bytes(b"built once")
    api = ModuleDevApi(origin, SPEC, timeout=5, bundle_folder=tmp_path)
    call(api, "GET", "/target")
    served_before = state.js_requests
    first = call(api, "GET", "/bundle-stamp")[1]
    assert first == {"stamp": hashlib.sha256(b"built once").hexdigest(), "error": None}
    (tmp_path / "module.js").write_bytes(b"built twice")
    assert call(api, "GET", "/bundle-stamp")[1]["stamp"] == hashlib.sha256(b"built twice").hexdigest()
    assert state.js_requests == served_before, "the stamp asked the backend for the bundle"
    (tmp_path / "module.js").unlink()  # not built yet: asked over HTTP as before
    fetched = call(api, "GET", "/bundle-stamp")[1]
    assert fetched["error"] is None and fetched["stamp"] != first["stamp"]
    assert state.js_requests == served_before + 1
    api.close()


def test_bundle_stamp_reads_no_file_for_a_url_on_another_host(variants: str, tmp_path: Path) -> None:
    """A frontendHost elsewhere (a CDN) names no file of the local folder, whatever its path."""
    (tmp_path / "module.js").write_bytes(b"local")
    api = ModuleDevApi(f"{variants}/ref", SPEC, timeout=5, bundle_folder=tmp_path)
    call(api, "GET", "/target")
    api._plain_js = api._plain_js.replace("127.0.0.1", "localhost")
    assert api._served_file(api._plain_js) is None
    api._plain_js = f"{variants}/ref/static/../../module.js"
    assert api._served_file(api._plain_js) == b"local", "only the last segment names the file"
    api._plain_js = f"{variants}/ref/static/"
    assert api._served_file(api._plain_js) is None
    api.close()


def test_bundle_stamp_reports_a_missing_bundle(variants: str) -> None:
    api = ModuleDevApi(f"{variants}/js-404", SPEC, timeout=5)
    call(api, "GET", "/target")
    body = call(api, "GET", "/bundle-stamp")[1]
    assert body["stamp"] is None and "404" in body["error"]
    api.close()


def test_bundle_stamp_never_shows_the_credentials_of_the_frontend_host(variants: str) -> None:
    """Issue 38, Low: the stamp's error line showed `user:pw@` of a frontendHost that carries them."""
    api = ModuleDevApi(f"{variants}/js-404", SPEC, timeout=5)
    call(api, "GET", "/target")
    assert api._plain_js is not None  # the JS URL the well-known named, as a frontendHost with credentials
    api._plain_js = api._plain_js.replace("http://", "http://stamp-user:stamp-s3cret@")
    body = call(api, "GET", "/bundle-stamp")[1]
    assert body["stamp"] is None and "404" in body["error"]
    assert "stamp-user" not in body["error"] and "stamp-s3cret" not in body["error"], body
    api.close()


def test_proxy_log_shows_forwarded_bodies() -> None:
    api = ModuleDevApi("http://127.0.0.1:1", SPEC)
    assert call(api, "GET", "/proxy-log")[1] == {"calls": [], "version": 0, "last": 0}
    log = ProxyLog()
    api.use_proxy_log(log)
    seq = log.arrived("POST", "api/v1/demo/status", {"payload": {}, "moduleContext": {"k": 1}})
    pending = call(api, "GET", "/proxy-log")[1]["calls"]
    assert [(c["seq"], c["status"]) for c in pending] == [(1, None)], "shown while the module works"
    log.answered(seq, 200, {"status": "ok", "moduleContext": {"k": 1}})
    assert call(api, "GET", "/proxy-log")[1] == {
        "calls": [
            {
                "seq": 1,
                "method": "POST",
                "path": "/api/v1/demo/status",
                "status": 200,
                "forwarded": {"payload": {}, "moduleContext": {"k": 1}},
                "answer": {"status": "ok", "moduleContext": {"k": 1}},
            }
        ],
        "version": 2,
        "last": 1,
    }
    api.close()


# Issue 27, point 7: a page load starts empty unless the author keeps the settings on purpose.
def test_a_page_session_forgets_the_saved_settings_unless_they_are_kept() -> None:
    api = ModuleDevApi("http://127.0.0.1:1", SPEC)
    log = ProxyLog()
    api.use_proxy_log(log)
    saved = {"apiUrl": "https://metrics.example", "apiKey": "k-123"}
    call(api, "PUT", "/settings", saved)
    log.answered(log.arrived("POST", "api/v1/demo/status", {"moduleContext": saved}), 200)
    status, body = call(api, "POST", "/session", {"keepSettings": True})
    assert status == 200 and body == {"settings": saved, "saved": True, "proxySince": 1}
    assert api.module_context() == saved
    status, body = call(api, "POST", "/session", {"keepSettings": False})
    assert status == 200 and body == {"settings": {}, "saved": False, "proxySince": 1}
    assert api.module_context() == {}, "the backend no longer gets the forgotten settings"
    assert call(api, "GET", "/target")[1]["settingsSaved"] is False
    assert call(api, "GET", "/proxy-log?since=1")[1]["calls"] == [], "the new page's log starts empty"
    for bad in ({"keepSettings": "yes"}, ["keepSettings"]):
        with pytest.raises(BadApiRequest, match="keepSettings"):
            call(api, "POST", "/session", bad)
    api.close()


# Issue 27, point 7: calls numbered per page session, in the order they arrive, shown at once.
def test_proxy_log_numbers_calls_per_session_and_answers_when_it_changes() -> None:
    api = ModuleDevApi("http://127.0.0.1:1", SPEC)
    log = ProxyLog()
    api.use_proxy_log(log)
    log.arrived("GET", "before", None)  # an earlier page's call
    since = call(api, "POST", "/session", {"keepSettings": False})[1]["proxySince"]
    first = log.arrived("POST", "one", None)
    second = log.arrived("POST", "two", None)
    log.answered(second, 200)  # answered out of order: the numbers stay in arrival order
    log.answered(first, 500)
    body = call(api, "GET", f"/proxy-log?since={since}")[1]
    assert [(c["seq"] - since, c["path"], c["status"]) for c in body["calls"]] == [
        (1, "/one", 500),
        (2, "/two", 200),
    ]

    # A reader at the current version waits for the next change and is answered as it happens.
    version = body["version"]
    arrive = threading.Timer(0.3, lambda: log.arrived("POST", "three", None))
    arrive.start()
    started = time.monotonic()
    body = call(api, "GET", f"/proxy-log?since={since}&version={version}&wait=10")[1]
    assert 0.2 < time.monotonic() - started < 5
    assert [c["seq"] - since for c in body["calls"]] == [1, 2, 3] and body["version"] == version + 1
    started = time.monotonic()
    assert call(api, "GET", f"/proxy-log?since={since}&version=0&wait=10")[1]["version"] == version + 1
    assert time.monotonic() - started < 1, "a reader behind the current version is answered at once"
    with pytest.raises(BadApiRequest, match="since is a number"):
        call(api, "GET", "/proxy-log?since=x")
    log.close()
    started = time.monotonic()
    call(api, "GET", f"/proxy-log?version={version + 1}&wait=10")
    assert time.monotonic() - started < 1, "a closed log (the server stopping) keeps nobody waiting"
    api.close()


def test_unknown_paths_and_methods() -> None:
    api = ModuleDevApi("http://127.0.0.1:1", SPEC)
    status, body = call(api, "GET", "/nothing")
    assert status == 404 and "/nothing" in body["error"]
    status, body = call(api, "GET", "/session")
    assert status == 405 and "POST" in body["error"]
    status, body = call(api, "DELETE", "/settings")
    assert status == 405 and "GET, PUT" in body["error"]
    status, body = call(api, "POST", "/target")
    assert status == 405
    api.close()


def test_the_module_s_own_data_is_what_the_page_starts_with(variants: str) -> None:
    """Issue 27, point 3: a module's own moduleData and settings (frontend/host-data.json) replace
    the spec's examples in the components' props, and a fresh page session starts with those settings."""
    own = HostData(
        module_data={"kpi": "revenue"}, settings={"apiUrl": "https://kpi.acme.test"}, has_settings=True
    )
    api = ModuleDevApi(f"{variants}/ref", SPEC, timeout=5, data=own)
    status, body = call(api, "GET", "/target")
    assert status == 200
    props = body["target"]["props"]
    assert props["Widget"]["values"]["moduleData"] == {"kpi": "revenue"}
    assert props["WidgetEditor"]["values"]["widget"]["moduleData"] == {"kpi": "revenue"}
    assert props["Settings"]["values"]["settings"] == {"apiUrl": "https://kpi.acme.test"}
    assert body["settings"] == {"apiUrl": "https://kpi.acme.test"} and body["settingsSaved"] is True
    call(api, "PUT", "/settings", {"apiUrl": "edited"})
    status, body = call(api, "POST", "/session", {"keepSettings": False})
    assert body["settings"] == {"apiUrl": "https://kpi.acme.test"}, "a new session starts from the own data"
    assert api.module_context() == {"apiUrl": "https://kpi.acme.test"}
    api.close()


@pytest.mark.parametrize(
    ("given", "expected"),
    [({}, "frontend/dist"), ({"MODULE_FRONTEND_DIST": "../built"}, "backend/../built")],
)
def test_the_plan_names_the_folder_the_started_backend_serves_the_bundle_from(
    tmp_path: Path, given: dict[str, str], expected: str
) -> None:
    """What the stamp reads is what the backend was told to serve (MODULE_FRONTEND_DIST, relative
    to its folder), scaffold dev's frontend/dist unless the author exported another."""
    frontend = tmp_path / "frontend"
    (frontend / "node_modules").mkdir(parents=True)
    (frontend / "package.json").write_text('{"scripts": {"dev": "vite build --watch"}}', encoding="utf-8")
    plan = plan_service(ProjectLayout(tmp_path, "module", "acme_map"), Path("/py"), given, port=9140)
    assert plan.bundle_folder == tmp_path / expected
    (service, *_) = plan.commands
    assert service.cwd == tmp_path / "backend"
    assert (plan.bundle_folder / "x").resolve() == (
        service.cwd / service.env["MODULE_FRONTEND_DIST"] / "x"
    ).resolve()
