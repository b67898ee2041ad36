"""TypeScript's `src/contract/runtime-constants.ts`, rendered from scaffold/codegen/runtime_values.py.

The hand-written runtime files (runtime_files/*.ts) import these names instead of spelling the
values, so the three languages cannot drift apart on a limit, a path or a bucket.
"""

from __future__ import annotations

from scaffold.codegen.runtime_values import RUNTIME_VALUES, RuntimeValue, Value, short_number, spelled_size
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


def typescript_runtime_constants(header: str, spec_values: tuple[RuntimeValue, ...] = ()) -> str:
    """The module's text under the generated-file `header` (a plugin's `spec_values`, from
    scaffold.codegen.runtime_values.spec_values, after the others)."""
    parts = [
        header,
        "/** Values every language's runtime shares (scaffold/codegen/runtime_values.py). */\n",
    ]
    for item in (*RUNTIME_VALUES, *spec_values):
        numbers = isinstance(item.value, tuple) and not all(isinstance(part, str) for part in item.value)
        # a list the spec decides may be empty: typed, so that code reading it type-checks either way
        kind = ": readonly number[]" if numbers else ": readonly string[]" if item in spec_values else ""
        literal = _literal(item.value)
        if item in spec_values:  # typed by its annotation: `as const` of an empty list is `readonly []`
            literal = literal.removesuffix(" as const")
        line = f"export const {item.name}{kind} = {literal};"
        if len(line) > 100 and isinstance(item.value, str):
            line = f"export const {item.name}{kind} =\n  {literal};"
        parts.append(f"\n/** {item.about[0].upper()}{item.about[1:]}. */\n{line}\n")
    return "".join(parts)
