"""The Python runtime's `runtime_constants.py`, rendered from scaffold/codegen/runtime_values.py.

The rendering is committed as scaffold/codegen/runtime_files/runtime_constants.py, so the Python
runtime modules beside it import it in scaffold's own tests as in a project, where it is copied
with the other runtime files. tests/unit/test_runtime_values.py fails when the two differ;
`python -m scaffold.codegen.python.shared_values` writes it again.
"""

from __future__ import annotations

import json
from pathlib import Path

from scaffold.codegen.runtime_values import RUNTIME_VALUES, RuntimeValue, Value, spelled_size

COMMITTED = Path(__file__).resolve().parents[1] / "runtime_files" / "runtime_constants.py"
_LINE_LENGTH = 100  # a generated project's ruff line-length, and scaffold's own
_DOCSTRING = '''"""Values every language's runtime shares: limits, probe paths, metric families, the enc:v1: token.

Written by `python -m scaffold.codegen.python.shared_values` from
scaffold/codegen/runtime_values.py, which the TypeScript and Go runtimes' constants come from too.
"""
'''


def _literal(value: Value) -> str:
    if isinstance(value, tuple):
        return "(" + ", ".join(repr(float(item)) for item in value) + ")"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return spelled_size(value, " * 1024 * 1024", " * 1024")


def _assignment(item: RuntimeValue) -> str:
    line = f"{item.name} = {_literal(item.value)}"
    if len(line) <= _LINE_LENGTH:
        return line
    inner = _literal(item.value).removeprefix("(").removesuffix(")")
    return f"{item.name} = (\n    {inner}\n)"


def python_runtime_constants() -> str:
    """The module's text: each value under a comment that says what it is for."""
    body = "\n".join(f"# {item.about}\n{_assignment(item)}" for item in RUNTIME_VALUES)
    return f"{_DOCSTRING}\n{body}\n"


if __name__ == "__main__":
    COMMITTED.write_text(python_runtime_constants(), encoding="utf-8")
