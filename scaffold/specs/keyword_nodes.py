"""Walking a spec's objects whose keys are keywords, so `$ref` there means a reference.

Most mappings in an OpenAPI document are objects of keywords (`type`, `$ref`, `items`), but the
value of `properties` (and `patternProperties`, `$defs`, `definitions`, `dependentSchemas`) maps
*names* to schemas: `properties: {$ref: {type: string}}` declares a property called `$ref`, which
is legal JSON Schema, not a reference. Every check that looks for references walks the document
through keyword_objects, so such a property is a property everywhere.

A name map whose `$ref` entry is not a schema (a string, say) is walked as a keyword object after
all: whether or not it means a reference, no tool downstream may see an unchecked reference there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

# Keywords whose value maps names (of properties, definitions) to schemas.
NAME_MAPS = frozenset({"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"})

Parts = tuple[str | int, ...]


def keyword_objects(document: Any) -> Iterator[tuple[Parts, Mapping[str, Any]]]:
    """Every mapping of keywords in `document` with its path, parents first; iterative (no recursion)."""
    stack: list[tuple[Parts, Any, bool]] = [((), document, False)]
    while stack:
        parts, node, is_name_map = stack.pop()
        if isinstance(node, list):
            stack.extend(((*parts, index), value, False) for index, value in reversed(list(enumerate(node))))
            continue
        if not isinstance(node, Mapping):
            continue
        if is_name_map and is_schema_name_map(node):
            stack.extend(((*parts, key), value, False) for key, value in reversed(list(node.items())))
            continue
        yield parts, node
        stack.extend(
            ((*parts, key), value, key in NAME_MAPS)
            for key, value in reversed(list(node.items()))
            if isinstance(key, str)
        )


def is_schema_name_map(node: Mapping[str, Any]) -> bool:
    """A map of names to schemas: its `$ref` entry, if it has one, is a schema, not a reference."""
    return "$ref" not in node or isinstance(node["$ref"], Mapping | bool)
