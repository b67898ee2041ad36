"""YAML parsing that refuses what PyYAML silently accepts and what a hostile spec could exploit.

- A duplicated key in a hand-edited spec silently drops the first definition; for a contract that
  is a lost field, so it is an error here, reported with its line.
- Anchors and aliases are refused outright: a 56 KB "billion laughs" document expands to billions
  of nodes in every tree walk after parsing, and no contract needs them (a repeated schema is a
  `$ref`). Refusing them is simpler to explain and to trust than an expansion budget.
- Nesting deeper than MAX_DEPTH levels is refused before the document is built, so no recursive
  walk here or in the validators and generators downstream can exhaust the Python stack.
- A raw U+0085 (NEXT LINE), U+2028 or U+2029 is refused: PyYAML reads YAML 1.1, where they are
  line breaks (a U+0085 inside a quoted string comes back as a space, one in a comment ends it),
  while YAML 1.2, JSON and every editor keep them as characters. The escapes "\x85", "\u2028"
  and "\u2029" in a double-quoted string mean the same in both, so the message points to them.
  (JSON specs are read by scaffold.specs.json_reader and keep these characters.)
- Only JSON data is accepted (string keys; strings, numbers, booleans, null, lists, mappings): an
  OpenAPI document is JSON, and the generators write these values into Python and TypeScript.

The structure is checked on the parser's event stream, before any object is constructed, so a
hostile document is refused in the time it takes to read it.
"""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scaffold.errors import SpecError
from scaffold.specs.pointers import to_pointer
from scaffold.specs.wording import describe_type

MAX_DEPTH = 64
ANCHOR_RULE = "YAML anchors and aliases are not allowed in contract specs"

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_Base):  # type: ignore[misc]
    """Safe loader that rejects duplicate mapping keys."""


def _construct_mapping(loader: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            shown = key if isinstance(key, str) else describe_type(key)
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f'duplicate key "{shown}" (first defined on line {seen[key] + 1})',
                key_node.start_mark,
            )
        seen[key] = key_node.start_mark.line
    loader.flatten_mapping(node)
    return dict(loader.construct_pairs(node, deep=deep))


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


# Line breaks in YAML 1.1 only; CR and LF are line breaks in every version.
_YAML11_BREAKS = re.compile("[\x85\u2028\u2029]")
_BREAK_NAMES = {"\x85": "NEXT LINE", "\u2028": "LINE SEPARATOR", "\u2029": "PARAGRAPH SEPARATOR"}


def parse_yaml(text: str, path: Path) -> Any:
    """Parse YAML text, turning syntax errors into a SpecError that names the line and column."""
    _refuse_yaml11_breaks(text, path)
    try:
        check_structure(text, path)
        data = yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a safe loader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "an unknown line"
        problem = exc.problem or "invalid YAML"
        raise SpecError(
            f"{problem} ({where})", path=path, hint="Fix the YAML syntax at that position."
        ) from exc
    except yaml.reader.ReaderError as exc:  # a raw control character: YAML only allows it escaped
        raise _raw_control(text, exc, path) from exc
    except yaml.YAMLError as exc:
        raise SpecError("the file is not valid YAML", path=path, hint="Fix the YAML syntax.") from exc
    except ValueError as exc:  # int() of a number longer than Python converts
        raise too_many_digits(path) from exc
    require_json_data(data, path)
    return data


def _raw_control(text: str, error: yaml.reader.ReaderError, path: Path) -> SpecError:
    """The refusal of a character YAML does not allow raw, found again by PyYAML's own rule.

    (libyaml reports a byte offset, the pure-Python reader a character offset; searching the text
    gives the same line and column either way.)
    """
    found = yaml.reader.Reader.NON_PRINTABLE.search(text)
    code = ord(found.group()) if found else int(error.character) if isinstance(error.character, int) else 0
    where = ""
    if found is not None:
        line = text.count("\n", 0, found.start()) + 1
        column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
        where = f" on line {line}, column {column}"
    return SpecError(
        f"a raw control character U+{code:04X}{where} is not allowed in YAML",
        path=path,
        hint=f'Write it as the escape "\\u{code:04x}" inside a double-quoted string, or remove it.',
    )


def too_many_digits(path: Path) -> SpecError:
    """Python converts integers of at most sys.get_int_max_str_digits() digits (4300 by default)."""
    return SpecError(
        f"a number has more than {sys.get_int_max_str_digits()} digits, more than scaffold reads",
        path=path,
        hint="Shorten it, or quote it so it is a string.",
    )


