"""Go's `internal/contract/runtime_constants_gen.go`, rendered from scaffold/codegen/runtime_values.py.

The hand-written runtime files (runtime_files/*.go) use these names instead of spelling the
values, so the three languages cannot drift apart on a limit, a path or a bucket.
"""

from __future__ import annotations

import re

from scaffold.codegen.go.names import go_string
from scaffold.codegen.runtime_values import RUNTIME_VALUES, RuntimeValue, Value, short_number, spelled_size

FILE_NAME = "runtime_constants_gen.go"


def _literal(value: Value) -> str:
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return "[...]string{" + ", ".join(go_string(str(item)) for item in value) + "}"
    if isinstance(value, tuple):
        return "[...]float64{" + ", ".join(short_number(float(item)) for item in value) + "}"
    if isinstance(value, str):
        return go_string(value)
    return spelled_size(value, " << 20", " << 10")


def _declaration(item: RuntimeValue) -> str:
    keyword = "var" if isinstance(item.value, tuple) else "const"  # Go has no array constants
    return f"// {item.go_name}: {item.about}.\n{keyword} {item.go_name} = {_literal(item.value)}\n"


def _used(item: RuntimeValue, text: str) -> bool:
    return re.search(rf"\b{re.escape(item.go_name)}\b", text) is not None


def uses_runtime_values(text: str) -> bool:
    """Whether Go source `text` names any shared value."""
    return any(_used(item, text) for item in RUNTIME_VALUES)


def go_runtime_constants(used_in: str | None = None) -> str:
    """The declarations (the package clause and header are the caller's): every value, or those
    `used_in` names (a role package's source: it holds what it uses, and imports no other package)."""
    chosen = [item for item in RUNTIME_VALUES if used_in is None or _used(item, used_in)]
    return "// Values every language's runtime shares (scaffold/codegen/runtime_values.py).\n\n" + "\n".join(
        _declaration(item) for item in chosen
    )
