"""`operations_gen.go`: the operations table, the Handler interface, the routes and the serve functions.

The Handler has one method per operation, named by its operationId (`getQueryResult` ->
`GetQueryResult`), taking the request's typed body and returning the typed answer. A project
asserts `var _ contract.Handler = (*DataSource)(nil)`, so a contract version that adds an
operation stops the build at that line, naming the method to add.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import count
from typing import Any

from scaffold.codegen.go.codecs import _encode_value
from scaffold.codegen.go.names import exported, go_comment, go_string
from scaffold.codegen.go.types import GoModel, GoType
from scaffold.codegen.plugin_shapes import SECRET_FIELD_SCHEMA, body_schema_name, error_shape, secret_paths
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape, operations


@dataclass(frozen=True)
class GoOperation:
    operation_id: str
    method: str  # Go method name
    http_method: str
    path: str
    summary: str
    request: str | None  # Go type of the body, None for no body
    response: GoType
    error_status_type: str
    validation_errors: bool
    request_secrets: tuple[tuple[str, ...], ...]
    response_secrets: tuple[tuple[str, ...], ...]


def go_operations(spec: SpecDocument, model: GoModel) -> list[GoOperation]:
    schemas: Mapping[str, Any] = spec.data.get("components", {}).get("schemas", {}) or {}
    found = [_operation(spec, shape, model, schemas) for shape in operations(spec)]
    names = [op.method for op in found]
    duplicate = next((name for name in names if names.count(name) > 1), None)
    if duplicate is not None:
        raise GenerationError(f"{spec.identity()}: two operations become the Go method {duplicate}")
    if any(op.request_secrets or op.response_secrets for op in found):
        _check_secret_field(spec, model)
    return found


def _operation(
    spec: SpecDocument, shape: OperationShape, model: GoModel, schemas: Mapping[str, Any]
) -> GoOperation:
    where = f"{spec.identity()}: {shape.key}"
    success = shape.success
    if success is None or success.schema is None:
        raise GenerationError(f"{where} has no JSON success response")
    named = body_schema_name(success.schema)
    if named is None:
        raise GenerationError(f"{where}: the success response is an inline schema; give it a named schema")
    answer = GoType("named", name=model.go_name(named[0]))
    response = GoType("slice", item=answer) if named[1] else answer
    request = None
    request_secrets: tuple[tuple[str, ...], ...] = ()
    if shape.request is not None:
        body = shape.request.schema
        if body is None or "$ref" not in body:
            raise GenerationError(f"{where}: the request body is not a named schema")
        request_name = body_schema_name(body)
        assert request_name is not None
        request = model.go_name(request_name[0])
        request_secrets = secret_paths(body, schemas)
    status_type, validation_errors = error_shape(shape, schemas)
    return GoOperation(
        operation_id=shape.operation_id,
        method=exported(shape.operation_id),
        http_method=shape.method.upper(),
        path=shape.path,
        summary=go_comment(shape.summary or shape.operation_id),
        request=request,
        response=response,
        error_status_type=status_type or "",
        validation_errors=validation_errors,
        request_secrets=request_secrets,
        response_secrets=secret_paths(success.schema, schemas) if not named[1] else (),
    )


def _check_secret_field(spec: SpecDocument, model: GoModel) -> None:
    """The serve glue reads DatasourceField's code, value and type as the contract defines them."""
    schema = model.schemas.get(SECRET_FIELD_SCHEMA)
    fields = {f.wire: f for f in schema.fields} if schema is not None else {}
    code, value, kind = fields.get("code"), fields.get("value"), fields.get("type")
    if not (
        code is not None
        and code.go == "string"
        and value is not None
        and value.go == "Opt[string]"
        and kind is not None
        and kind.wrapper == "opt"
    ):
        raise GenerationError(
            f"{spec.identity()}: {SECRET_FIELD_SCHEMA} must have a required string code, an optional "
            "string value and an optional type, as the contract defines it"
        )


