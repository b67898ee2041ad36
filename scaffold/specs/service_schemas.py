"""What a plugin service's schemas may hold: the part of the schema model every service language checks.

A plugin service is generated in Python, TypeScript or Go from the same spec, and each must refuse
exactly what the spec refuses: a keyword one language skipped would make that plugin less strict.
The Go decoders are generated code that holds a closed set of shapes, Python and TypeScript
validate with pydantic and Ajv, which hold more. So the spec of a plugin service is held to the
shapes all three enforce alike, checked here once for every language (scaffold.codegen
.plugin_project calls it before any generator runs), and refused in one sentence naming the place:

- scalars (string, boolean, integer, number), formats int32, int64 and uri; `const` on a scalar;
  a string's `pattern` without lookaround (which Go's regular expressions lack);
- a string `enum` (a language without anonymous enums names it after its place);
- an object with properties as a named schema (inline objects get a name); an object without
  properties is a map, its `additionalProperties` a schema or absent;
- an array with `items` (and `minItems`);
- a `oneOf` whose branches differ in JSON type, so exactly one can match (named as an enum is);
- a property whose type is one type or one type and null.

Component callbacks, `anyOf`, `allOf` and `not` describe module frontends, not wire data a
service reads, and are refused here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.schema_model import (
    AllOf,
    ArrayOf,
    Callback,
    Choice,
    Literal,
    Never,
    Node,
    ObjectOf,
    Ref,
    Scalar,
    SchemaModel,
    Union,
    Unknown,
    schema_model,
)
from scaffold.specs.wording import quoted

FORMATS = frozenset({"int32", "int64", "uri"})
# Lookaround opens a group with ?= ?! ?<= ?<! (an escaped parenthesis does not open one).
# ECMA-262 escapes RE2 lacks (a doubled backslash is a literal one).
_ECMA_ONLY_ESCAPE = re.compile(r"(?<!\\)(?:\\\\)*\\[uck]")
_LOOKAROUND = re.compile(r"(?<!\\)\(\?(?:=|!|<=|<!)")
_NOT_YET = "which scaffold's plugin services cannot check in every language yet"
_NAME_IT = "Give it a named schema under components/schemas."


def service_model(spec: SpecDocument) -> SchemaModel:
    """The schema model of a plugin service's spec, refused unless every service language holds it."""
    model = schema_model(spec)
    for node in model.schemas.values():
        _named(node, model.schemas)
    return model


def json_kind(node: Node, schemas: Mapping[str, Node]) -> str | None:
    """The JSON type a value of `node` has, when it has exactly one (a oneOf tells branches by it)."""
    if isinstance(node, Ref):
        # A named array or map: what a branch's decoder can hold by name (a named struct, enum or
        # scalar is told apart by more than its JSON type in some languages, so it is not a branch).
        target = schemas[node.name]
        return (
            json_kind(target, schemas)
            if isinstance(target, ArrayOf | ObjectOf) and not _is_struct(target)
            else None
        )
    if isinstance(node, Literal):
        # A const: its scalar type. An enum is not a branch (it would need a name of its own there).
        return {"integer": "number"}.get(node.kind or "", node.kind) if node.is_const else None
    if isinstance(node, Scalar):
        return "number" if node.kind == "integer" else node.kind
    if isinstance(node, ArrayOf):
        return "array"
    if isinstance(node, ObjectOf):
        return "object"
    return None


def _is_struct(node: Node) -> bool:
    return isinstance(node, ObjectOf) and bool(node.properties)


def _named(node: Node, schemas: Mapping[str, Node]) -> None:
    """A schema under components/schemas: a struct, or anything a schema inside another may be."""
    if isinstance(node, ObjectOf) and node.properties:
        _object(node, schemas)
        for prop in node.properties:
            _property(prop.schema, schemas)
        return
    _inline(node, schemas)


def _property(node: Node, schemas: Mapping[str, Node]) -> None:
    if isinstance(node, Union):
        rest = [
            option for option in node.options if not (isinstance(option, Scalar) and option.kind == "null")
        ]
        if len(rest) != 1:
            raise GenerationError(
                f"{node.where} has several types; a plugin service's property takes one type, optionally with null",
                hint="Make the choice a named oneOf schema under components/schemas.",
            )
        _inline(rest[0], schemas)
        return
    _inline(node, schemas)


