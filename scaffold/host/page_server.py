"""The host page: a small local web server standing in for the platform's frontend origin.

It serves fixed files (the host HTML, the React UMD runtime, the module harness and its config)
and plays the platform's backend proxy (/api/v1/modules/{moduleId}/proxy/{path} -> module baseUrl
+ /path, query string kept, Accept-Language passed on, moduleContext added to JSON object
bodies), so a widget that talks to its backend through the proxy works here too. The module
bundle, served by the module's own server, stays a cross-origin classic <script src> exactly as on
the platform. `check` serves its harness page with it; `dev` adds its pages and a JSON API.

Everything reaching this server comes from a browser running untrusted bundles, and everything the
proxy forwards comes back from an untrusted service, so both directions are bounded in size. The
browser also visits other sites meanwhile: requests are accepted only for this server's own
address, and the API and proxy only from its own pages (scaffold.host.request_guard).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

import httpx

from scaffold.host.bounded_http import ReadProblem, bounded_client, read_answer, shown_url
from scaffold.host.proxy_log import ProxyCall, ProxyLog
from scaffold.host.request_guard import Kind, ServedAddress, refusal, served_address
from scaffold.host.runtime import RuntimeScript

PROXY_PREFIX = "/api/v1/modules/"
MAX_REQUEST_BYTES = 4 * 1024 * 1024
MAX_PROXIED_ANSWER_BYTES = 32 * 1024 * 1024
_FORWARDED_HEADERS = ("content-type", "accept", "accept-language")
# A JSON answer up to this size is kept in the proxy log for the dev page to show; larger ones are not.
_MAX_LOGGED_ANSWER_BYTES = 256 * 1024
# How often the serving thread looks for a stop request. socketserver's default (0.5 s) is what
# every `check module` run and every stop of `scaffold dev` waited on the way out (0.45 s measured
# per server, 0.10 s at this value); ten wake-ups a second cost an idle page nothing measurable.
_SHUTDOWN_POLL_SECONDS = 0.1
# Nothing here is meant for another origin: no framing (a page of another site cannot put this one
# under its own clicks), no embedding as a script or style of another site, no sniffing of types.
_SAME_ORIGIN_HEADERS = (
    ("X-Content-Type-Options", "nosniff"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy", "frame-ancestors 'none'"),
)


@dataclass(frozen=True)
class HostConfig:
    """What the check harness needs to know before the bundle loads."""

    stand_ins: Sequence[str]
    runtime: Sequence[RuntimeScript]
    module_base_url: str
    module_context: Any
    proxy_timeout: float = 10.0


@dataclass(frozen=True)
class ModuleProxy:
    """The platform's backend proxy to one module; `context()` is read at every call."""

    base_url: str
    context: Callable[[], Any]
    timeout: float = 10.0


@dataclass(frozen=True)
class ApiCall:
    """A request to the page server's JSON API (dev pages only)."""

    method: str
    path: str
    query: str
    headers: Mapping[str, str]
    body: bytes


@dataclass(frozen=True)
class Answer:
    status: int
    body: bytes
    content_type: str = "application/json"


@dataclass(frozen=True)
class PageRoutes:
    """What a page server answers: fixed files, an optional API under a prefix, an optional proxy."""

    files: Mapping[str, tuple[bytes, str]]
    api_prefix: str | None = None
    api: Callable[[ApiCall], Answer] | None = None
    proxy: ModuleProxy | None = None


@dataclass
class HostServer:
    """A running host server; `url` is its origin, `proxy_log` what the proxy forwarded."""

    url: str
    proxy_log: ProxyLog = field(default_factory=ProxyLog)

    @property
    def proxy_calls(self) -> list[ProxyCall]:
        """The calls the proxy forwarded and the module answered, in the order they arrived."""
        return self.proxy_log.answered_calls()


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


def host_config_js(stand_ins: Sequence[str]) -> str:
    data = {"standIns": list(stand_ins)}
    return f"window.__scaffoldHostConfig = {json.dumps(data)};\n"


