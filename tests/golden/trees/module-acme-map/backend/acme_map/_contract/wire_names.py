# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/wire_names.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""The property names a pydantic model declares on the wire, for messages that must not echo input.

A refusal names the place of the first problem (`payload.points`), but a key the caller sent that
the model does not declare may be a secret pasted in the wrong place: such a segment is shown as
`*`. These are the names that may be shown: every property name (alias) of the model's JSON
Schema, nested models included.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pydantic import BaseModel


@lru_cache(maxsize=64)
def wire_names(model: type[BaseModel]) -> frozenset[str]:
    """Every property name (wire name) in `model`'s JSON schema, nested models included."""
    names: set[str] = set()
    stack: list[Any] = [model.model_json_schema(by_alias=True)]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            properties = node.get("properties")
            if isinstance(properties, dict):
                names.update(properties)
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return frozenset(names)
