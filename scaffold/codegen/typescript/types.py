"""Spec -> TypeScript types: one exported type per component schema, in spec order.

The frontend of a module is typed by the same spec file as its backend, so a new contract version
(a new Widget prop, a new callback) reaches the components' types on `scaffold regenerate`
instead of waiting for someone to notice and hand-edit a `.d.ts`.

Rules (kept small on purpose; the module spec uses only these constructs):

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

import math
import re
import textwrap
from collections.abc import Mapping
from typing import Any

from scaffold.codegen.escaping import block_comment_text, comment_line
from scaffold.codegen.header import typescript_header
from scaffold.codegen.typescript.literals import ts_string
from scaffold.codegen.typescript.reserved_words import JS_RESERVED_WORDS
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import SCHEMA_PREFIX, is_nullable, ref_name
from scaffold.specs.wording import describe, describe_type

_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
_PRIMITIVES = {
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
    schemas: Mapping[str, Any] = spec.data.get("components", {}).get("schemas", {}) or {}
    renderer = _Renderer(set(schemas), spec.identity())
    blocks = [renderer.declaration(name, body) for name, body in schemas.items()]
    title = comment_line(block_comment_text(spec.title))
    intro = (
        f"/**\n * TypeScript types of the {title} ({spec.contract} {spec.version}).\n"
        " * Import them in your components; regenerate instead of editing.\n */\n"
    )
    return typescript_header(spec) + "\n" + intro + "".join(f"\n{block}" for block in blocks)


def typescript_type(schema: Any, known: set[str] | None = None) -> str:
    """The TypeScript type expression of one schema (exposed for tests and other generators)."""
    return _Renderer(known, "schema").type_of(schema)


class _Renderer:
    """Turns schemas into TypeScript; `known` are the names a `$ref` may point at."""

    def __init__(self, known: set[str] | None, where: str) -> None:
        self.known = known
        self.where = where

    def declaration(self, name: str, schema: Any) -> str:
        if not _IDENTIFIER.match(name) or name in _RESERVED_TYPE_NAMES:
            raise GenerationError(
                f"the schema name {describe(name)} in {self.where} cannot be a TypeScript type name",
                hint="Rename the schema: letters, digits and _, not a TypeScript keyword or built-in type.",
            )
        doc = _doc_comment(_describe(schema), "")
        if isinstance(schema, dict) and _is_interface(schema):
            body = "".join(f"{doc}  {member}\n" for doc, member in self.members(schema, "  "))
            return f"{doc}export interface {name} {{\n{body}}}\n"
        return f"{doc}export type {name} = {self.type_of(schema)};\n"

    def members(self, schema: Mapping[str, Any], indent: str) -> list[tuple[str, str]]:
        """(doc comment, member) pairs of an object schema, in property order."""
        required = set(schema.get("required") or [])
        members: list[tuple[str, str]] = []
        properties: Mapping[str, Any] = schema.get("properties") or {}
        for prop, body in properties.items():
            optional = "" if prop in required else "?"
            kind = self.type_of(body)
            if isinstance(body, dict) and is_nullable(body) and not _has_null(kind):
                kind = f"{kind} | null"
            members.append((_doc_comment(_describe(body), indent), f"{_key(prop)}{optional}: {kind};"))
        negated = schema.get("not")
        if isinstance(negated, dict) and set(negated) == {"required"}:
            for prop in negated["required"]:
                if prop not in properties:
                    doc = _doc_comment(f"Never present: `{prop}` marks another schema.", indent)
                    members.append((doc, f"{_key(prop)}?: never;"))
        if schema.get("additionalProperties", False) not in (False, None):
            members.append(("", "[key: string]: unknown;"))
        return members

    def type_of(self, schema: Any) -> str:
        if schema is True or schema == {} or schema is None:
            return "unknown"
        if schema is False:
            return "never"
        if not isinstance(schema, dict):
            raise GenerationError(f"a schema in {self.where} is {describe_type(schema)}, not an object")
        if "$ref" in schema:
            return self.reference(str(schema["$ref"]))
        if "x-callback" in schema:
            return self.callback(schema["x-callback"])
        if "const" in schema:
            return _literal(schema["const"])
        if "enum" in schema:
            return _union([_literal(v) for v in schema["enum"]])
        for key in ("oneOf", "anyOf"):
            if key in schema:
                return _union([self.type_of(branch) for branch in schema[key]])
        if "allOf" in schema:
            parts = [_wrap(self.type_of(branch)) for branch in schema["allOf"]]
            return " & ".join(parts) if parts else "unknown"
        kind = schema.get("type")
        kinds = kind if isinstance(kind, list) else [kind] if kind else []
        if not kinds:
            return "unknown"
        return _union([self.single(schema, str(k)) for k in kinds])

    def single(self, schema: Mapping[str, Any], kind: str) -> str:
        if kind in _PRIMITIVES:
            return _PRIMITIVES[kind]
        if kind == "array":
            return _array(self.type_of(schema.get("items", {})))
        if kind == "object":
            return self.object_type(schema)
        raise GenerationError(f"the JSON type {describe(kind)} in {self.where} is not one scaffold knows")

    def object_type(self, schema: Mapping[str, Any]) -> str:
        extra = schema.get("additionalProperties", True)
        if schema.get("properties"):
            inner = " ".join(member for _doc, member in self.members(schema, ""))
            return f"{{ {inner} }}"
        if extra is False:
            return "Record<string, never>"
        value = "unknown" if extra is True else self.type_of(extra)
        return f"Record<string, {value}>"

    def reference(self, ref: str) -> str:
        if not ref.startswith(SCHEMA_PREFIX):
            raise GenerationError(
                f"the $ref {describe(ref)} in {self.where} does not name a component schema"
            )
        name = ref_name(ref)
        if self.known is not None and name not in self.known:
            raise GenerationError(f"the $ref {describe(ref)} in {self.where} names no component schema")
        return name

    def callback(self, callback: Any) -> str:
        if not isinstance(callback, dict):
            raise GenerationError(f"x-callback in {self.where} must be an object")
        params = []
        for param in callback.get("parameters") or []:
            name = str(param.get("name", ""))
            if not _IDENTIFIER.match(name):
                raise GenerationError(
                    f"the callback parameter {describe(name)} in {self.where} is not a TypeScript identifier"
                )
            optional = "" if param.get("required", False) else "?"
            params.append(f"{name}{optional}: {self.type_of(param.get('schema', {}))}")
        returns = callback.get("returns", "void")
        result = "void" if returns in ("void", None) else self.type_of(returns)
        return f"({', '.join(params)}) => {result}"


def _is_interface(schema: Mapping[str, Any]) -> bool:
    kind = schema.get("type")
    return bool(schema.get("properties")) and kind in ("object", None) and "x-callback" not in schema


def _describe(schema: Any) -> str:
    if not isinstance(schema, dict):
        return ""
    text = " ".join(str(schema.get("description", "")).split())
    decision = " ".join(str(schema.get("x-scaffold-decision", "")).split())
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
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float) and math.isfinite(value):
        return repr(value)
    if isinstance(value, str):
        return ts_string(value)
    raise GenerationError(
        f"a const or enum value is {describe_type(value)}; only strings, numbers, booleans and null"
    )


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
