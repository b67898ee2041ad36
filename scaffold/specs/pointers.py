"""JSON pointers into a parsed spec: building them, following them, and finding where a problem is.

openapi-spec-validator reports some errors relative to the schema object it was checking, not to
the document root; a user needs the full pointer, so it is recovered here by searching the tree.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any


def escape(token: str | int) -> str:
    return str(token).replace("~", "~0").replace("/", "~1")


def to_pointer(parts: Sequence[str | int]) -> str:
    return "".join(f"/{escape(part)}" for part in parts)


def walk(node: Any, parts: tuple[str | int, ...] = ()) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """Every node of a YAML/JSON tree with its path, parents before children, in document order."""
    yield parts, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, (*parts, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, (*parts, index))


def follow(node: Any, parts: Sequence[str | int]) -> tuple[bool, Any]:
    """Follow `parts` from `node`; (False, None) when the path does not exist."""
    current = node
    for part in parts:
        if isinstance(current, dict) and part in current:
            current = current[part]
            continue
        if isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            current = current[part]
            continue
        return False, None
    return True, current


def resolve_local_ref(document: Any, ref: str) -> tuple[bool, Any]:
    """Resolve `#/a/b` inside `document`; (False, None) for a dangling or non-local ref."""
    if not ref.startswith("#"):
        return False, None
    tokens = [t.replace("~1", "/").replace("~0", "~") for t in ref[1:].split("/")[1:]]
    current = document
    for token in tokens:
        if isinstance(current, dict) and token in current:
            current = current[token]
        elif isinstance(current, list) and token.isascii() and token.isdigit() and int(token) < len(current):
            current = current[int(token)]
        else:
            return False, None
    return True, current


def locate(document: Any, relative: Sequence[str | int], instance: Any) -> str:
    """Best full pointer for an error reported at `relative` below some unknown node.

    Prefers a node reached by identity (the validator walks the same objects), then by equality.
    Returns "" when nothing matches, so the caller can still name the file.
    """
    by_equality = ""
    for parts, node in walk(document):
        found, value = follow(node, relative)
        if not found:
            continue
        if value is instance:
            return to_pointer((*parts, *relative))
        if not by_equality and value == instance:
            by_equality = to_pointer((*parts, *relative))
    return by_equality
