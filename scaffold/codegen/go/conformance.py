"""`conformance_gen.go`: what a Go plugin's own tests hold its answers to, taken from the spec.

The TypeScript plugin's tests judge every answer by the spec with Ajv (`conformance.ts`); a Go
project has no JSON Schema validator in its standard library, and needs none: the generated
strict decoders *are* the spec's schemas as code (required properties, null only where allowed,
enums, integer bounds, `oneOf`, no coercion), written apart from the encoders that produce the
answers. So this file lists, per operation, each documented status and the decoder of its body's
schema (`answerChecks`, read by the copied `conformance.go`), and every request example of the
spec (`SpecExamples`), for the seeded `contract_test.go` to replay with the key their `enc:v1:`
values are encrypted with (`ExampleSecretKey`, in the copied conformance.go: the first of the
PublishedSecretKeys that scaffold.codegen.runtime_values.spec_values reads from the spec, as Python's
PUBLISHED_SECRET_KEYS, not a second reading of `info.x-example-secret-key` here).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scaffold.codegen.go.names import go_comment, go_string
from scaffold.codegen.go.types import GoModel
from scaffold.codegen.plugin_shapes import body_schema_name, request_examples
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape, operations


def conformance_source(spec: SpecDocument, model: GoModel) -> str:
    """The Go declarations of conformance_gen.go (package clause and imports added by the caller)."""
    shapes = operations(spec)
    lines = [
        "// answerChecks are, per operation (its HTTP method and path below BasePath), the statuses the",
        "// contract documents and the strict decoder of each one's body: CheckAnswers holds answers to them.",
        "var answerChecks = map[string]map[int]func([]byte) error{",
    ]
    for shape in shapes:
        lines.append(f"\t{go_string(shape.method.upper() + ' ' + shape.path)}: {{")
        for body in sorted(shape.responses, key=lambda b: b.status):
            lines.extend(_status_check(spec, shape, body.status, body.schema, model))
        lines.append("\t},")
    lines.append("}")
    lines.append("")
    lines.extend(_examples(spec, shapes))
    return "\n".join(lines) + "\n"


def _status_check(
    spec: SpecDocument, shape: OperationShape, status: str, schema: Mapping[str, Any] | None, model: GoModel
) -> list[str]:
    if not (status.isascii() and status.isdigit()):  # `²` is a digit to str.isdigit
        raise GenerationError(
            f"{spec.identity()}: {shape.key} documents the status {status!r}; the Go plugin needs exact "
            "statuses (write each one, e.g. 400 and 422, instead of a range or default)"
        )
    if schema is None:
        return [f"\t\t{status}: nil,"]
    named = body_schema_name(schema)
    if named is None:
        raise GenerationError(
            f"{spec.identity()}: {shape.key} answers {status} with an inline schema; give it a named schema"
        )
    go_type = model.go_name(named[0])
    if named[1]:
        return [f"\t\t{status}: func(data []byte) error {{ return checkList(data, decode{go_type}) }},"]
    return [f"\t\t{status}: func(data []byte) error {{ var v {go_type}; return v.UnmarshalJSON(data) }},"]


def _examples(spec: SpecDocument, shapes: list[OperationShape]) -> list[str]:
    lines = [
        "// SpecExamples are the spec's request examples, operation by operation; an operation without a",
        '// request body has one case, "no body".',
        "var SpecExamples = []SpecExample{",
    ]
    for shape in shapes:
        for name, body in request_examples(spec, shape):
            where = f"Method: {go_string(shape.method.upper())}, Path: {go_string(shape.path)}"
            if body is None:
                lines.append(f"\t{{{where}, Name: {go_string(name)}}},")
            else:
                text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
                lines.append(f"\t// {go_comment(shape.operation_id)}: {go_comment(name)}")
                lines.append(f"\t{{{where}, Name: {go_string(name)}, Body: []byte({go_string(text)})}},")
    lines.append("}")
    return lines
