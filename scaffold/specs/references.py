"""References inside a spec: local component references only, no cycles without structure, bounded depth.

Spec files come from outside, and every tool downstream (openapi-spec-validator, the JSON Schema
libraries under it, datamodel-code-generator) follows references on its own: a `$dynamicRef` to
a file path or a `file://` / `https://` URL is read or fetched by them, and its content lands in
the generated code. So a spec may refer only to its own components, by `$ref`, and nothing that
changes how references resolve (`$id`, anchors, `$schema` dialects, `$dynamicRef`) is accepted.

The rules, checked on the parsed document before anything else reads it (a property *named*
`$ref` is a name, not a reference: scaffold.specs.keyword_nodes):

- every `$ref` keyword (and `discriminator.mapping` value) is `#/components/<section>/<name>` naming an
  entry that exists, and an `operationRef` points into this file's `#/paths/`;
- `$dynamicRef`, `$recursiveRef`, `$id`, `$anchor`, `$dynamicAnchor`, `$recursiveAnchor` and
  `$vocabulary` do not occur; `$schema` and `jsonSchemaDialect` only name the standard dialects;
- a cycle of references is allowed only through structure (a `Tree` whose `children` are
  `Tree`s): a cycle through `$ref`, `allOf`, `anyOf`, `oneOf` or `not` alone defines a schema as
  itself, which no generator can give a type and the validator recurses on without end;
- with references followed, schemas nest at most MAX_INLINED_DEPTH levels (the validator and the
  generators recurse once per level).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from scaffold.errors import SpecError
from scaffold.specs.keyword_nodes import NAME_MAPS, is_schema_name_map
from scaffold.specs.pointers import to_pointer
from scaffold.specs.wording import describe

MAX_INLINED_DEPTH = 200
COMPONENT_REF = re.compile(r"^#/components/(?P<section>[A-Za-z]+)/(?P<name>[A-Za-z0-9._-]+)$")
_REF_RULE = "a reference must name a component of this file, as #/components/<section>/<name>"
_FORBIDDEN = (
    "$dynamicRef",
    "$recursiveRef",
    "$id",
    "$anchor",
    "$dynamicAnchor",
    "$recursiveAnchor",
    "$vocabulary",
)
_DIALECTS = frozenset(
    {
        "https://spec.openapis.org/oas/3.1/dialect/base",
        "https://spec.openapis.org/oas/3.1/dialect/2024-11-10",
        "https://json-schema.org/draft/2020-12/schema",
    }
)
# Keywords that combine schemas without adding structure: a cycle through only these is a loop.
_COMBINATORS = frozenset({"allOf", "anyOf", "oneOf", "not", "if", "then", "else"})
_Entry = tuple[str, str]
_NO_VALUE = object()


@dataclass
class _Edge:
    """A `$ref` inside `owner` (relative depth `depth`), to `target`."""

    target: _Entry
    depth: int
    pointer: str
    structural: bool


@dataclass
class _Graph:
    edges: dict[_Entry | None, list[_Edge]] = field(default_factory=dict)
    own_depth: dict[_Entry | None, int] = field(default_factory=dict)


def check_references(data: Mapping[str, Any], path: Path) -> None:
    """Raise SpecError (file and pointer) if `data` breaks one of the reference rules above."""
    _check_dialect(data.get("jsonSchemaDialect"), path, "/jsonSchemaDialect")
    graph = _collect(data, path)
    _check_graph(graph, path)


def _check_dialect(value: Any, path: Path, pointer: str) -> None:
    if value is None or value in _DIALECTS:
        return
    raise SpecError(
        f"the dialect is {describe(value)}, which scaffold does not read",
        path=path,
        pointer=pointer,
        hint="Remove it; specs use the OpenAPI 3.1 base dialect (JSON Schema 2020-12).",
    )


def _component(ref: Any, data: Mapping[str, Any], path: Path, pointer: str) -> _Entry:
    """The (section, name) a reference names; SpecError unless it names an existing component."""
    match = COMPONENT_REF.match(ref) if isinstance(ref, str) else None
    if match is None:
        raise SpecError(
            f"the reference is {describe(ref)}, but {_REF_RULE}",
            path=path,
            pointer=pointer,
            hint="scaffold never reads other files or URLs; copy the schema into components.",
        )
    section, name = match["section"], match["name"]
    entries = (data.get("components") or {}).get(section)
    if not isinstance(entries, dict) or name not in entries:
        raise SpecError(
            f"the reference {ref} points to nothing",
            path=path,
            pointer=pointer,
            hint=f"Add {name} under components/{section}, or correct the name.",
        )
    return section, name


def _owner(parts: tuple[str | int, ...]) -> tuple[_Entry | None, int]:
    """The component entry a node lies in (None: outside components), and how many parts name it."""
    if (
        len(parts) >= 3
        and parts[0] == "components"
        and isinstance(parts[1], str)
        and isinstance(parts[2], str)
    ):
        return (parts[1], parts[2]), 3
    return None, 0


def _collect(data: Mapping[str, Any], path: Path) -> _Graph:
    """One pass over the document: forbidden keywords, and every reference as an edge of a graph."""
    graph = _Graph()
    stack: list[tuple[tuple[str | int, ...], Any, bool]] = [((), data, False)]
    while stack:
        parts, node, is_name_map = stack.pop()
        owner, prefix = _owner(parts)
        relative = parts[prefix:]
        graph.own_depth[owner] = max(graph.own_depth.get(owner, 0), len(relative))
        if isinstance(node, list):
            stack.extend(((*parts, index), value, False) for index, value in enumerate(node))
            continue
        if not isinstance(node, dict):
            continue
        if is_name_map and is_schema_name_map(node):  # names of properties: `$ref` may be one
            stack.extend(((*parts, key), value, False) for key, value in node.items())
            continue
        for keyword in _FORBIDDEN:
            if keyword in node:
                raise SpecError(
                    f"{keyword} is not allowed in a contract spec; {_REF_RULE} with $ref",
                    path=path,
                    pointer=to_pointer((*parts, keyword)),
                    hint="scaffold never reads other files or URLs; use $ref to #/components/schemas/<name>.",
                )
        if "$schema" in node:
            _check_dialect(node["$schema"], path, to_pointer((*parts, "$schema")))
        if "$ref" in node:
            target = _component(node["$ref"], data, path, to_pointer((*parts, "$ref")))
            structural = any(not isinstance(p, int) and p not in _COMBINATORS for p in relative)
            edge = _Edge(target, len(relative), to_pointer(parts), structural)
            graph.edges.setdefault(owner, []).append(edge)
        operation_ref = node.get("operationRef") if "operationRef" in node else _NO_VALUE
        if operation_ref is not _NO_VALUE and not (
            isinstance(operation_ref, str) and operation_ref.startswith("#/paths/")
        ):
            raise SpecError(
                f"the operationRef is {describe(operation_ref)}, but it must point into this file's paths",
                path=path,
                pointer=to_pointer((*parts, "operationRef")),
                hint="Use an operationId, or a #/paths/... reference.",
            )
        mapping = node.get("mapping") if parts and parts[-1] == "discriminator" else None
        if isinstance(mapping, dict):
            for key, value in mapping.items():
                where = to_pointer((*parts, "mapping", key))
                if isinstance(value, str) and re.fullmatch(r"[A-Za-z0-9_-]+", value):
                    value = f"#/components/schemas/{value}"
                _component(value, data, path, where)
        stack.extend(((*parts, key), value, key in NAME_MAPS) for key, value in node.items())
    return graph


def _check_graph(graph: _Graph, path: Path) -> None:
    """Refuse loops of combinators and schemas nested deeper than MAX_INLINED_DEPTH when inlined."""
    memo: dict[_Entry | None, int] = {}
    open_entries: list[_Entry | None] = []
    hops: list[_Edge] = []

    def depth_of(entry: _Entry | None, above: int) -> int:
        """How deep `entry` nests with its references followed; `above` levels lead to it."""
        if entry in memo:
            return memo[entry]
        deepest = graph.own_depth.get(entry, 0)
        open_entries.append(entry)
        for edge in graph.edges.get(entry, []):
            reached = above + edge.depth + 1
            if reached > MAX_INLINED_DEPTH:
                _too_deep(edge, path)
            if edge.target in open_entries:
                _check_loop([*hops[open_entries.index(edge.target) :], edge], path)
                continue
            hops.append(edge)
            below = depth_of(edge.target, reached)
            hops.pop()
            if reached + below > MAX_INLINED_DEPTH:
                _too_deep(edge, path)
            deepest = max(deepest, edge.depth + 1 + below)
        open_entries.pop()
        memo[entry] = deepest
        return deepest

    depth_of(None, 0)
    for entry in list(graph.edges):
        depth_of(entry, 0)


def _too_deep(edge: _Edge, path: Path) -> None:
    raise SpecError(
        f"with its references followed, the schema nests more than {MAX_INLINED_DEPTH} levels deep",
        path=path,
        pointer=edge.pointer,
        hint="Flatten the chain of $refs there; real contracts nest a few dozen levels at most.",
    )


def _check_loop(cycle: list[_Edge], path: Path) -> None:
    if any(edge.structural for edge in cycle):
        return  # a recursive structure (a tree, a linked list): legal, and every tool handles it
    entries = [cycle[-1].target, *(edge.target for edge in cycle)]
    names = " -> ".join(f"#/components/{section}/{name}" for section, name in entries)
    raise SpecError(
        f"the references {names} form a loop that defines the schema only as itself",
        path=path,
        pointer=cycle[0].pointer,
        hint="A recursive schema must recurse through properties or items; break the loop there.",
    )