def _refuse_yaml11_breaks(text: str, path: Path) -> None:
    found = _YAML11_BREAKS.search(text)
    if found is None:
        return
    char = found.group()
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    code = f"U+{ord(char):04X}"
    raise SpecError(
        f"a raw {code} ({_BREAK_NAMES[char]}) on line {line}, column {column} is a line break to "
        "the YAML 1.1 reader and would not be kept as written",
        path=path,
        hint=f'Write it as the escape "\\u{ord(char):04x}" inside a double-quoted string, or save the spec as JSON.',
    )


@dataclass
class _Level:
    """One open mapping or sequence while the event stream is read."""

    is_mapping: bool
    key: str | None = None
    index: int = 0
    expecting_key: bool = True

    def finish_value(self) -> None:
        if self.is_mapping:
            self.expecting_key = True
        else:
            self.index += 1


def check_structure(text: str, path: Path) -> None:
    """Refuse anchors, aliases, complex keys and nesting deeper than MAX_DEPTH, naming the pointer."""
    levels: list[_Level] = []

    def pointer() -> str:
        parts: list[str | int] = []
        for level in levels:
            if level.is_mapping:
                if level.key is not None and not level.expecting_key:
                    parts.append(level.key)
            else:
                parts.append(level.index)
        return to_pointer(parts)

    for event in yaml.parse(text, Loader=_Base):
        line = event.start_mark.line + 1 if event.start_mark is not None else 0
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            raise SpecError(
                f"{ANCHOR_RULE} (line {line})",
                path=path,
                pointer=pointer(),
                hint="Write the repeated part out in full, or move it under components and use a $ref.",
            )
        top = levels[-1] if levels else None
        if isinstance(event, yaml.ScalarEvent):
            if top is not None and top.is_mapping and top.expecting_key:
                top.key = event.value
                top.expecting_key = False
            elif top is not None:
                top.finish_value()
        elif isinstance(event, yaml.MappingStartEvent | yaml.SequenceStartEvent):
            if top is not None and top.is_mapping and top.expecting_key:
                raise SpecError(
                    f"a mapping key is itself a mapping or list (line {line})",
                    path=path,
                    pointer=pointer(),
                    hint="Keys of a spec are plain strings.",
                )
            levels.append(_Level(is_mapping=isinstance(event, yaml.MappingStartEvent)))
            if len(levels) > MAX_DEPTH:
                raise SpecError(
                    f"the document is nested more than {MAX_DEPTH} levels deep (line {line})",
                    path=path,
                    pointer=pointer(),
                    hint="Move nested schemas under components/schemas and refer to them with $ref.",
                )
        elif isinstance(event, yaml.MappingEndEvent | yaml.SequenceEndEvent):
            levels.pop()
            if levels:
                levels[-1].finish_value()


def require_json_data(data: Any, path: Path) -> None:
    """Every key a string, every value JSON data (the depth is already bounded by MAX_DEPTH)."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), data)]
    while stack:
        parts, node = stack.pop()
        if isinstance(node, dict):
            for key, value in node.items():
                if not isinstance(key, str):
                    raise SpecError(
                        f"a mapping key is {describe_type(key)}, not a string",
                        path=path,
                        pointer=to_pointer(parts),
                        hint="Quote the key; spec keys are strings.",
                    )
                _require_unicode(key, parts, path)
                stack.append(((*parts, key), value))
        elif isinstance(node, list):
            stack.extend(((*parts, index), value) for index, value in enumerate(node))
        elif isinstance(node, str):
            _require_unicode(node, parts, path)
        elif isinstance(node, float) and not math.isfinite(node):
            raise SpecError(
                "the value is not a finite number (.nan or .inf), which is not JSON data",
                path=path,
                pointer=to_pointer(parts),
                hint="Use a number, or quote it so it is a string.",
            )
        elif node is not None and not isinstance(node, int | float | bool):
            raise SpecError(
                f"the value is {describe_type(node)}, which is not JSON data",
                path=path,
                pointer=to_pointer(parts),
                hint="Quote it, so it is a string.",
            )


def _require_unicode(text: str, parts: tuple[str | int, ...], path: Path) -> None:
    """A YAML escape like "\\ud800" yields a lone surrogate, which no generated file can hold."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise SpecError(
            "a string holds an invalid Unicode escape (a lone surrogate)",
            path=path,
            pointer=to_pointer(parts),
            hint="Write the character itself, or a valid \\u escape.",
        ) from None
