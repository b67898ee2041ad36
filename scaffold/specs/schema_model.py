"""A spec's schemas as one closed, typed model: what every language's type generator maps from.

Each generator used to read JSON Schema its own way (datamodel-code-generator for Python, a walk
over raw dicts for TypeScript, a closed model of its own for Go), so a spec one language refused
another accepted, and a keyword one generator skipped made that language's plugin less strict than
the spec says. Here every schema under components/schemas is read once into a small set of nodes;
a keyword outside the set is refused once, in one sentence that names it and where it is, before
any generator (datamodel-code-generator included) runs. What a service language cannot hold is
refused by the rules every service language shares (scaffold.specs.service_schemas), never by one
language alone.

The nodes, in the order a schema's keywords are read (the first that is present decides):
`$ref` -> Ref; `x-callback` (a component callback prop) -> Callback; `const` / `enum` -> Literal;
`oneOf` / `anyOf` -> Choice; `allOf` -> AllOf; `type` -> Scalar, ArrayOf or ObjectOf (a list of
types -> Union of them); `true` or no type information -> Unknown; `false` -> Never.
Annotations (description, examples, x-...) change nothing a decoder accepts; `description` and
`x-scaffold-decision` are kept for doc comments.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from typing import Literal as TypingLiteral

from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.wording import describe, describe_type, quoted

SCHEMA_PREFIX = "#/components/schemas/"
ANNOTATIONS = frozenset(
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
KEYWORDS = frozenset(
    {
        "type", "properties", "required", "items", "additionalProperties", "enum", "const", "format",
        "minItems", "oneOf", "anyOf", "allOf", "not", "$ref", "x-callback", "pattern",
    }
)  # fmt: skip
JSON_TYPES = ("string", "boolean", "integer", "number", "null", "array", "object")
ScalarKind = TypingLiteral["string", "boolean", "integer", "number", "null"]


@dataclass(frozen=True, kw_only=True)
class Node:
    """What every node carries: where it is (for messages) and its words (for doc comments)."""

    where: str
    description: str = ""  # as the spec wrote it (each language wraps it its own way)
    decision: str = ""  # x-scaffold-decision: why scaffold reads the contract this way


@dataclass(frozen=True, kw_only=True)
class Unknown(Node):
    """Any JSON value: `true`, `{}`, or a schema with no type information."""


@dataclass(frozen=True, kw_only=True)
class Never(Node):
    """No JSON value: `false`."""


@dataclass(frozen=True, kw_only=True)
class Ref(Node):
    name: str  # a schema under components/schemas


@dataclass(frozen=True, kw_only=True)
class Parameter:
    name: str
    required: bool
    schema: Node


@dataclass(frozen=True, kw_only=True)
class Callback(Node):
    """A component's callback prop (`x-callback`): a function, not data on the wire."""

    parameters: tuple[Parameter, ...]
    returns: Node | None  # None: void


@dataclass(frozen=True, kw_only=True)
class Literal(Node):
    """`const` (one value) or `enum`; `kind` is the declared type when it is one name."""

    values: tuple[Any, ...]
    is_const: bool
    kind: str | None


@dataclass(frozen=True, kw_only=True)
class Choice(Node):
    keyword: TypingLiteral["oneOf", "anyOf"]
    branches: tuple[Node, ...]


@dataclass(frozen=True, kw_only=True)
class AllOf(Node):
    parts: tuple[Node, ...]


@dataclass(frozen=True, kw_only=True)
class Scalar(Node):
    kind: ScalarKind
    format: str = ""
    pattern: str = ""  # a string's pattern (ECMA-262, held safe by scaffold.specs.patterns)


@dataclass(frozen=True, kw_only=True)
class ArrayOf(Node):
    item: Node | None  # None: no `items` (any item)
    min_items: int = 0


@dataclass(frozen=True, kw_only=True)
class Property:
    name: str
    required: bool
    schema: Node


@dataclass(frozen=True, kw_only=True)
class ObjectOf(Node):
    """An object: declared properties, and what other keys hold (None: not said)."""

    properties: tuple[Property, ...]
    additional: Node | None  # Never for `false`, Unknown for `true` or `{}`
    forbidden: tuple[str, ...] = ()  # `not: {required: [...]}`: keys that mark another schema


@dataclass(frozen=True, kw_only=True)
class Union(Node):
    """A list of types (`type: [string, "null"]`): one option per type, each with the other keywords."""

    options: tuple[Node, ...]


@dataclass(frozen=True)
class SchemaModel:
    """Every named schema of a spec, in the spec's order."""

    identity: str
    schemas: Mapping[str, Node]


