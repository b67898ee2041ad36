"""Values from a spec described in words, for error messages that never show a Python repr.

A user reading "info.version is 42, a number" or "openapi is missing" knows what to fix; a
message reading `None` or `'1.2'` shows scaffold's internals instead. Strings are quoted and
shortened, since they come from the spec file and may be long or contain control characters.
"""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

_SHOWN = 60
# Every control character but tab and line feed, and the Unicode line and paragraph separators.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def terminal_text(text: str) -> str:
    """`text` with those characters escaped (`\\r`, `\\x1b`), for printing to a terminal.

    Titles, names and paths in a spec are printed by `specs show`, `specs diff` and `upgrade`: a raw
    CR would rewrite the line before it, an escape sequence recolour the terminal or set its title.
    """
    return _CONTROLS.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return {0x0D: "\\r"}.get(code) or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def quoted(text: str) -> str:
    """`text` in double quotes with control characters escaped, cut to a readable length."""
    shown = json.dumps(text, ensure_ascii=False)[1:-1]
    if len(shown) > _SHOWN:
        shown = shown[: _SHOWN - 1] + "…"
    return f'"{shown}"'


def describe(value: Any) -> str:
    """`missing`, `42, a number`, `"1.2"`, `a list`: what a reader needs to recognise the value."""
    if value is None:
        return "missing"
    if isinstance(value, bool):
        return f"{'true' if value else 'false'}, a boolean"
    if isinstance(value, int | float):
        return f"{value}, a number"
    if isinstance(value, str):
        return quoted(value) if value else "an empty string"
    return describe_type(value)


def describe_type(value: Any) -> str:
    """The kind of a value in words: `a list`, `a mapping`, `a date`, `a number`."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, datetime.date):
        return "a date"
    if isinstance(value, bytes):
        return "binary data"
    if isinstance(value, set | frozenset):
        return "a set"
    return "a value of an unsupported kind"
