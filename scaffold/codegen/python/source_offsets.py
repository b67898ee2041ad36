"""Byte offsets of AST nodes in a source text, for editing generated code in place.

The models' post-processing (scaffold.codegen.python.models) rewrites a few spans of the
generator's output and leaves every other byte as it is; `ast` gives line and column numbers, the
edits need byte offsets into the UTF-8 text.
"""

from __future__ import annotations

import ast
from typing import Any


def line_starts(data: bytes) -> list[int]:
    """The byte offset at which each line of `data` starts."""
    starts = [0]
    for index, byte in enumerate(data):
        if byte == 0x0A:
            starts.append(index + 1)
    return starts


def node_start(node: ast.AST, offset: Any) -> int:
    """The byte offset of `node`'s first character; `offset(line, column)` maps positions."""
    return int(offset(node.lineno, node.col_offset))  # type: ignore[attr-defined]


def node_end(node: ast.AST, offset: Any) -> int:
    """The byte offset just after `node`."""
    end_line = node.end_lineno  # type: ignore[attr-defined]
    end_col = node.end_col_offset  # type: ignore[attr-defined]
    return int(offset(end_line, end_col))
