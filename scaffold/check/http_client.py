"""HTTP calls that always come back: every call has a deadline and a size cap, never raises.

A checker that hangs on a hung service, or crashes on a refused connection, cannot report the
defect it exists to find. So a call returns an `Exchange` describing what happened (status, body,
parsed JSON, or the transport failure) and the checks judge it.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx

DEFAULT_TIMEOUT = 10.0
MAX_BODY_BYTES = 32 * 1024 * 1024
_DROPPED = "connection dropped"


class _NotJson:
    """Marker for a body that did not parse as JSON (None is a valid JSON value)."""

    def __repr__(self) -> str:
        return "NOT_JSON"


NOT_JSON: Any = _NotJson()


@dataclass(frozen=True)
class Exchange:
    """One request and what came back, or why nothing did."""

    method: str
    url: str
    status: int | None
    content_type: str = ""
    text: str = ""
    body: Any = NOT_JSON
    json_error: str | None = None
    failure: str | None = None
    elapsed: float = 0.0
    headers: Mapping[str, str] = field(default_factory=dict)

    @property
    def is_json(self) -> bool:
        return self.body is not NOT_JSON

    @property
    def answered(self) -> bool:
        return self.failure is None and self.status is not None

    def status_is(self, status: int) -> bool:
        return self.answered and self.status == status

    def summary(self) -> str:
        """A short account for a report detail: `500 text/plain 'Internal Server Error'`."""
        if self.failure is not None:
            return self.failure
        kind = self.content_type.split(";")[0].strip() or "no content-type"
        snippet = self.text.strip().replace("\n", " ")
        if len(snippet) > 120:
            snippet = snippet[:117] + "..."
        return f"{self.status} {kind} {snippet!r}" if snippet else f"{self.status} {kind} (empty body)"


class HttpClient:
    """A small blocking client; one per run, closed by the caller (it is a context manager)."""

    def __init__(self, timeout: float = DEFAULT_TIMEOUT, *, max_body: int = MAX_BODY_BYTES) -> None:
        self.timeout = timeout
        self.max_body = max_body
        # TCP_NODELAY: httpx writes headers and body separately; without it Nagle's algorithm and
        # delayed ACKs add about 40 ms to every POST, which a run of ~100 requests feels.
        transport = httpx.HTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)])
        self._client = httpx.Client(
            timeout=httpx.Timeout(timeout), follow_redirects=True, transport=transport
        )

    def __enter__(self) -> HttpClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def get(self, url: str, *, headers: Mapping[str, str] | None = None) -> Exchange:
        return self.request("GET", url, headers=headers)

    def post_json(self, url: str, body: Any, *, headers: Mapping[str, str] | None = None) -> Exchange:
        """POST `body` encoded as JSON (UTF-8, control characters escaped)."""
        content = json.dumps(body, ensure_ascii=False).encode("utf-8")
        return self.post_raw(url, content, headers=headers)

    def post_raw(
        self,
        url: str,
        content: bytes,
        *,
        content_type: str = "application/json",
        headers: Mapping[str, str] | None = None,
    ) -> Exchange:
        """POST exact bytes, for bodies no JSON encoder would produce (malformed, empty)."""
        all_headers = {"Content-Type": content_type, **(headers or {})}
        return self.request("POST", url, content=content, headers=all_headers)

    def request(
        self,
        method: str,
        url: str,
        *,
        content: bytes | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> Exchange:
        exchange = self._request_once(method, url, content=content, headers=headers)
        if exchange.failure is not None and exchange.failure.startswith(_DROPPED):
            # A service that closes a keep-alive connection right after answering (common after
            # a crash) makes the *next* request fail on the stale connection; one retry on a
            # fresh connection blames the request that is really at fault.
            exchange = self._request_once(method, url, content=content, headers=headers)
        return exchange

    def _request_once(
        self,
        method: str,
        url: str,
        *,
        content: bytes | None,
        headers: Mapping[str, str] | None,
    ) -> Exchange:
        started = time.monotonic()
        try:
            with self._client.stream(method, url, content=content, headers=dict(headers or {})) as response:
                chunks: list[bytes] = []
                size = 0
                for chunk in response.iter_bytes():
                    chunks.append(chunk)
                    size += len(chunk)
                    elapsed = time.monotonic() - started
                    if elapsed > self.timeout:
                        return self._failed(
                            method, url, started, f"no complete answer within {self.timeout:g} s"
                        )
                    if size > self.max_body:
                        return self._failed(method, url, started, f"answer larger than {self.max_body} bytes")
                raw = b"".join(chunks)
                return _exchange(method, url, response, raw, time.monotonic() - started)
        except httpx.TimeoutException:
            return self._failed(method, url, started, f"no answer within {self.timeout:g} s (timeout)")
        except httpx.ConnectError as exc:
            return self._failed(method, url, started, f"cannot connect: {_reason(exc)}")
        except (httpx.RemoteProtocolError, httpx.ReadError, httpx.WriteError) as exc:
            return self._failed(method, url, started, f"{_DROPPED}: {_reason(exc)}")
        except httpx.HTTPError as exc:
            return self._failed(method, url, started, f"HTTP error: {_reason(exc)}")

    @staticmethod
    def _failed(method: str, url: str, started: float, failure: str) -> Exchange:
        return Exchange(method, url, None, failure=failure, elapsed=time.monotonic() - started)


def _exchange(method: str, url: str, response: httpx.Response, raw: bytes, elapsed: float) -> Exchange:
    text = raw.decode("utf-8", errors="replace")
    body: Any = NOT_JSON
    json_error: str | None = None
    if raw.strip():
        try:
            body = json.loads(text)
        except (ValueError, RecursionError) as exc:
            json_error = f"not JSON: {exc}"
    else:
        json_error = "empty body"
    return Exchange(
        method,
        url,
        response.status_code,
        content_type=response.headers.get("content-type", ""),
        text=text,
        body=body,
        json_error=json_error,
        elapsed=elapsed,
        headers=dict(response.headers),
    )


def _reason(exc: Exception) -> str:
    text = str(exc).strip()
    return text or type(exc).__name__
