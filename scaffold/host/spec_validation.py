"""Validate JSON values against the schemas of a contract spec (JSON Schema Draft 2020-12).

The whole OpenAPI document is registered as one Draft 2020-12 resource, so a schema is named by
its JSON pointer inside the spec (a component schema, or an operation's inline response schema)
and its local `$ref`s (`#/components/schemas/...`) resolve against the same document. The checker
never copies a schema: what the spec says is exactly what is checked.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

# jsonschema ships no type hints and types-jsonschema is not a dependency: its names are Any here.
from jsonschema import Draft202012Validator, FormatChecker  # type: ignore[import-untyped]
from jsonschema.exceptions import ValidationError  # type: ignore[import-untyped]
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from scaffold.redact import MASK, scrub
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape

_INT32 = (-(2**31), 2**31 - 1)
_INT64 = (-(2**63), 2**63 - 1)
_MAX_ERRORS = 3


def _within(bounds: tuple[int, int]) -> Callable[[object], bool]:
    def check(value: object) -> bool:
        return not isinstance(value, int) or isinstance(value, bool) or bounds[0] <= value <= bounds[1]

    return check


def _format_checker() -> FormatChecker:
    """Only the integer widths the spec's conventions promise (`int32`, `int64`) are asserted."""
    checker = FormatChecker(formats=())
    checker.checks("int32")(_within(_INT32))
    checker.checks("int64")(_within(_INT64))
    return checker


def escape_pointer_token(token: str) -> str:
    return token.replace("~", "~0").replace("/", "~1")


class SpecValidator:
    """Validates values against schemas named by JSON pointer into one spec document."""

    def __init__(self, spec: SpecDocument) -> None:
        self.spec = spec
        self._uri = f"urn:scaffold:spec:{spec.contract}:{spec.version}:{spec.short_sha}"
        resource: Resource[Any] = Resource.from_contents(dict(spec.data), default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(self._uri, resource)
        self._formats = _format_checker()
        self._validators: dict[str, Draft202012Validator] = {}

    def _validator(self, pointer: str) -> Draft202012Validator:
        cached = self._validators.get(pointer)
        if cached is None:
            cached = Draft202012Validator(
                {"$ref": f"{self._uri}#{pointer}"}, registry=self._registry, format_checker=self._formats
            )
            self._validators[pointer] = cached
        return cached

    def errors_at(self, pointer: str, value: Any, secrets: Iterable[str] = (), mask: str = MASK) -> list[str]:
        """Readable errors (at most a few, most relevant first); empty when `value` is valid.

        A message quotes the value it is about (in Python's spelling): each of `secrets` in it is
        replaced by `mask` before the message is cut to length, since a cut secret is not found.
        """
        errors = sorted(self._validator(pointer).iter_errors(value), key=_relevance)
        known = tuple(secrets)
        messages = [_describe(error, known, mask) for error in errors[:_MAX_ERRORS]]
        if len(errors) > _MAX_ERRORS:
            messages.append(f"and {len(errors) - _MAX_ERRORS} more")
        return messages

    def errors_for_schema(self, name: str, value: Any) -> list[str]:
        """Validate against the component schema `name` (e.g. `ConstructorField`)."""
        return self.errors_at(schema_pointer(name), value)

    def errors_for_value(self, schema: Mapping[str, Any], value: Any) -> list[str]:
        """Validate against an inline schema taken from the spec (its local `$ref`s still resolve)."""
        root = {**schema, "components": self.spec.data.get("components", {})}
        validator = Draft202012Validator(root, format_checker=self._formats)
        errors = sorted(validator.iter_errors(value), key=_relevance)
        return [_describe(error) for error in errors[:_MAX_ERRORS]]

    def has_response(self, operation: OperationShape, status: int) -> bool:
        return any(r.status == str(status) and r.schema is not None for r in operation.responses)

    def errors_for_response(
        self,
        operation: OperationShape,
        status: int,
        value: Any,
        secrets: Iterable[str] = (),
        mask: str = MASK,
    ) -> list[str]:
        """Validate an answer of `operation` against the spec's schema for that status."""
        return self.errors_at(response_pointer(operation, status), value, secrets, mask)

    def errors_for_request(
        self, operation: OperationShape, value: Any, secrets: Iterable[str] = (), mask: str = MASK
    ) -> list[str]:
        """Validate a body the checker itself sends, so the checker never tests with a bad request."""
        return self.errors_at(request_pointer(operation), value, secrets, mask)


def schema_pointer(name: str) -> str:
    return f"/components/schemas/{escape_pointer_token(name)}"


def _operation_pointer(operation: OperationShape) -> str:
    return f"/paths/{escape_pointer_token(operation.path)}/{operation.method}"


def response_pointer(operation: OperationShape, status: int) -> str:
    """Where the schema of `status`'s body is: in the operation, or in a shared response."""
    body = next((r for r in operation.responses if r.status == str(status) and r.pointer), None)
    if body is not None:
        return body.pointer
    return f"{_operation_pointer(operation)}/responses/{status}/content/application~1json/schema"


def request_pointer(operation: OperationShape) -> str:
    if operation.request is not None and operation.request.pointer:
        return operation.request.pointer
    return f"{_operation_pointer(operation)}/requestBody/content/application~1json/schema"


def _relevance(error: ValidationError) -> tuple[int, str]:
    return (len(error.absolute_path), error.json_path)


def _describe(error: ValidationError, secrets: tuple[str, ...] = (), mask: str = MASK) -> str:
    message = scrub(error.message, secrets, mask)
    if len(message) > 160:
        message = message[:157] + "..."
    return f"at {error.json_path}: {message}"
