"""Linear-time replacements for SQLite string functions that can run for minutes in one call.

SQLite's built-in `instr`, `replace` and `trim`/`ltrim`/`rtrim` (with a character list) compare
at every position of the text, so one call on two long values takes time proportional to the
product of their lengths: `instr(x, y)` on 1 MiB values runs for tens of seconds, and an interrupt
is only noticed between calls. Python's `str.find`/`str.replace` (two-way search) and a compiled
character class are linear, so these versions keep every single call short and the query
deadline holds. They follow SQLite's rules: NULL in, NULL out; blobs compared as bytes by
`instr`; numbers used as their SQLite text.
"""

from __future__ import annotations

import re
import sqlite3
from functools import lru_cache
from typing import Any


def install_linear_functions(connection: sqlite3.Connection) -> None:
    """Override the quadratic built-ins on `connection` (an override applies to that connection only)."""
    connection.create_function("instr", 2, instr, deterministic=True)
    connection.create_function("replace", 3, replace, deterministic=True)
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


def replace(text: Any, old: Any, new: Any) -> str | None:
    if text is None or old is None or new is None:
        return None
    pattern = sqlite_text(old)
    if pattern == "":
        return sqlite_text(text)
    return sqlite_text(text).replace(pattern, sqlite_text(new))


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
