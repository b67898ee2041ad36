# copied from scaffold 1.5.0 (scaffold/codegen/runtime_files/serving.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Serving an app with uvicorn so that SIGTERM drains it: the one way both kinds' `__main__` serve.

A container platform stops a service with SIGTERM. uvicorn then stops accepting connections and
gives the requests in flight `timeout_graceful_shutdown` seconds; this module adds what uvicorn
leaves to the app: /readyz answers 503 from the signal's first moment (`begin_shutdown`), and the
process ends with exit 0 instead of being killed by the signal uvicorn raises again afterwards.

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
    config = uvicorn.Config(app, **{"loop": EVENT_LOOP, **options})
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