def harness_js() -> str:
    return resources.files("scaffold.host").joinpath("assets", "host.js").read_text(encoding="utf-8")


JS = "text/javascript; charset=utf-8"


@contextmanager
def serve_host(config: HostConfig) -> Iterator[HostServer]:
    """Serve the check harness page on 127.0.0.1 (ephemeral port) for the duration of the block."""
    files: dict[str, tuple[bytes, str]] = {
        "/": (host_html(config).encode(), "text/html; charset=utf-8"),
        "/host-config.js": (host_config_js(config.stand_ins).encode(), JS),
        "/host.js": (harness_js().encode(), JS),
    }
    for script in config.runtime:
        files[f"/runtime/{script.path.name}"] = (script.path.read_bytes(), JS)
    context = config.module_context
    proxy = ModuleProxy(config.module_base_url, lambda: context, config.proxy_timeout)
    with serve_pages(PageRoutes(files, proxy=proxy)) as server:
        yield server


@contextmanager
def serve_pages(routes: PageRoutes, *, host: str = "127.0.0.1", port: int = 0) -> Iterator[HostServer]:
    """Serve `routes` on host:port (0: an ephemeral port) for the duration of the block.

    Binding errors (port taken, address not local) propagate as OSError for the caller to word.
    """
    server_state = HostServer(url="")
    timeout = routes.proxy.timeout if routes.proxy else 10.0
    client = bounded_client(timeout)
    accepted: list[ServedAddress] = []  # known once bound (port 0 is chosen by the system)
    handler = _handler_class(routes, client, server_state, accepted)
    httpd = ThreadingHTTPServer((host, port), handler)
    httpd.daemon_threads = True
    accepted.append(served_address(host, httpd.server_address[1]))
    shown = "127.0.0.1" if host in ("", "0.0.0.0") else host  # noqa: S104 - a display name, not a bind
    shown = f"[{shown}]" if ":" in shown else shown
    server_state.url = f"http://{shown}:{httpd.server_address[1]}"
    thread = threading.Thread(
        target=httpd.serve_forever, args=(_SHUTDOWN_POLL_SECONDS,), name="scaffold-host-page", daemon=True
    )
    thread.start()
    try:
        yield server_state
    finally:
        server_state.proxy_log.close()  # a page waiting for the next proxy call gets its answer now
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)
        client.close()


