# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/serving.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Serving an app with uvicorn so that SIGTERM drains it: the one way both kinds' `__main__` serve.

A container platform stops a service with SIGTERM. uvicorn then stops accepting connections at
once and gives the requests in flight `timeout_graceful_shutdown` seconds; this module adds what
uvicorn leaves to the app: /readyz answers 503 from the signal's first moment (`begin_shutdown`)
while the listener stays open and requests are served for SHUTDOWN_DRAIN_SECONDS, then the grace
period (SHUTDOWN_GRACE_SECONDS) counts from the listener's close (GracefulServer), as in a Go
plugin, and the process ends with exit 0 instead of being killed by the signal uvicorn raises again
afterwards.

Two rules for a request's head (its request line and header lines), alike in the Go and TypeScript
plugins, that uvicorn has no option for, so `serve` and `serve_workers` run uvicorn's own protocol
with them added (`guarded`; issue 38):

- its headers must arrive within HEADER_SECONDS (10 s) of the connection's start or, on a
  connection kept alive, of the next request's first byte; otherwise the connection is closed (a
  thousand connections trickling header bytes stayed open for minutes, found by a hostile run);
- a head over MAX_HEAD_BYTES (16 KiB) is answered 431 in the error shape with `Connection:
  close`, and the connection is shut for writing, then closed once the caller has closed its side
  or LINGER_SECONDS passed: closed at once with the caller's bytes unread, it would reset, and a
  reset can reach the caller before it read the answer. uvicorn took any size (httptools) or one
  that arrived in one read (h11).

A connection kept alive with no request under way is closed after IDLE_SECONDS (120 s; uvicorn's
`timeout_keep_alive`, whose default is 5 s), as in Go and TypeScript: longer than a load
balancer's or proxy's usual idle timeout (60 s), so a proxy never sends a request on a connection
the service has just closed (a POST there is a 502 the proxy does not retry). uvicorn has no bound
on a whole request (Go's ReadTimeout, Node's requestTimeout: REQUEST_SECONDS); a body's is
body_limits' pace rule, which ends it REQUEST_SECONDS after it began at the latest.

Two settings keep the slowest answers close to the typical one under load (measured with wrk at
32 connections on get-result answers of 2 x 1,000 and 2 x 10,000 points):

- asyncio's event loop, not uvloop (which `uvicorn[standard]` installs and uvicorn would pick):
  with uvloop a saturated server left some connections waiting for seconds - p99 5-20 times
  p50, for a hand-written Starlette app too - while asyncio served them in turn (p99 1-2 times
  p50) at about the same throughput. An explicit `loop` option still wins.
- `gc.freeze()` once the app is built: the objects of the imports and the app (a few hundred
  thousand with FastAPI and pydantic) leave the garbage collector's view, so its full
  collections - triggered by the young objects every answer makes - no longer pause every
  request in flight for tens of milliseconds to walk them again.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import re
import signal
import sys
import time
from collections.abc import Iterable, Mapping
from http import HTTPStatus
from types import FrameType
from typing import Any

import h11
import uvicorn
from starlette.applications import Starlette
from uvicorn.protocols.http.h11_impl import H11Protocol

from .observability import Observability, glue_text
from .runtime_constants import (
    HEADER_SECONDS,
    IDLE_SECONDS,
    LINGER_SECONDS,
    MAX_HEAD_BYTES,
    SHUTDOWN_DRAIN_SECONDS,
    SHUTDOWN_GRACE_SECONDS,
)

EVENT_LOOP = "asyncio"  # see the module's docstring
# What ends a head (h11's own pattern: a bare LF line ending is taken too), and where its request
# line starts: blank lines before it are skipped by httptools, refused by h11; they count as head.
_HEAD_END = re.compile(rb"\n\r?\n")
_REQUEST_LINE = re.compile(rb"[^\r\n]")


