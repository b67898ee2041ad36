"""The plugin's operations as the route and base-class templates need them, read from the spec.

Nothing here knows the contract's endpoints by name: method names are the snake_case of each
operationId, Python types come from the body schemas, the error shape (which every 4xx and 5xx
body of the operation shares) from the documented 400 response, and the places where DatasourceField values travel (which the routes decrypt
and encrypt) are found by walking the schemas. A contract version that adds an endpoint therefore
gets its route and abstract method without a change to scaffold.
"""

from __future__ import annotations

import keyword
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scaffold.codegen.plugin_shapes import body_schema_name, error_shape, secret_paths
from scaffold.codegen.python.models import CLASS_NAMES
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape, operations
from scaffold.specs.wording import quoted

# Names DataSourceBase itself uses, and names whose upper case is a constant the generated base.py
# and routes.py already define or import (an operation's constant is its method name upper-cased).
RESERVED_METHOD_NAMES = frozenset(
    {"secret_fields", "contract", "operations", "base_path", "max_body_bytes", "default_locale"}
)

_IDENTIFIER = re.compile(r"^[a-z_][a-z0-9_]*$")


@dataclass(frozen=True)
class PluginOperation:
    """One operation, with every name and type its generated code uses."""

    operation_id: str
    method_name: str
    constant: str
    http_method: str
    path: str
    summary: str
    description: str
    request_class: str | None
    response_class: str
    response_is_list: bool
    error_status_type: str | None
    error_validation_errors: bool
    request_secrets: tuple[tuple[str, ...], ...]
    response_secrets: tuple[tuple[str, ...], ...]

    @property
    def key(self) -> str:
        return f"{self.http_method.upper()} {self.path}"

    @property
    def return_annotation(self) -> str:
        return f"list[{self.response_class}]" if self.response_is_list else self.response_class

    @property
    def parameters(self) -> str:
        """The method's parameters after `self`."""
        if self.request_class is None:
            return "context: RequestContext"
        return f"request: {self.request_class}, context: RequestContext"

    @property
    def signature(self) -> str:
        return f"def {self.method_name}(self, {self.parameters}) -> {self.return_annotation}"

    @property
    def classes(self) -> tuple[str, ...]:
        return tuple(c for c in (self.request_class, self.response_class) if c is not None)


def class_name(schema_name: str) -> str:
    return CLASS_NAMES.get(schema_name, schema_name)


def plugin_operations(spec: SpecDocument) -> list[PluginOperation]:
    """Every operation of `spec`, in document order, checked for names the code can use."""
    schemas: Mapping[str, Any] = spec.data.get("components", {}).get("schemas", {}) or {}
    result = [_operation(spec, shape, schemas) for shape in operations(spec)]
    seen: dict[str, str] = {}
    for op in result:
        if op.method_name in seen:
            raise GenerationError(
                f"{spec.identity()}: operations {seen[op.method_name]} and {op.operation_id} both "
                f"become the method {op.method_name}",
                hint="Give the operations operationIds whose snake_case forms differ.",
            )
        seen[op.method_name] = op.operation_id
    return result


def _operation(spec: SpecDocument, shape: OperationShape, schemas: Mapping[str, Any]) -> PluginOperation:
    method_name = shape.method_name
    if not _IDENTIFIER.match(method_name) or keyword.iskeyword(method_name):
        raise GenerationError(
            f"{spec.identity()}: the operationId {quoted(shape.operation_id)} of {shape.key} gives the method "
            f"name {quoted(method_name)}, which is not a Python identifier or is a Python keyword",
            hint="Use a camelCase operationId of letters and digits, like getQueryResult.",
        )
    if method_name in RESERVED_METHOD_NAMES or method_name.startswith("_"):
        raise GenerationError(
            f"{spec.identity()}: the operationId {quoted(shape.operation_id)} of {shape.key} gives the method "
            f"name {quoted(method_name)}, which the generated base class already uses",
            hint="Choose another operationId.",
        )
    success = shape.success
    if success is None or success.schema is None:
        raise GenerationError(
            f"{spec.identity()}: {shape.key} has no JSON success response",
            hint="Every plugin operation answers JSON; add a 2xx application/json response.",
        )
    response_class, response_is_list = _body_type(spec, shape, success.schema, "success response")
    request_class: str | None = None
    request_secrets: tuple[tuple[str, ...], ...] = ()
    if shape.request is not None:
        if shape.request.schema is None:
            raise GenerationError(f"{spec.identity()}: {shape.key} has a request body that is not JSON")
        request_class, is_list = _body_type(spec, shape, shape.request.schema, "request body")
        if is_list:
            raise GenerationError(
                f"{spec.identity()}: {shape.key} takes an array body; only objects are supported"
            )
        request_secrets = secret_paths(shape.request.schema, schemas)
    status_type, validation_errors = error_shape(shape, schemas)
    return PluginOperation(
        operation_id=shape.operation_id,
        method_name=method_name,
        constant=method_name.upper(),
        http_method=shape.method,
        path=shape.path,
        summary=shape.summary,
        description=shape.description,
        request_class=request_class,
        response_class=response_class,
        response_is_list=response_is_list,
        error_status_type=status_type,
        error_validation_errors=validation_errors,
        request_secrets=request_secrets,
        response_secrets=secret_paths(success.schema, schemas),
    )


def _body_type(
    spec: SpecDocument, shape: OperationShape, schema: Mapping[str, Any], where: str
) -> tuple[str, bool]:
    """(class name, is a list) of a body schema: a $ref, or an array of $ref items."""
    named = body_schema_name(schema)
    if named is not None:
        return class_name(named[0]), named[1]
    raise GenerationError(
        f"{spec.identity()}: the {where} of {shape.key} is an inline schema",
        hint="Give it a named schema under components/schemas (or an array of one).",
    )
