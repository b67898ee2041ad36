"""The Go types of a spec's schemas: the model every Go emitter (types, decoders, encoders) reads.

Mapped from scaffold.specs.schema_model, after scaffold.specs.service_schemas refused (for every
service language alike, in one sentence) what a strict decoder cannot hold: nothing here is
approximated, since a decoder that quietly skipped a keyword would be less strict than the spec.

- `string`, `boolean`, `integer` (`int32`, `int64`; no format is int64), `number` (float64);
- a named string `enum` -> `type X string` with its constants; `const` on a scalar;
- an object with `properties` -> a struct; unknown keys are allowed and ignored, as the spec's
  objects allow them; `required` properties must be present;
- an object with only `additionalProperties` -> a map (`true` -> `map[string]any`);
- `array` with `items` (and `minItems`) -> a slice;
- `oneOf` whose branches are told apart by their JSON type -> a sum type with exactly one branch;
- a property is optional unless required: `Opt[T]` (no pointer), except slices and maps, where
  nil is "absent"; `type: [T, 'null']` -> `Nullable[T]`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from scaffold.codegen.go.names import exported
from scaffold.errors import GenerationError
from scaffold.specs.schema_model import (
    ArrayOf,
    Choice,
    Literal,
    Node,
    ObjectOf,
    Ref,
    Scalar,
    SchemaModel,
    Union,
    Unknown,
    is_nullable,
)
from scaffold.specs.wording import quoted


@dataclass(frozen=True)
class GoType:
    """One Go type: `kind` is scalar (string, bool, int32, int64, float64), named, slice, map or any."""

    kind: str
    name: str = ""  # named: the Go type name
    item: GoType | None = None  # slice and map: the element type (None for map[string]any: any)
    min_items: int = 0
    const: Any = None  # a scalar that must equal this value (JSON Schema const)
    has_const: bool = False
    uri: bool = False
    pattern: str = ""  # a string that must match this regular expression (JSON Schema pattern)
    underlying: str = ""  # named: "slice" or "map" when the name stands for one, else ""

    @property
    def go(self) -> str:
        if self.kind == "named":
            return self.name
        if self.kind == "slice":
            assert self.item is not None
            return f"[]{self.item.go}"
        if self.kind == "map":
            return f"map[string]{self.item.go if self.item is not None else 'any'}"
        return self.kind

    @property
    def nil_is_absent(self) -> bool:
        """Slices and maps carry "absent" as nil, so an optional one needs no Opt wrapper."""
        return self.kind in ("slice", "map") or self.underlying in ("slice", "map")


@dataclass(frozen=True)
class GoField:
    """A property of a struct: its wire name, Go name and type, and how presence is carried."""

    wire: str
    name: str
    type: GoType
    required: bool
    nullable: bool
    description: str

    @property
    def go(self) -> str:
        if self.nullable:
            return f"Nullable[{self.type.go}]"
        if self.required or self.type.nil_is_absent:
            return self.type.go
        return f"Opt[{self.type.go}]"

    @property
    def wrapper(self) -> str:
        """ "nullable", "opt" or "" (the value is held as it is)."""
        if self.nullable:
            return "nullable"
        return "" if self.required or self.type.nil_is_absent else "opt"


@dataclass(frozen=True)
class GoSchema:
    """A named schema as a Go declaration: struct, enum, union, or a named slice or map."""

    name: str  # Go name
    wire: str  # the schema's name in the spec
    kind: str  # struct, enum, union, alias
    description: str
    fields: tuple[GoField, ...] = ()
    values: tuple[str, ...] = ()  # enum
    branches: tuple[tuple[str, GoType], ...] = ()  # union: (JSON type, Go type)
    target: GoType | None = None  # alias: the slice or map it names


@dataclass
class GoModel:
    """Every named schema of a spec as Go, in the spec's order."""

    schemas: dict[str, GoSchema] = field(default_factory=dict)  # by wire name

    def go_name(self, wire: str) -> str:
        return self.schemas[wire].name


def go_model(model: SchemaModel) -> GoModel:
    """Every schema of `model` as Go; the model passed scaffold.specs.service_schemas, so every node
    here has a Go shape, and only names that collide in Go are refused.

    Go has no anonymous enum or sum type, so an enum or oneOf inside another schema becomes a named
    type of its own, called after its place (DatasourceField.type -> DatasourceFieldType; the value
    of a map -> ...Value, the item of an array -> ...Item), declared after the schema holding it."""
    return _Mapper(model).mapped()


_SCALARS = {"string": "string", "boolean": "bool", "number": "float64"}
_JSON_KIND = {
    "string": "string",
    "bool": "boolean",
    "int32": "number",
    "int64": "number",
    "float64": "number",
    "slice": "array",
    "map": "object",
}


