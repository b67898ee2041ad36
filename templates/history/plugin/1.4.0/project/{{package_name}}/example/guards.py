"""What keeps one query from holding the server: a deadline watchdog and a result budget.

- The deadline holds inside a single statement. One watchdog thread keeps the deadlines of the
  statements running in every worker thread and calls `connection.interrupt()` on the one that
  passes its deadline; SQLite checks that flag at every step of its virtual machine, so a
  recursive CTE or an expensive function evaluated row after row stops within one row. (A
  progress handler called every N steps would also do it, but costs a Python call on every
  N-th step of every query; the watchdog costs a heap push and pop per statement.)
- The budget bounds the memory of one get-result answer: rows are fetched in small chunks and
  their size (marshal's length, a C-speed measure of the Python values) is counted before the
  next chunk is read, so a query that would build a huge answer stops at the limit instead of
  after the whole result is in memory. The chunk size is chosen so that even a chunk of rows
  whose every value has the largest allowed size cannot overshoot the limit by more than twice.
  Rows known to hold only numbers (a Constructor series: an INTEGER time column and NUMERIC value
  columns or their averages) have a fixed size, so for them the budget is a row counter: one
  fetch of at most the rows that fit, no per-row work on the hot path of get-result.
"""

from __future__ import annotations

import heapq
import itertools
import marshal
import sqlite3
import threading
import time
from typing import Any

from .errors import SourceError

MAX_CHUNK_ROWS = 512


class Watchdog:
    """Interrupts a connection whose statement is still running at its deadline."""

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._heap: list[tuple[float, int, sqlite3.Connection]] = []
        self._active: set[int] = set()
        self._tokens = itertools.count()
        self._thread: threading.Thread | None = None

    def watch(self, connection: sqlite3.Connection, deadline: float) -> int:
        """Start watching `connection` until `deadline` (time.monotonic); a token for release."""
        with self._condition:
            token = next(self._tokens)
            self._active.add(token)
            heapq.heappush(self._heap, (deadline, token, connection))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="query-watchdog", daemon=True
                )
                self._thread.start()
            elif self._heap[0][1] == token:
                self._condition.notify()
        return token

    def release(self, token: int) -> bool:
        """Stop watching; False when the deadline had passed and the statement was interrupted.

        Call it after the statement's cursor is closed: an interrupt that lands between the
        close and this call finds no statement running, and SQLite then ignores it.
        """
        with self._condition:
            if token in self._active:
                self._active.discard(token)
                return True
            return False

    def _run(self) -> None:
        with self._condition:
            while True:
                while self._heap and self._heap[0][1] not in self._active:
                    heapq.heappop(self._heap)
                if not self._heap:
                    self._condition.wait()
                    continue
                deadline, token, connection = self._heap[0]
                wait = deadline - time.monotonic()
                if wait > 0:
                    self._condition.wait(wait)
                    continue
                heapq.heappop(self._heap)
                self._active.discard(token)
                connection.interrupt()


WATCHDOG = Watchdog()


class ResultBudget:
    """The bytes of result data one get-result answer may still hold, shared by its queries."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.used = 0

    def spend(self, rows: list[tuple[Any, ...]]) -> None:
        """Count `rows` of any values; SourceError("tooLarge") once over the limit."""
        self.charge(len(marshal.dumps(rows)))

    def charge(self, size: int) -> None:
        """Count `size` bytes; SourceError("tooLarge") once the answer would exceed the limit."""
        self.used += size
        if self.used > self.limit:
            raise SourceError(
                "tooLarge",
                f"result over {self.limit} bytes after {self.used} bytes",
                size=_mebibytes(self.limit),
            )

    def rows_left(self, row_bytes: int) -> int:
        """How many more rows of `row_bytes` each fit: the counter for rows of numbers only."""
        return max(0, (self.limit - self.used) // row_bytes)

    def chunk_rows(self, columns: int, max_value_bytes: int) -> int:
        """Rows to fetch at once: even a chunk of the largest values overshoots by 2x the limit at most.

        Fewer, larger chunks keep the count cheap (about 0.5 ms per 10,000 rows of two numbers,
        marshal included); the largest value size bounds what one chunk can hold.
        """
        return max(1, min(MAX_CHUNK_ROWS, 2 * self.limit // max(1, columns * max_value_bytes)))


def _mebibytes(size: int) -> str:
    return f"{size / (1024 * 1024):g}"
