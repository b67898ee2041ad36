"""LIKE and GLOB that look at the statement deadline before every call.

The deadline is kept by SQLite's progress handler, called every PROGRESS_STEPS steps of the
statement, and a GLOB with a character class costs steps like any other call but time in
proportion to the pattern times the text: up to 0.16 s for a 290-character class against a
256 KiB value. One row of a few thousand such calls (the SQL text allows them) ran for minutes
before the handler was next called: 20 of them took 3.1 s of CPU against a 1 s deadline. So
`like` and `glob`, which the LIKE and GLOB operators call, are replaced on each connection: past
the deadline a call refuses ("timeout", through `sql_functions.refuse`), so the statement stops
within one call of it; before it, the call is SQLite's own LIKE or GLOB, run on a private
in-memory connection with the same pattern limit, so it matches exactly as before. (Replacing
`like` also turns off SQLite's LIKE-prefix use of an index; the example's queries do not rely on
it.)
"""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from .guards import StatementDeadline
from .sql_functions import refuse


def install_deadline_patterns(
    connection: sqlite3.Connection, deadline: StatementDeadline, max_pattern_chars: int
) -> None:
    """Replace `like` and `glob` on `connection` (call it in the thread that uses it)."""
    patterns = DeadlinePatterns(deadline, max_pattern_chars)
    connection.create_function("glob", 2, patterns.glob, deterministic=True)
    connection.create_function("like", 2, patterns.like, deterministic=True)
    connection.create_function("like", 3, patterns.like_escape, deterministic=True)


class DeadlinePatterns:
    """The replacement functions of one connection, sharing its statement deadline."""

    def __init__(self, deadline: StatementDeadline, max_pattern_chars: int) -> None:
        self._deadline = deadline
        self._engine = sqlite3.connect(":memory:")
        self._engine.setlimit(sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, max_pattern_chars)

    def glob(self, pattern: Any, text: Any) -> Any:
        return self._run("SELECT glob(?, ?)", (pattern, text))

    def like(self, pattern: Any, text: Any) -> Any:
        return self._run("SELECT like(?, ?)", (pattern, text))

    def like_escape(self, pattern: Any, text: Any, escape: Any) -> Any:
        return self._run("SELECT like(?, ?, ?)", (pattern, text, escape))

    def _run(self, sql: str, args: tuple[Any, ...]) -> Any:
        if time.monotonic() >= self._deadline.at:
            refuse("timeout", "interrupted at the deadline between two LIKE/GLOB calls")
        try:
            return self._engine.execute(sql, args).fetchone()[0]
        except sqlite3.OperationalError as exc:
            if "pattern too complex" in str(exc):
                refuse("patternTooLong", str(exc))
            raise
