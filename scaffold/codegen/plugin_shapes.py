"""What every language's plugin generator reads from an operation of the plugin spec, besides names.

Where the routes are mounted (the servers' base path), how an operation answers errors (the type
of its error body's `status`, whether it carries validationErrors) and where DatasourceField
values travel in its bodies (which the routes decrypt and encrypt) follow from the spec alone, the
same for a Python and a TypeScript plugin: nothing here knows the contract's endpoints by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape, deref, ref_name

# The contract's schema of a data source configuration field: values of type password in it are
# the secrets the contract says to return and accept only in encrypted form.
SECRET_FIELD_SCHEMA = "DatasourceField"  # noqa: S105 - a schema name
DEFAULT_BASE_PATH = "/api/v1"


def base_path(spec: SpecDocument) -> str:
    """The path segment of the servers' base URL (`/api/v1`), where the routes are mounted."""
    servers = spec.data.get("servers") or []
    for server in servers:
        url = str(server.get("url", ""))
        for name, variable in (server.get("variables") or {}).items():
            url = url.replace("{" + str(name) + "}", str(variable.get("default", "")))
        match = re.match(r"^[a-z][a-z0-9+.-]*://[^/]+(?P<path>/[^?#]*)?", url)
        if match and match["path"]:
            return "/" + match["path"].strip("/")
    return DEFAULT_BASE_PATH


def body_schema_name(schema: Mapping[str, Any]) -> tuple[str, bool] | None:
    """(schema name, is a list) of a body schema: a $ref, or an array of $ref items; None when inline."""
    if "$ref" in schema:
        return ref_name(str(schema["$ref"])), False
    items = schema.get("items")
    if schema.get("type") == "array" and isinstance(items, dict) and "$ref" in items:
        return ref_name(str(items["$ref"])), True
    return None


def error_shape(shape: OperationShape, schemas: Mapping[str, Any]) -> tuple[str | None, bool]:
    """From the documented 400 body: the type of its `status` and whether it has validationErrors."""
    body = next((r for r in shape.errors if r.status == "400"), None)
    if body is None or body.schema is None or "$ref" not in body.schema:
        return None, False
    schema = schemas.get(ref_name(str(body.schema["$ref"]))) or {}
    properties = schema.get("properties") or {}
    status = (properties.get("status") or {}).get("type")
    status_type = status if status in ("boolean", "integer") else None
    return status_type, "validationErrors" in properties


def secret_paths(schema: Mapping[str, Any], schemas: Mapping[str, Any]) -> tuple[tuple[str, ...], ...]:
    """Wire-name paths from `schema` to every array of DatasourceField, in property order."""
    found: list[tuple[str, ...]] = []

    def walk(node: Mapping[str, Any], path: tuple[str, ...], seen: frozenset[str]) -> None:
        if "$ref" in node:
            name = ref_name(str(node["$ref"]))
            if name in seen or name not in schemas:
                return
            walk(schemas[name], path, seen | {name})
            return
        items = node.get("items")
        if node.get("type") == "array" and isinstance(items, dict):
            if ref_name(str(items.get("$ref", ""))) == SECRET_FIELD_SCHEMA:
                found.append(path)
            return
        for prop, body in (node.get("properties") or {}).items():
            if isinstance(body, dict):
                walk(body, (*path, str(prop)), seen)

    walk(schema, (), frozenset())
    return tuple(found)


NO_BODY = "no body"


def request_examples(spec: SpecDocument, shape: OperationShape) -> list[tuple[str, Any]]:
    """(name, body) of each request example of one operation, in the spec's order; an operation
    without a request body gives one case, (NO_BODY, None).

    A request body or an example the spec shares by `$ref` (`#/components/requestBodies/...`,
    `#/components/examples/...`) is followed like an inline one: found skipped in both languages,
    where the seeded test that every operation has a case would then fail on such a spec.
    """
    item = (spec.data.get("paths") or {}).get(shape.path) or {}
    operation = item.get(shape.method.lower()) or {}
    _, body = deref(spec.data, "", operation.get("requestBody") or {})
    media = (body.get("content") or {}).get("application/json")
    if shape.request is None or not isinstance(media, Mapping):
        return [(NO_BODY, None)]
    found: list[tuple[str, Any]] = []
    if "example" in media:
        found.append(("example", media["example"]))
    for name, example in (media.get("examples") or {}).items():
        _, example = deref(spec.data, "", example)
        if "value" in example:
            found.append((str(name), example["value"]))
    return found
