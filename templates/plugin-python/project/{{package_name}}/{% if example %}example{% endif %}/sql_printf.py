"""SQLite's `printf`/`format`, called only when its field widths and precisions are small enough.

The statement deadline is kept by SQLite's progress handler, which SQLite calls between steps of
a statement, never inside one function call. Its printf writes `%c` with a precision one
character at a time, and goes on looping after the result has outgrown SQLITE_LIMIT_LENGTH (it
then answers NULL): `format('%.*c', 2147483647, 'x')` is one call of more than 10 s of CPU, and
three of them in one row run for half a minute whatever the deadline says. So `printf` and
`format` are replaced on each connection by this wrapper: it reads the format the way SQLite's
own parser does (sqlite3_str_vappendf: flags, width, `.precision`, `l`/`ll`, type; `*` takes an
argument), adds up every width and precision, literal or taken from an argument, and refuses the
call ("valueTooLarge", through `sql_functions.refuse`) when the sum is over the longest value a
statement may build. A call within that bound is handed to SQLite's own printf on a private
in-memory connection, so the output is SQLite's, byte for byte. The arguments `*` reads are
passed on as the integers that were checked, so SQLite cannot read a different number than the
one bounded here. Past the statement's deadline a call refuses ("timeout"): a row of thousands
of calls of 256 KiB each would otherwise run for seconds between two calls of the progress
handler.

Written here rather than taken from a library: no package offers SQLite's printf grammar, and
refusing the function outright would take a common formatting tool away from Code mode.
"""

from __future__ import annotations

import math
import sqlite3
import time
from functools import lru_cache
from typing import Any

from .guards import StatementDeadline
from .sql_functions import refuse

_FLAGS = frozenset("-+ #!0,")
# Conversions that read one argument (every other type either reads none: `%`, `n`, or stops the
# formatting where it stands, as SQLite does for an unknown type).
_READS_ARGUMENT = frozenset("dsgzqQwcouxXfeEGipr")
_INT64 = 2**63
_INT32 = 2**31
# More digits than this in a literal width or precision is over any bound (and int() of a very
# long digit string is itself slow).
_MAX_DIGITS = 10
# Formats up to this long have their reading cached: a query calls printf with the same format
# row after row, and reading it is half the wrapper's cost (about 2 us of 4 us a call).
_CACHED_FORMAT_CHARS = 256


def install_bounded_printf(
    connection: sqlite3.Connection, max_chars: int, deadline: StatementDeadline | None = None
) -> None:
    """Replace `printf` and `format` on `connection` (call it in the thread that uses it)."""
    printf = BoundedPrintf(max_chars, deadline)
    connection.create_function("printf", -1, printf, deterministic=True)
    connection.create_function("format", -1, printf, deterministic=True)


class BoundedPrintf:
    """The replacement function: checks the widths and precisions, then runs SQLite's printf."""

    def __init__(self, max_chars: int, deadline: StatementDeadline | None = None) -> None:
        self.max_chars = max_chars
        self._deadline = deadline or StatementDeadline()
        # A connection of its own: the one running the statement cannot run another meanwhile.
        self._engine = sqlite3.connect(":memory:")
        self._engine.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, max_chars)

    def __call__(self, *args: Any) -> Any:
        if time.monotonic() >= self._deadline.at:
            refuse("timeout", "interrupted at the deadline between two printf calls")
        if not args or args[0] is None:
            return None
        text = args[0] if isinstance(args[0], str) else self._text(args[0])
        stars, literal = (
            _cached_fields(text) if len(text) <= _CACHED_FORMAT_CHARS else format_fields(text)
        )
        values = list(args)
        total = literal
        for index in stars:
            if index < len(values):
                number = _as_int32(self._int64(values[index]))
                values[index] = number
                total += abs(number)
        if total > self.max_chars:
            refuse(
                "valueTooLarge",
                f"printf widths and precisions add up to {total}, more than {self.max_chars}",
            )
        return self._engine.execute(_call_sql(len(values)), values).fetchone()[0]

    def _int64(self, value: Any) -> int:
        """The integer SQLite's printf reads from `value` for a `*` (sqlite3_value_int64)."""
        if isinstance(value, int):
            return value
        if isinstance(value, float):
            if math.isnan(value):
                return 0
            if value >= _INT64:
                return _INT64 - 1
            return -_INT64 if value <= -_INT64 else int(value)
        if value is None:
            return 0
        cast = self._engine.execute("SELECT CAST(? AS INTEGER)", (value,)).fetchone()[0]
        return int(cast or 0)

    def _text(self, value: Any) -> str:
        """A format that is not text, as the text SQLite reads (sqlite3_value_text)."""
        result = self._engine.execute("SELECT CAST(? AS TEXT)", (value,)).fetchone()[0]
        return str(result or "")