def _handler_class(
    routes: PageRoutes, client: httpx.Client, state: HostServer, accepted: Sequence[ServedAddress]
) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:  # the caller's output is the report
            return

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            try:
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                for name, value in _SAME_ORIGIN_HEADERS:
                    self.send_header(name, value)
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):
                # The page went away (reloaded, closed) while its request waited: nobody to answer.
                self.close_connection = True

        def _error(self, status: int, message: str) -> None:
            self._send(status, json.dumps({"error": True, "message": message}).encode(), "application/json")

        def _body(self) -> bytes | None:
            """The request body, or None (after answering 4xx) when it is too large or malformed."""
            raw = self.headers.get("Content-Length") or "0"
            try:
                length = int(raw)
            except ValueError:
                self.close_connection = True
                self._error(400, "Content-Length is not a number")
                return None
            if length < 0 or length > MAX_REQUEST_BYTES:
                self.close_connection = True
                self._error(413, f"the request body is larger than {MAX_REQUEST_BYTES} bytes")
                return None
            return self.rfile.read(length) if length else b""

        def _refused(self, kind: Kind) -> bool:
            """Answer a request the guard refuses (its body unread, so the connection closes)."""
            found = refusal(accepted[0], self.command, self.headers.items(), kind)
            if found is None:
                return False
            self.close_connection = True
            self._error(found.status, found.message)
            return True

        def _dispatch(self) -> None:
            parts = urlsplit(self.path)
            path = parts.path
            api_prefix = routes.api_prefix if routes.api is not None else None
            is_proxy = routes.proxy is not None and path.startswith(PROXY_PREFIX) and "/proxy/" in path
            is_api = bool(api_prefix) and path.startswith(api_prefix or "")
            if self._refused("proxy" if is_proxy else "api" if is_api else "file"):
                return
            if is_proxy and routes.proxy is not None:
                self._proxy(routes.proxy)
                return
            if is_api and routes.api is not None and routes.api_prefix:
                body = self._body()
                if body is None:
                    return
                call = ApiCall(
                    self.command, path[len(routes.api_prefix) :], parts.query, dict(self.headers), body
                )
                answer = routes.api(call)
                self._send(answer.status, answer.body, answer.content_type)
                return
            if self.command in ("GET", "HEAD") and path in routes.files:
                content, kind = routes.files[path]
                self._send(200, content, kind)
                return
            if self._body() is None:
                return
            self._error(404, "not found on the scaffold host page")

        def _proxy(self, proxy: ModuleProxy) -> None:
            parts = urlsplit(self.path)
            rest = parts.path[len(PROXY_PREFIX) :].split("/proxy/", 1)[1]
            target = proxy.base_url.rstrip("/") + "/" + rest + (f"?{parts.query}" if parts.query else "")
            body = self._body()
            if body is None:
                return
            headers = {k: v for k, v in self.headers.items() if k.lower() in _FORWARDED_HEADERS}
            body = _with_module_context(body, headers.get("Content-Type", ""), proxy.context())
            seq = state.proxy_log.arrived(self.command, rest, _json_or_none(body))
            try:
                status, content, kind = _forward(client, self.command, target, body, headers)
            except httpx.HTTPError as exc:
                message = f"proxy: {exc}"
                state.proxy_log.answered(seq, 502, {"error": True, "message": message})
                self._error(502, message)
                return
            state.proxy_log.answered(seq, status, _logged_answer(content, kind))
            self._send(status, content, kind)

        do_GET = _dispatch
        do_HEAD = _dispatch
        do_POST = _dispatch
        do_PUT = _dispatch
        do_PATCH = _dispatch
        do_DELETE = _dispatch

    return Handler


def _forward(
    client: httpx.Client, method: str, target: str, body: bytes, headers: Mapping[str, str]
) -> tuple[int, bytes, str]:
    """Send one proxied request; an answer that breaks a bound, or redirects, becomes a 502.

    The platform's proxy stands between a widget and its backend: a redirect is not followed (it
    would send the call to a host the platform does not proxy) nor passed on, it is a 502 saying
    where it pointed. The answer is read by scaffold.host.bounded_http (size, codings, time).
    """
    timeout = client.timeout.read or 10.0
    try:
        answer = read_answer(
            client,
            method,
            target,
            max_bytes=MAX_PROXIED_ANSWER_BYTES,
            seconds=timeout,
            content=body or None,
            headers=headers,
        )
    except ReadProblem as exc:
        return _proxy_error(f"proxy: {exc}, from {shown_url(target)}")
    redirect = answer.redirect_target()
    if redirect is not None:
        return _proxy_error(
            f"proxy: the module answered {answer.status}, a redirect to {redirect}; "
            "the platform's proxy does not follow redirects"
        )
    return answer.status, answer.body, answer.headers.get("content-type", "application/octet-stream")


def _proxy_error(message: str) -> tuple[int, bytes, str]:
    return 502, json.dumps({"error": True, "message": message}).encode(), "application/json"


def _logged_answer(content: bytes, content_type: str) -> Any:
    """The module's answer as the proxy log keeps it: JSON up to a size, else None."""
    if "json" not in content_type.lower() or len(content) > _MAX_LOGGED_ANSWER_BYTES:
        return None
    return _json_or_none(content)


def _json_or_none(body: bytes) -> Any:
    if not body:
        return None
    try:
        return json.loads(body)
    except (ValueError, RecursionError):
        return None


def _with_module_context(body: bytes, content_type: str, context: Any) -> bytes:
    """The platform 'may add a moduleContext field' to JSON requests: this host always does."""
    if "json" not in content_type.lower() or not body:
        return body
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return body
    if not isinstance(data, dict) or "moduleContext" in data:
        return body
    data["moduleContext"] = context if isinstance(context, dict) else {}
    return json.dumps(data).encode()
