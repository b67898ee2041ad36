"""`types_gen.go`: the Go declarations of every schema (structs, enums, sum types, named maps and slices).

Layout is chosen so the text is already what gofmt writes: every struct field and every constant
has its own comment line above it, so gofmt has no columns to align, and the generator needs no
Go toolchain to produce formatted, deterministic output (scaffold's tests run gofmt on it).
"""

from __future__ import annotations

from scaffold.codegen.go.language import TYPE_TERM
from scaffold.codegen.go.names import go_comment, go_string
from scaffold.codegen.go.types import GoModel, GoSchema
from scaffold.codegen.language_notes import spelled_for

_BRANCH_NAMES = {
    "string": "String",
    "number": "Number",
    "boolean": "Boolean",
    "array": "Array",
    "object": "Object",
}


def declarations(model: GoModel) -> str:
    """Every schema's declaration, in the spec's order."""
    return "\n".join(_declaration(schema) for schema in model.schemas.values())


def _doc(schema: GoSchema) -> list[str]:
    first = f"// {schema.name} is the contract's {schema.wire}"
    text = go_comment(spelled_for(schema.description, schema.name, TYPE_TERM))
    return [first + (f": {text}" if text else ".")]


def _declaration(schema: GoSchema) -> str:
    if schema.kind == "struct":
        return _struct(schema)
    if schema.kind == "enum":
        return _enum(schema)
    if schema.kind == "union":
        return _union(schema)
    assert schema.target is not None
    return "\n".join([*_doc(schema), f"type {schema.name} {schema.target.go}", ""])


def _struct(schema: GoSchema) -> str:
    lines = [*_doc(schema), f"type {schema.name} struct {{"]
    for field in schema.fields:
        text = go_comment(field.description)
        presence = "required" if field.required else "optional"
        if field.nullable:
            presence += ", may be null"
        lines.append(
            f"\t// {field.name} is {go_string(field.wire)} ({presence}){': ' + text if text else '.'}"
        )
        lines.append(f"\t{field.name} {field.go}")
    lines += ["}", ""]
    return "\n".join(lines)


def _enum(schema: GoSchema) -> str:
    lines = [
        *_doc(schema),
        f"type {schema.name} string",
        "",
        "// The values of " + schema.name + ".",
        "const (",
    ]
    for value in schema.values:
        lines.append(f"\t// {enum_constant(schema, value)} is {go_string(value)}.")
        lines.append(f"\t{enum_constant(schema, value)} {schema.name} = {go_string(value)}")
    lines += [
        ")",
        "",
        f"// Valid reports whether v is one of the values the contract lists for {schema.wire}.",
        f"func (v {schema.name}) Valid() bool {{",
        "\tswitch v {",
        "\tcase " + ", ".join(enum_constant(schema, value) for value in schema.values) + ":",
        "\t\treturn true",
        "\t}",
        "\treturn false",
        "}",
        "",
    ]
    return "\n".join(lines)


def enum_constant(schema: GoSchema, value: str) -> str:
    from scaffold.codegen.go.names import exported

    word = "".join(ch if ch.isalnum() else "_" for ch in value)
    return schema.name + (exported(word) if word[:1].isalpha() else "V" + word)


def branch_name(kind: str) -> str:
    return _BRANCH_NAMES[kind]


def _union(schema: GoSchema) -> str:
    name = schema.name
    lines = [
        *_doc(schema),
        f"// Exactly one branch holds a value: build one with {name}From<Branch>, read it with As<Branch>.",
        f"type {name} struct {{",
        "\t// branch is 1 + the index of the branch that holds the value (0: none yet).",
        "\tbranch uint8",
    ]
    for index, (kind, go_type) in enumerate(schema.branches):
        lines.append(f"\t// v{index} holds the {kind} branch.")
        lines.append(f"\tv{index} {go_type.go}")
    lines += ["}", ""]
    for index, (kind, go_type) in enumerate(schema.branches):
        branch = branch_name(kind)
        lines += [
            f"// {name}From{branch} is a {name} holding the {kind} branch.",
            f"func {name}From{branch}(value {go_type.go}) {name} {{",
            f"\treturn {name}{{branch: {index + 1}, v{index}: value}}",
            "}",
            "",
            f"// As{branch} is the {kind} branch's value, and whether that branch is the one held.",
            f"func (v {name}) As{branch}() ({go_type.go}, bool) {{",
            f"\treturn v.v{index}, v.branch == {index + 1}",
            "}",
            "",
        ]
    return "\n".join(lines)
