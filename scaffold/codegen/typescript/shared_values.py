"""TypeScript's `src/contract/runtime-constants.ts`, rendered from scaffold/codegen/runtime_values.py.

The hand-written runtime files (runtime_files/*.ts) import these names instead of spelling the
values, so the three languages cannot drift apart on a limit, a path or a bucket.
"""

from __future__ import annotations

from scaffold.codegen.runtime_values import RUNTIME_VALUES, Value, short_number, spelled_size
from scaffold.codegen.typescript.literals import ts_string

FILE_NAME = "runtime-constants.ts"


def _literal(value: Value) -> str:
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        return "[" + ", ".join(ts_string(str(item)) for item in value) + "] as const"
    if isinstance(value, tuple):
        return "[" + ", ".join(short_number(float(item)) for item in value) + "]"
    if isinstance(value, str):
        return ts_string(value)
    return spelled_size(value, " * 1024 * 1024", " * 1024")


def typescript_runtime_constants(header: str) -> str:
    """The module's text under the generated-file `header`."""
    parts = [
        header,
        "/** Values every language's runtime shares (scaffold/codegen/runtime_values.py). */\n",
    ]
    for item in RUNTIME_VALUES:
        numbers = isinstance(item.value, tuple) and not all(isinstance(part, str) for part in item.value)
        kind = ": readonly number[]" if numbers else ""
        line = f"export const {item.name}{kind} = {_literal(item.value)};"
        if len(line) > 100 and isinstance(item.value, str):
            line = f"export const {item.name}{kind} =\n  {_literal(item.value)};"
        parts.append(f"\n/** {item.about[0].upper()}{item.about[1:]}. */\n{line}\n")
    return "".join(parts)
