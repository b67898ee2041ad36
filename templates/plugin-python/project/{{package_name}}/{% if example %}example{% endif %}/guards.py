"""What keeps one query from holding the server: a statement deadline and a result budget.

- The deadline holds inside a single statement. Each connection has a progress handler that
  SQLite calls every PROGRESS_STEPS steps of its virtual machine; past the statement's deadline
  it answers "stop", and SQLite aborts the statement as interrupted, so a recursive CTE or an
  expensive function evaluated row after row stops within a fraction of a millisecond. It runs
  in the thread that runs the statement, so no other thread is needed: measured here, a process
  that has ever started a second thread (even one that has ended since) runs SQLite's per-row
  work 10-25% slower, and the Constructor queries answered on the event loop would pay that on
  every request. At 10,000 steps the handler is called about once per 70 microseconds of SQL
  work; on a 20,000-row query that costs nothing measurable.
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

import marshal
import math
import sqlite3
import time
from typing import Any

from .errors import SourceError

MAX_CHUNK_ROWS = 512
PROGRESS_STEPS = 10_000


class StatementDeadline:
    """The deadline of the statement running on one connection, checked by SQLite's progress handler.

    Install it once per connection (`install`); set `at` (a time.monotonic() value) before a
    statement and `clear()` it afterwards. With no statement running the deadline is infinite.
    """

    def __init__(self) -> None:
        self.at = math.inf

    def install(self, connection: sqlite3.Connection) -> None:
        connection.set_progress_handler(self._passed, PROGRESS_STEPS)

    def clear(self) -> None:
        self.at = math.inf

    def _passed(self) -> int:
        # Non-zero makes SQLite abort the statement with "interrupted".
        return 1 if time.monotonic() >= self.at else 0


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
