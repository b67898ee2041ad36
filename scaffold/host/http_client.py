"""HTTP calls that always come back, bounded in time, size and JSON depth.

A checker that hangs on a hung service, or crashes on a refused connection, cannot report the
defect it exists to find. So a call returns an `Exchange` describing what happened (status, body,
parsed JSON, or the transport failure) and the checks judge it. Whatever the service does, a
call never raises; the one exception is the run's own deadline (`DeadlinePassed`), which the
run's driver turns into SKIP lines.

Bounds: every answer is read by scaffold.host.bounded_http: each call waits at most its timeout,
and never longer than what is left of the run's deadline, for the whole answer (headers, body
and decoding included); an answer larger than `max_body`, raw or decoded, is cut off and fails;
a Content-Encoding scaffold did not offer, or more than two layers of it, fails with a sentence;
a redirect fails with its target (check never follows one: a plugin that answers elsewhere is
not the plugin at the URL given); a JSON body nested deeper than `MAX_JSON_DEPTH` counts as not
JSON, so no check can recurse itself to death on it, and so does one with more than
`MAX_JSON_CONTAINERS` objects and arrays, so no answer costs more memory parsed than it may.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import httpx

from scaffold.host.bounded_http import (
    AnswerTooSlow,
    ReadProblem,
    ServiceAnswer,
    bounded_client,
    read_answer,
)
from scaffold.host.deadline import Deadline, DeadlinePassed

DEFAULT_TIMEOUT = 10.0
MIB = 1024 * 1024
MAX_BODY_BYTES = 8 * MIB
MAX_JSON_DEPTH = 128
# Python holds an empty {} or [] in about 100 bytes, from 3 bytes of JSON: 8 MiB of `[{},{},…]`
# took 443 MiB. A million containers (~100 MiB) is far more than any plugin answer of 8 MiB has
# (a frame of 400,000 rows of [time, value] is 400,000 arrays).
MAX_JSON_CONTAINERS = 1_000_000
_DROPPED = "connection dropped"
_SNIPPET_BYTES = 1024
_JSON_WHITESPACE = b" \t\n\r"
_JSON_STARTS = frozenset(b'{["-0123456789tfn')


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
    raw: bytes = b""
    body: Any = NOT_JSON
    json_error: str | None = None
    failure: str | None = None
    elapsed: float = 0.0
    headers: Mapping[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The body as text, decoded at each use: a 32 MiB bundle held as text could take 128 MiB."""
        return self.raw.decode("utf-8", errors="replace")

    @property
    def is_json(self) -> bool:
        return self.body is not NOT_JSON

    @property
    def answered(self) -> bool:
        return self.failure is None and self.status is not None

    def not_a_json_object(self) -> str | None:
        """Why this is not a 200 answer whose body is a JSON object, or None when it is.

        The test a first answer must pass before a run goes on: failing it (no answer, not HTTP,
        not 200, not JSON, not an object) means no service speaking the contract is at that URL.
        """
        if self.failure is not None:
            return self.failure
        if self.status != 200:
            return f"expected 200, got {self.summary()}"
        if not self.is_json:
            return f"the body is {self.json_error}: {self.summary()}"
        if not isinstance(self.body, dict):
            return f"expected a JSON object, got {type(self.body).__name__}: {self.summary()}"
        return None

    def summary(self) -> str:
        """A short account for a report detail: `500 text/plain 'Internal Server Error'`."""
        if self.failure is not None:
            return self.failure
        kind = self.content_type.split(";")[0].strip() or "no content-type"
        snippet = self.raw[:_SNIPPET_BYTES].decode("utf-8", errors="replace").strip().replace("\n", " ")
        if len(snippet) > 120:
            snippet = snippet[:117] + "..."
        return f"{self.status} {kind} {snippet!r}" if snippet else f"{self.status} {kind} (empty body)"