def is_nullable(node: Node) -> bool:
    """Whether the contract allows JSON null here (a null type, or a null branch)."""
    if isinstance(node, Scalar):
        return node.kind == "null"
    if isinstance(node, Union):
        return any(is_nullable(option) for option in node.options)
    if isinstance(node, Choice):
        return any(is_nullable(branch) for branch in node.branches)
    return False


def schema_model(spec: SpecDocument) -> SchemaModel:
    """Read every schema under components/schemas of `spec`; refuse what the model cannot hold."""
    components = spec.data.get("components") or {}
    schemas = components.get("schemas") if isinstance(components, Mapping) else None
    schemas = schemas or {}
    if not isinstance(schemas, Mapping):
        raise GenerationError(
            f"{spec.identity()}: components/schemas is {describe_type(schemas)}, not a mapping"
        )
    return read_schemas(schemas, spec.identity())


def read_schemas(schemas: Mapping[str, Any], identity: str) -> SchemaModel:
    reader = _Reader(frozenset(str(name) for name in schemas))
    read = {
        str(name): reader.node(body, f"{identity}: components/schemas/{name}")
        for name, body in schemas.items()
    }
    return SchemaModel(identity, read)


def read_schema(schema: Any, where: str, known: frozenset[str] | None = None) -> Node:
    """One schema outside a spec (tests, and generators typing a single expression)."""
    return _Reader(known).node(schema, where)


