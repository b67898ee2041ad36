# copied from scaffold 1.5.0 (scaffold/codegen/runtime_files/body_limits.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Request bodies a generated service holds: at most so many bytes each, and so many at once.

- `read_body` reads a body from ASGI `receive` chunk by chunk: over the per-body limit it is
  refused as too large (413), and every chunk is counted in the process's `BodyBudget` before it
  is kept, so 150 concurrent 9 MB bodies cannot take the service to a gigabyte: what does not fit
  the budget is refused as busy (503, Retry-After), whatever the size of each body. A declared
  Content-Length is taken from the budget whole, before a byte is read, so the bodies let in can
  finish: counted only as bytes arrive, 150 concurrent 9 MB bodies all started, filled the budget
  between them and were all refused (measured). A body without a length is counted chunk by
  chunk. The bytes stay counted until the request's answer is sent (`BodyHold.release`), since
  the parsed body lives that long.
- A refused body is read to its end and thrown away (`drain`, at most DRAIN_BYTES and
  DRAIN_SECONDS) before the refusal is answered. A client that writes its whole body before it
  reads (Python's urllib, many HTTP libraries) would otherwise find the connection reset under
  its feet: once an answer is complete, the server closes a connection whose body is still
  arriving, and closing a socket with unread input resets it, so the client never reads the
  413. A body that declares more than the per-body limit plus DRAIN_BYTES is not waited for.

The budget is per process (one asyncio event loop, so no lock): with WORKERS above 1 each worker
holds up to the limit.
"""

from __future__ import annotations

import asyncio

from starlette.requests import ClientDisconnect
from starlette.types import Receive

DRAIN_BYTES = 64 * 1024 * 1024
DRAIN_SECONDS = 30.0
RETRY_AFTER_SECONDS = 1


class BodyRefused(Exception):
    """The body was refused and drained: `too_large` (413) or, when False, busy (503)."""

    def __init__(self, too_large: bool) -> None:
        super().__init__("too large" if too_large else "busy")
        self.too_large = too_large


class BodyBudget:
    """The bytes of request bodies one process holds at once, at most `limit`."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held = 0

    def hold(self) -> BodyHold:
        """A new request's share, empty until it takes bytes."""
        return BodyHold(self)


class BodyHold:
    """The bytes one request holds from its budget; all given back by `release()`."""

    def __init__(self, budget: BodyBudget) -> None:
        self.budget = budget
        self.size = 0

    def take(self, size: int) -> bool:
        """Count `size` more bytes for this request; False (nothing taken) when they do not fit."""
        budget = self.budget
        if budget.held + size > budget.limit:
            return False
        budget.held += size
        self.size += size
        return True

    def release(self) -> None:
        self.budget.held -= self.size
        self.size = 0


def declared_length(content_length: str | None) -> int | None:
    """The Content-Length header as a number, None when absent or not a plain number."""
    if content_length is None or not content_length.isdigit() or len(content_length) > 18:
        return None
    return int(content_length)


async def read_body(receive: Receive, content_length: str | None, limit: int, hold: BodyHold) -> bytes:
    """The whole body, or BodyRefused once it has been drained; ClientDisconnect on a hang-up."""
    declared = declared_length(content_length)
    if declared is not None:
        if declared > limit:
            if declared <= limit + DRAIN_BYTES:
                await drain(receive)
            raise BodyRefused(too_large=True)
        if not hold.take(declared):
            await drain(receive)
            raise BodyRefused(too_large=False)
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientDisconnect
        chunk = message.get("body", b"")
        more = message.get("more_body", False)
        size += len(chunk)
        refusal = None
        if size > limit:
            refusal = BodyRefused(too_large=True)
        elif declared is None and not hold.take(len(chunk)):
            refusal = BodyRefused(too_large=False)
        if refusal is not None:
            chunks.clear()
            if more:
                await drain(receive)
            raise refusal
        chunks.append(chunk)
        if not more:
            return chunks[0] if len(chunks) == 1 else b"".join(chunks)


async def drain(receive: Receive) -> bool:
    """Read and throw away the rest of a body (it has more to come); True when it all arrived.

    Stops after DRAIN_BYTES or DRAIN_SECONDS: a client that sends for longer gets its answer and
    a closed connection.
    """
    drained = 0
    try:
        async with asyncio.timeout(DRAIN_SECONDS):
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return False
                drained += len(message.get("body", b""))
                if not message.get("more_body", False):
                    return True
                if drained > DRAIN_BYTES:
                    return False
    except TimeoutError:
        return False