class _HeadMeter:
    """The size of one request head as its bytes arrive, up to the blank line that ends it.

    `started` when the bytes fed begin inside the head (after its request line began); `tail`,
    the last bytes before them, where a blank line split between two reads begins.
    """

    def __init__(self, *, started: bool = False, tail: bytes = b"") -> None:
        self.size = 0
        self.started = started
        self.tail = tail

    def feed(self, data: bytes) -> int | None:
        """The head's size when it ends within `data`, else None (`size` counts it so far).

        Never reads more than a byte past MAX_HEAD_BYTES: past that only "too large" matters.
        """
        at = 0
        if not self.started:
            first = _REQUEST_LINE.search(data)
            if first is None:
                self.size += len(data)
                return None
            at, self.started = first.start(), True
        window = self.tail + data if self.tail else data
        before = len(window) - len(data)
        until = before + max(0, MAX_HEAD_BYTES + 1 - self.size)
        end = _HEAD_END.search(window, at, until)  # `at` is 0 once started: the tail is searched
        if end is not None:
            return self.size + end.end() - before
        self.size += len(data)
        self.tail = window[-2:]  # a blank line is at most 3 bytes: 2 of them before the next read
        return None


def _head_too_large(buffer: bytes) -> bool:
    """Whether the head at the start of `buffer` is longer than MAX_HEAD_BYTES (so far)."""
    meter = _HeadMeter()
    size = meter.feed(buffer)
    return (meter.size if size is None else size) > MAX_HEAD_BYTES


def _head_too_large_answer(default_headers: Iterable[tuple[bytes, bytes]]) -> bytes:
    """431 in the error shape, in the contract's default language: the head that would name another
    was not read."""
    return _refusal(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, glue_text("http.431"), default_headers)


def _refusal(status: HTTPStatus, message: str, default_headers: Iterable[tuple[bytes, bytes]]) -> bytes:
    """An answer in the error shape, with `Connection: close`, written before any app saw the request."""
    body = json.dumps({"error": True, "message": message}, ensure_ascii=False, separators=(",", ":")).encode()
    lines = [f"HTTP/1.1 {status.value} {status.phrase}".encode()]
    lines += [name + b": " + value for name, value in default_headers]
    lines += [b"content-type: application/json", b"content-length: %d" % len(body), b"connection: close"]
    return b"\r\n".join([*lines, b"", body])


def _with_a_path(target: bytes) -> bytes:
    """A request target in the absolute form with an empty path (`http://host`, `http://host?q`)
    given the path `/` it means (RFC 9110 4.2.3); any other target as it is.

    uvicorn's httptools protocol took the missing path for a bad request (it decodes a path of
    None) and answered plain-text 400 before the app; Go and TypeScript answer such a request as
    one for `/`: 404 in the error shape. (Called by the httptools protocol only: h11's, taken
    when httptools is not installed, passes the target on as the path, an unknown one.)
    """
    import httptools

    try:
        if httptools.parse_url(target).path is not None:
            return target
    except httptools.HttpParserInvalidURLError:
        return target  # uvicorn's own answer to a URL that does not parse
    before, mark, query = target.partition(b"?")
    return before + b"/" + mark + query