def _inline(node: Node, schemas: Mapping[str, Node]) -> None:
    """A schema inside another: scalars, references, arrays and maps."""
    if isinstance(node, Ref):
        return
    if isinstance(node, Scalar):
        if node.kind == "null":
            raise GenerationError(f"{node.where} is null alone, {_NOT_YET}", hint="Use `type: [T, 'null']`.")
        if node.format and node.format not in FORMATS:
            raise GenerationError(f"{node.where} has the format {quoted(node.format)}, {_NOT_YET}")
        if _ECMA_ONLY_ESCAPE.search(node.pattern):
            raise GenerationError(
                f"{node.where}: the pattern {quoted(node.pattern)} uses an escape (`\\u`, `\\c` or `\\k`) "
                "that Go's regular expressions lack, so no plugin service takes it yet",
                hint="Write the character itself, or a class such as [A-Z], instead of the escape.",
            )
        if _LOOKAROUND.search(node.pattern):
            raise GenerationError(
                f"{node.where}: the pattern {quoted(node.pattern)} looks around (`(?=`, `(?!`, `(?<=`, `(?<!`), "
                "which Go's regular expressions lack, so no plugin service takes it yet",
                hint="Write the pattern without lookaround.",
            )
        return
    if isinstance(node, Literal) and not node.is_const:
        if node.kind != "string" or not all(isinstance(value, str) for value in node.values):
            raise GenerationError(
                f"{node.where} is an enum of values other than strings (or without `type: string`), {_NOT_YET}",
                hint="Make it a string enum, or a number with a description of the values.",
            )
        return
    if isinstance(node, Choice) and node.keyword == "oneOf":
        kinds = [json_kind(branch, schemas) for branch in node.branches]
        if None in kinds or len(set(kinds)) != len(kinds):
            raise GenerationError(
                f"{node.where}: the branches of oneOf must differ in JSON type (string, number, boolean, "
                "array, object), so that exactly one can match",
                hint="Tell the branches apart by type.",
            )
        for branch in node.branches:
            _inline(branch, schemas)
        return
    if isinstance(node, Literal):
        if node.kind not in ("string", "boolean", "integer", "number"):
            raise GenerationError(
                f"{node.where} is a const without a scalar type, {_NOT_YET}",
                hint="Add `type: string` (or boolean, integer, number) beside `const`.",
            )
        return
    if isinstance(node, ArrayOf):
        if node.item is None:
            raise GenerationError(f"{node.where} is an array without items, {_NOT_YET}", hint="Add `items`.")
        _inline(node.item, schemas)
        return
    if isinstance(node, ObjectOf) and not node.properties:
        _object(node, schemas)
        if isinstance(node.additional, Never):
            raise GenerationError(
                f"{node.where} is an object with no properties and no other keys, {_NOT_YET}",
                hint="Declare its properties, or allow other keys.",
            )
        if node.additional is not None and not isinstance(node.additional, Unknown):
            _inline(node.additional, schemas)
        return
    raise GenerationError(f"{node.where} is {_what(node)}, {_NOT_YET}", hint=_hint(node))


def _object(node: ObjectOf, schemas: Mapping[str, Node]) -> None:
    if node.forbidden:
        raise GenerationError(f"{node.where} uses `not`, {_NOT_YET}", hint="Leave `not` to module specs.")


def _what(node: Node) -> str:
    if isinstance(node, ObjectOf):
        return "an inline object"
    if isinstance(node, Choice):
        return "an anyOf"
    if isinstance(node, AllOf):
        return "an allOf"
    if isinstance(node, Callback):
        return "a component callback (x-callback)"
    if isinstance(node, Union):
        return "a list of types"
    if isinstance(node, Never):
        return "false (no value)"
    return "a schema without a type"


def _hint(node: Node) -> str:
    if isinstance(node, ObjectOf | Choice | Union):
        return _NAME_IT
    if isinstance(node, Unknown):
        return "Give it a type."
    return "Describe the data with scalars, named schemas, arrays and maps, as the shipped contract does."
