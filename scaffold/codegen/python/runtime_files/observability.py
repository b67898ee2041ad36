"""Metrics, probes, request ids, access logs and JSON logs of a generated service.

`install_observability(app, ...)` puts one plain ASGI middleware around the whole app (outside
Starlette's error middleware, so even an unexpected 500 is counted and carries the id). Per request:

- the id: `X-Request-ID` when it is 1-128 characters of `[A-Za-z0-9._:-]`, else a new uuid4 hex;
  echoed on the answer and kept in a context variable, so every log record of the request (the
  access line, the service's own logging, threadpool work) carries `request_id`;
- metrics in the app's own CollectorRegistry (`metrics.py`): `http_requests_total{operation,method,status}` and
  `http_request_duration_seconds{operation,method}`. `operation` is the matched route's path
  template without the API prefix (`/query/get-result`, `/static/{name}`), `other` when no route
  matches; `method` is an HTTP method or `other`: nothing the caller sends becomes a label as it
  is, so the number of series stays bounded whatever arrives;
- one access line on the `<package>.access` logger: method, path (never the query string, which
  may hold secrets), status, duration, request id.

Before anything else, a request framed by both Content-Length and Transfer-Encoding is answered
400 and its connection closed, and one with an `Expect` other than 100-continue 417
(`_refused_head`). It answers three paths itself, before routing: `GET /healthz` (the process
serves), `GET /readyz` (503 `stopping` once `begin_shutdown()` was called, which `__main__` does when uvicorn gets its
shutdown signal) and `GET /metrics` (Prometheus text; the app's own 404 when metrics are off).
They are not counted, and their access lines are DEBUG: probes do not flood the log.

How records become lines (text or JSON, `logging_config`, `configure_logging`) is in `logs.py`;
the names a project's app.py, __main__.py, settings.py and tests import from here are re-exported.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import logging.config
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator
from typing import Any

from prometheus_client import CollectorRegistry
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.platform_collector import PlatformCollector
from prometheus_client.process_collector import ProcessCollector
from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .logs import ACCESS_LINE, request_id_var
from .logs import LOG_FORMATS as LOG_FORMATS
from .logs import TRACE as TRACE
from .logs import JsonFormatter as JsonFormatter
from .logs import TextFormatter as TextFormatter
from .logs import add_request_id_to_log_records as add_request_id_to_log_records
from .logs import configure_logging as configure_logging
from .logs import escape_controls as escape_controls
from .logs import level_name as level_name
from .logs import log_level_number as log_level_number
from .logs import log_time as log_time
from .logs import logging_config as logging_config
from .metrics import RequestMetrics
from .runtime_constants import DEFAULT_LOCALE, METHOD_LABELS, OTHER_LABEL
from .runtime_constants import DURATION_BUCKETS as DURATION_BUCKETS
from .runtime_constants import HEALTH_PATH as HEALTH_PATH
from .runtime_constants import METRICS_PATH as METRICS_PATH
from .runtime_constants import READY_PATH as READY_PATH
from .runtime_constants import REQUEST_ID_HEADER as REQUEST_ID_HEADER

OTHER = OTHER_LABEL
ACCESS_LOGGER = __name__.split(".", 1)[0] + ".access"
_METHODS = frozenset(METHOD_LABELS)
_REQUEST_ID = re.compile(rb"[A-Za-z0-9._:-]{1,128}")
_HEADER = REQUEST_ID_HEADER.lower().encode("latin-1")
_MAX_OPERATIONS = 512  # routes are code, not input: this only guards against a runaway app
_MAX_LOGGED_PATH = 256
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_JSON = [(b"content-type", b"application/json"), (b"cache-control", b"no-store")]
_PROMETHEUS = [(b"content-type", CONTENT_TYPE_LATEST.encode("latin-1"))]
_access_log = logging.getLogger(ACCESS_LOGGER)


def current_request_id() -> str | None:
    """The id of the request being served in this context, or None outside a request."""
    return request_id_var.get()


def new_request_id() -> str:
    """A random version-4 UUID as 32 hex digits: `uuid.uuid4().hex` without the UUID object.

    Made for every request that brings no id of its own: the same 122 random bits and the same
    text as uuid4, at a sixth of its cost (0.3 us instead of 1.7 us here). The random bytes come
    from os.urandom 256 ids at a time, one system call where uuid4 makes one per id; a forked
    child starts on bytes of its own, never on its parent's.
    """
    chunk = next(_random_chunks[0], None)
    if chunk is None:
        pool = os.urandom(16 * _IDS_PER_READ)
        _random_chunks[0] = chunks = iter([pool[i : i + 16] for i in range(0, len(pool), 16)])
        chunk = next(chunks)
    raw = bytearray(chunk)
    raw[6] = raw[6] & 0x0F | 0x40  # version 4
    raw[8] = raw[8] & 0x3F | 0x80  # RFC 9562 variant
    return raw.hex()


_IDS_PER_READ = 256
# 16-byte chunks of random bytes not used yet: a list iterator hands each out once, threads or not.
_random_chunks: list[Iterator[bytes]] = [iter(())]


def _forget_random_chunks() -> None:
    _random_chunks[0] = iter(())


os.register_at_fork(after_in_child=_forget_random_chunks)


def request_id_from(value: bytes | None) -> str | None:
    """The caller's X-Request-ID when it is safe to log and echo as it is, else None."""
    if value is None or len(value) > 128 or not _REQUEST_ID.fullmatch(value):
        return None
    return value.decode("ascii")


