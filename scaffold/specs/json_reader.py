"""JSON spec files read as JSON, with the same refusals the YAML reader makes.

A spec written as JSON used to go through PyYAML, which reads YAML 1.1: there U+0085 (NEXT LINE),
U+2028 and U+2029 are line breaks, so a raw U+0085 inside a JSON string came back as a space. JSON
(and YAML 1.2) keep those characters as they are, so a document that starts with `{` is parsed by
Python's json module instead, which keeps every string exactly.

The text is first scanned token by token (strings, brackets, colons, commas), without building
anything: nesting deeper than MAX_DEPTH and a duplicated key are refused there with their line and
pointer, so json.loads never recurses more than MAX_DEPTH levels and no key silently replaces an
earlier one. Non-finite constants (NaN, Infinity) are not JSON and are refused; raw control
characters inside strings are refused by json's strict mode.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scaffold.errors import SpecError
from scaffold.specs.pointers import to_pointer
from scaffold.specs.yaml_reader import MAX_DEPTH, require_json_data, too_many_digits

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[{}\[\]:,]', re.DOTALL)
_BYTE_ORDER_MARK = "\ufeff"


def looks_like_json(text: str) -> bool:
    """Whether a spec text is a JSON document (an object), rather than YAML."""
    return text.lstrip(_BYTE_ORDER_MARK + " \t\r\n").startswith("{")


def parse_json(text: str, path: Path) -> Any:
    """The JSON document in `text`; SpecError naming the line (and pointer) of the first problem."""
    text = text.removeprefix(_BYTE_ORDER_MARK)
    check_json_structure(text, path)
    try:
        data = json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise SpecError(
            f"{exc.msg} (line {exc.lineno}, column {exc.colno})",
            path=path,
            hint="A spec that starts with { is read as JSON; fix the JSON syntax at that position.",
        ) from None
    except _NotJson as exc:
        raise SpecError(
            f"{exc.args[0]} is not a JSON number",
            path=path,
            hint="Use a number, or quote it so it is a string.",
        ) from None
    except ValueError:  # int() of a number longer than Python converts
        raise too_many_digits(path) from None
    require_json_data(data, path)
    return data


class _NotJson(ValueError):
    """NaN, Infinity or -Infinity: Python's json accepts them, JSON does not."""


def _refuse_constant(name: str) -> Any:
    raise _NotJson(name)


@dataclass
class _Level:
    """One open object or array while the tokens are read."""

    is_object: bool
    keys: dict[str, int] = field(default_factory=dict)
    key: str | None = None
    index: int = 0
    expecting_key: bool = True


def check_json_structure(text: str, path: Path) -> None:
    """Refuse nesting deeper than MAX_DEPTH and duplicated keys, naming line and pointer.

    Only what the checks need is read here; anything malformed is left to json.loads to report.
    """
    levels: list[_Level] = []
    line, counted = 1, 0

    def pointer() -> list[str | int]:
        parts: list[str | int] = []
        for level in levels:
            if level.is_object:
                if level.key is not None and not level.expecting_key:
                    parts.append(level.key)
            else:
                parts.append(level.index)
        return parts

    for match in _TOKENS.finditer(text):
        lexeme = match.group()
        top = levels[-1] if levels else None
        if lexeme in "{[":
            line += text.count("\n", counted, match.start())
            counted = match.start()
            levels.append(_Level(is_object=lexeme == "{"))
            if len(levels) > MAX_DEPTH:
                raise SpecError(
                    f"the document is nested more than {MAX_DEPTH} levels deep (line {line})",
                    path=path,
                    pointer=to_pointer(pointer()),
                    hint="Move nested schemas under components/schemas and refer to them with $ref.",
                )
        elif lexeme in "}]":
            if levels:
                levels.pop()
        elif lexeme == ",":
            if top is not None and top.is_object:
                top.expecting_key = True
            elif top is not None:
                top.index += 1
        elif lexeme == ":" or top is None or not top.is_object or not top.expecting_key:
            continue
        else:  # a string where a key is expected
            key = _decode(lexeme)
            line += text.count("\n", counted, match.start())
            counted = match.start()
            if key in top.keys:
                top.key = None
                raise SpecError(
                    f'duplicate key "{key}" (line {line}, first defined on line {top.keys[key]})',
                    path=path,
                    pointer=to_pointer(pointer()),
                    hint="Remove one of the two; a repeated key silently replaces the first.",
                )
            top.keys[key] = line
            top.key = key
            top.expecting_key = False


def _decode(lexeme: str) -> str:
    try:
        value = json.loads(lexeme)
    except ValueError:
        return lexeme[1:-1]
    return value if isinstance(value, str) else lexeme[1:-1]
