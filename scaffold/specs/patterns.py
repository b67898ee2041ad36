"""A spec's regular expressions (`pattern`, `patternProperties`) must match in linear time in every plugin.

Python (pydantic-core's Rust regex) and Go (RE2) match any pattern in time linear in the value, but
the TypeScript plugin validates with JavaScript's RegExp, which backtracks: `^(a+)+$` took 3.8 s on
a 28-character value, for every request, with the event loop blocked (issue 38). So a spec is
refused once, for every language, when one of its patterns has

- a group repeated (`*`, `+`, `{n,}`, `{n}` with n above 1, `{n,m}` with m above 1) that holds a
  quantifier of varying count (nested repetition: `(a+)+`, `(\\w+\\s?)*`) or an alternation (`(a|a)*`):
  simple and conservative, whether the branches can match the same text is not worked out;
- a backreference (`\\1`, `\\k<name>`): JavaScript semantics only, matched by backtracking.

Patterns are read as JavaScript reads them (Ajv compiles them with the `u` flag). Data is not looked
at: an example, a default, a const or an enum may hold a key named `pattern` that is no regular
expression. Every other mapping of keywords is, wherever it is (an extension's schemas too).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, NamedTuple

from scaffold.errors import SpecError
from scaffold.specs.keyword_nodes import NAME_MAPS, Parts, is_schema_name_map
from scaffold.specs.pointers import to_pointer
from scaffold.specs.wording import quoted

# Keywords whose value is data, never a schema (in a schema, a media type, a parameter, a header).
_DATA = frozenset({"example", "examples", "default", "const", "enum"})
# OpenAPI objects whose keys are names (a response may be named `default`, a schema `example`):
# every value is an object of keywords, whatever its name.
_OPENAPI_NAME_MAPS = frozenset(
    {
        "paths",
        "webhooks",
        "schemas",
        "responses",
        "parameters",
        "requestBodies",
        "headers",
        "content",
        "encoding",
        "links",
        "callbacks",
        "pathItems",
    }
)
_COUNTED = re.compile(r"\{(\d+)(,(\d*))?\}")
_BACKREFERENCE = re.compile(r"\\([1-9][0-9]*|k<[^>]*>)")
_NESTED_HINT = (
    "Write a pattern without nested repetition, such as ^[\\w\\s]*$ instead of ^(\\w+\\s?)*$: repeat "
    "a character class, not a group holding a quantifier or |."
)
_BACKTRACKING = (
    "which the TypeScript plugin's JavaScript RegExp matches by backtracking, in time exponential in "
    "the value's length"
)


def check_patterns(data: Mapping[str, Any], path: Path) -> None:
    """Raise SpecError (file and pointer) at the first pattern of `data` breaking the rules above."""
    for parts, pattern in _patterns(data):
        problem = backtracking_problem(pattern)
        if problem is None:
            continue
        if problem.kind == "backreference":
            raise SpecError(
                f"the pattern {quoted(pattern)} uses the backreference {problem.shown}, {_BACKTRACKING}, "
                "and which the Python and Go plugins cannot match",
                path=path,
                pointer=to_pointer(parts),
                hint="Write a pattern without backreferences (\\1, \\k<name>).",
            )
        raise SpecError(
            f"the pattern {quoted(pattern)} repeats a group that holds {problem.shown}, {_BACKTRACKING}",
            path=path,
            pointer=to_pointer(parts),
            hint=_NESTED_HINT,
        )


def _patterns(document: Any) -> list[tuple[Parts, str]]:
    """Every `pattern` keyword and `patternProperties` key of the document's schemas, with its path,
    in document order (iterative: the depth is bounded, but by the readers, not here)."""
    found: list[tuple[Parts, str]] = []
    stack: list[tuple[Parts, Any, bool]] = [((), document, False)]
    while stack:
        parts, node, is_name_map = stack.pop()
        if isinstance(node, list):
            stack.extend(((*parts, index), value, False) for index, value in reversed(list(enumerate(node))))
            continue
        if not isinstance(node, Mapping):
            continue
        if is_name_map and (is_schema_name_map(node) or parts[-1] in _OPENAPI_NAME_MAPS):
            if parts[-1] == "patternProperties":
                found.extend(((*parts, key), key) for key in node if isinstance(key, str))
            stack.extend(((*parts, key), value, False) for key, value in reversed(list(node.items())))
            continue
        if isinstance(node.get("pattern"), str):
            found.append(((*parts, "pattern"), node["pattern"]))
        stack.extend(
            ((*parts, key), value, key in NAME_MAPS or key in _OPENAPI_NAME_MAPS)
            for key, value in reversed(list(node.items()))
            if isinstance(key, str) and key not in _DATA
        )
    return found


class Problem(NamedTuple):
    """Why a pattern backtracks: `kind` (nested, alternation, backreference) and the words for it."""

    kind: Literal["nested", "alternation", "backreference"]
    shown: str


@dataclass
class _Group:
    """What a group (or the whole pattern) holds, at any depth."""

    varying: bool = False  # a quantifier of varying count: ?, *, +, {n,}, {n,m} with m > n
    alternation: bool = False


def backtracking_problem(pattern: str) -> Problem | None:
    """The first of the constructs above in `pattern`, or None; one pass, so linear in its length.
    A pattern JavaScript would not compile is read as far as it goes, never with an exception."""
    groups = [_Group()]
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == "|":
            groups[-1].alternation = True
            index += 1
            continue
        if char == "(":
            groups.append(_Group())
            index = _after_group_opening(pattern, index + 1)
            continue
        if char == ")" and len(groups) > 1:
            inner = groups.pop()
            low, high, index = _quantifier(pattern, index + 1)
            if high is not None and high > 1:
                if inner.varying:
                    return Problem("nested", "a quantifier")
                if inner.alternation:
                    return Problem("alternation", "an alternation (|)")
            groups[-1].varying |= inner.varying or _varies(low, high)
            groups[-1].alternation |= inner.alternation
            continue
        if char == "\\":
            backreference = _BACKREFERENCE.match(pattern, index)
            if backreference is not None:
                return Problem("backreference", backreference.group())
            index = _after_escape(pattern, index)
        elif char == "[":
            index = _after_class(pattern, index + 1)
        else:
            index += 1
        low, high, index = _quantifier(pattern, index)
        groups[-1].varying |= _varies(low, high)
    return None


_MANY = 1 << 62  # the upper bound of *, + and {n,}


def _varies(low: int | None, high: int | None) -> bool:
    return high is not None and high != low


def _quantifier(pattern: str, index: int) -> tuple[int | None, int | None, int]:
    """The bounds of the quantifier at `index` (None, None: there is none) and the index after it."""
    char = pattern[index : index + 1]
    bounds: tuple[int, int] | None = None
    if char in ("*", "+", "?"):
        bounds = {"*": (0, _MANY), "+": (1, _MANY), "?": (0, 1)}[char]
        index += 1
    elif char == "{":
        counted = _COUNTED.match(pattern, index)
        if counted is not None:
            low = int(counted[1])
            high = low if counted[2] is None else int(counted[3]) if counted[3] else _MANY
            bounds = (low, high)
            index = counted.end()
    if bounds is None:
        return None, None, index
    if pattern[index : index + 1] == "?":  # lazy: the same bounds
        index += 1
    return bounds[0], bounds[1], index


def _after_group_opening(pattern: str, index: int) -> int:
    """Past `?:`, `?=`, `?!`, `?<=`, `?<!` or `?<name>` after a `(`, so its `?` is no quantifier."""
    if pattern[index : index + 1] != "?":
        return index
    if pattern.startswith(("?<=", "?<!"), index):
        return index + 3
    if pattern.startswith("?<", index):
        end = pattern.find(">", index)
        return index + 2 if end == -1 else end + 1
    return index + 2 if pattern[index + 1 : index + 2] in (":", "=", "!") else index + 1


def _after_escape(pattern: str, index: int) -> int:
    """Past the escape at `index`; `\\u{...}`, `\\p{...}` and `\\P{...}` with their braces."""
    letter = pattern[index + 1 : index + 2]
    if letter in ("u", "p", "P") and pattern[index + 2 : index + 3] == "{":
        end = pattern.find("}", index + 3)
        return len(pattern) if end == -1 else end + 1
    return index + 2


def _after_class(pattern: str, index: int) -> int:
    """Past the `]` closing the character class whose first member is at `index` (JavaScript: the
    first unescaped `]`, so `[]` is the empty class)."""
    while index < len(pattern):
        if pattern[index] == "\\":
            index += 2
        elif pattern[index] == "]":
            return index + 1
        else:
            index += 1
    return index