class HttpClient:
    """A small blocking client; one per run, closed by the caller (it is a context manager)."""

    def __init__(
        self,
        timeout: float = DEFAULT_TIMEOUT,
        *,
        max_body: int = MAX_BODY_BYTES,
        deadline: Deadline | None = None,
    ) -> None:
        self.timeout = timeout
        self.max_body = max_body
        self.deadline = deadline or Deadline(None)
        self._client = bounded_client(timeout)

    def __enter__(self) -> HttpClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._client.close()

    def get(
        self, url: str, *, headers: Mapping[str, str] | None = None, max_body: int | None = None
    ) -> Exchange:
        return self.request("GET", url, headers=headers, max_body=max_body)

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
        max_body: int | None = None,
    ) -> Exchange:
        """One call; raises DeadlinePassed when the run's deadline passed before or during it."""
        cap = max_body or self.max_body
        exchange = self._request_once(method, url, content=content, headers=headers, max_body=cap)
        if exchange.failure is not None and exchange.failure.startswith(_DROPPED):
            # A service that closes a keep-alive connection right after answering (common after
            # a crash) makes the *next* request fail on the stale connection; one retry on a
            # fresh connection blames the request that is really at fault.
            exchange = self._request_once(method, url, content=content, headers=headers, max_body=cap)
        return exchange

    def _request_once(
        self,
        method: str,
        url: str,
        *,
        content: bytes | None,
        headers: Mapping[str, str] | None,
        max_body: int,
    ) -> Exchange:
        limit = self.deadline.limit(self.timeout)
        started = time.monotonic()
        try:
            answer = read_answer(
                self._client, method, url, max_bytes=max_body, seconds=limit, content=content, headers=headers
            )
        except AnswerTooSlow as exc:
            return self._late(method, url, started, str(exc), limit)
        except ReadProblem as exc:
            return self._failed(method, url, started, str(exc))
        except httpx.TimeoutException:
            return self._late(method, url, started, f"no answer within {limit:g} s (timeout)", limit)
        except httpx.ConnectError as exc:
            return self._failed(method, url, started, f"cannot connect: {_reason(exc)}")
        except httpx.RemoteProtocolError as exc:
            reason = _reason(exc)
            if "without sending" in reason or "peer closed" in reason:
                return self._failed(method, url, started, f"{_DROPPED}: {reason}")
            return self._failed(method, url, started, f"not an HTTP answer: {reason}")
        except (httpx.ReadError, httpx.WriteError) as exc:
            return self._failed(method, url, started, f"{_DROPPED}: {_reason(exc)}")
        except (httpx.HTTPError, httpx.InvalidURL) as exc:
            return self._failed(method, url, started, f"HTTP error: {_reason(exc)}")
        except (ValueError, UnicodeError) as exc:  # URLs httpx cannot even parse (bad port, IDNA)
            return self._failed(method, url, started, f"invalid URL {url!r}: {_reason(exc)}")
        target = answer.redirect_target()
        if target is not None:
            return self._failed(method, url, started, redirect_finding(answer.status, target))
        return _exchange(method, url, answer, time.monotonic() - started)

    def _late(self, method: str, url: str, started: float, failure: str, limit: float) -> Exchange:
        """A call that ran out of time: the service's FAIL, unless the run's deadline cut it short."""
        if self.deadline.cut_short(self.timeout, limit):
            raise DeadlinePassed(self.deadline.reason)
        return self._failed(method, url, started, failure)

    @staticmethod
    def _failed(method: str, url: str, started: float, failure: str) -> Exchange:
        return Exchange(method, url, None, failure=failure, elapsed=time.monotonic() - started)


def redirect_finding(status: int, target: str) -> str:
    """The failure of an answer that redirects: check and the dev page report where to, never follow."""
    return (
        f"answered {status}, a redirect to {target}; scaffold does not follow redirects "
        "(use that URL itself if it is the service)"
    )


def json_depth(value: Any) -> int:
    """How deeply arrays and objects nest in `value`, counted without recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, dict):
            children: Any = node.values()
        elif isinstance(node, list):
            children = node
        else:
            continue
        deepest = max(deepest, depth)
        # Only containers go on the stack: 2 million numbers would cost 2 million tuples.
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def parse_json(raw: bytes) -> tuple[Any, str | None]:
    """(value, None), or (NOT_JSON, why): the body must be JSON nested at most MAX_JSON_DEPTH deep,
    with at most MAX_JSON_CONTAINERS objects and arrays (what the parsed value may cost in memory)."""
    if not raw.strip():
        return NOT_JSON, "empty body"
    too_deep = f"not JSON the checker accepts: nested deeper than {MAX_JSON_DEPTH} levels"
    # An upper bound (braces inside strings count too), found without building anything.
    if raw.count(b"{") + raw.count(b"[") > MAX_JSON_CONTAINERS:
        return NOT_JSON, f"not JSON the checker accepts: more than {MAX_JSON_CONTAINERS:,} objects and arrays"
    start = len(raw) - len(raw.lstrip(_JSON_WHITESPACE))
    if raw[start] not in _JSON_STARTS:
        # Not JSON from its first character (a script, a page): json words the error from that
        # prefix exactly as from the whole, without decoding megabytes of text to say so.
        raw = raw[: start + 1]
    try:
        value = json.loads(raw.decode("utf-8", errors="replace"))
    except RecursionError:
        return NOT_JSON, too_deep
    except ValueError as exc:
        return NOT_JSON, f"not JSON: {exc}"
    if json_depth(value) > MAX_JSON_DEPTH:
        return NOT_JSON, too_deep
    return value, None


def _exchange(method: str, url: str, answer: ServiceAnswer, elapsed: float) -> Exchange:
    body, json_error = parse_json(answer.body)
    return Exchange(
        method,
        url,
        answer.status,
        content_type=answer.headers.get("content-type", ""),
        raw=answer.body,
        body=body,
        json_error=json_error,
        elapsed=elapsed,
        headers=dict(answer.headers),
    )


def _reason(exc: Exception) -> str:
    text = str(exc).strip()
    return text or type(exc).__name__
