"""`json_gen.go`: a strict decoder and an encoder for every schema, as code (no reflection).

Decoders read with the runtime's Reader (jsonread.go): each value is checked as the schema says
while it is read (nothing coerced, null only where allowed, integers by their literal, enums,
`minItems`, required properties, duplicate keys refused, unknown keys skipped), and each problem
is recorded at its place by the contract's names, so one pass finds them all. Encoders append the
answer's bytes in the spec's property order; an optional property is written only when set.
Every named type also gets MarshalJSON and UnmarshalJSON, so `encoding/json` in a team's own
tests reads and writes the wire form by these same rules.
"""

from __future__ import annotations

import hashlib
from itertools import count

from scaffold.codegen.go.names import go_string
from scaffold.codegen.go.types import GoField, GoModel, GoSchema, GoType

_READ = {"string": "String", "bool": "Bool", "int32": "Int32", "int64": "Int64", "float64": "Float64"}
_PEEK = {
    "string": "'\"'",
    "array": "'['",
    "object": "'{'",
    "boolean": "'t', 'f'",
    "number": "'-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'",
}


def pattern_variable(pattern: str) -> str:
    """The package variable holding `pattern` compiled (named by its hash: stable, one per pattern)."""
    return "pattern" + hashlib.sha256(pattern.encode("utf-8")).hexdigest()[:12]


def patterns_source(model: GoModel) -> str | None:
    """`patterns_gen.go`: every string pattern of the spec compiled once, when the spec has any.

    Go's regexp is RE2: linear in the text, and without lookaround (scaffold.specs.service_schemas
    refuses a pattern with it for every language)."""
    found: dict[str, None] = {}
    for schema in model.schemas.values():
        types: list[GoType | None] = [schema.target]
        types += [f.type for f in schema.fields]
        types += [t for _, t in schema.branches]
        while types:
            t = types.pop(0)
            if t is None:
                continue
            if t.pattern:
                found.setdefault(t.pattern)
            types.append(t.item)
    if not found:
        return None
    lines = ["// The spec's string patterns, compiled once when the plugin starts.", "var ("]
    lines += [f"\t{pattern_variable(p)} = regexp.MustCompile({go_string(p)})" for p in found]
    return "\n".join([*lines, ")", ""])


def codecs(model: GoModel) -> str:
    parts: list[str] = []
    for schema in model.schemas.values():
        parts.append(_decoder(schema))
        parts.append(_encoder(schema))
        parts.append(_methods(schema))
    return "\n".join(parts)


def _methods(schema: GoSchema) -> str:
    name = schema.name
    return "\n".join(
        [
            f"// MarshalJSON writes v as the contract's {schema.wire}.",
            f"func (v {name}) MarshalJSON() ([]byte, error) {{",
            f"\treturn append{name}(nil, &v)",
            "}",
            "",
            f"// UnmarshalJSON reads data as the contract's {schema.wire}, as strictly as the plugin reads requests.",
            f"func (v *{name}) UnmarshalJSON(data []byte) error {{",
            "\tr := NewReader(data, MaxJSONDepth)",
            f"\tdecode{name}(r, v)",
            "\tr.End()",
            "\treturn readError(r)",
            "}",
            "",
        ]
    )


# -- decoders -----------------------------------------------------------------------------------


def _decoder(schema: GoSchema) -> str:
    name = schema.name
    lines = [f"func decode{name}(r *Reader, v *{name}) {{"]
    names = count()
    if schema.kind == "struct":
        lines += _decode_struct(schema, names)
    elif schema.kind == "enum":
        lines += [
            "\tbefore := r.ProblemCount()",
            f"\t*v = {name}(r.String())",
            "\tif r.ProblemCount() == before && !v.Valid() {",
            '\t\tr.Problem(r.Place(), "choice")',
            "\t}",
        ]
    elif schema.kind == "union":
        lines += _decode_union(schema, names)
    else:
        assert schema.target is not None
        lines += _decode_value(schema.target, "(*v)", 1, names)
    lines += ["}", ""]
    return "\n".join(lines)


def _decode_struct(schema: GoSchema, names: count[int]) -> list[str]:
    required = [f for f in schema.fields if f.required]
    lines = ["\tif !r.BeginObject() {", "\t\treturn", "\t}"]
    if required:
        lines.append("\tvar seen uint64")
    if len(required) > 64:
        raise ValueError("more than 64 required properties")
    lines += ["\tfor r.NextKey() {", "\t\tswitch string(r.Key()) {"]
    for field in schema.fields:
        lines.append(f"\t\tcase {go_string(field.wire)}:")
        lines.append(f"\t\t\tr.Enter({go_string(field.wire)})")
        if field.required:
            lines.append(f"\t\t\tseen |= 1 << {required.index(field)}")
        lines += _decode_field(field, 3, names)
        lines.append("\t\t\tr.Leave()")
    lines += ["\t\tdefault:", "\t\t\tr.Skip()", "\t\t}", "\t}"]
    for index, field in enumerate(required):
        lines += [
            f"\tif seen&(1<<{index}) == 0 {{",
            f"\t\tr.Enter({go_string(field.wire)})",
            '\t\tr.Problem(r.Place(), "missing")',
            "\t\tr.Leave()",
            "\t}",
        ]
    return lines


