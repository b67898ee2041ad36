"""The dev server against a hostile web page: rebinding, cross-site requests, and typed passwords.

The cases of the issue, against real servers on 127.0.0.1: a plugin page in front of the
all-fields plugin (which encrypts the token it is given) and a module page in front of a module
backend that records what reaches it. Every request here is what a browser visiting another site
could send (raw sockets, so the Host header is exactly the hostile one).
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route

from scaffold.dev.module_api import ModuleDevApi
from scaffold.dev.plugin_api import PluginDevApi
from scaffold.dev.plugin_secrets import MASK
from scaffold.dev.server import DevPage, DevServer, serve_dev
from scaffold.specs import catalog
from tests.fixtures.check.servers import serve
from tests.fixtures.dev import all_fields_plugin
from tests.fixtures.dev.module_app import ModuleState
from tests.fixtures.dev.module_app import create_app as module_app

pytestmark = pytest.mark.slow  # the dev page fetches the React and uPlot files with npm on first use
PLUGIN_SPEC = catalog.load_shipped("datasource-plugin")
MODULE_SPEC = catalog.load_shipped("dashboard-module")
PASSWORD = "typed-Pa55word"
HEALTH = {
    "operation": "healthCheck",
    "locale": "en-US",
    "input": {
        "fields": [
            {"code": "url", "value": "https://metrics.example.org", "type": "text"},
            {"code": "token", "value": PASSWORD, "type": "password"},
        ]
    },
}


def raw_request(
    url: str, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> tuple[int, bytes]:
    """Send one request exactly as given (Host included) and read the status and body."""
    parts = urlsplit(url)
    lines = [f"{method} {path} HTTP/1.1", *(f"{k}: {v}" for k, v in headers.items())]
    lines += [f"Content-Length: {len(body)}", "Connection: close", "", ""]
    with socket.create_connection((parts.hostname or "", parts.port or 80), timeout=10) as sock:
        sock.sendall("\r\n".join(lines).encode() + body)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    head, _, content = b"".join(chunks).partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), content


def own_host(server: DevServer) -> str:
    return urlsplit(server.url).netloc


@contextmanager
def plugin_page() -> Iterator[tuple[DevServer, list[Any]]]:
    """A plugin page in front of the all-fields plugin; the list holds every body the plugin got."""
    received: list[Any] = []
    inner = all_fields_plugin.create_app()

    async def recording(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            received.append(scope["path"])
        await inner(scope, receive, send)

    with serve(recording) as origin:
        target = f"{origin}/api/v1"
        page = DevPage("plugin", target, PLUGIN_SPEC, PluginDevApi(target, PLUGIN_SPEC, timeout=10))
        with serve_dev(page, port=0) as server:
            yield server, received


def test_a_rebound_host_cannot_read_the_log_with_the_typed_password() -> None:
    with plugin_page() as (server, _received):
        own = {"Host": own_host(server), "Content-Type": "application/json"}
        status, _ = raw_request(server.url, "POST", "/dev-api/plugin/call", own, json.dumps(HEALTH).encode())
        assert status == 200
        rebound = own_host(server).replace("127.0.0.1", "rebind.evil.example")
        status, body = raw_request(server.url, "GET", "/dev-api/plugin/log", {"Host": rebound})
        assert status == 421, body
        assert body.count(b"\n") == 0 and b"is not an address of this scaffold page server" in body
        assert b"entries" not in body and PASSWORD.encode() not in body
        # The page's own files are not served to a rebound name either.
        assert raw_request(server.url, "GET", "/", {"Host": rebound})[0] == 421
        # Even read from its own address, the log shows the password masked.
        status, body = raw_request(server.url, "GET", "/dev-api/plugin/log", {"Host": own_host(server)})
        assert status == 200 and PASSWORD.encode() not in body
        saved = all_fields_plugin.encrypt(PASSWORD).encode()
        assert saved not in body and MASK.encode() in body


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"Origin": "http://evil.example", "Content-Type": "text/plain"}, 403),
        ({"Origin": "http://evil.example", "Content-Type": "application/json"}, 403),
        ({"Origin": "null", "Content-Type": "application/json"}, 403),
        ({"Sec-Fetch-Site": "cross-site", "Content-Type": "application/json"}, 403),
        ({"Content-Type": "text/plain"}, 415),
    ],
)
def test_a_cross_site_post_does_not_make_the_dev_server_call_the_plugin(
    extra: dict[str, str], expected: int
) -> None:
    code_query = {
        "operation": "getResult",
        "input": {
            "config": [
                {"code": "token", "value": all_fields_plugin.encrypt("x")},
                {"code": "codeMode", "value": "true"},
            ],
            "queries": [{"codeQuery": "SELECT 1"}],
            "timeRange": {"from": 0, "to": 60},
        },
    }
    with plugin_page() as (server, received):
        headers = {"Host": own_host(server), **extra}
        status, body = raw_request(
            server.url, "POST", "/dev-api/plugin/call", headers, json.dumps(code_query).encode()
        )
        assert status == expected, body
        assert received == []  # the plugin was never called
        log = httpx.get(server.url + "/dev-api/plugin/log", timeout=5).json()["entries"]
        assert log == []
        # The page's own request, same body, goes through.
        own = {"Host": own_host(server), "Origin": server.url, "Content-Type": "application/json"}
        status, _ = raw_request(
            server.url, "POST", "/dev-api/plugin/call", own, json.dumps(code_query).encode()
        )
        assert status == 200 and received == ["/api/v1/query/get-result"]


def test_the_module_proxy_does_not_forward_a_post_from_another_origin() -> None:
    state = ModuleState()
    with serve(module_app(state)) as origin:
        page = DevPage("module", origin, MODULE_SPEC, ModuleDevApi(origin, MODULE_SPEC, timeout=10))
        with serve_dev(page, port=0) as server:
            path = "/api/v1/modules/dev/proxy/api/v1/demo/status"
            body = json.dumps({"payload": {"message": "from evil"}}).encode()
            for hostile in (
                {"Host": own_host(server), "Origin": "http://evil.example", "Content-Type": "text/plain"},
                {"Host": own_host(server), "Sec-Fetch-Site": "cross-site", "Content-Type": "text/plain"},
                {"Host": own_host(server).replace("127.0.0.1", "rebind.evil.example")},
            ):
                status, answer = raw_request(server.url, "POST", path, hostile, body)
                assert status in (403, 421), answer
            assert state.bodies() == []
            assert httpx.get(server.url + "/dev-api/module/proxy-log", timeout=5).json()["calls"] == []
            own = {"Host": own_host(server), "Origin": server.url, "Content-Type": "application/json"}
            status, _ = raw_request(server.url, "POST", path, own, body)
            assert status == 200 and state.bodies() == [
                {"payload": {"message": "from evil"}, "moduleContext": {}}
            ]


def echo_plugin() -> Starlette:
    """A plugin that answers health-check with the config as sent: the password in plain text."""

    async def health(request: Request) -> Response:
        fields = (await request.json())["fields"]
        message = f"connected with {fields[-1]['value']}"
        return JSONResponse({"status": True, "message": message, "datasourceConfig": {"fields": fields}})

    async def well_known(_request: Request) -> Response:
        return JSONResponse({"name": "echo", "version": "1.0.0"})

    return Starlette(
        routes=[
            Mount(
                "/api/v1",
                routes=[
                    Route("/well-known", well_known),
                    Route("/datasource/health-check", health, methods=["POST"]),
                ],
            )
        ]
    )


def test_a_plugin_echoing_the_password_gets_it_masked_and_the_page_resends_its_own() -> None:
    with serve(echo_plugin()) as origin:
        api = PluginDevApi(f"{origin}/api/v1", PLUGIN_SPEC, timeout=10)
        with serve_dev(DevPage("plugin", origin, PLUGIN_SPEC, api), port=0) as server:
            answer = httpx.post(server.url + "/dev-api/plugin/call", json=HEALTH, timeout=10)
            assert answer.status_code == 200 and PASSWORD not in answer.text
            data = answer.json()
            # The saved config names the echoed field; the page resends the value it typed.
            assert data["echoedSecrets"] == ["token"]
            assert {f["code"]: f["value"] for f in data["datasourceConfig"]}["token"] == MASK
            assert data["entry"]["response"]["message"] == f"connected with {MASK}"
            assert any("password that was sent, in plain text" in p for p in data["entry"]["problems"])
            log = httpx.get(server.url + "/dev-api/plugin/log", timeout=5)
            assert PASSWORD not in log.text and json.dumps(PASSWORD)[1:-1] not in log.text
