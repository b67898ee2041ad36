"""The host page: a tiny local web server standing in for the platform's frontend origin.

It serves the host HTML, the React UMD runtime, the harness (assets/host.js) and its config from
127.0.0.1 on an ephemeral port, so the module bundle, served by the module's own server, is a
cross-origin classic <script src> exactly as on the platform. It also plays the platform's
backend proxy (/api/v1/modules/{moduleId}/proxy/{path} -> module baseUrl + /path, query string
kept, Accept-Language passed on, moduleContext added to JSON object bodies), so a widget that
talks to its backend through the proxy works here too.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import httpx

from scaffold.host.runtime import RuntimeScript

PROXY_PREFIX = "/api/v1/modules/"
_FORWARDED_HEADERS = ("content-type", "accept", "accept-language")


@dataclass(frozen=True)
class HostConfig:
    """What the harness needs to know before the bundle loads."""

    stand_ins: Sequence[str]
    runtime: Sequence[RuntimeScript]
    module_base_url: str
    module_context: Any
    proxy_timeout: float = 10.0


@dataclass
class ProxyCall:
    method: str
    path: str
    status: int


@dataclass
class HostServer:
    """A running host server; `url` is its origin, `proxy_calls` what the proxy forwarded."""

    url: str
    proxy_calls: list[ProxyCall] = field(default_factory=list)


def host_html(config: HostConfig) -> str:
    runtime = "\n".join(f'<script src="/runtime/{script.path.name}"></script>' for script in config.runtime)
    return f"""<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>scaffold check host</title>
{runtime}
<script src="/host-config.js"></script>
<script src="/host.js"></script>
</head>
<body><div id="scaffold-host"></div></body>
</html>
"""


def host_config_js(config: HostConfig) -> str:
    data = {"standIns": list(config.stand_ins)}
    return f"window.__scaffoldHostConfig = {json.dumps(data)};\n"


def harness_js() -> str:
    return resources.files("scaffold.host").joinpath("assets", "host.js").read_text(encoding="utf-8")


@contextmanager
def serve_host(config: HostConfig) -> Iterator[HostServer]:
    """Serve the host page on 127.0.0.1 (ephemeral port) for the duration of the block."""
    files: dict[str, tuple[bytes, str]] = {
        "/": (host_html(config).encode(), "text/html; charset=utf-8"),
        "/host-config.js": (host_config_js(config).encode(), "text/javascript; charset=utf-8"),
        "/host.js": (harness_js().encode(), "text/javascript; charset=utf-8"),
    }
    for script in config.runtime:
        files[f"/runtime/{script.path.name}"] = (script.path.read_bytes(), "text/javascript; charset=utf-8")
    server_state = HostServer(url="")
    client = httpx.Client(timeout=config.proxy_timeout)
    handler = _handler_class(files, config, client, server_state)
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    server_state.url = f"http://127.0.0.1:{httpd.server_address[1]}"
    thread = threading.Thread(target=httpd.serve_forever, name="scaffold-host-page", daemon=True)
    thread.start()
    try:
        yield server_state
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
        client.close()


def _handler_class(
    files: Mapping[str, tuple[bytes, str]], config: HostConfig, client: httpx.Client, state: HostServer
) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # the checker's output is the report
            return

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(body)

        def _dispatch(self) -> None:
            path = urlsplit(self.path).path
            if path.startswith(PROXY_PREFIX) and "/proxy/" in path:
                self._proxy()
                return
            if self.command in ("GET", "HEAD") and path in files:
                body, kind = files[path]
                self._send(200, body, kind)
                return
            self._send(
                404, b'{"error": true, "message": "not found on the scaffold check host"}', "application/json"
            )

        def _proxy(self) -> None:
            parts = urlsplit(self.path)
            rest = parts.path[len(PROXY_PREFIX) :].split("/proxy/", 1)[1]
            target = (
                config.module_base_url.rstrip("/") + "/" + rest + (f"?{parts.query}" if parts.query else "")
            )
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            headers = {k: v for k, v in self.headers.items() if k.lower() in _FORWARDED_HEADERS}
            body = _with_module_context(body, headers.get("Content-Type", ""), config.module_context)
            try:
                answer = client.request(self.command, target, content=body or None, headers=headers)
            except httpx.HTTPError as exc:
                state.proxy_calls.append(ProxyCall(self.command, rest, 502))
                message = json.dumps({"error": True, "message": f"proxy: {exc}"}).encode()
                self._send(502, message, "application/json")
                return
            state.proxy_calls.append(ProxyCall(self.command, rest, answer.status_code))
            self._send(
                answer.status_code,
                answer.content,
                answer.headers.get("content-type", "application/octet-stream"),
            )

        do_GET = _dispatch
        do_HEAD = _dispatch
        do_POST = _dispatch
        do_PUT = _dispatch
        do_PATCH = _dispatch
        do_DELETE = _dispatch

    return Handler


def _with_module_context(body: bytes, content_type: str, context: Any) -> bytes:
    """The platform 'may add a moduleContext field' to JSON requests: this host always does."""
    if "json" not in content_type.lower() or not body:
        return body
    try:
        data = json.loads(body)
    except ValueError:
        return body
    if not isinstance(data, dict) or "moduleContext" in data:
        return body
    data["moduleContext"] = context if isinstance(context, dict) else {}
    return json.dumps(data).encode()
