"""The Go types of a spec's schemas: the model every Go emitter (types, decoders, encoders) reads.

JSON Schema is read into a small closed set of Go shapes, and anything outside it is refused with
the keyword and the place, never approximated: a decoder that quietly skipped `pattern` would be
less strict than the spec says, the one thing a generated plugin must not be.

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

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scaffold.codegen.go.names import exported
from scaffold.errors import GenerationError
from scaffold.specs.shapes import ref_name

# Keywords that only annotate (they change nothing a decoder accepts).
_ANNOTATIONS = frozenset(
    {
        "description",
        "title",
        "example",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "default",
        "$comment",
    }
)
_SUPPORTED = frozenset(
    {
        "type",
        "properties",
        "required",
        "items",
        "additionalProperties",
        "enum",
        "const",
        "format",
        "minItems",
        "oneOf",
        "$ref",
    }
)
_FORMATS = {"int32", "int64", "uri"}


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


def go_model(spec_schemas: Mapping[str, Any], identity: str) -> GoModel:
    """Read every schema under components/schemas; refuse what a strict Go decoder cannot hold."""
    model = GoModel()
    names: dict[str, str] = {}
    for wire in spec_schemas:
        go = exported(wire)
        if go in names:
            raise GenerationError(
                f"{identity}: the schemas {names[go]!r} and {wire!r} both become the Go type {go}"
            )
        names[go] = wire
    underlying = {wire: _underlying(schema) for wire, schema in spec_schemas.items()}
    for wire, schema in spec_schemas.items():
        model.schemas[wire] = _schema(wire, schema, f"{identity}: components/schemas/{wire}", underlying)
    return model


def _underlying(schema: Mapping[str, Any]) -> str:
    """ "slice" or "map" for a named schema that is one (it becomes a named slice or map type)."""
    if "oneOf" in schema or "enum" in schema:
        return ""
    if schema.get("type") == "array":
        return "slice"
    if schema.get("type") == "object" and "properties" not in schema:
        return "map"
    return ""


def _check_keywords(schema: Mapping[str, Any], where: str) -> None:
    for key in schema:
        if key in _ANNOTATIONS or key.startswith("x-"):
            continue
        if key not in _SUPPORTED:
            raise GenerationError(
                f"{where} uses the JSON Schema keyword {key!r}, which the Go generator cannot check yet",
                hint="Generate this plugin in Python or TypeScript, or ask for the keyword in scaffold's issues.",
            )
    if "format" in schema and schema["format"] not in _FORMATS:
        raise GenerationError(
            f"{where} has format {schema['format']!r}, which the Go generator cannot check yet"
        )


def _schema(wire: str, schema: Mapping[str, Any], where: str, underlying: Mapping[str, str]) -> GoSchema:
    _check_keywords(schema, where)
    name = exported(wire)
    description = str(schema.get("description", ""))
    if "oneOf" in schema:
        return GoSchema(
            name, wire, "union", description, branches=_branches(schema["oneOf"], where, underlying)
        )
    if schema.get("type") == "string" and "enum" in schema:
        values = tuple(str(v) for v in schema["enum"])
        if not all(isinstance(v, str) for v in schema["enum"]):
            raise GenerationError(f"{where}: a string enum holds a value that is not a string")
        return GoSchema(name, wire, "enum", description, values=values)
    if schema.get("type") == "object" and "properties" in schema:
        return GoSchema(name, wire, "struct", description, fields=_fields(schema, where, underlying))
    return GoSchema(name, wire, "alias", description, target=_type(schema, where, underlying))


def _fields(schema: Mapping[str, Any], where: str, underlying: Mapping[str, str]) -> tuple[GoField, ...]:
    required = set(schema.get("required", []))
    found: list[GoField] = []
    seen: dict[str, str] = {}
    for wire, prop in (schema.get("properties") or {}).items():
        at = f"{where}.{wire}"
        go = exported(wire)
        if go in seen:
            raise GenerationError(
                f"{where}: the properties {seen[go]!r} and {wire!r} both become the Go field {go}"
            )
        seen[go] = wire
        nullable, single = _nullable(prop, at)
        found.append(
            GoField(
                wire,
                go,
                _type(single, at, underlying),
                wire in required,
                nullable,
                str(prop.get("description", "")),
            )
        )
    unknown = required - set(schema.get("properties") or {})
    if unknown:
        raise GenerationError(f"{where} requires {sorted(unknown)} but declares no such property")
    return tuple(found)


def _nullable(prop: Mapping[str, Any], where: str) -> tuple[bool, Mapping[str, Any]]:
    kinds = prop.get("type")
    if isinstance(kinds, list):
        rest = [k for k in kinds if k != "null"]
        if len(rest) != 1:
            raise GenerationError(
                f"{where} has the types {kinds}; the Go generator takes one type, optionally with null"
            )
        return "null" in kinds, {**prop, "type": rest[0]}
    return False, prop


def _type(schema: Mapping[str, Any], where: str, underlying: Mapping[str, str]) -> GoType:
    _check_keywords(schema, where)
    if "$ref" in schema:
        target = ref_name(str(schema["$ref"]))
        if target not in underlying:
            raise GenerationError(f"{where} refers to {schema['$ref']!r}, which is not a schema of the spec")
        return GoType("named", name=exported(target), underlying=underlying[target])
    kind = schema.get("type")
    const = {"const": schema["const"], "has_const": True} if "const" in schema else {}
    if kind == "string":
        if "enum" in schema:
            raise GenerationError(f"{where} is an inline enum; give it a named schema for a Go type")
        return GoType("string", uri=schema.get("format") == "uri", **const)
    if kind == "boolean":
        return GoType("bool", **const)
    if kind == "integer":
        return GoType("int32" if schema.get("format") == "int32" else "int64", **const)
    if kind == "number":
        return GoType("float64", **const)
    if kind == "array":
        items = schema.get("items")
        if not isinstance(items, Mapping):
            raise GenerationError(f"{where} is an array without items")
        return GoType(
            "slice", item=_type(items, f"{where}[]", underlying), min_items=int(schema.get("minItems", 0))
        )
    if kind == "object" and "properties" not in schema:
        extra = schema.get("additionalProperties", True)
        if extra is True or extra == {}:
            return GoType("map", item=None)
        if isinstance(extra, Mapping):
            return GoType("map", item=_type(extra, f"{where}.*", underlying))
    raise GenerationError(
        f"{where} is a schema the Go generator cannot type (an inline object, or no type)",
        hint="Give inline objects a named schema under components/schemas.",
    )


_JSON_KIND = {
    "string": "string",
    "bool": "boolean",
    "int32": "number",
    "int64": "number",
    "float64": "number",
    "slice": "array",
    "map": "object",
}


def _branches(options: Any, where: str, underlying: Mapping[str, str]) -> tuple[tuple[str, GoType], ...]:
    if not isinstance(options, list) or not options:
        raise GenerationError(f"{where}: oneOf needs a list of branches")
    branches: list[tuple[str, GoType]] = []
    for index, option in enumerate(options):
        go = _type(option, f"{where}.oneOf[{index}]", underlying)
        json_kind = _JSON_KIND.get(go.underlying or go.kind)
        if json_kind is None or any(kind == json_kind for kind, _ in branches):
            raise GenerationError(
                f"{where}: the branches of oneOf must differ in JSON type (string, number, boolean, array, "
                "object), so that exactly one can match",
                hint="Tell the branches apart by type, or generate this plugin in Python or TypeScript.",
            )
        branches.append((json_kind, go))
    return tuple(branches)
