"""A spec's structure as plain data: operations and schema properties with readable type labels.

The diff, the route generator and the TypeScript generator all need the same questions answered
(which operations exist, what does each take and return, what type is this property); answering
them once here keeps the generators free of raw-dict traversal.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scaffold.specs.document import SpecDocument
from scaffold.specs.pointers import escape, resolve_local_ref

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
SCHEMA_PREFIX = "#/components/schemas/"
_WORD_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def snake_case(name: str) -> str:
    """`getDatasourceConstructorFields` -> `get_datasource_constructor_fields`.

    The one rule turning an operationId into the name of the method a project implements; the
    generators and the upgrade report both use it, so they always name the same method.
    """
    return _WORD_BOUNDARY.sub("_", name).replace("-", "_").lower()


@dataclass(frozen=True)
class PropertyShape:
    """One property of an object schema, by its wire name."""

    name: str
    type_label: str
    required: bool
    nullable: bool
    description: str
    schema: Mapping[str, Any]


@dataclass(frozen=True)
class SchemaShape:
    """A named component schema; `properties` is empty for non-object schemas."""

    name: str
    type_label: str
    properties: tuple[PropertyShape, ...]
    description: str
    schema: Mapping[str, Any]

    def property(self, name: str) -> PropertyShape | None:
        return next((p for p in self.properties if p.name == name), None)


@dataclass(frozen=True)
class BodyShape:
    """A request or response body: its status (responses only) and JSON type label.

    `pointer` is where its JSON schema sits in the document, through a `$ref` to a shared
    `#/components/responses/...` or `#/components/requestBodies/...` entry when there is one,
    so a validator resolves the schema exactly where the spec wrote it.
    """

    status: str
    type_label: str
    schema: Mapping[str, Any] | None
    pointer: str = ""


@dataclass(frozen=True)
class HeaderShape:
    name: str
    required: bool
    default: Any
    description: str


@dataclass(frozen=True)
class OperationShape:
    """One endpoint of the contract."""

    operation_id: str
    method: str
    path: str
    summary: str
    description: str
    request: BodyShape | None
    responses: tuple[BodyShape, ...]
    headers: tuple[HeaderShape, ...]

    @property
    def success(self) -> BodyShape | None:
        return next((r for r in self.responses if r.status.startswith("2")), None)

    @property
    def errors(self) -> tuple[BodyShape, ...]:
        return tuple(r for r in self.responses if not r.status.startswith("2"))

    @property
    def key(self) -> str:
        return f"{self.method.upper()} {self.path}"

    @property
    def method_name(self) -> str:
        """The Python method implementing this operation in a project."""
        return snake_case(self.operation_id)


def ref_name(ref: str) -> str:
    return ref[len(SCHEMA_PREFIX) :] if ref.startswith(SCHEMA_PREFIX) else ref


def is_nullable(schema: Mapping[str, Any]) -> bool:
    """Whether the contract allows JSON null here (3.1 type lists, or a null branch)."""
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    for key in ("oneOf", "anyOf"):
        branches = schema.get(key)
        if isinstance(branches, list) and any(isinstance(b, dict) and is_nullable(b) for b in branches):
            return True
    return False


def type_label(schema: Mapping[str, Any] | None) -> str:
    """A compact, stable description of a schema's type, e.g. `array<ConstructorField>`."""
    if schema is None:
        return "none"
    if "$ref" in schema:
        return ref_name(str(schema["$ref"]))
    if "x-callback" in schema:
        callback = schema["x-callback"]
        params = ", ".join(
            f"{p.get('name', '?')}: {type_label(p.get('schema', {}))}" for p in callback.get("parameters", [])
        )
        returns = callback.get("returns", "void")
        return f"({params}) => {returns if isinstance(returns, str) else type_label(returns)}"
    if "const" in schema:
        return f"const {schema['const']!r}"
    for key in ("oneOf", "anyOf"):
        if key in schema:
            return "|".join(type_label(b) for b in schema[key])
    if "allOf" in schema:
        return "&".join(type_label(b) for b in schema["allOf"])
    kind = schema.get("type")
    kinds = kind if isinstance(kind, list) else [kind] if kind else []
    labels = [_single_type_label(schema, k) for k in kinds]
    if not labels:
        return "any"
    return "|".join(labels)


def _single_type_label(schema: Mapping[str, Any], kind: str) -> str:
    if kind == "array":
        return f"array<{type_label(schema.get('items', {}))}>"
    if kind == "object":
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not schema.get("properties"):
            return f"map<{type_label(extra)}>"
        if extra is True and not schema.get("properties"):
            return "map<any>"
        return "object"
    if "enum" in schema and kind == "string":
        return "enum<" + "|".join(str(v) for v in schema["enum"]) + ">"
    fmt = schema.get("format")
    return f"{kind}({fmt})" if fmt else str(kind)


def schema_shapes(spec: SpecDocument) -> dict[str, SchemaShape]:
    schemas = spec.data.get("components", {}).get("schemas", {}) or {}
    return {name: _schema_shape(name, body) for name, body in schemas.items()}


def _schema_shape(name: str, schema: Mapping[str, Any]) -> SchemaShape:
    required = set(schema.get("required", []) or [])
    properties = tuple(
        PropertyShape(
            name=prop,
            type_label=type_label(body),
            required=prop in required,
            nullable=is_nullable(body),
            description=str(body.get("description", "")).strip(),
            schema=body,
        )
        for prop, body in (schema.get("properties") or {}).items()
    )
    return SchemaShape(
        name=name,
        type_label=type_label(schema),
        properties=properties,
        description=str(schema.get("description", "")).strip(),
        schema=schema,
    )


