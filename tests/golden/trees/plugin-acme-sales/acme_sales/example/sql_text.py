"""Variables in queries, always as bound parameters: never pasted into SQL text.

The platform sends `variables`: a name maps to a string or a list of strings. They are used in
two places:

- a constructor filter value: `$name` or `${name}` as the whole value (the runtime's
  `variable_reference`) becomes the variable's value (a list stays a list and the filter becomes
  `IN (?, ?, ...)`); one the request does not define is an error naming the filter, as in the TypeScript and Go examples. Any name is a name
  like the others (`$__proto__`, `$constructor`, `$toString` included). Inside longer text a
  reference is replaced by the variable's text (a list joined with commas: the runtime's
  `expand_variables` with undefined="keep") and the result is one bound value; there a reference
  to an unknown variable stays as literal text.
- Code-mode SQL: `$name`, `${name}` or a quoted `'$name'` becomes `?` (a list: `?, ?, ...`, to
  be used as `IN ($name)`); `$__timeFrom` and `$__timeTo` become the query's time range, and
  `$__timeFilter(column)` becomes `column BETWEEN ? AND ?`. References inside other string
  literals, quoted identifiers and comments are left alone; an unknown `$name` is an error.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from .._contract import PluginError, expand_variables, variable_reference
from .._contract.runtime_constants import MAX_QUERY_TEXT_BYTES

Variables = Mapping[str, str | Sequence[str]]
MAX_LIST_VALUES = 1000
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1

_REFERENCE = re.compile(
    r"\$(?:\{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)\}|(?P<name>[A-Za-z_][A-Za-z0-9_]*))"
)
_TIME_FILTER = re.compile(
    r"\$__timeFilter\(\s*(?P<column>[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*\)"
)
_MACRO = re.compile(r"\$__(?P<macro>timeFrom|timeTo)\b(?:\(\))?")


class VariableError(ValueError):
    """A variable reference that cannot be bound: `key` names the catalogue text
    (errors.reason.<key>), `params` fill it; the message (for the log) may quote the request."""

    def __init__(self, key: str, detail: str, **params: Any) -> None:
        super().__init__(detail)
        self.key = key
        self.params = params


def _name(match: re.Match[str]) -> str:
    return match["braced"] or match["name"]


def _as_list(name: str, value: str | Sequence[str]) -> list[str]:
    items = [value] if isinstance(value, str) else list(value)
    if len(items) > MAX_LIST_VALUES:
        raise VariableError(
            "tooManyValues", f"${name} has {len(items)} values", max=MAX_LIST_VALUES
        )
    return items


def expand_value(text: str, variables: Variables) -> str | list[str]:
    """A filter value with its variable references replaced (see the module docstring)."""
    name = variable_reference(text)
    if name is not None:
        if name not in variables:
            raise VariableError("filterVariable", f"unknown variable ${name}")
        value = variables[name]
        return value if isinstance(value, str) else _as_list(name, value)
    try:
        return expand_variables(text, variables, undefined="keep")
    except PluginError:  # longer than MAX_QUERY_TEXT_BYTES once expanded
        raise VariableError(
            "valueTooLarge",
            "a filter value too long once expanded",
            size=MAX_QUERY_TEXT_BYTES // 1024,
        ) from None


def bind_code_query(
    sql: str, variables: Variables, time_from: int | None, time_to: int | None
) -> tuple[str, list[Any]]:
    """Code-mode SQL with macros and variables turned into `?` placeholders, and their values."""
    low = INT64_MIN if time_from is None else time_from
    high = INT64_MAX if time_to is None else time_to
    out: list[str] = []
    params: list[Any] = []

    def placeholders(name: str) -> str:
        if name not in variables:
            raise VariableError("unknownVariable", f"unknown variable ${name}")
        values = _as_list(name, variables[name])
        if not values:
            return "NULL"
        params.extend(values)
        return ", ".join("?" * len(values))

    index = 0
    length = len(sql)
    while index < length:
        char = sql[index]
        if char == "'":
            end = _literal_end(sql, index, "'")
            literal = sql[index : end + 1]
            whole = variable_reference(literal[1:-1]) if len(literal) >= 2 else None
            out.append(placeholders(whole) if whole else literal)
            index = end + 1
        elif char in '"`[':
            end = _literal_end(sql, index, "]" if char == "[" else char)
            out.append(sql[index : end + 1])
            index = end + 1
        elif sql.startswith("--", index):
            end = sql.find("\n", index)
            end = length if end < 0 else end
            out.append(sql[index:end])
            index = end
        elif sql.startswith("/*", index):
            end = sql.find("*/", index + 2)
            end = length if end < 0 else end + 2
            out.append(sql[index:end])
            index = end
        elif char == "$":
            index = _dollar(sql, index, out, params, placeholders, low, high)
        else:
            out.append(char)
            index += 1
    return "".join(out), params


def _dollar(
    sql: str,
    index: int,
    out: list[str],
    params: list[Any],
    placeholders: Any,
    low: int,
    high: int,
) -> int:
    """Handle a `$` at `index`; the index after what it consumed."""
    time_filter = _TIME_FILTER.match(sql, index)
    if time_filter:
        out.append(f"{time_filter['column']} BETWEEN ? AND ?")
        params.extend((low, high))
        return time_filter.end()
    macro = _MACRO.match(sql, index)
    if macro:
        out.append("?")
        params.append(low if macro["macro"] == "timeFrom" else high)
        return macro.end()
    reference = _REFERENCE.match(sql, index)
    if reference:
        if _name(reference).startswith("__"):
            raise VariableError("unknownMacro", f"unknown macro ${_name(reference)}")
        out.append(placeholders(_name(reference)))
        return reference.end()
    out.append("$")
    return index + 1


def _literal_end(sql: str, start: int, close: str) -> int:
    """Index of the character closing the quoted text opened at `start` (doubled quotes escape)."""
    index = start + 1
    while index < len(sql):
        if sql[index] == close:
            if close != "]" and index + 1 < len(sql) and sql[index + 1] == close:
                index += 2
                continue
            return index
        index += 1
    return len(sql) - 1