class _Mapper:
    def __init__(self, model: SchemaModel) -> None:
        self.model = model
        self.result = GoModel()
        self.names: dict[str, str] = {}  # Go name -> the wire name (or place) it stands for
        self.underlying = {wire: _underlying(node) for wire, node in model.schemas.items()}
        self.hoisted: list[GoSchema] = []

    def mapped(self) -> GoModel:
        for wire in self.model.schemas:
            self.claim(exported(wire), wire)
        for wire, node in self.model.schemas.items():
            self.hoisted = []
            self.result.schemas[wire] = self.schema(exported(wire), wire, node)
            for schema in self.hoisted:
                self.result.schemas[schema.wire] = schema
        return self.result

    def claim(self, go: str, wire: str) -> None:
        if go in self.names:
            raise GenerationError(
                f"{self.model.identity}: {quoted(self.names[go])} and {quoted(wire)} both become the Go type {go}",
                hint="Rename one of the schemas (or give the inline one a named schema).",
            )
        self.names[go] = wire

    def schema(self, name: str, wire: str, node: Node) -> GoSchema:
        if isinstance(node, Choice):
            return GoSchema(name, wire, "union", node.description, branches=self.branches(node, name, wire))
        if isinstance(node, Literal) and not node.is_const:
            return GoSchema(name, wire, "enum", node.description, values=tuple(str(v) for v in node.values))
        if isinstance(node, ObjectOf) and node.properties:
            return GoSchema(name, wire, "struct", node.description, fields=self.fields(node, name, wire))
        return GoSchema(name, wire, "alias", node.description, target=self.type(node, name, wire))

    def fields(self, node: ObjectOf, owner: str, wire: str) -> tuple[GoField, ...]:
        found: list[GoField] = []
        seen: dict[str, str] = {}
        for prop in node.properties:
            go = exported(prop.name)
            if go in seen:
                raise GenerationError(
                    f"{node.where}: the properties {quoted(seen[go])} and {quoted(prop.name)} both become "
                    f"the Go field {go}",
                    hint="Rename one of the properties.",
                )
            seen[go] = prop.name
            single, nullable = prop.schema, False
            if isinstance(single, Union):
                nullable = is_nullable(single)
                (single,) = [o for o in single.options if not (isinstance(o, Scalar) and o.kind == "null")]
            go_type = self.type(single, owner + go, f"{wire}.{prop.name}")
            found.append(GoField(prop.name, go, go_type, prop.required, nullable, prop.schema.description))
        return tuple(found)

    def type(self, node: Node, place: str, wire: str) -> GoType:
        """The Go type of `node`, standing at `place` (the Go name a hoisted type there takes)."""
        if isinstance(node, Ref):
            return GoType("named", name=exported(node.name), underlying=self.underlying[node.name])
        if isinstance(node, Choice) or (isinstance(node, Literal) and not node.is_const):
            self.claim(place, wire)
            self.hoisted.append(self.schema(place, wire, node))
            return GoType("named", name=place)
        if (
            isinstance(node, Literal)
            and node.is_const
            and node.kind in ("string", "boolean", "integer", "number")
        ):
            return GoType(_SCALARS.get(node.kind, "int64"), const=node.values[0], has_const=True)
        if isinstance(node, Scalar) and node.kind != "null":
            if node.kind == "integer":
                return GoType("int32" if node.format == "int32" else "int64")
            return GoType(_SCALARS[node.kind], uri=node.format == "uri", pattern=node.pattern)
        if isinstance(node, ArrayOf) and node.item is not None:
            item = self.type(node.item, place + "Item", f"{wire}[]")
            return GoType("slice", item=item, min_items=node.min_items)
        if isinstance(node, ObjectOf) and not node.properties:
            extra = node.additional
            if extra is None or isinstance(extra, Unknown):
                return GoType("map", item=None)
            return GoType("map", item=self.type(extra, place + "Value", f"{wire}.*"))
        # service_model refused every other node before Go was asked; a model built another way lands here.
        raise GenerationError(f"{node.where} is a schema the Go generator has no type for")

    def branches(self, node: Choice, name: str, wire: str) -> tuple[tuple[str, GoType], ...]:
        """Each branch with the JSON type that tells it apart (service_schemas made them differ)."""
        branches: list[tuple[str, GoType]] = []
        for index, branch in enumerate(node.branches):
            go = self.type(branch, f"{name}Branch{index}", f"{wire}.oneOf[{index}]")
            branches.append((_JSON_KIND[go.underlying or go.kind], go))
        return tuple(branches)


def _underlying(node: Node) -> str:
    """ "slice" or "map" for a named schema that is one (it becomes a named slice or map type)."""
    if isinstance(node, ArrayOf):
        return "slice"
    if isinstance(node, ObjectOf) and not node.properties:
        return "map"
    return ""