def api_operation(template: str, api_prefix: str) -> str:
    """`/api/v1/query/get-result` -> `/query/get-result`; other templates stay as they are."""
    if api_prefix and template.startswith(api_prefix + "/"):
        return template[len(api_prefix) :]
    return template


def route_templates(routes: Iterable[Any], prefix: str = "") -> dict[Any, str]:
    """Endpoint -> full path template of every route below `routes` (mounts and included routers too).

    Duck-typed on what Starlette and FastAPI routes carry (`path_format`, `endpoint`, a mount's
    `routes`), so it holds across their versions; what it cannot read is simply not listed.
    """
    table: dict[Any, str] = {}

    def add(route: Any, at: str) -> None:
        template = getattr(route, "path_format", None)
        endpoint = getattr(route, "endpoint", None) or getattr(route, "app", None)
        if isinstance(template, str) and endpoint is not None:
            with contextlib.suppress(TypeError):  # an unhashable endpoint stays `other`
                table.setdefault(endpoint, at + template)

    def walk(items: Iterable[Any], at: str) -> None:
        for route in items:
            contexts = getattr(route, "effective_route_contexts", None)
            if callable(contexts):  # a router FastAPI includes lazily: its routes, fully prefixed
                for context in contexts():  # a plain Starlette route keeps its own, prefixed copy
                    add(getattr(context, "starlette_route", None) or context, at)
                continue
            children = getattr(route, "routes", None)
            if children:  # a mount of a router
                walk(children, at + str(getattr(route, "path", "")))
            else:
                add(route, at)

    walk(routes, prefix)
    return table


class Observability:
    """The metrics, readiness and route labels of one app (`app.state.observability`)."""

    def __init__(self, app: Starlette, *, metrics_enabled: bool = True, api_prefix: str = "/api/v1") -> None:
        self.app = app
        self.metrics_enabled = metrics_enabled
        self.api_prefix = api_prefix.rstrip("/")
        self.stopping = False
        self.registry = CollectorRegistry()
        ProcessCollector(registry=self.registry)
        PlatformCollector(registry=self.registry)
        self.metrics = RequestMetrics(self.registry, DURATION_BUCKETS)
        self._labels: dict[Any, str] = {}

    def begin_shutdown(self) -> None:
        """From now on /readyz answers 503: the service is draining its requests before it stops."""
        if not self.stopping:
            self.stopping = True
            logging.getLogger(__name__).info("shutting down: /readyz answers 503 while requests finish")

    def operation(self, scope: Scope) -> str:
        """The `operation` label of a request that went through the router."""
        endpoint = scope.get("endpoint")
        if endpoint is None:
            return OTHER
        try:
            label = self._labels.get(endpoint)
        except TypeError:
            return OTHER
        return label if label is not None else self._learn(endpoint, scope)

    def _learn(self, endpoint: Any, scope: Scope) -> str:
        """Label a first-seen endpoint: from the app's routes (read again: routes may be added late)."""
        template = route_templates(self.app.routes).get(endpoint)
        if template is None:  # not found by walking: the route the router put in the scope, if any
            found = getattr(scope.get("route"), "path_format", None)
            template = found if isinstance(found, str) else None
        label = OTHER if template is None else api_operation(template, self.api_prefix)
        if len(self._labels) < _MAX_OPERATIONS:
            self._labels[endpoint] = label
        return label


