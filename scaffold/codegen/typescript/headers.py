"""TypeScript's headers of contract-owned files: the shared stamp (scaffold.codegen.header) as a comment."""

from __future__ import annotations

from scaffold.codegen.header import copied_text, header_text
from scaffold.specs.document import SpecDocument


def typescript_header(spec: SpecDocument) -> str:
    return f"// {header_text(spec)}\n"


def copied_typescript_header(source: str) -> str:
    """The header of a TypeScript runtime file copied from `source` by this scaffold."""
    return f"// {copied_text(source)}\n"