def operations_source(spec: SpecDocument, model: GoModel, ops: list[GoOperation], base: str) -> str:
    lines = [
        "// BasePath is where the routes are mounted: the path of the spec's server URL.",
        f"const BasePath = {go_string(base)}",
        "",
        "// Operation is one operation of the contract, as the routes serve it.",
        "type Operation struct {",
        "\t// OperationID is the spec's operationId.",
        "\tOperationID string",
        "\t// MethodName is the Handler method serving it.",
        "\tMethodName string",
        "\t// HTTPMethod is GET or POST.",
        "\tHTTPMethod string",
        "\t// Path is below BasePath.",
        "\tPath string",
        '\t// ErrorStatusType is the type of the error body\'s status: "boolean", "integer" or "" (none).',
        "\tErrorStatusType string",
        "\t// ValidationErrors is true when the error body names fields in validationErrors.",
        "\tValidationErrors bool",
        "}",
        "",
        f"// Operations are the operations of {go_comment(spec.identity())}, in the spec's order.",
        "var Operations = []Operation{",
    ]
    for op in ops:
        lines.append(
            f"\t{{OperationID: {go_string(op.operation_id)}, MethodName: {go_string(op.method)}, "
            f"HTTPMethod: {go_string(op.http_method)}, Path: {go_string(op.path)}, "
            f"ErrorStatusType: {go_string(op.error_status_type)}, ValidationErrors: {str(op.validation_errors).lower()}}},"
        )
    lines += ["}", "", *_handler(ops), *_stub(ops), *_routes(ops), *_fields_glue(model)]
    for index, op in enumerate(ops):
        lines += _serve(op, index, model)
    return "\n".join(lines)


def _handler(ops: list[GoOperation]) -> list[str]:
    lines = [
        "// Handler is the data source: one method per operation of the contract. Return a *PluginError",
        "// for content the plugin cannot process (422 unless it says otherwise); any other error, and a",
        "// panic, is a 500 with an incident id in the log. Honour ctx: it is cancelled when the caller",
        "// hangs up, and returning its context.Canceled then is no failure (the access line says 499).",
        "type Handler interface {",
    ]
    for op in ops:
        lines.append(f"\t// {op.method} answers {op.http_method} {go_comment(op.path)}: {op.summary}")
        answer = op.response.go if op.response.kind == "slice" else f"*{op.response.go}"
        body = f", request *{op.request}" if op.request else ""
        lines.append(f"\t{op.method}(ctx context.Context, rc RequestContext{body}) ({answer}, error)")
    return [*lines, "}", ""]


def _stub(ops: list[GoOperation]) -> list[str]:
    """`Stub`: a Handler generated with the contract, so it has every method of every contract
    version; the project's seeded glue tests serve it, and so keep testing the glue (strictness,
    languages, request ids) whatever the project's own data source needs (a token, an upstream)."""
    lines = [
        "// Stub is a Handler whose every method gives the smallest answer the contract accepts (an",
        "// empty object or list). The seeded glue tests serve it (internal/datasource/*_test.go), so",
        "// they test the routes whatever your data source needs (a token, an API to call).",
        "type Stub struct{}",
        "",
        "var _ Handler = Stub{}",
        "",
    ]
    for op in ops:
        answer = op.response.go if op.response.kind == "slice" else f"*{op.response.go}"
        body = f", _ *{op.request}" if op.request else ""
        value = f"{op.response.go}{{}}" if op.response.kind == "slice" else f"&{op.response.go}{{}}"
        lines += [
            f"// {op.method} answers {go_comment(op.operation_id)} with {value}.",
            f"func (Stub) {op.method}(_ context.Context, _ RequestContext{body}) ({answer}, error) {{",
            f"\treturn {value}, nil",
            "}",
            "",
        ]
    return lines


def _routes(ops: list[GoOperation]) -> list[str]:
    lines = ["func (s *Server) routes() {"]
    allowed: dict[str, list[str]] = {}
    for op in ops:
        allowed.setdefault(op.path, []).append(op.http_method)
        lines.append(
            f"\ts.mux.HandleFunc({go_string(op.http_method + ' ')}+BasePath+{go_string(op.path)}, s.serve{op.method})"
        )
    for path, methods in allowed.items():
        names = [*methods, "HEAD"] if "GET" in methods else methods
        lines.append(
            f"\ts.mux.HandleFunc(BasePath+{go_string(path)}, s.notAllowed({go_string(', '.join(names))}))"
        )
    return [*lines, "}", ""]


