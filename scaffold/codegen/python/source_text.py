"""Spec text made safe inside Python source: docstrings, and the control characters of string literals.

A `\"\"\"` ends a docstring and a bare CR ends a line for Python's tokenizer; the shared escaping
(scaffold.codegen.escaping) covers comments, this covers what only Python source needs.
"""

from __future__ import annotations

import re
import textwrap

from scaffold.codegen.escaping import escape_unprintable


def docstring_text(value: object, indent: int = 8, width: int = 96) -> str:
    """Text safe inside a triple-quoted (non-raw) docstring, wrapped and indented for a method body."""
    text = str(value).replace("\\", "\\\\").replace("\r\n", "\n")
    text = escape_unprintable(text, keep_newlines=True).replace('"""', '\\"\\"\\"').strip()
    paragraphs = [" ".join(p.split()) for p in text.split("\n\n") if p.strip()]
    prefix = " " * indent
    wrapped = [
        textwrap.fill(p, width=width - indent, initial_indent=prefix, subsequent_indent=prefix)
        for p in paragraphs
    ]
    return "\n\n".join(wrapped)


def docstring_line(value: object) -> str:
    """One line of text safe inside a triple-quoted docstring (its first line, say)."""
    text = " ".join(escape_unprintable(str(value).replace("\\", "\\\\"), keep_newlines=False).split())
    text = text.replace('"""', '\\"\\"\\"')
    return text[:-1] + '\\"' if text.endswith('"') else text


# Characters that end a line for Python's tokenizer (\r) or for str.splitlines() (\x0b, \x0c,
# \x1c-\x1e, \x85, \u2028, \u2029), and every other control character except \n and \t.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")


def escape_controls_in_python_source(source: str) -> str:
    """`source` with each such character written as its backslash escape (`\\r`, `\\x85`, ...).

    datamodel-code-generator writes spec descriptions into docstrings with these characters raw:
    a bare CR there is a line break to Python's parser but not to anything counting `\\n`, so the
    post-processing edits land at wrong offsets (an IndexError, or code that does not parse).
    Every identifier in the generated models is ASCII (scaffold.codegen.python.attribute_names), so
    these characters can only stand in string literals and comments, where the escape keeps the text
    exact (a docstring's `\\r` is a CR again at run time; in a regex pattern `\\x85` means U+0085).
    """
    return _CONTROLS.sub(_python_escape, source)


def _python_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return {0x0D: "\\r", 0x0B: "\\v", 0x0C: "\\f"}.get(code) or (
        f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"
    )
