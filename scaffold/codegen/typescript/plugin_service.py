"""Contract-owned files of a data source plugin service in TypeScript (Node 20, Fastify 5): `src/contract/`.

The pipeline mirrors the Python plugin's (scaffold/codegen/python/plugin_service.py): spec ->
operations (read through scaffold/specs/shapes.py and scaffold/codegen/plugin_shapes.py, shared
with every language) -> the types of every schema (types.py, the generator the module frontend
uses), the operations table, the abstract base class and the published document, rendered from
`templates/plugin/` -> plus the static runtime (`runtime_files/*.ts`: reading and checking bodies,
errors, languages, secrets) copied with the DO-NOT-EDIT header. The project's own code
(src/datasource.ts, src/app.ts) only imports from the folder, so `scaffold regenerate` may rewrite it
whole.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scaffold.codegen.escaping import block_comment_text, comment_line
from scaffold.codegen.generator import Answers
from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from scaffold.codegen.plugin_shapes import (
    base_path,
    body_schema_name,
    error_shape,
    request_examples,
    secret_paths,
)
from scaffold.codegen.runtime_values import spec_values
from scaffold.codegen.served_document import served_document
from scaffold.codegen.typescript.headers import typescript_header
from scaffold.codegen.typescript.literals import ts_literal, ts_string
from scaffold.codegen.typescript.render import render
from scaffold.codegen.typescript.runtime import copied_runtime_file
from scaffold.codegen.typescript.shared_values import FILE_NAME as RUNTIME_CONSTANTS
from scaffold.codegen.typescript.shared_values import typescript_runtime_constants
from scaffold.codegen.typescript.types import generate_typescript_types
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape, operations, ref_name

CONTRACT_FOLDER = "src/contract"
# Static runtime modules copied as they are (scaffold/codegen/typescript/runtime_files/).
RUNTIME_MODULES = (
    "answers.ts",
    "body-limits.ts",
    "catalog.ts",
    "config-check.ts",
    "conformance.ts",
    "context.ts",
    "errors.ts",
    "form-texts.ts",
    "form-values.ts",
    "locale.ts",
    "log-lines.ts",
    "observability.ts",
    "python-text.ts",
    "query-text.ts",
    "request-metrics.ts",
    "secret-keys.ts",
    "secrets.ts",
    "serve.ts",
    "shutdown.ts",
    "stub.ts",
    "validation.ts",
)
# Names the generated base class itself uses: an operationId may not become one of them.
RESERVED_METHOD_NAMES = frozenset({"secretFields", "constructor"})


@dataclass(frozen=True)
class TypeScriptOperation:
    """One operation with the names and types its generated TypeScript uses."""

    operation_id: str
    method_name: str
    http_method: str
    path: str
    summary: str
    request_schema: str | None  # "#/components/schemas/X"
    request_type: str | None
    response_type: str
    error_status_type: str | None
    error_validation_errors: bool
    request_secrets: tuple[tuple[str, ...], ...]
    response_secrets: tuple[tuple[str, ...], ...]


def contract_files(spec: SpecDocument, answers: Answers) -> dict[str, str]:
    """Every file of `src/contract/` for `spec`, as relative path -> text."""
    header = typescript_header(spec).rstrip("\n")
    ops = typescript_operations(spec)
    types = sorted({name for op in ops for name in _type_names(op)})
    context = {
        "header": header,
        "contract": spec.identity(),
        "operations": ops,
        "types": types,
        "request_types": sorted({op.request_type for op in ops if op.request_type}),
        "base_path": base_path(spec),
    }
    folder = CONTRACT_FOLDER
    files = {
        f"{folder}/types.ts": generate_typescript_types(spec),
        f"{folder}/operations.ts": render("plugin/operations.ts.jinja", **context),
        f"{folder}/base.ts": render("plugin/base.ts.jinja", **context),
        f"{folder}/index.ts": render("plugin/index.ts.jinja", **context),
        f"{folder}/spec.ts": spec_source(spec, header),
        f"{folder}/examples.ts": examples_source(spec, header),
        f"{folder}/texts.ts": texts_source(header),
        f"{folder}/{RUNTIME_CONSTANTS}": typescript_runtime_constants(header + "\n", spec_values(spec.data)),
    }
    for source in RUNTIME_MODULES:
        files[f"{folder}/{source}"] = copied_runtime_file(source)
    return dict(sorted(files.items()))


def typescript_operations(spec: SpecDocument) -> list[TypeScriptOperation]:
    """Every operation of `spec`, in document order; the method is the operationId itself."""
    schemas: Mapping[str, Any] = spec.data.get("components", {}).get("schemas", {}) or {}
    found = [_operation(spec, shape, schemas) for shape in operations(spec)]
    names = [op.method_name for op in found]
    duplicate = next((name for name in names if names.count(name) > 1), None)
    if duplicate is not None:
        raise GenerationError(f"{spec.identity()}: two operations have the operationId {duplicate!r}")
    return found


def _operation(spec: SpecDocument, shape: OperationShape, schemas: Mapping[str, Any]) -> TypeScriptOperation:
    name = shape.operation_id
    if not name.isidentifier() or not name[:1].islower() or name in RESERVED_METHOD_NAMES:
        raise GenerationError(
            f"{spec.identity()}: the operationId {name!r} of {shape.key} cannot be a method name",
            hint="Use a camelCase operationId of letters and digits, like getQueryResult.",
        )
    success = shape.success
    if success is None or success.schema is None:
        raise GenerationError(
            f"{spec.identity()}: {shape.key} has no JSON success response",
            hint="Every plugin operation answers JSON; add a 2xx application/json response.",
        )
    request_schema = request_type = None
    request_secrets: tuple[tuple[str, ...], ...] = ()
    if shape.request is not None:
        schema = shape.request.schema
        if schema is None or "$ref" not in schema:
            raise GenerationError(
                f"{spec.identity()}: the request body of {shape.key} is not a named JSON schema",
                hint="Give it a named schema under components/schemas.",
            )
        request_schema = str(schema["$ref"])
        request_type = ref_name(request_schema)
        request_secrets = secret_paths(schema, schemas)
    status_type, validation_errors = error_shape(shape, schemas)
    return TypeScriptOperation(
        operation_id=name,
        method_name=name,
        http_method=shape.method.upper(),
        path=shape.path,
        summary=block_comment_text(comment_line(shape.summary or shape.operation_id)),
        request_schema=request_schema,
        request_type=request_type,
        response_type=_response_type(spec, shape, success.schema),
        error_status_type=status_type,
        error_validation_errors=validation_errors,
        request_secrets=request_secrets,
        response_secrets=secret_paths(success.schema, schemas),
    )


def _response_type(spec: SpecDocument, shape: OperationShape, schema: Mapping[str, Any]) -> str:
    named = body_schema_name(schema)
    if named is not None:
        return f"{named[0]}[]" if named[1] else named[0]
    raise GenerationError(
        f"{spec.identity()}: the success response of {shape.key} is an inline schema",
        hint="Give it a named schema under components/schemas (or an array of one).",
    )


def _type_names(op: TypeScriptOperation) -> tuple[str, ...]:
    names = [op.response_type.removesuffix("[]")]
    if op.request_type:
        names.append(op.request_type)
    return tuple(names)


def spec_source(spec: SpecDocument, header: str) -> str:
    """`spec.ts`: the contract as this plugin publishes it (GET /openapi.json) and validates by."""
    document = served_document(spec, base_path(spec))
    return (
        f"{header}\n"
        f"/** {block_comment_text(spec.identity())} as this plugin publishes it and checks request bodies by. */\n"
        f"export const CONTRACT = {ts_string(spec.identity())};\n\n"
        f"export const DOCUMENT: Readonly<Record<string, unknown>> = {ts_literal(json.loads(json.dumps(document)))};\n"
    )


def examples_source(spec: SpecDocument, header: str) -> str:
    """`examples.ts`: every request example of the spec, listed here with its `$ref`s followed, for
    conformance.ts's `specExamples` (the Go plugin's conformance_gen.go lists the same ones)."""
    listed: list[dict[str, Any]] = []
    for shape in operations(spec):
        for name, body in request_examples(spec, shape):
            entry: dict[str, Any] = {"operationId": shape.operation_id, "name": name}
            if body is not None:
                entry["body"] = json.loads(json.dumps(body))
            listed.append(entry)
    return (
        f"{header}\n"
        "/** One request example of the spec: its operation, its name, and its body (none: no request body). */\n"
        "export interface RequestExample {\n"
        "  readonly operationId: string;\n"
        "  readonly name: string;\n"
        "  readonly body?: unknown;\n"
        "}\n\n"
        "/** Every request example of the spec, in its order; an operation without a request body has one. */\n"
        f"export const REQUEST_EXAMPLES: readonly RequestExample[] = {ts_literal(listed, 0, 52)};\n"
    )


def texts_source(header: str) -> str:
    """`texts.ts`: the glue's own texts (scaffold/codegen/glue_texts.py, one source for every language)."""
    return (
        f"{header}\n"
        "/** The generated glue's own texts by language (scaffold/codegen/glue_texts.py). */\n"
        "export const RUNTIME_TEXTS: Readonly<Record<string, Readonly<Record<string, string>>>> = "
        f"{ts_literal(RUNTIME_TEXTS)};\n"
    )