def guarded(protocol: type[asyncio.Protocol]) -> type[asyncio.Protocol]:
    """uvicorn's HTTP `protocol` class (h11's or httptools') with the rules for request heads.

    The header timer starts when the connection is made and, after an answer, with the first
    bytes that arrive before another request began (a pipelined request uvicorn starts from what
    it already read needs none); when it fires, the connection is closed unless a new request's
    headers arrived meanwhile (uvicorn then made a new request cycle). Between requests a
    connection is idle, and uvicorn's keep-alive timeout (IDLE_SECONDS) closes it: timed from the
    answer, the header timer closed every idle connection after HEADER_SECONDS. A body's own pace
    is body_limits' rule.

    A head is measured in the bytes uvicorn receives before its parser reads them: h11 keeps a
    head's bytes until it is whole, and they are measured there; httptools reads as they come, so
    a head is measured from the read where it begins. A head pipelined behind a request in one read
    is measured from the next read on (its part in that read is not counted) and by what httptools
    passes on (method, URL and header lines, counted with one space after each colon). The requests
    read before a refused head are answered first, then the 431.
    """

    class Guarded(protocol):  # type: ignore[valid-type,misc]
        _header_timer: asyncio.TimerHandle | None = None
        _waiting_since: object = None
        _answered: Any = None  # the cycle of the last answer, until the next bytes arrive
        _refused = False
        _answer_pending = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self._start_header_timer()

        def on_response_complete(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._answered = self.cycle  # first: a pipelined request may start inside super()
            if not self._refused or getattr(self, "pipeline", None):
                super().on_response_complete()  # requests read before a refused head come first
            elif self._answer_pending:
                self._answer_pending = False
                self._answer_head_too_large()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._answered is not None:
                # The first bytes after an answer, and no request under way (httptools makes the
                # cycle of a pipelined request as it reads its head): the next head is timed.
                if self.cycle is self._answered and self.cycle.response_complete:
                    self._start_header_timer()
                self._answered = None
            if not self._refused:  # after a refusal, what the caller still sends is dropped
                super().data_received(data)

        def send_400_response(self, msg: str) -> None:
            """A request uvicorn's parser cannot read (a malformed request line or header, two
            Content-Lengths, a Transfer-Encoding but chunked): 400 in the error shape, in the
            contract's default language, as the TypeScript and Go services answer it; uvicorn's
            own answer was plain text (`msg`, its parser's words, which would quote the request)."""
            status = HTTPStatus.BAD_REQUEST
            message = glue_text("http.other", status=status.value)
            self.transport.write(_refusal(status, message, self.server_state.default_headers))
            self.transport.close()

        def _start_header_timer(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._waiting_since = self.cycle
            self._header_timer = self.loop.call_later(HEADER_SECONDS, self._headers_overdue)

        def _headers_overdue(self) -> None:
            if self.cycle is self._waiting_since and not self.transport.is_closing():
                self.transport.close()

        def _refuse_head(self) -> None:
            self._refused = True
            if self.cycle is not None and not self.cycle.response_complete:
                self._answer_pending = True  # after the answer being sent, not inside it
                return
            self._answer_head_too_large()

        def _answer_head_too_large(self) -> None:
            transport = self.transport
            if transport.is_closing():
                return
            transport.write(_head_too_large_answer(self.server_state.default_headers))
            if transport.can_write_eof():
                transport.write_eof()  # the caller reads the answer, then the end; closes its side
            transport.resume_reading()  # what it still sends is read (and dropped) meanwhile
            self.loop.call_later(LINGER_SECONDS, transport.close)

    if issubclass(protocol, H11Protocol):

        class GuardedH11(Guarded):
            def handle_events(self) -> None:
                # Every read and every pipelined request comes here; h11 holds the bytes of a head
                # until it is whole, so while it waits for one they are the head so far.
                if self._refused:
                    return
                if self.conn.their_state is h11.IDLE and _head_too_large(self.conn.trailing_data[0]):
                    self._refuse_head()
                    return
                super().handle_events()

        return GuardedH11

    class GuardedHttpTools(Guarded):
        _meter: _HeadMeter | None = None  # while a head is read from the start of a read
        _parsed = 0  # the bytes of the URL and header lines httptools passed on for this head
        _completed_in_read = False
        _began_in_read = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self._meter = _HeadMeter()

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return
            meter = self._meter
            if meter is not None:
                size = meter.feed(data)
                if (meter.size if size is None else size) > MAX_HEAD_BYTES:
                    self._refuse_head()
                    return
                if size is not None:
                    self._meter = None
            self._completed_in_read = self._began_in_read = False
            super().data_received(data)
            if self._began_in_read and not self._refused:
                # A head pipelined behind a request in this read, not whole in it: measured on.
                self._meter = _HeadMeter(started=True, tail=data[-2:])

        def on_message_begin(self) -> None:
            if self._refused:
                return
            self._parsed = 0
            self._began_in_read = self._completed_in_read
            super().on_message_begin()

        def on_url(self, url: bytes) -> None:
            if not self._refused:
                self._parsed += len(url)
                super().on_url(url)

        def on_header(self, name: bytes, value: bytes) -> None:
            if not self._refused:
                self._parsed += len(name) + len(value) + 4  # `name: value` and its line end
                super().on_header(name, value)

        def on_headers_complete(self) -> None:
            if self._refused:
                return
            url: bytes = self.url  # type: ignore[has-type]  # uvicorn sets it untyped: the target as sent
            if not url.startswith(b"/"):
                self.url = _with_a_path(url)
            self._meter = None
            self._began_in_read = False
            # `METHOD url HTTP/1.1` and the blank line: the head as sent, with one space after colons
            if self._parsed + len(self.parser.get_method()) + 14 > MAX_HEAD_BYTES:
                self._refuse_head()
                return
            super().on_headers_complete()

        def on_body(self, body: bytes) -> None:
            if not self._refused:
                super().on_body(body)

        def on_message_complete(self) -> None:
            if self._refused:
                return
            super().on_message_complete()
            self._meter = _HeadMeter()  # the next head starts here: in the next read, or this one
            self._completed_in_read = True

    return GuardedHttpTools


def http_protocol() -> type[asyncio.Protocol]:
    """The protocol uvicorn's `http="auto"` picks (httptools when installed, else h11), guarded."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return guarded(H11Protocol)
    return guarded(HttpToolsProtocol)


# Named for uvicorn's `http` option as "<this module>:HttpProtocol": worker processes import it.
HttpProtocol = http_protocol()


class GracefulServer(uvicorn.Server):
    """uvicorn's server, stopping in the three steps a load balancer needs (issue 40).

    uvicorn closes its listener the moment a signal arrives, so a balancer that polls /readyz saw
    "connection refused", never the 503 that tells it to stop sending. On the first SIGTERM or
    SIGINT, /readyz answers 503 (`begin_shutdown`) while the listener stays open and requests are
    served as before for `drain_seconds` (SHUTDOWN_DRAIN_SECONDS); then uvicorn's own shutdown
    runs (`handle_exit` is called from `on_tick`, uvicorn's 0.1 s tick, since a signal handler
    must not touch the loop; at once when there is no drain): the listener closes, running requests
    may finish for the grace period (`timeout_graceful_shutdown`, SHUTDOWN_GRACE_SECONDS, counted
    from here), and uvicorn cancels the ones still running then (ObservabilityMiddleware answers
    them 503). A second signal meanwhile stops at once.
    """

    def __init__(self, config: uvicorn.Config, observability: Observability, drain_seconds: float) -> None:
        super().__init__(config)
        self.observability = observability
        self.drain_seconds = drain_seconds
        self._pending: tuple[int, float] | None = None  # the first signal, and when to act on it

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        if self.observability.stopping or self.should_exit:  # a second signal: uvicorn's way
            self._pending = None
            super().handle_exit(sig, frame)
            return
        self.observability.begin_shutdown()
        if self.drain_seconds <= 0:  # a laptop, `scaffold dev`: stop at once
            super().handle_exit(sig, frame)
            return
        self._pending = (sig, time.monotonic() + self.drain_seconds)

    async def on_tick(self, counter: int) -> bool:
        if self._pending is not None and time.monotonic() >= self._pending[1]:
            sig, self._pending = self._pending[0], None
            super().handle_exit(sig, None)  # uvicorn's shutdown from here, and its signal again
        return await super().on_tick(counter)


def serve(app: Starlette, options: Mapping[str, Any], drain_seconds: float = SHUTDOWN_DRAIN_SECONDS) -> None:
    """Serve `app` (made by `install_observability`) with uvicorn `options` until SIGTERM or SIGINT.

    `drain_seconds` (SHUTDOWN_DRAIN_SECONDS) is how long /readyz answers 503 while requests are
    still served; `timeout_graceful_shutdown` in `options` (SHUTDOWN_GRACE_SECONDS) is the grace
    period after the listener closed (see GracefulServer).
    Requests in flight finish first, then the process exits 0; a server that could not start
    exits 3 as `uvicorn.run` does (uvicorn has logged why).
    """
    settings = {
        "loop": EVENT_LOOP,
        "http": HttpProtocol,
        "timeout_graceful_shutdown": SHUTDOWN_GRACE_SECONDS,
        "timeout_keep_alive": IDLE_SECONDS,
        **options,
    }
    config = uvicorn.Config(app, **settings)
    server = GracefulServer(config, app.state.observability, drain_seconds)
    # After its graceful shutdown uvicorn raises the signal it caught again: for SIGTERM, end the
    # way Ctrl-C does (KeyboardInterrupt, caught below) instead of being killed by it (exit -15).
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    gc.collect()
    gc.freeze()
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(3)


def serve_workers(factory: str, workers: int, options: Mapping[str, Any]) -> None:
    """Serve the app `factory` makes ("package.app:create_app") in `workers` processes.

    Each process builds its own app and serves it with the protocol and event loop `serve` uses
    (uvicorn's own `workers` would take its default protocol: no header timer, no head limit),
    named by import path since the processes are spawned. uvicorn stops them on SIGTERM or SIGINT.
    """
    uvicorn.run(
        factory,
        factory=True,
        workers=workers,
        **{
            "loop": EVENT_LOOP,
            "http": f"{__name__}:HttpProtocol",
            "timeout_keep_alive": IDLE_SECONDS,
            **options,
        },
    )