class ObservabilityMiddleware:
    """The pure ASGI middleware (no BaseHTTPMiddleware: no extra task or body copy per request)."""

    def __init__(self, app: ASGIApp, observability: Observability) -> None:
        self.app = app
        self.observability = observability

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        request_id = _incoming_request_id(scope) or new_request_id()
        token = request_id_var.set(request_id)
        echo = (_HEADER, request_id.encode("ascii"))
        status = 500  # an exception before any answer: what the caller will see

        answered = False  # whether the answer has started (its status is then the caller's)

        async def send_with_id(message: Message) -> None:
            nonlocal status, answered
            if message["type"] == "http.response.start":
                status, answered = message["status"], True
                headers = [h for h in message.get("headers", ()) if h[0].lower() != _HEADER]
                message = {**message, "headers": [*headers, echo]}
            await send(message)

        own = None
        try:
            own = _refused_head(scope) or self._own_answer(scope)
            if own is not None:
                status = own[0]
                await _answer(send_with_id, scope, *own)
            else:
                await self.app(scope, receive, send_with_id)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not self.observability.stopping or answered or task is None:
                raise
            # The shutdown's grace period ended with this request running: uvicorn cancelled it
            # (`timeout_graceful_shutdown`). Cancelled, the app answered nothing, and uvicorn would
            # log "Exception in ASGI application" with a traceback and answer a plain-text 500: the
            # caller gets 503 in the error shape instead (it may retry on another instance), and the
            # log the access line of it. The cancellation ends here: the task has nothing left to do.
            task.uncancel()
            status = 503
            await _answer(send_with_id, scope, *_stopping_answer())
        finally:
            seconds = time.perf_counter() - started
            method = scope["method"] if scope["method"] in _METHODS else OTHER
            try:
                if own is None:
                    operation = self.observability.operation(scope)
                    self.observability.metrics.observe(operation, method, status, seconds)
                    _log_access(logging.INFO, scope, method, status, seconds, operation)
                else:
                    _log_access(logging.DEBUG, scope, method, status, seconds, None)
            finally:
                request_id_var.reset(token)

    def _own_answer(self, scope: Scope) -> tuple[int, bytes, list[tuple[bytes, bytes]]] | None:
        """(status, body, headers) for the probe and metrics paths, None for everything else."""
        if scope["method"] not in ("GET", "HEAD"):
            return None
        path = _route_path(scope)
        if path == HEALTH_PATH:
            return 200, b'{"status": "ok"}', _JSON
        if path == READY_PATH:
            if self.observability.stopping:
                return 503, b'{"status": "stopping"}', _JSON
            return 200, b'{"status": "ready"}', _JSON
        if path == METRICS_PATH and self.observability.metrics_enabled:
            return 200, generate_latest(self.observability.registry), _PROMETHEUS
        return None


_TWO_FRAMINGS = (
    400,
    b'{"error": true, "message": "Bad request: a body framed by both Content-Length and Transfer-Encoding"}',
    [*_JSON, (b"connection", b"close")],
)


_UNKNOWN_CODING = (
    400,
    b'{"error": true, "message": "Bad request: a transfer coding other than chunked"}',
    [*_JSON, (b"connection", b"close")],
)
_UNMET_EXPECTATION = (
    417,
    b'{"error": true, "message": "Expectation failed: only Expect: 100-continue is understood"}',
    _JSON,
)


