# copied from scaffold 1.6.0 (scaffold/codegen/runtime_files/serving.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Serving an app with uvicorn so that SIGTERM drains it: the one way both kinds' `__main__` serve.

A container platform stops a service with SIGTERM. uvicorn then stops accepting connections and
gives the requests in flight `timeout_graceful_shutdown` seconds; this module adds what uvicorn
leaves to the app: /readyz answers 503 from the signal's first moment (`begin_shutdown`), and the
process ends with exit 0 instead of being killed by the signal uvicorn raises again afterwards.

A request's headers must arrive within HEADER_SECONDS (10 s, as in the Go and TypeScript plugins)
of the connection's start or of the previous answer; otherwise the connection is closed. uvicorn has
no such timeout (a thousand connections trickling header bytes stayed open for minutes, found by a
hostile run), so `serve` runs uvicorn's own protocol with a timer added (`header_deadline`).

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
import signal
import sys
from collections.abc import Mapping
from types import FrameType
from typing import Any

import uvicorn
from starlette.applications import Starlette

from .observability import Observability

EVENT_LOOP = "asyncio"  # see the module's docstring
HEADER_SECONDS = 10.0


def header_deadline(protocol: type[asyncio.Protocol]) -> type[asyncio.Protocol]:
    """uvicorn's HTTP `protocol` class, closing a connection whose request headers take too long.

    The timer starts when the connection is made and again as each answer completes (before
    uvicorn starts a pipelined request); when it fires, the connection is closed unless a new
    request's headers arrived meanwhile (uvicorn then made a new request cycle). A body's own
    pace is body_limits' rule; an idle connection between requests ends by uvicorn's keep-alive
    timeout first. uvicorn's protocol classes are subclassed because it has no option for this.
    """

    class HeaderDeadline(protocol):  # type: ignore[valid-type,misc]
        _header_timer: asyncio.TimerHandle | None = None
        _waiting_since: object = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)
            self._start_header_timer()

        def on_response_complete(self) -> None:
            self._start_header_timer()  # first: a pipelined request may start inside super()
            super().on_response_complete()

        def connection_lost(self, exc: Exception | None) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            super().connection_lost(exc)

        def _start_header_timer(self) -> None:
            if self._header_timer is not None:
                self._header_timer.cancel()
            self._waiting_since = self.cycle
            self._header_timer = self.loop.call_later(HEADER_SECONDS, self._headers_overdue)

        def _headers_overdue(self) -> None:
            if self.cycle is self._waiting_since and not self.transport.is_closing():
                self.transport.close()

    return HeaderDeadline


def http_protocol() -> type[asyncio.Protocol]:
    """The protocol uvicorn's `http="auto"` picks (httptools when installed, else h11), timed."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        return header_deadline(HttpToolsProtocol)
    except ImportError:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        return header_deadline(H11Protocol)


class GracefulServer(uvicorn.Server):
    """uvicorn's server, telling the app (/readyz) the moment a shutdown signal arrives."""

    def __init__(self, config: uvicorn.Config, observability: Observability) -> None:
        super().__init__(config)
        self.observability = observability

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        self.observability.begin_shutdown()
        super().handle_exit(sig, frame)


def serve(app: Starlette, options: Mapping[str, Any]) -> None:
    """Serve `app` (made by `install_observability`) with uvicorn `options` until SIGTERM or SIGINT.

    Requests in flight finish first, then the process exits 0; a server that could not start
    exits 3 as `uvicorn.run` does (uvicorn has logged why).
    """
    config = uvicorn.Config(app, **{"loop": EVENT_LOOP, "http": http_protocol(), **options})
    server = GracefulServer(config, app.state.observability)
    # After its graceful shutdown uvicorn raises the signal it caught again: for SIGTERM, end the
    # way Ctrl-C does (KeyboardInterrupt, caught below) instead of being killed by it (exit -15).
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    gc.collect()
    gc.freeze()
    with contextlib.suppress(KeyboardInterrupt):
        server.run()
    if not server.started:
        sys.exit(3)