def _decode_field(field: GoField, depth: int, names: count[int]) -> list[str]:
    tab = "\t" * depth
    target = f"v.{field.name}"
    if field.wrapper == "nullable":
        return [
            f"{tab}{target}.Set = true",
            f"{tab}if r.IsNull() {{",
            f"{tab}\tr.Null()",
            f"{tab}\t{target}.Null = true",
            f"{tab}}} else {{",
            *_decode_value(field.type, f"{target}.Value", depth + 1, names),
            f"{tab}}}",
        ]
    if field.wrapper == "opt":
        return [f"{tab}{target}.Set = true", *_decode_value(field.type, f"{target}.Value", depth, names)]
    return _decode_value(field.type, target, depth, names)


def _decode_value(t: GoType, target: str, depth: int, names: count[int]) -> list[str]:
    tab = "\t" * depth
    if t.kind == "named":
        return [f"{tab}decode{t.name}(r, &{target})"]
    if t.kind in _READ:
        lines = []
        checked = t.has_const or t.uri or t.pattern
        if checked:
            lines.append(f"{tab}before{depth} := r.ProblemCount()")
        lines.append(f"{tab}{target} = r.{_READ[t.kind]}()")
        if t.has_const:
            literal = go_string(t.const) if isinstance(t.const, str) else str(t.const).lower()
            lines += [
                f"{tab}if r.ProblemCount() == before{depth} && {target} != {literal} {{",
                f'{tab}\tr.Problem(r.Place(), "choice")',
                f"{tab}}}",
            ]
        if t.uri:
            lines += [
                f"{tab}if r.ProblemCount() == before{depth} && !isAbsoluteURI({target}) {{",
                f'{tab}\tr.Problem(r.Place(), "range")',
                f"{tab}}}",
            ]
        if t.pattern:
            lines += [
                f"{tab}if r.ProblemCount() == before{depth} && !{pattern_variable(t.pattern)}.MatchString({target}) {{",
                f'{tab}\tr.Problem(r.Place(), "invalid")',
                f"{tab}}}",
            ]
        return lines
    n = next(names)
    if t.kind == "slice":
        assert t.item is not None
        item = f"item{n}"
        lines = [
            f"{tab}if r.BeginArray() {{",
            f"{tab}\t{target} = {t.go}{{}}",
            f"{tab}\tfor i{n} := 0; r.NextItem(); i{n}++ {{",
            f"{tab}\t\tr.EnterIndex(i{n})",
            f"{tab}\t\tvar {item} {t.item.go}",
            *_decode_value(t.item, item, depth + 2, names),
            f"{tab}\t\t{target} = append({target}, {item})",
            f"{tab}\t\tr.Leave()",
            f"{tab}\t}}",
        ]
        if t.min_items:
            lines += [
                f"{tab}\tif len({target}) < {t.min_items} {{",
                f'{tab}\t\tr.Problem(r.Place(), "length")',
                f"{tab}\t}}",
            ]
        return [*lines, f"{tab}}}"]
    if t.kind == "map":
        item = f"item{n}"
        item_go = t.item.go if t.item is not None else "any"
        read = (
            _decode_value(t.item, item, depth + 2, names)
            if t.item is not None
            else [f"{tab}\t\t{item} = r.Any()"]
        )
        return [
            f"{tab}if r.BeginObject() {{",
            f"{tab}\t{target} = make({t.go})",
            f"{tab}\tfor r.NextKey() {{",
            f"{tab}\t\tkey{n} := string(r.Key())",
            f"{tab}\t\tr.EnterKey()",
            f"{tab}\t\tvar {item} {item_go}",
            *read,
            f"{tab}\t\t{target}[key{n}] = {item}",
            f"{tab}\t\tr.Leave()",
            f"{tab}\t}}",
            f"{tab}}}",
        ]
    raise ValueError(f"no decoder for {t}")


def _decode_union(schema: GoSchema, names: count[int]) -> list[str]:
    lines = ["\tswitch r.Peek() {"]
    for index, (kind, go_type) in enumerate(schema.branches):
        lines.append(f"\tcase {_PEEK[kind]}:")
        lines.append(f"\t\tv.branch = {index + 1}")
        lines += _decode_value(go_type, f"v.v{index}", 2, names)
    lines += [
        "\tcase 'n':",
        '\t\tr.Problem(r.Place(), "null")',
        "\t\tr.Skip()",
        "\tdefault:",
        '\t\tr.Problem(r.Place(), "invalid")',
        "\t\tr.Skip()",
        "\t}",
    ]
    return lines


