"""The one way scaffold reads an answer from a service it did not write: bounded in bytes, codings,
time and memory, and stoppable.

`check`, `check --fuzz`, the module fetch, the `dev` page's plugin and module API, the `dev`
module proxy and the `dev` start-up and readiness probes all call `read_answer` with a client
from `bounded_client`. What holds for every answer:

- bytes: the raw body and the decoded body are each cut off past `max_bytes` (a declared
  Content-Length above it is refused before reading); decoding is done here, layer by layer
  (scaffold.host.content_coding), so no single C call can make more than a step of output;
- codings: only gzip and deflate (what scaffold offers), at most two layers; anything else is
  `AnswerUnreadable` with a sentence;
- time: the whole exchange (connect, request, status line, headers, body, decoding) ends within
  `seconds`. httpx's timeouts apply to each read, so a service sending one byte per second never
  trips them; here every network read and write waits at most what is left of the exchange;
- stop: given a `stop` event (the `dev` command sets one on Ctrl-C or SIGTERM), reads wait in
  slices of `STOP_POLL` seconds and end with `ReadInterrupted` soon after it is set. Where no
  event is given (`check`), the CLI's signal handler raises in the blocked read itself.
- redirects are never followed (`redirect_target` says where one points), and proxies from the
  environment are not used: every byte comes through this path.

The time bound sits in the network layer: httpx has no parameter for it, but httpcore's
connection pool takes a network backend, so the transport below gives its pool one whose streams
read the bounds of the exchange running in their thread.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urljoin

import httpcore
import httpx

from scaffold.host.content_coding import (
    ACCEPT_ENCODING,
    CodingError,
    ContentDecoder,
    DecodedTooLarge,
    codings_of,
)
from scaffold.redact import without_credentials

STOP_POLL = 0.2
_MIB = 1024 * 1024
_SHOWN_URL_LIMIT = 200


class ReadProblem(Exception):
    """Why an answer could not be read within its bounds; `str()` is a phrase for a report."""


class AnswerTooLarge(ReadProblem):
    """The body (declared, raw or decoded) is larger than the exchange's `max_bytes`."""


class AnswerTooSlow(ReadProblem):
    """The whole exchange did not end within its `seconds`."""


class AnswerUnreadable(ReadProblem):
    """The body's Content-Encoding is refused (not offered, too many layers) or corrupt."""


class ReadInterrupted(Exception):
    """The exchange's `stop` event was set (Ctrl-C or SIGTERM in `dev`): the caller ends its run."""


class _Late(Exception):
    """The exchange's time is up (raised inside the network layer, worded by `read_answer`)."""


@dataclass(frozen=True)
class _Bounds:
    ends: float
    stop: threading.Event | None

    def check(self) -> None:
        """Raise when the exchange must end now: stopped, or out of time."""
        if self.stop is not None and self.stop.is_set():
            raise ReadInterrupted
        if time.monotonic() >= self.ends:
            raise _Late

    def wait(self, timeout: float | None) -> float:
        """How long one blocking call may wait: its own timeout, never past the exchange's end."""
        self.check()
        left = self.ends - time.monotonic()
        return left if timeout is None else min(timeout, left)


_current = threading.local()


def _bounds() -> _Bounds | None:
    found = getattr(_current, "bounds", None)
    return found if isinstance(found, _Bounds) else None


