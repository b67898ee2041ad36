"""YAML parsing that refuses what PyYAML silently accepts: duplicate keys.

A duplicated key in a hand-edited spec silently drops the first definition; for a contract that
is a lost field, so it is an error here, reported with its line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from scaffold.errors import SpecError

_Base: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_Base):  # type: ignore[misc]
    """Safe loader that rejects duplicate mapping keys."""


def _construct_mapping(loader: Any, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: dict[Any, int] = {}
    for key_node, _value_node in node.value:
        key = loader.construct_object(key_node, deep=deep)
        if key in seen:
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"duplicate key {key!r} (first defined on line {seen[key] + 1})",
                key_node.start_mark,
            )
        seen[key] = key_node.start_mark.line
    loader.flatten_mapping(node)
    return dict(loader.construct_pairs(node, deep=deep))


_StrictLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def parse_yaml(text: str, path: Path) -> Any:
    """Parse YAML text, turning syntax errors into a SpecError that names the line and column."""
    try:
        return yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a safe loader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else "?"
        problem = exc.problem or "invalid YAML"
        raise SpecError(
            f"{problem} ({where})", path=path, hint="Fix the YAML syntax at that position."
        ) from exc
    except yaml.YAMLError as exc:
        raise SpecError(f"invalid YAML: {exc}", path=path) from exc