def operations(spec: SpecDocument) -> list[OperationShape]:
    """Operations in document order."""
    result: list[OperationShape] = []
    parameters = spec.data.get("components", {}).get("parameters", {}) or {}
    for route, item in (spec.data.get("paths") or {}).items():
        for method in HTTP_METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            result.append(
                OperationShape(
                    operation_id=str(op["operationId"]),
                    method=method,
                    path=str(route),
                    summary=str(op.get("summary", "")).strip(),
                    description=str(op.get("description", "")).strip(),
                    request=_request(op, spec.data, f"/paths/{escape(route)}/{method}"),
                    responses=_responses(op, spec.data, f"/paths/{escape(route)}/{method}"),
                    headers=_headers([*item.get("parameters", []), *op.get("parameters", [])], parameters),
                )
            )
    return result


def _json_schema(body: Mapping[str, Any]) -> Mapping[str, Any] | None:
    content = body.get("content") or {}
    media = content.get("application/json")
    if not isinstance(media, dict):
        return None
    schema = media.get("schema")
    return schema if isinstance(schema, dict) else None


_MAX_REF_HOPS = 16
JSON_MEDIA = "application/json"


def deref(document: Mapping[str, Any], pointer: str, node: Any) -> tuple[str, Mapping[str, Any]]:
    """Follow local `$ref`s from `node`, found at `pointer`: the final node and where it is.

    A shared response, request body or parameter (`#/components/responses/...`) is judged by
    the schema where the spec wrote it; a chain of refs is followed a bounded number of hops.
    """
    for _ in range(_MAX_REF_HOPS):
        if not (isinstance(node, Mapping) and isinstance(node.get("$ref"), str)):
            break
        ref: str = node["$ref"]
        found, target = resolve_local_ref(document, ref)
        if not found:
            break
        pointer, node = ref[1:], target
    return pointer, node if isinstance(node, Mapping) else {}


def json_schema_pointer(pointer: str, holder: Mapping[str, Any]) -> str | None:
    """Where the JSON body schema of a response or request body at `pointer` is, if it has one."""
    content = holder.get("content")
    if isinstance(content, Mapping):
        media = content.get(JSON_MEDIA)
        if isinstance(media, Mapping) and "schema" in media:
            return f"{pointer}/content/{escape(JSON_MEDIA)}/schema"
    return None


def _request(op: Mapping[str, Any], document: Mapping[str, Any], at: str) -> BodyShape | None:
    if not isinstance(op.get("requestBody"), Mapping):
        return None
    pointer, body = deref(document, at + "/requestBody", op["requestBody"])
    schema = _json_schema(body)
    return BodyShape("request", type_label(schema), schema, json_schema_pointer(pointer, body) or "")


def _responses(op: Mapping[str, Any], document: Mapping[str, Any], at: str) -> tuple[BodyShape, ...]:
    shapes = []
    for status, node in (op.get("responses") or {}).items():
        pointer, body = deref(document, f"{at}/responses/{escape(str(status))}", node)
        schema = _json_schema(body)
        where = json_schema_pointer(pointer, body) or ""
        shapes.append(BodyShape(str(status), type_label(schema), schema, where))
    return tuple(shapes)


def _headers(params: list[Any], components: Mapping[str, Any]) -> tuple[HeaderShape, ...]:
    shapes = []
    for param in params:
        if isinstance(param, dict) and "$ref" in param:
            param = components.get(str(param["$ref"]).rsplit("/", 1)[-1], {})
        if not isinstance(param, dict) or param.get("in") != "header":
            continue
        schema = param.get("schema") or {}
        shapes.append(
            HeaderShape(
                name=str(param["name"]),
                required=bool(param.get("required", False)),
                default=schema.get("default"),
                description=str(param.get("description", "")).strip(),
            )
        )
    return tuple(shapes)


def referenced_schemas(spec: SpecDocument, roots: list[Mapping[str, Any]]) -> list[str]:
    """Names of component schemas reachable from `roots`, in component order."""
    schemas = spec.data.get("components", {}).get("schemas", {}) or {}
    seen: set[str] = set()
    followed: set[str] = set()
    stack: list[Any] = list(roots)
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            ref = node.get("$ref")
            if isinstance(ref, str) and ref.startswith(SCHEMA_PREFIX):
                name = ref_name(ref)
                if name not in seen and name in schemas:
                    seen.add(name)
                    stack.append(schemas[name])
            elif isinstance(ref, str) and ref not in followed:
                followed.add(ref)  # a shared response, request body or parameter
                stack.append(deref(spec.data, "", node)[1])
            # A property *named* `$ref` holds a schema (scaffold.specs.keyword_nodes): walk it.
            stack.extend(v for k, v in node.items() if not (k == "$ref" and isinstance(v, str)))
        elif isinstance(node, list):
            stack.extend(node)
    return [name for name in schemas if name in seen]


def wire_schemas(spec: SpecDocument) -> list[str]:
    """Schemas that travel over HTTP: reachable from some operation's body or parameters."""
    roots: list[Mapping[str, Any]] = []
    for item in (spec.data.get("paths") or {}).values():
        if isinstance(item, dict):
            roots.append(item)
    return referenced_schemas(spec, roots)
