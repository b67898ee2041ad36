"""Python's headers of contract-owned files: the shared stamp (scaffold.codegen.header) as a comment."""

from __future__ import annotations

from scaffold.codegen.header import copied_text, header_text
from scaffold.specs.document import SpecDocument


def python_header(spec: SpecDocument) -> str:
    return f"# {header_text(spec)}\n"


def copied_python_header(source: str) -> str:
    """The header of a runtime file copied from `source` (a path under scaffold/) by this scaffold."""
    return f"# {copied_text(source)}\n"
