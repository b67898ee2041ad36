"""Go's `internal/contract/runtime_constants_gen.go`, rendered from scaffold/codegen/runtime_values.py.

The hand-written runtime files (runtime_files/*.go) use these names instead of spelling the
values, so the three languages cannot drift apart on a limit, a path or a bucket.
"""

from __future__ import annotations

import re

from scaffold.codegen.go.names import go_string
from scaffold.codegen.runtime_values import (
    RUNTIME_VALUES,
    RuntimeValue,
    Value,
    short_number,
    spelled_size,
    whole_numbers,
)

FILE_NAME = "runtime_constants_gen.go"


def _literal(value: Value) -> str:
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return "[...]string{" + ", ".join(go_string(str(item)) for item in value) + "}"
    if isinstance(value, tuple) and whole_numbers(value):
        return "[...]int{" + ", ".join(str(item) for item in value) + "}"
    if isinstance(value, tuple):
        return "[...]float64{" + ", ".join(short_number(float(item)) for item in value) + "}"
    if isinstance(value, str):
        return go_string(value)
    return spelled_size(value, " << 20", " << 10")


def _declaration(item: RuntimeValue) -> str:
    keyword = "var" if isinstance(item.value, tuple) else "const"  # Go has no array constants
    return f"// {item.go_name}: {item.about}.\n{keyword} {item.go_name} = {_literal(item.value)}\n"


_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _names(text: str) -> frozenset[str]:
    """The identifiers Go source `text` spells: one pass over it (a search per shared value, with
    word boundaries, took 0.6 s of CPU for the runtime's role packages on every generation)."""
    return frozenset(_IDENTIFIER.findall(text))


def uses_runtime_values(text: str, spec_values: tuple[RuntimeValue, ...] = ()) -> bool:
    """Whether Go source `text` names any shared value."""
    names = _names(text)
    return any(item.go_name in names for item in (*RUNTIME_VALUES, *spec_values))


def go_runtime_constants(used_in: str | None = None, spec_values: tuple[RuntimeValue, ...] = ()) -> str:
    """The declarations (the package clause and header are the caller's): every value, or those
    `used_in` names (a role package's source: it holds what it uses, and imports no other package);
    a plugin's `spec_values` (scaffold.codegen.runtime_values.spec_values) after the others."""
    names = None if used_in is None else _names(used_in)
    chosen = [item for item in (*RUNTIME_VALUES, *spec_values) if names is None or item.go_name in names]
    return "// Values every language's runtime shares (scaffold/codegen/runtime_values.py).\n\n" + "\n".join(
        _declaration(item) for item in chosen
    )
