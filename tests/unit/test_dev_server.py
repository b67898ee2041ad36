"""The dev page server: what it serves, what it refuses, and how it words a port it cannot use."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import httpx
import pytest

from scaffold.dev.api import ApiAnswer, ApiRequest, BadApiRequest, json_answer
from scaffold.dev.server import DevPage, DevServerError, serve_dev
from scaffold.specs import catalog

pytestmark = pytest.mark.slow  # fetches the React and uPlot files with npm on first use


class EchoApi:
    def __init__(self) -> None:
        self.closed = False
        self.seen: list[ApiRequest] = []

    def handle(self, request: ApiRequest) -> ApiAnswer:
        self.seen.append(request)
        if request.path == "/bad":
            raise BadApiRequest("the operation 'x' is not one the page knows")
        return json_answer({"path": request.path, "body": request.json() if request.body else None})

    def close(self) -> None:
        self.closed = True


def _page(kind: str = "plugin") -> tuple[DevPage, EchoApi]:
    api = EchoApi()
    contract = "datasource-plugin" if kind == "plugin" else "dashboard-module"
    spec = catalog.load_shipped(contract)
    return DevPage(kind, "http://127.0.0.1:1/api/v1", spec, api), api  # type: ignore[arg-type]


def test_the_page_its_runtime_and_its_api_are_served_and_the_api_is_closed_after() -> None:
    page, api = _page()
    with serve_dev(page, port=0) as server, httpx.Client(base_url=server.url) as client:
        answer = client.get("/")
        html = answer.text
        # No other site may frame the page (to steer clicks) or embed what it serves.
        assert answer.headers["x-frame-options"] == "DENY"
        assert answer.headers["content-security-policy"] == "frame-ancestors 'none'"
        assert answer.headers["cross-origin-resource-policy"] == "same-origin"
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert '<script src="/vendor/react.js"></script>' in html
        assert '<script src="/assets/plugin-page.js"></script>' in html
        config = client.get("/dev-config.js").text
        assert config.startswith("window.__scaffoldDev = ")
        assert json.loads(config.split("=", 1)[1].rstrip(";\n"))["kind"] == "plugin"
        assert "React" in client.get("/vendor/react.js").text[:400]
        assert client.get("/vendor/uplot.js").status_code == 200
        answer = client.post("/dev-api/plugin/call", json={"a": 1})
        assert answer.json() == {"path": "/call", "body": {"a": 1}}
        refused = client.post("/dev-api/plugin/bad", json={})
        assert refused.status_code == 400
        assert refused.json() == {"error": "the operation 'x' is not one the page knows"}
        assert client.post("/dev-api/module/call", json={}).status_code == 404
        assert client.get("/../../etc/passwd").status_code == 404
        assert client.get("/assets/../server.py").status_code == 404
    assert api.closed


def test_an_oversized_api_body_is_refused_without_reading_it() -> None:
    page, api = _page()
    with serve_dev(page, port=0) as server:
        port = int(server.url.rsplit(":", 1)[1])
        with socket.create_connection(("127.0.0.1", port), timeout=10) as raw:
            raw.sendall(
                b"POST /dev-api/plugin/call HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n"
                b"Content-Type: application/json\r\nContent-Length: 1000000000\r\n\r\n{}" % port
            )
            status_line = raw.recv(200).split(b"\r\n", 1)[0]
    assert status_line.endswith(b"413 Request Entity Too Large")
    assert not api.seen


def test_a_port_in_use_is_one_sentence_naming_the_option() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        page, api = _page()
        with pytest.raises(DevServerError) as caught, serve_dev(page, port=port):
            pass
    assert f"port {port} on 127.0.0.1 is already in use" in str(caught.value)
    assert "--port" in str(caught.value)
    assert api.closed


def test_an_address_not_on_this_machine_is_one_sentence_naming_the_option(tmp_path: Path) -> None:
    page, _api = _page()
    with pytest.raises(DevServerError) as caught, serve_dev(page, host="192.0.2.1", port=0):
        pass
    assert "192.0.2.1 is not an address of this machine" in str(caught.value)
    assert "--host" in str(caught.value)
