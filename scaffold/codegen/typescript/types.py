"""Spec -> TypeScript types: one exported type per component schema, in spec order.

The frontend of a module is typed by the same spec file as its backend, so a new contract version
(a new Widget prop, a new callback) reaches the components' types on `scaffold regenerate`
instead of waiting for someone to notice and hand-edit a `.d.ts`.

The schemas are read by scaffold.specs.schema_model (the one model every language maps from, which
refuses what it cannot hold); this module only spells its nodes in TypeScript:

- an object schema with properties becomes an `interface`; everything else a `type` alias;
- a property outside `required` is optional (`name?:`); one the spec allows as null gets `| null`;
  optional and nullable are independent, as in the spec;
- `additionalProperties` next to properties becomes a `[key: string]: unknown` index signature;
- a schema with `x-callback` (a component callback prop) becomes a function type;
- `not: {required: [k]}` becomes `k?: never`, the one negation TypeScript can state;
- a schema without any type information is `unknown`, never `any`: a component must narrow it.

Output is deterministic (spec order, no timestamps) and formatted the way prettier would leave it
(two-space indent, single quotes, semicolons), so `regenerate --check` compares bytes.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from scaffold.codegen.escaping import block_comment_text, comment_line
from scaffold.codegen.language_notes import spelled_for
from scaffold.codegen.typescript.headers import typescript_header
from scaffold.codegen.typescript.language import TYPE_TERM
from scaffold.codegen.typescript.literals import ts_string
from scaffold.codegen.typescript.reserved_words import JS_RESERVED_WORDS
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
    Union,
    Unknown,
    is_nullable,
    read_schema,
    schema_model,
)
from scaffold.specs.wording import describe

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_PRIMITIVES: dict[str, str] = {
    "string": "string",
    "number": "number",
    "integer": "number",
    "boolean": "boolean",
    "null": "null",
}
_WIDTH = 100
# Names a schema cannot take: TypeScript's reserved words and predefined types, and the names the
# generated modules import next to the schema types.
_RESERVED_TYPE_NAMES = JS_RESERVED_WORDS | frozenset(
    {
        "any", "bigint", "boolean", "declare", "infer", "keyof", "never", "number", "object",
        "readonly", "string", "symbol", "type", "undefined", "unique", "unknown", "Array",
        "Awaitable", "ComponentType", "Function", "Object", "Omit", "Partial", "Pick", "Promise",
        "Readonly", "Record", "Required", "String", "Number", "Boolean", "Symbol",
    }
)  # fmt: skip


def generate_typescript_types(spec: SpecDocument) -> str:
    """TypeScript source declaring every component schema of `spec`."""
    model = schema_model(spec)
    renderer = _Renderer(model.identity)
    blocks = [renderer.declaration(name, node) for name, node in model.schemas.items()]
    title = comment_line(block_comment_text(spec.title))
    intro = (
        f"/**\n * TypeScript types of the {title} ({spec.contract} {spec.version}).\n"
        " * Import them in your components; regenerate instead of editing.\n */\n"
    )
    return typescript_header(spec) + "\n" + intro + "".join(f"\n{block}" for block in blocks)


def typescript_type(schema: Any, known: set[str] | None = None) -> str:
    """The TypeScript type expression of one schema (exposed for tests and other generators)."""
    return _Renderer("schema").type_of(
        read_schema(schema, "schema", None if known is None else frozenset(known))
    )


class _Renderer:
    """Turns the nodes of scaffold.specs.schema_model into TypeScript."""

    def __init__(self, where: str) -> None:
        self.where = where

    def declaration(self, name: str, node: Node) -> str:
        if not _IDENTIFIER.match(name) or name in _RESERVED_TYPE_NAMES:
            raise GenerationError(
                f"the schema name {describe(name)} in {self.where} cannot be a TypeScript type name",
                hint="Rename the schema: letters, digits and _, not a TypeScript keyword or built-in type.",
            )
        doc = _doc_comment(_describe(node, name), "")
        if isinstance(node, ObjectOf) and node.properties:
            body = "".join(f"{doc}  {member}\n" for doc, member in self.members(node, "  "))
            return f"{doc}export interface {name} {{\n{body}}}\n"
        return f"{doc}export type {name} = {self.type_of(node)};\n"

    def members(self, node: ObjectOf, indent: str) -> list[tuple[str, str]]:
        """(doc comment, member) pairs of an object, in property order."""
        members: list[tuple[str, str]] = []
        for prop in node.properties:
            optional = "" if prop.required else "?"
            kind = self.type_of(prop.schema)
            if is_nullable(prop.schema) and not _has_null(kind):
                kind = f"{kind} | null"
            members.append(
                (_doc_comment(_describe(prop.schema), indent), f"{_key(prop.name)}{optional}: {kind};")
            )
        declared = {prop.name for prop in node.properties}
        for name in node.forbidden:
            if name not in declared:
                doc = _doc_comment(f"Never present: `{name}` marks another schema.", indent)
                members.append((doc, f"{_key(name)}?: never;"))
        if node.additional is not None and not isinstance(node.additional, Never):
            members.append(("", "[key: string]: unknown;"))
        return members

    def type_of(self, node: Node) -> str:
        if isinstance(node, Unknown):
            return "unknown"
        if isinstance(node, Never):
            return "never"
        if isinstance(node, Ref):
            return node.name
        if isinstance(node, Callback):
            return self.callback(node)
        if isinstance(node, Literal):
            return _literal(node.values[0]) if node.is_const else _union([_literal(v) for v in node.values])
        if isinstance(node, Choice):
            return _union([self.type_of(branch) for branch in node.branches])
        if isinstance(node, AllOf):
            return " & ".join(_wrap(self.type_of(part)) for part in node.parts)
        if isinstance(node, Union):
            return _union([self.type_of(option) for option in node.options])
        if isinstance(node, Scalar):
            return _PRIMITIVES[node.kind]
        if isinstance(node, ArrayOf):
            return _array("unknown" if node.item is None else self.type_of(node.item))
        if isinstance(node, ObjectOf):
            return self.object_type(node)
        raise AssertionError(f"a schema node scaffold's TypeScript generator does not know: {node}")

    def object_type(self, node: ObjectOf) -> str:
        if node.properties:
            inner = " ".join(member for _doc, member in self.members(node, ""))
            return f"{{ {inner} }}"
        value = "unknown" if node.additional is None else self.type_of(node.additional)
        return f"Record<string, {value}>"

    def callback(self, node: Callback) -> str:
        params = []
        for param in node.parameters:
            if not _IDENTIFIER.match(param.name):
                raise GenerationError(
                    f"the callback parameter {describe(param.name)} in {node.where} is not a TypeScript identifier"
                )
            optional = "" if param.required else "?"
            params.append(f"{param.name}{optional}: {self.type_of(param.schema)}")
        result = "void" if node.returns is None else self.type_of(node.returns)
        return f"({', '.join(params)}) => {result}"


def _describe(node: Node, declared: str = "") -> str:
    """The doc comment text of `node`; a naming note names `declared`, the type this file declares."""
    text, decision = " ".join(node.description.split()), " ".join(node.decision.split())
    if declared:
        text = spelled_for(text, declared, TYPE_TERM)
    if decision:
        text = f"{text}\n\nscaffold's decision: {decision}" if text else f"scaffold's decision: {decision}"
    return text


def _doc_comment(text: str, indent: str) -> str:
    if not text:
        return ""
    text = block_comment_text(text)
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        if lines:
            lines.append("")
        lines.extend(textwrap.wrap(paragraph, width=_WIDTH - len(indent) - 3) or [""])
    if len(lines) == 1 and len(indent) + len(lines[0]) + 7 <= _WIDTH:
        return f"{indent}/** {lines[0]} */\n"
    body = "".join(f"{indent} *{' ' + line if line else ''}\n" for line in lines)
    return f"{indent}/**\n{body}{indent} */\n"


def _key(name: str) -> str:
    return name if _IDENTIFIER.match(name) else _literal(name)


def _literal(value: Any) -> str:
    """A const or enum value: the schema model admits strings, finite numbers, booleans and null."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return ts_string(value)
    return repr(value)


def _union(parts: list[str]) -> str:
    unique = list(dict.fromkeys(_wrap(p) if _top_level(p, " => ") else p for p in parts))
    if "unknown" in unique:
        return "unknown"
    # `null` last, the way people write it.
    unique.sort(key=lambda p: p == "null")
    return " | ".join(unique) if unique else "never"


def _array(item: str) -> str:
    return f"{_wrap(item)}[]"


def _wrap(text: str) -> str:
    """Parenthesise a union, intersection or function type where it would bind wrongly."""
    needs = any(_top_level(text, token) for token in (" | ", " & ", " => "))
    return f"({text})" if needs else text


def _top_level(text: str, token: str) -> bool:
    """Whether `token` occurs in `text` outside any (), [], {} or <> nesting."""
    depth = 0
    for index, char in enumerate(text):
        if char in "([{<":
            depth += 1
        elif char in ")]}>" and not (char == ">" and text[index - 1] == "="):
            depth -= 1
        elif depth == 0 and text.startswith(token, index):
            return True
    return False


def _has_null(kind: str) -> bool:
    return kind == "null" or kind.endswith(" | null") or kind == "unknown"