class _Reader:
    """Turns schemas into nodes; `known` are the names a `$ref` may point at (None: any)."""

    def __init__(self, known: frozenset[str] | None) -> None:
        self.known = known

    def node(self, schema: Any, where: str) -> Node:
        if schema is True or schema is None:
            return Unknown(where=where)
        if schema is False:
            return Never(where=where)
        if not isinstance(schema, Mapping):
            raise GenerationError(f"{where} is {describe_type(schema)}, not a schema (a mapping of keywords)")
        self.check_keywords(schema, where)
        words = {
            "where": where,
            "description": str(schema.get("description", "")),
            "decision": str(schema.get("x-scaffold-decision", "")),
        }
        if "$ref" in schema:
            return Ref(name=self.reference(schema["$ref"], where), **words)
        if "x-callback" in schema:
            return self.callback(schema["x-callback"], where, words)
        kind = schema.get("type")
        single = kind if isinstance(kind, str) else None
        if "const" in schema:
            return Literal(values=(_scalar(schema["const"], where),), is_const=True, kind=single, **words)
        if "enum" in schema:
            values = schema["enum"]
            if not isinstance(values, list) or not values:
                raise GenerationError(f"{where}: enum is {describe_type(values)}; give a list of values")
            return Literal(
                values=tuple(_scalar(v, where) for v in values), is_const=False, kind=single, **words
            )
        for keyword in ("oneOf", "anyOf"):
            if keyword in schema:
                branches = self.nodes(schema[keyword], f"{where}.{keyword}", keyword)
                return Choice(keyword="oneOf" if keyword == "oneOf" else "anyOf", branches=branches, **words)
        if "allOf" in schema:
            return AllOf(parts=self.nodes(schema["allOf"], f"{where}.allOf", "allOf"), **words)
        if kind is None:
            if schema.get("properties"):
                raise GenerationError(
                    f"{where} declares properties but no type",
                    hint="Add `type: object` to the schema.",
                )
            return Unknown(**words)
        kinds = kind if isinstance(kind, list) else [kind]
        if len(kinds) == 1:
            return self.typed(schema, kinds[0], words)
        return Union(options=tuple(self.typed(schema, k, {"where": where}) for k in kinds), **words)

    def check_keywords(self, schema: Mapping[str, Any], where: str) -> None:
        for key in schema:
            if not isinstance(key, str):
                raise GenerationError(f"{where} has a key that is {describe_type(key)}, not a keyword")
            if key in KEYWORDS or key in ANNOTATIONS or key.startswith("x-"):
                continue
            raise GenerationError(
                f"{where} uses the JSON Schema keyword {quoted(key)}, which scaffold cannot check in "
                "every language it generates yet",
                hint=f"Remove it, or ask for it in scaffold's issues; scaffold reads {', '.join(sorted(KEYWORDS))}.",
            )
        kind = schema.get("type")
        kinds = kind if isinstance(kind, list) else [kind]
        if "type" in schema and (not kinds or not all(isinstance(k, str) and k in JSON_TYPES for k in kinds)):
            raise GenerationError(
                f"the JSON type {describe(kind)} in {where} is not one scaffold knows",
                hint=f"Use one of {', '.join(JSON_TYPES)}, or a list of them.",
            )
        negated = schema.get("not")
        if "not" in schema and not (
            isinstance(negated, Mapping)
            and set(negated) == {"required"}
            and isinstance(negated["required"], list)
            and all(isinstance(name, str) for name in negated["required"])
        ):
            raise GenerationError(
                f"{where} uses `not` other than as `not: {{required: [names]}}`, which scaffold cannot check yet",
                hint="Keep `not` to a list of keys that must be absent.",
            )
        fmt = schema.get("format")
        if "format" in schema and not isinstance(fmt, str):
            raise GenerationError(f"{where}: format is {describe_type(fmt)}, not a name")

    def nodes(self, branches: Any, where: str, keyword: str) -> tuple[Node, ...]:
        if not isinstance(branches, list) or not branches:
            raise GenerationError(f"{where}: {keyword} is {describe_type(branches)}; give a list of schemas")
        return tuple(self.node(branch, f"{where}[{index}]") for index, branch in enumerate(branches))

    def reference(self, ref: Any, where: str) -> str:
        if not isinstance(ref, str) or not ref.startswith(SCHEMA_PREFIX):
            raise GenerationError(f"the $ref {describe(ref)} in {where} does not name a component schema")
        name = ref[len(SCHEMA_PREFIX) :]
        if self.known is not None and name not in self.known:
            raise GenerationError(f"the $ref {describe(ref)} in {where} names no component schema")
        return name

    def callback(self, callback: Any, where: str, words: dict[str, str]) -> Callback:
        if not isinstance(callback, Mapping):
            raise GenerationError(f"x-callback in {where} must be a mapping (parameters, returns)")
        parameters = callback.get("parameters") or []
        if not isinstance(parameters, list):
            raise GenerationError(
                f"x-callback in {where}: parameters is {describe_type(parameters)}, not a list"
            )
        read: list[Parameter] = []
        for index, param in enumerate(parameters):
            at = f"{where}.x-callback.parameters[{index}]"
            if not isinstance(param, Mapping) or not isinstance(param.get("name"), str):
                raise GenerationError(f"{at} needs a name (a string)")
            read.append(
                Parameter(
                    name=param["name"],
                    required=param.get("required", False) is True,
                    schema=self.node(param.get("schema", {}), f"{at}.schema"),
                )
            )
        returns = callback.get("returns", "void")
        result = None if returns in ("void", None) else self.node(returns, f"{where}.x-callback.returns")
        return Callback(parameters=tuple(read), returns=result, **words)

    def typed(self, schema: Mapping[str, Any], kind: str, words: dict[str, str]) -> Node:
        where = words["where"]
        if kind == "array":
            items = schema.get("items")
            minimum = schema.get("minItems", 0)
            if isinstance(minimum, bool) or not isinstance(minimum, int) or minimum < 0:
                raise GenerationError(
                    f"{where}: minItems is {describe(minimum)}; give a whole number, 0 or more"
                )
            item = None if "items" not in schema else self.node(items, f"{where}[]")
            return ArrayOf(item=item, min_items=minimum, **words)
        if kind == "object":
            return self.object(schema, words)
        pattern = schema.get("pattern", "")
        if not isinstance(pattern, str):
            raise GenerationError(f"{where}: pattern is {describe_type(pattern)}, not a regular expression")
        return Scalar(
            kind=kind,  # type: ignore[arg-type]
            format=str(schema.get("format", "")),
            pattern=pattern if kind == "string" else "",
            **words,
        )

    def object(self, schema: Mapping[str, Any], words: dict[str, str]) -> ObjectOf:
        where = words["where"]
        properties = schema.get("properties") or {}
        required = schema.get("required") or []
        if not isinstance(properties, Mapping):
            raise GenerationError(f"{where}: properties is {describe_type(properties)}, not a mapping")
        if not isinstance(required, list) or not all(isinstance(name, str) for name in required):
            raise GenerationError(f"{where}: required is {describe_type(required)}; give a list of names")
        undeclared = [name for name in required if properties and name not in properties]
        if undeclared:
            raise GenerationError(
                f"{where} requires {', '.join(quoted(n) for n in undeclared)} but declares no such property"
            )
        read = tuple(
            Property(name=str(name), required=name in required, schema=self.node(body, f"{where}.{name}"))
            for name, body in properties.items()
        )
        extra = schema.get("additionalProperties")
        additional = None if extra is None else self.node(extra, f"{where}.*")
        if isinstance(extra, Mapping) and not extra:
            additional = Unknown(where=f"{where}.*")
        negated = schema.get("not")
        forbidden = tuple(negated["required"]) if isinstance(negated, Mapping) else ()
        return ObjectOf(properties=read, additional=additional, forbidden=forbidden, **words)


def _scalar(value: Any, where: str) -> Any:
    """A const or enum value: strings, numbers, booleans and null are what every language can spell."""
    if (
        value is None
        or isinstance(value, str | bool | int)
        or (isinstance(value, float) and math.isfinite(value))
    ):
        return value
    raise GenerationError(
        f"a const or enum value in {where} is {describe_type(value)}; only strings, finite numbers, booleans and null"
    )
