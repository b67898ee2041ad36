"""Linear-time replacements for SQLite string functions that can run for minutes in one call.

SQLite's built-in `instr`, `replace` and `trim`/`ltrim`/`rtrim` (with a character list) compare
at every position of the text, so one call on two long values takes time proportional to the
product of their lengths: `instr(x, y)` on 1 MiB values runs for tens of seconds, and an interrupt
is only noticed between calls. Python's `str.find`/`str.replace` (two-way search) and a compiled
character class are linear, so these versions keep every single call short and the query
deadline holds. They follow SQLite's rules: NULL in, NULL out; blobs compared as bytes by
`instr`; numbers used as their SQLite text. `replace` also refuses to build a result longer than
the longest value a statement may hold: SQLite would refuse it only once it is built, and
`replace(x, 'a', y)` on two 60,000-character values builds 1.8 GB first.

A function refuses a call with `refuse`: SQLite then stops the statement ("user-defined function
raised exception", which says nothing), and the reason waits in this thread for the caller of
the statement to `take_refusal()` it and answer with the matching catalogue text.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from functools import lru_cache, partial
from typing import Any, NoReturn

_refusals = threading.local()


class FunctionRefused(ValueError):
    """Raised inside a function SQLite calls; the statement fails, `take_refusal()` says why."""


def refuse(key: str, detail: str) -> NoReturn:
    """Stop the statement calling this function: `key` is the catalogue text, `detail` the log's."""
    _refusals.last = (key, detail)
    raise FunctionRefused(detail)


def take_refusal() -> tuple[str, str] | None:
    """(key, detail) of the last refusal in this thread, forgotten once taken."""
    refusal: tuple[str, str] | None = getattr(_refusals, "last", None)
    _refusals.last = None
    return refusal


def install_linear_functions(connection: sqlite3.Connection, max_chars: int) -> None:
    """Override the quadratic built-ins on `connection` (an override applies to that connection only).

    `max_chars` is the longest text a function may build (the connection's SQLITE_LIMIT_LENGTH).
    """
    connection.create_function("instr", 2, instr, deterministic=True)
    connection.create_function(
        "replace", 3, partial(replace, max_chars=max_chars), deterministic=True
    )
    connection.create_function("trim", 2, lambda x, y: _trim(x, y, True, True), deterministic=True)
    connection.create_function(
        "ltrim", 2, lambda x, y: _trim(x, y, True, False), deterministic=True
    )
    connection.create_function(
        "rtrim", 2, lambda x, y: _trim(x, y, False, True), deterministic=True
    )


def sqlite_text(value: Any) -> str:
    """`value` as SQLite turns it into text (reals as `%!.15g`: 1.0, 1.0e+20)."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, float):
        text = f"{value:.15g}"
        if text in ("inf", "-inf"):
            return text.replace("inf", "Inf")
        mantissa, _, exponent = text.partition("e")
        if "." not in mantissa and "n" not in mantissa:
            mantissa += ".0"
        return mantissa + ("e" + exponent if exponent else "")
    return str(value)


def instr(haystack: Any, needle: Any) -> int | None:
    if haystack is None or needle is None:
        return None
    if isinstance(haystack, bytes) and isinstance(needle, bytes):
        return haystack.find(needle) + 1
    return sqlite_text(haystack).find(sqlite_text(needle)) + 1


def replace(text: Any, old: Any, new: Any, *, max_chars: int) -> str | None:
    if text is None or old is None or new is None:
        return None
    value = sqlite_text(text)
    pattern = sqlite_text(old)
    if pattern == "":
        return value
    replacement = sqlite_text(new)
    if len(replacement) > len(pattern):  # count (linear) before building anything
        size = len(value) + value.count(pattern) * (len(replacement) - len(pattern))
        if size > max_chars:
            refuse("valueTooLarge", f"replace would build {size} characters, more than {max_chars}")
    return value.replace(pattern, replacement)


def _trim(text: Any, characters: Any, left: bool, right: bool) -> str | None:
    if text is None or characters is None:
        return None
    value = sqlite_text(text)
    chars = sqlite_text(characters)
    if not chars:
        return value
    start, end = 0, len(value)
    leading = _leading(chars).match(value) if left else None
    if leading is not None:
        start = leading.end()
    if right and start < end:
        found = _trailing(chars).search(value, start)
        end = found.start() if found else end
    return value[start:end]


@lru_cache(maxsize=64)
def _leading(chars: str) -> re.Pattern[str]:
    return re.compile(f"[{_class(chars)}]*")


@lru_cache(maxsize=64)
def _trailing(chars: str) -> re.Pattern[str]:
    return re.compile(f"[{_class(chars)}]+\\Z")


def _class(chars: str) -> str:
    return "".join(re.escape(c) for c in sorted(set(chars)))