def _fields_glue(model: GoModel) -> list[str]:
    if SECRET_FIELD_SCHEMA not in model.schemas:
        return []
    name = model.go_name(SECRET_FIELD_SCHEMA)
    return [
        "// revealFields decrypts the enc:v1 values of fields; the code of one that does not decrypt, if any.",
        f"func (s *Server) revealFields(fields []{name}) (string, bool) {{",
        "\tfor i := range fields {",
        "\t\tfield := &fields[i]",
        "\t\tif field.Value.Set && IsToken(field.Value.Value) {",
        "\t\t\tplain, err := s.secrets.Decrypt(field.Value.Value, field.Code)",
        "\t\t\tif err != nil {",
        "\t\t\t\treturn field.Code, false",
        "\t\t\t}",
        "\t\t\tfield.Value.Value = plain",
        "\t\t}",
        "\t}",
        '\treturn "", true',
        "}",
        "",
        "// sealFields encrypts the values of password fields and of the data source's SecretFields.",
        f"func (s *Server) sealFields(fields []{name}) error {{",
        "\tfor i := range fields {",
        "\t\tfield := &fields[i]",
        '\t\tsecret := (field.Type.Set && string(field.Type.Value) == "password") || s.secretFields[field.Code]',
        '\t\tif secret && field.Value.Set && field.Value.Value != "" && !IsToken(field.Value.Value) {',
        "\t\t\ttoken, err := s.secrets.Encrypt(field.Value.Value, field.Code)",
        "\t\t\tif err != nil {",
        "\t\t\t\treturn err",
        "\t\t\t}",
        "\t\t\tfield.Value.Value = token",
        "\t\t}",
        "\t}",
        "\treturn nil",
        "}",
        "",
    ]


def _access(root: str, root_type: str, path: tuple[str, ...], model: GoModel) -> tuple[list[str], str]:
    """The conditions under which `path` (wire names) exists below `root`, and the Go expression of it."""
    conditions: list[str] = []
    expr, type_name = root, root_type
    by_go = {schema.name: schema for schema in model.schemas.values()}
    for step in path:
        schema = by_go[type_name]
        field = next(f for f in schema.fields if f.wire == step)
        expr = f"{expr}.{field.name}"
        if field.wrapper == "opt":
            conditions.append(f"{expr}.Set")
            expr += ".Value"
        elif field.wrapper == "nullable":
            conditions.append(f"{expr}.Set && !{expr}.Null")
            expr += ".Value"
        type_name = field.type.name
    return conditions, expr


def _serve(op: GoOperation, index: int, model: GoModel) -> list[str]:
    lines = [
        f"// serve{op.method} serves {op.http_method} {go_comment(op.path)} ({op.operation_id}).",
        f"func (s *Server) serve{op.method}(w http.ResponseWriter, r *http.Request) {{",
        f"\top := &Operations[{index}]",
        "\trc := s.requestContext(r, op)",
        "\tdefer s.recoverPanic(w, r, op, rc)",
    ]
    call = f"s.handler.{op.method}(ctx, rc)"
    if op.request is not None:
        lines += [
            f"\tvar request {op.request}",
            f"\trelease, ok := s.readRequest(w, r, op, rc, func(reader *Reader) {{ decode{op.request}(reader, &request) }})",
            "\tif !ok {",
            "\t\treturn",
            "\t}",
            "\tdefer release()",
        ]
        for path in op.request_secrets:
            conditions, expr = _access("request", op.request, path, model)
            body = [
                f"if code, ok := s.revealFields({expr}); !ok {{",
                "\ts.undecryptable(w, op, rc, code)",
                "\treturn",
                "}",
            ]
            lines += _guarded(conditions, body)
        call = f"s.handler.{op.method}(ctx, rc, &request)"
    lines += [
        "\tctx, cancel := s.callContext(r)",
        "\tdefer cancel()",
        f"\tanswer, err := {call}",
        "\tif s.ended(w, r, ctx, op, rc, err) {",
        "\t\treturn",
        "\t}",
        "\tif err != nil {",
        "\t\ts.fail(w, r, op, rc, err)",
        "\t\treturn",
        "\t}",
    ]
    if op.response.kind != "slice":
        lines += ["\tif answer == nil {", "\t\ts.fail(w, r, op, rc, errNoAnswer(op))", "\t\treturn", "\t}"]
        for path in op.response_secrets:
            conditions, expr = _access("answer", op.response.name, path, model)
            body = [
                f"if err := s.sealFields({expr}); err != nil {{",
                "\ts.internal(w, r, op, rc, err)",
                "\treturn",
                "}",
            ]
            lines += _guarded(conditions, body)
        encode = [f"\t\treturn append{op.response.name}(b, answer)"]
    else:
        encode = [
            "\t\tvar err error",
            *["\t" + line for line in _encode_value(op.response, "answer", 1, count())],
            "\t\treturn b, err",
        ]
    lines += ["\ts.send(w, r, op, rc, func(b []byte) ([]byte, error) {", *encode, "\t})", "}", ""]
    return lines


def _guarded(conditions: list[str], body: list[str]) -> list[str]:
    if not conditions:
        return ["\t" + line for line in body]
    return [f"\tif {' && '.join(conditions)} {{", *["\t\t" + line for line in body], "\t}"]
