"""Spec text made safe for the places generated code embeds it: docstrings, comments, literals.

Summaries, descriptions and titles come from a spec file that may be hostile or just unusual: a
`\"\"\"` ends a Python docstring, a `*/` ends a TypeScript comment, a newline ends a `#` comment, a
backslash starts an escape, and a NUL byte or a lone surrogate makes the file unreadable. Every
generator that writes spec text into code goes through one of these functions (or, for Python's
docstrings and string literals, scaffold/codegen/python/source_text.py, built on them), so the
generated file always parses and the text reads the same as in the spec.
"""

from __future__ import annotations


def escape_unprintable(text: str, *, keep_newlines: bool) -> str:
    """Non-printable characters as `\\xNN`/`\\uNNNN` escapes (tab and, if asked, newline kept)."""
    out: list[str] = []
    for char in text:
        if char.isprintable() or char == " " or (keep_newlines and char == "\n"):
            out.append(char)
        elif char == "\t":
            out.append(" ")
        else:
            code = ord(char)
            out.append(
                f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"
            )
    return "".join(out)


def comment_line(value: object) -> str:
    """One line of text safe after `#` or `//`: no line breaks, no control characters."""
    return " ".join(escape_unprintable(str(value), keep_newlines=False).split())


def block_comment_text(value: object) -> str:
    """Text safe inside a `/* ... */` or `/** ... */` comment (line breaks kept for wrapping)."""
    text = escape_unprintable(str(value).replace("\r\n", "\n"), keep_newlines=True)
    return text.replace("*/", "*\\/")