def _refused_head(scope: Scope) -> tuple[int, bytes, list[tuple[bytes, bytes]]] | None:
    """400 and a closed connection for a request with both Content-Length and Transfer-Encoding,
    or with a Transfer-Encoding other than one `chunked`; 417 for an `Expect` other than 100-continue (RFC 9110; as Node and Go answer it).

    RFC 9112's request smuggling case: uvicorn's h11 protocol (taken when httptools is not
    installed) reads such a body as chunked and kept the connection, so a request hidden behind
    the body was answered too. httptools refuses it before the app; this holds without it.
    """
    names = {name for name, _ in scope["headers"]}
    if b"content-length" in names and b"transfer-encoding" in names:
        return _TWO_FRAMINGS
    # httptools decodes a chunked body after another coding (`gzip, chunked`) and leaves that
    # coding to the app: a body no one decodes is refused, as every Transfer-Encoding but one
    # `chunked` is in the TypeScript and Go plugins (RFC 9112 6.1).
    codings = [value.strip().lower() for name, value in scope["headers"] if name == b"transfer-encoding"]
    if codings and codings != [b"chunked"]:
        return _UNKNOWN_CODING
    expect = [value.lower() for name, value in scope["headers"] if name == b"expect"]
    return _UNMET_EXPECTATION if expect and expect != [b"100-continue"] else None


def install_observability(
    app: Starlette, *, metrics_enabled: bool = True, api_prefix: str = "/api/v1"
) -> Observability:
    """Wrap `app` in the observability middleware (outermost) and give it /healthz, /readyz, /metrics;
    its router redirects no path (a trailing slash is 404).

    The middleware goes around the stack Starlette builds (its error middleware included), so it is
    installed by wrapping `build_middleware_stack`: `app.add_middleware` would put it inside.
    """
    observability = Observability(app, metrics_enabled=metrics_enabled, api_prefix=api_prefix)
    # A path with a trailing slash is 404 like any other unknown path (as in the TypeScript and Go
    # plugins), never a redirect: Starlette's would build its Location from the caller's Host.
    app.router.redirect_slashes = False
    build_stack = app.build_middleware_stack

    def build_observed_stack() -> ASGIApp:
        return ObservabilityMiddleware(build_stack(), observability)

    app.build_middleware_stack = build_observed_stack  # type: ignore[method-assign]
    app.middleware_stack = None
    app.state.observability = observability
    add_request_id_to_log_records()
    return observability


def _incoming_request_id(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == _HEADER:
            return request_id_from(value)
    return None


def _route_path(scope: Scope) -> str:
    """The path without the root path a proxy mounted the service under."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    return path[len(root) :] if root and path.startswith(root) else path


def glue_text(key: str, /, **params: Any) -> str:
    """A text of the glue in the contract's default language: a plugin's, or a module backend's.

    A plugin's text catalogue is the contract folder's `catalog.py` (`text_catalog.py` here in
    scaffold), imported by the app before anything is served, in every worker too; a module
    backend has none, and answers with its table's English texts (`module_texts.py`, the same
    sentences in every language's module backend), imported by its routes. Looked up, not
    imported: this file is both's.
    """
    for name in ("catalog", "text_catalog"):
        catalog = sys.modules.get(f"{__package__}.{name}")
        runtime_text = getattr(catalog, "runtime_text", None)
        if callable(runtime_text):
            return str(runtime_text(DEFAULT_LOCALE, key, **params))
    module_text = getattr(sys.modules.get(f"{__package__}.module_texts"), "module_text", None)
    if callable(module_text):
        return str(module_text(key, **params))
    raise LookupError(f"no text catalogue is loaded for {key!r}")  # neither a plugin nor a module


def _stopping_answer() -> tuple[int, bytes, list[tuple[bytes, bytes]]]:
    """503 in the error shape for a request the end of the shutdown's grace period cut off."""
    message = glue_text("stopping")
    body = json.dumps({"error": True, "message": message}, ensure_ascii=False).encode()
    return 503, body, [*_JSON, (b"connection", b"close")]


async def _answer(
    send: Send, scope: Scope, status: int, body: bytes, headers: list[tuple[bytes, bytes]]
) -> None:
    length = (b"content-length", str(len(body)).encode("ascii"))
    await send({"type": "http.response.start", "status": status, "headers": [*headers, length]})
    await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})


def _log_access(
    level: int, scope: Scope, method: str, status: int, seconds: float, operation: str | None
) -> None:
    if not _access_log.isEnabledFor(level):
        return
    path = _UNPRINTABLE.sub("?", scope["path"][:_MAX_LOGGED_PATH])  # no forged log lines
    milliseconds = round(seconds * 1000, 2)
    fields = dict(method=method, path=path, status=status, duration_ms=milliseconds, operation=operation)
    _access_log.log(
        level, "%s %s %s %.1f ms", method, path, status, milliseconds, extra={**fields, ACCESS_LINE: True}
    )
