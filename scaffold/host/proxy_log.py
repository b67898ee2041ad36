"""What the platform proxy forwarded: each call numbered as it arrives, for the pages that show it.

A call is entered when the proxy receives it (no status yet) and completed when the module
answers. So a page can show a call while the backend is still working on it, and the numbers
follow the order in which calls arrived even when answers come back in another order. A page that
shows the log live (the module dev page) waits for the next change (`wait_for_change`) instead of
polling on a timer, which would show every call up to a poll interval late.
"""

from __future__ import annotations

import dataclasses
import threading
from dataclasses import dataclass
from typing import Any

MAX_CALLS = 500


@dataclass(frozen=True)
class ProxyCall:
    """One call through the proxy: what went out (body with moduleContext) and what came back.

    `seq` numbers the calls of one server from 1 in the order they arrived; `status` is None while
    the module has not answered; `answer` is the module's JSON answer when it was JSON (and small).
    """

    method: str
    path: str
    status: int | None
    forwarded: Any = None
    seq: int = 0
    answer: Any = None


class ProxyLog:
    """The last `limit` calls of one page server, thread-safe; readers may wait for a change."""

    def __init__(self, limit: int = MAX_CALLS) -> None:
        self._limit = limit
        self._calls: list[ProxyCall] = []
        self._last_seq = 0
        self._version = 0
        self._closed = False
        self._changed = threading.Condition()

    def arrived(self, method: str, path: str, forwarded: Any) -> int:
        """Enter a call the proxy just received; its number, for `answered`."""
        with self._changed:
            self._last_seq += 1
            self._calls.append(ProxyCall(method, path, None, forwarded, self._last_seq))
            if len(self._calls) > self._limit:
                del self._calls[0]
            self._bump()
            return self._last_seq

    def answered(self, seq: int, status: int, answer: Any = None) -> None:
        """Complete call `seq` with the status (and JSON answer) the proxy passed back."""
        with self._changed:
            for index, call in enumerate(self._calls):
                if call.seq == seq:
                    self._calls[index] = dataclasses.replace(call, status=status, answer=answer)
                    self._bump()
                    return

    def calls(self, since: int = 0) -> list[ProxyCall]:
        """The kept calls numbered above `since`, in the order they arrived (pending ones too)."""
        with self._changed:
            return [call for call in self._calls if call.seq > since]

    def answered_calls(self) -> list[ProxyCall]:
        """The kept calls the module has answered, in the order they arrived."""
        with self._changed:
            return [call for call in self._calls if call.status is not None]

    @property
    def last_seq(self) -> int:
        """The number of the last call that arrived (0: none yet)."""
        with self._changed:
            return self._last_seq

    @property
    def version(self) -> int:
        """A counter that moves on every change (a call arrived or was answered)."""
        with self._changed:
            return self._version

    def wait_for_change(self, version: int, timeout: float) -> int:
        """Block until the log's version is not `version` (or `timeout` s, or close); the version."""
        with self._changed:
            self._changed.wait_for(lambda: self._version != version or self._closed, timeout)
            return self._version

    def close(self) -> None:
        """Release every reader waiting for a change (the server is stopping)."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def _bump(self) -> None:
        self._version += 1
        self._changed.notify_all()
