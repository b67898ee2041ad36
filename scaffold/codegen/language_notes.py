"""Notes a released spec wrote for one language, spelled for the language a file is generated in.

A released spec is never edited, and the datasource-plugin spec's `Field` says "Python class name
FrameField." (the Python models rename it: scaffold.codegen.python.class_names). Copied as it is
into Go and TypeScript doc comments, it named a Python class to a Go or TypeScript reader (issue
40). Each generator passes the name it declares and its descriptor's `type_term`
(scaffold.codegen.language), so the note names the declaration as the project spells it.
"""

from __future__ import annotations

import re

_PYTHON_CLASS_NOTE = re.compile(r"\bPython class name ([A-Za-z_][A-Za-z0-9_]*)\.")


def spelled_for(description: str, declared: str, type_term: str) -> str:
    """`description` with its naming note naming `declared`, a `type_term` ("Go type")."""
    return _PYTHON_CLASS_NOTE.sub(lambda _: f"{type_term} name {declared}.", description)