class _BoundedStream(httpcore.NetworkStream):
    """A connection's stream whose reads and writes obey the bounds of the exchange in this thread."""

    def __init__(self, inner: httpcore.NetworkStream) -> None:
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        bounds = _bounds()
        if bounds is None:
            return self._inner.read(max_bytes, timeout)
        started = time.monotonic()
        while True:
            wait = bounds.wait(None if timeout is None else timeout - (time.monotonic() - started))
            if bounds.stop is not None:
                wait = min(wait, STOP_POLL)
            try:
                return self._inner.read(max_bytes, max(wait, 0.001))
            except httpcore.ReadTimeout:
                if timeout is not None and time.monotonic() - started >= timeout:
                    raise
                # A slice ended: the loop's check says whether the exchange is stopped or late.

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        bounds = _bounds()
        self._inner.write(buffer, timeout if bounds is None else max(bounds.wait(timeout), 0.001))

    def close(self) -> None:
        self._inner.close()

    def start_tls(
        self,
        ssl_context: Any,
        server_hostname: str | None = None,
        timeout: float | None = None,
    ) -> httpcore.NetworkStream:
        bounds = _bounds()
        wait = timeout if bounds is None else bounds.wait(timeout)
        return _BoundedStream(self._inner.start_tls(ssl_context, server_hostname, wait))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _BoundedBackend(httpcore.NetworkBackend):
    """httpcore's own socket backend, with every stream bounded and every connect within the bounds."""

    def __init__(self) -> None:
        self._inner = httpcore.SyncBackend()

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Iterable[Any] | None = None,
    ) -> httpcore.NetworkStream:
        bounds = _bounds()
        wait = timeout if bounds is None else bounds.wait(timeout)
        return _BoundedStream(self._inner.connect_tcp(host, port, wait, local_address, socket_options))

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Iterable[Any] | None = None
    ) -> httpcore.NetworkStream:
        bounds = _bounds()
        wait = timeout if bounds is None else bounds.wait(timeout)
        return _BoundedStream(self._inner.connect_unix_socket(path, wait, socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


class _BoundedTransport(httpx.HTTPTransport):
    """httpx's transport with a connection pool that uses the bounded backend.

    httpx 0.28 builds its pool in `__init__` with no way to pass a network backend; the pool it
    sends through is `_pool`, replaced here by one built the same way with the backend added.
    """

    def __init__(self) -> None:
        super().__init__(trust_env=False)
        limits = httpx.Limits()
        self._pool = httpcore.ConnectionPool(
            ssl_context=httpx.create_ssl_context(trust_env=False),
            max_connections=limits.max_connections,
            max_keepalive_connections=limits.max_keepalive_connections,
            keepalive_expiry=limits.keepalive_expiry,
            network_backend=_BoundedBackend(),
        )


def bounded_client(timeout: float) -> httpx.Client:
    """A client for `read_answer`: no redirects followed, no environment proxies, gzip/deflate offered."""
    return httpx.Client(
        timeout=httpx.Timeout(timeout),
        follow_redirects=False,
        trust_env=False,
        transport=_BoundedTransport(),
        headers={"Accept-Encoding": ACCEPT_ENCODING},
    )


@dataclass(frozen=True)
class ServiceAnswer:
    """A whole answer, read within bounds: status, headers, the decoded body, and the URL asked."""

    status: int
    headers: httpx.Headers
    body: bytes
    url: str

    def redirect_target(self) -> str | None:
        """Where a 3xx answer with a Location points (absolute, safe to print), else None."""
        location = self.headers.get("location")
        if not 300 <= self.status < 400 or not location:
            return None
        return shown_url(urljoin(self.url, location))


def read_answer(
    client: httpx.Client,
    method: str,
    url: str,
    *,
    max_bytes: int,
    seconds: float,
    content: bytes | None = None,
    headers: Mapping[str, str] | None = None,
    stop: threading.Event | None = None,
) -> ServiceAnswer:
    """One request and its whole answer, within `max_bytes` and `seconds` (see the module's docstring).

    Raises ReadProblem (the answer broke a bound), ReadInterrupted (`stop` was set) or
    httpx.HTTPError (no connection, not HTTP, the connection dropped); a signal handler's
    exception passes through unchanged.
    """
    bounds = _Bounds(time.monotonic() + seconds, stop)
    outer = _bounds()
    _current.bounds = bounds
    started = False
    try:
        with client.stream(
            method, url, content=content, headers=dict(headers or {}), timeout=httpx.Timeout(seconds)
        ) as response:
            started = True
            declared = response.headers.get("content-length", "")
            if declared.isascii() and declared.isdigit() and int(declared) > max_bytes:
                raise AnswerTooLarge(too_large(max_bytes))
            decoder = ContentDecoder(codings_of(response.headers.get_list("content-encoding")), max_bytes)
            size = 0
            for raw in response.iter_raw():
                size += len(raw)
                if size > max_bytes:
                    raise AnswerTooLarge(too_large(max_bytes))
                decoder.feed(raw, bounds.check)
            return ServiceAnswer(response.status_code, response.headers, decoder.body(), url)
    except _Late:
        late = f"no complete answer within {seconds:g} s" if started else f"no answer within {seconds:g} s"
        raise AnswerTooSlow(late) from None
    except DecodedTooLarge:
        raise AnswerTooLarge(too_large(max_bytes)) from None
    except CodingError as exc:
        raise AnswerUnreadable(f"the answer cannot be read: {exc}") from None
    finally:
        _current.bounds = outer


def too_large(max_bytes: int) -> str:
    size = f"{max_bytes / _MIB:g} MiB" if max_bytes >= _MIB else f"{max_bytes} bytes"
    return f"answer larger than {size}"


def shown_url(url: str) -> str:
    """`url` as it may be printed: no user:password, control characters escaped, at most 200 characters."""
    safe = "".join(
        ch if ch.isprintable() and ch != "\\" else ascii(ch)[1:-1] for ch in without_credentials(url)
    )
    return safe if len(safe) <= _SHOWN_URL_LIMIT else safe[: _SHOWN_URL_LIMIT - 3] + "..."