@lru_cache(maxsize=128)
def _call_sql(arguments: int) -> str:
    return "SELECT printf(" + ", ".join("?" * arguments) + ")"


def _as_int32(value: int) -> int:
    """SQLite stores a `*` width or precision in a C int: the low 32 bits, signed."""
    return (value + _INT32) % (2 * _INT32) - _INT32


def format_fields(text: str) -> tuple[tuple[int, ...], int]:
    """(positions of the arguments `*` reads, sum of the literal widths and precisions) of a format.

    Positions count the format itself as 0. It follows sqlite3_str_vappendf step by step: text up
    to a `%`; then flags, a width (digits or `*`), `.` and a precision (digits or `*`), `l` or
    `ll`, in the order and with the repetitions that loop accepts; then the type, which reads one
    argument, none (`%`, `n`) or ends the formatting (anything else). A NUL ends the format.
    """
    end = text.find("\0")
    if end >= 0:
        text = text[:end]
    stars: list[int] = []
    literal = 0
    argument = 1
    length = len(text)
    index = 0
    while index < length:
        if text[index] != "%":
            index = text.find("%", index)
            if index < 0:
                break
        index += 1
        if index >= length:
            break
        char = text[index]
        while True:
            done = False
            if char in _FLAGS:
                pass
            elif char == "l":
                index += 1
                char = _at(text, index)
                if char == "l":
                    index += 1
                    char = _at(text, index)
                done = True
            elif "1" <= char <= "9":
                start = index
                while "0" <= _at(text, index + 1) <= "9":
                    index += 1
                literal += _literal(text[start : index + 1])
                following = _at(text, index + 1)
                if following not in (".", "l"):
                    index += 1
                    char = following
                    done = True
            elif char == "*":
                stars.append(argument)
                argument += 1
                following = _at(text, index + 1)
                if following not in (".", "l"):
                    index += 1
                    char = following
                    done = True
            elif char == ".":
                index += 1
                char = _at(text, index)
                if char == "*":
                    stars.append(argument)
                    argument += 1
                    index += 1
                    char = _at(text, index)
                else:
                    start = index
                    while "0" <= char <= "9":
                        index += 1
                        char = _at(text, index)
                    literal += _literal(text[start:index])
                if char == "l":
                    index -= 1
                else:
                    done = True
            else:
                done = True
            if done:
                break
            index += 1
            char = _at(text, index)
            if char == "":
                break
        if char in _READS_ARGUMENT:
            argument += 1
        elif char not in ("%", "n"):
            break
        index += 1
    return tuple(stars), literal


_cached_fields = lru_cache(maxsize=256)(format_fields)


def _at(text: str, index: int) -> str:
    """The character at `index`, or "" past the end (C's terminating NUL)."""
    return text[index] if index < len(text) else ""


def _literal(digits: str) -> int:
    """A literal width or precision, as large as it is written (never smaller than SQLite's)."""
    if not digits:
        return 0
    return int(digits) if len(digits) <= _MAX_DIGITS else 10**_MAX_DIGITS