# -- encoders -----------------------------------------------------------------------------------


def _encoder(schema: GoSchema) -> str:
    name = schema.name
    lines = [f"func append{name}(b []byte, v *{name}) ([]byte, error) {{", "\tvar err error"]
    names = count()
    if schema.kind == "struct":
        lines += _encode_struct(schema, names)
    elif schema.kind == "enum":
        lines.append("\tb = AppendString(b, string(*v))")
    elif schema.kind == "union":
        lines.append("\tswitch v.branch {")
        for index, (_, go_type) in enumerate(schema.branches):
            lines.append(f"\tcase {index + 1}:")
            lines += _encode_value(go_type, f"v.v{index}", 2, names)
        lines += [
            "\tdefault:",
            f'\t\terr = fmt.Errorf("a {name} holds no branch: build it with one of the {name}From functions")',
            "\t}",
        ]
    else:
        assert schema.target is not None
        lines += _encode_value(schema.target, "(*v)", 1, names)
    lines += ["\treturn b, err", "}", ""]
    return "\n".join(lines)


def _encode_struct(schema: GoSchema, names: count[int]) -> list[str]:
    lines = ["\tb = append(b, '{')"]
    if schema.fields:
        lines.append("\tn := 0")
    for field in schema.fields:
        key = go_string(go_string(field.wire) + ":")
        target = f"v.{field.name}"
        if field.wrapper == "nullable":
            value = [
                f"\t\tif {target}.Null || !{target}.Set {{",
                '\t\t\tb = append(b, "null"...)',
                "\t\t} else {",
                *_encode_value(field.type, f"{target}.Value", 3, names),
                "\t\t}",
            ]
            condition = None if field.required else f"{target}.Set"
        elif field.wrapper == "opt":
            value = _encode_value(field.type, f"{target}.Value", 2, names)
            condition = f"{target}.Set"
        else:
            value = _encode_value(field.type, target, 2, names)
            condition = None if field.required else f"{target} != nil"
        body = ["\t\tb = appendKey(b, &n, " + key + ")", *value]
        if condition is None:
            lines += [line[1:] for line in body]
        else:
            lines += [f"\tif {condition} {{", *body, "\t}"]
    lines.append("\tb = append(b, '}')")
    return lines


def _encode_value(t: GoType, expr: str, depth: int, names: count[int]) -> list[str]:
    tab = "\t" * depth
    fail = [f"{tab}if err != nil {{", f"{tab}\treturn b, err", f"{tab}}}"]
    if t.kind == "named":
        return [f"{tab}b, err = append{t.name}(b, &{expr})", *fail]
    if t.kind == "string":
        return [f"{tab}b = AppendString(b, {expr})"]
    if t.kind == "bool":
        return [f"{tab}b = AppendBool(b, {expr})"]
    if t.kind == "int32":
        return [f"{tab}b = AppendInt(b, int64({expr}))"]
    if t.kind == "int64":
        return [f"{tab}b = AppendInt(b, {expr})"]
    if t.kind == "float64":
        return [f"{tab}b, err = AppendFloat(b, {expr})", *fail]
    n = next(names)
    if t.kind == "slice":
        assert t.item is not None
        return [
            f"{tab}b = append(b, '[')",
            f"{tab}for i{n} := range {expr} {{",
            f"{tab}\tif i{n} > 0 {{",
            f"{tab}\t\tb = append(b, ',')",
            f"{tab}\t}}",
            *_encode_value(t.item, f"{expr}[i{n}]", depth + 1, names),
            f"{tab}}}",
            f"{tab}b = append(b, ']')",
        ]
    if t.kind == "map":
        item = (
            _encode_value(t.item, f"item{n}", depth + 1, names)
            if t.item is not None
            else [f"{tab}\tb, err = AppendAny(b, item{n})", *[f"\t{line}" for line in fail]]
        )
        return [
            f"{tab}b = append(b, '{{')",
            f"{tab}for i{n}, key{n} := range sortedKeys({expr}) {{",
            f"{tab}\tif i{n} > 0 {{",
            f"{tab}\t\tb = append(b, ',')",
            f"{tab}\t}}",
            f"{tab}\tb = AppendString(b, key{n})",
            f"{tab}\tb = append(b, ':')",
            f"{tab}\titem{n} := {expr}[key{n}]",
            *item,
            f"{tab}}}",
            f"{tab}b = append(b, '}}')",
        ]
    raise ValueError(f"no encoder for {t}")
