"""JSON values written as TypeScript literals in the style of the generated files.

Single-quoted strings, unquoted keys where they are identifiers, two-space indentation and
trailing commas on multi-line objects and arrays: what prettier leaves, so the generated files
read like the rest of the project.
"""

from __future__ import annotations

import json
import re
from typing import Any

from scaffold.errors import GenerationError

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_INLINE = 100


_SIMPLE_ESCAPES = {"\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r"}


def ts_string(value: str) -> str:
    """A single-quoted TypeScript string; line breaks and other non-printables as escapes."""
    out: list[str] = []
    for char in value:
        if char in _SIMPLE_ESCAPES:
            out.append(_SIMPLE_ESCAPES[char])
        elif char.isprintable() or char == " ":
            out.append(char)
        else:
            code = ord(char)
            out.append(f"\\u{code:04x}" if code < 0x10000 else f"\\u{{{code:x}}}")
    return "'" + "".join(out) + "'"


def ts_literal(value: Any, indent: int = 0, used: int = 0) -> str:
    """`value` (JSON data) as a TypeScript expression; `used` columns precede it on its line."""
    if value is None or isinstance(value, bool | int | float):
        return json.dumps(value)
    if isinstance(value, str):
        return ts_string(value)
    if isinstance(value, list):
        items = [ts_literal(item, indent + 1) for item in value]
        return _block("[", "]", items, indent, used)
    if isinstance(value, dict):
        items = [
            f"{key}: {ts_literal(v, indent + 1, 2 * (indent + 1) + len(key) + 2)}"
            for key, v in ((_key(str(k)), v) for k, v in value.items())
        ]
        return _block("{", "}", items, indent, used, pad=" ")
    raise GenerationError(f"cannot write {type(value).__name__} as a TypeScript literal")


def _key(name: str) -> str:
    # In an object literal `__proto__: v` (quoted or not) sets the object's prototype instead of
    # making a key: a spec property or example key of that name would vanish from the published
    # document, the validator and the replayed examples. A computed key makes an own property.
    if name == "__proto__":
        return f"[{ts_string(name)}]"
    return name if _IDENTIFIER.match(name) else ts_string(name)


def _block(open_: str, close: str, items: list[str], indent: int, used: int, pad: str = "") -> str:
    if not items:
        return open_ + close
    inline = f"{open_}{pad}{', '.join(items)}{pad}{close}"
    if "\n" not in inline and len(inline) + max(used, 2 * indent) <= _INLINE:
        return inline
    inner = "  " * (indent + 1)
    lines = "".join(f"{inner}{item},\n" for item in items)
    return f"{open_}\n{lines}{'  ' * indent}{close}"
