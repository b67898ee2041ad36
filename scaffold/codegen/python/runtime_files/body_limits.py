"""Request bodies a generated service holds: at most so many bytes each, so many at once, and only
while they keep arriving.

- `read_body` reads a body from ASGI `receive` chunk by chunk: over the per-body limit it is
  refused as too large (413), and every chunk is counted in the process's `BodyBudget` as it
  arrives, before it is kept, so 150 concurrent 9 MB bodies cannot take the service to a
  gigabyte: a chunk that does not fit the budget has its body refused as busy (503,
  Retry-After). A declared Content-Length reserves nothing: reserved whole, seven connections
  that declared 9 MB each and sent ten bytes held the 64 MiB budget with no memory behind it, and
  every other body was refused (found by a hostile run). A refused body gives its bytes back the
  moment it is refused, before its drain, so the bodies that fit keep progressing.
- A body must keep arriving: no BODY_STALL_SECONDS without a byte and, once it has taken longer
  than that, at least BODY_MIN_BYTES_PER_SECOND on average. Otherwise it is refused as stalled
  (408, and the connection closed by the caller's `Connection: close`): a client that declares a
  body and waits holds a connection and its bytes, and nothing else would ever end the wait
  (uvicorn has no body timeout). Nor a whole request's: however steady, a body is refused so
  REQUEST_SECONDS after it began, as Go's ReadTimeout ends one (bodylimits.go) and Node's
  requestTimeout a TypeScript service's (a 1 MiB body at 2 KiB/s took 512 s).
- The bytes stay counted until the request's answer is sent (`BodyHold.release`), since the
  parsed body lives that long.
- A refused body is read to its end and thrown away (`drain`, at most DRAIN_BYTES and
  DRAIN_SECONDS) before the refusal is answered. A client that writes its whole body before it
  reads (Python's urllib, many HTTP libraries) would otherwise find the connection reset under
  its feet: once an answer is complete, the server closes a connection whose body is still
  arriving, and closing a socket with unread input resets it, so the client never reads the
  413. A body that declares more than the per-body limit plus DRAIN_BYTES is not waited for, nor
  is a stalled one.

The budget is per process (one asyncio event loop, so no lock): with WORKERS above 1 each worker
holds up to the limit. The same rules, values and statuses hold in the TypeScript and Go plugins.
"""

from __future__ import annotations

import asyncio
import time

from starlette.requests import ClientDisconnect
from starlette.types import Receive

from .runtime_constants import (
    BODY_MIN_BYTES_PER_SECOND as BODY_MIN_BYTES_PER_SECOND,
)
from .runtime_constants import (
    BODY_STALL_SECONDS as BODY_STALL_SECONDS,
)
from .runtime_constants import BUSY_STATUS, REQUEST_SECONDS, STALLED_STATUS, TOO_LARGE_STATUS
from .runtime_constants import (
    DRAIN_BYTES as DRAIN_BYTES,
)
from .runtime_constants import (
    DRAIN_SECONDS as DRAIN_SECONDS,
)
from .runtime_constants import (
    RETRY_AFTER_SECONDS as RETRY_AFTER_SECONDS,
)

TOO_LARGE = TOO_LARGE_STATUS
BUSY = BUSY_STATUS
STALLED = STALLED_STATUS


class BodyRefused(Exception):
    """The body was refused: `status` is TOO_LARGE (413), BUSY (503) or STALLED (408)."""

    def __init__(self, status: int) -> None:
        super().__init__({TOO_LARGE: "too large", BUSY: "busy", STALLED: "stalled"}[status])
        self.status = status

    @property
    def too_large(self) -> bool:
        return self.status == TOO_LARGE


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


class BodyPace:
    """When the next byte of a body must have arrived: the stall and minimum-rate rule.

    The deadline is the earliest of `last byte + stall`, `start + max(stall, received / rate)` and
    `start + whole`: no `stall` seconds without a byte, a body older than `stall` seconds must have
    come at `rate` bytes a second on average (a client sending one byte every 29 s stalls nothing
    but would hold its connection for days), and no body takes longer than `whole`
    (REQUEST_SECONDS, the whole-request bound Go and Node apply and uvicorn has not).
    """

    def __init__(
        self,
        stall: float = BODY_STALL_SECONDS,
        rate: float = BODY_MIN_BYTES_PER_SECOND,
        whole: float = REQUEST_SECONDS,
    ) -> None:
        self.stall = stall
        self.rate = rate
        self.whole = whole
        self.started = self.last = time.monotonic()
        self.received = 0

    def arrived(self, size: int) -> None:
        if size:
            self.received += size
            self.last = time.monotonic()

    def deadline(self) -> float:
        """The time.monotonic() by which the next byte must have arrived."""
        by_rate = self.started + max(self.stall, self.received / self.rate)
        return min(self.last + self.stall, by_rate, self.started + self.whole)

    def seconds_left(self) -> float:
        return self.deadline() - time.monotonic()


def declared_length(content_length: str | None) -> int | None:
    """The Content-Length header as a number, None when absent or not a plain number."""
    if content_length is None or not (content_length.isascii() and content_length.isdigit()):
        return None  # isdigit alone takes `²`, which int() refuses
    return int(content_length) if len(content_length) <= 18 else None


async def read_body(
    receive: Receive,
    content_length: str | None,
    limit: int,
    hold: BodyHold,
    pace: BodyPace | None = None,
) -> bytes:
    """The whole body, or BodyRefused once it has been drained; ClientDisconnect on a hang-up."""
    declared = declared_length(content_length)
    if declared is not None and declared > limit:
        if declared <= limit + DRAIN_BYTES:
            await drain(receive)
        raise BodyRefused(TOO_LARGE)
    pace = pace or BodyPace()
    chunks: list[bytes] = []
    size = 0
    while True:
        try:
            async with asyncio.timeout(max(pace.seconds_left(), 0)):
                message = await receive()
        except TimeoutError:
            chunks.clear()
            hold.release()
            raise BodyRefused(STALLED) from None
        if message["type"] == "http.disconnect":
            raise ClientDisconnect
        chunk = message.get("body", b"")
        more = message.get("more_body", False)
        pace.arrived(len(chunk))
        size += len(chunk)
        refusal = None
        if size > limit:
            refusal = BodyRefused(TOO_LARGE)
        elif not hold.take(len(chunk)):
            refusal = BodyRefused(BUSY)
        if refusal is not None:
            chunks.clear()
            hold.release()  # at once: the drain below holds nothing
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
