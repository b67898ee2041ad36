"""A Python project's `_contract/runtime_constants.py` and `runtime_texts.py`, rendered from the
values and texts every language's runtime shares (scaffold/codegen/runtime_values.py, glue_texts.py).

Rendered as literals into each project, which needs nothing of scaffold at run time, as the
TypeScript and Go constants are. In scaffold's own tree the runtime modules import the modules of
those names in runtime_files/, which read the same one source instead of repeating its values.
"""

from __future__ import annotations

import json

from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from scaffold.codegen.runtime_values import RUNTIME_VALUES, RuntimeValue, Value, spelled_size, whole_numbers

CONSTANTS_FILE = "runtime_constants.py"
TEXTS_FILE = "runtime_texts.py"
_LINE_LENGTH = 100  # a generated project's ruff line-length, and scaffold's own
_DOCSTRING = '''"""Values every language's runtime shares: limits, probe paths, metric families, the enc:v1: token.

Rendered by scaffold from scaffold/codegen/runtime_values.py, which the TypeScript and Go
runtimes' constants come from too; `scaffold regenerate` writes it again.
"""
'''


def _literal(value: Value) -> str:
    if isinstance(value, tuple) and all(isinstance(item, str) for item in value):
        inner = ", ".join(json.dumps(item) for item in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"  # ("x") is no tuple
    if isinstance(value, tuple) and whole_numbers(value):
        return "(" + ", ".join(str(item) for item in value) + ("," if len(value) == 1 else "") + ")"
    if isinstance(value, tuple):
        return "(" + ", ".join(repr(float(item)) for item in value) + ")"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    return spelled_size(value, " * 1024 * 1024", " * 1024")


def _assignment(item: RuntimeValue) -> str:
    if item.value == ():  # mypy --strict infers nothing from an empty tuple: say what it holds
        return f"{item.name}: tuple[str, ...] = ()"
    line = f"{item.name} = {_literal(item.value)}"
    if len(line) <= _LINE_LENGTH:
        return line
    inner = _literal(item.value).removeprefix("(").removesuffix(")")
    return f"{item.name} = (\n    {inner}\n)"


def python_runtime_constants(spec_values: tuple[RuntimeValue, ...] = ()) -> str:
    """The module's text: each value under a comment that says what it is for (a plugin's
    `spec_values`, from scaffold.codegen.runtime_values.spec_values, after the others)."""
    body = "\n".join(f"# {item.about}\n{_assignment(item)}" for item in (*RUNTIME_VALUES, *spec_values))
    return f"{_DOCSTRING}\n{body}\n"


_TEXTS_DOCSTRING = '''"""The generated glue's own texts by locale (text_catalog.py picks them by the call's locale).

Rendered by scaffold from scaffold/codegen/glue_texts.py, which the TypeScript and Go runtimes'
texts come from too; `scaffold regenerate` writes it again.
"""
'''


def python_runtime_texts() -> str:
    """The module's text: RUNTIME_TEXTS as a literal, one text per line."""
    lines = ["RUNTIME_TEXTS: dict[str, dict[str, str]] = {"]
    for locale, texts in RUNTIME_TEXTS.items():
        lines.append(f"    {json.dumps(locale)}: {{")
        lines += [
            f"        {json.dumps(key)}: {json.dumps(text, ensure_ascii=False)},"
            for key, text in texts.items()
        ]
        lines.append("    },")
    lines.append("}")
    return _TEXTS_DOCSTRING + "\n" + "\n".join(lines) + "\n"
