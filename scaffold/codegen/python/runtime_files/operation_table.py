"""The operations table of a contract and the check that a data source implements all of them.

The generated `base.py` lists one `Operation` per endpoint of the spec. The table drives both the
routes (what to parse, how to answer errors, where secrets travel) and the startup check: when a
newer contract adds an operation, a data source written for the older one fails at startup with
a message naming the method to add and its signature, instead of a bare abstract-class TypeError
or a 500 at the first call.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .errors import MissingOperationError, StartupError

StatusType = Literal["boolean", "integer"] | None


@dataclass(frozen=True)
class ErrorShape:
    """How an operation answers errors, from its spec.

    - `status_type`: the type of the error body's `status` property: "boolean" (HealthCheckResponse,
      false on error), "integer" (QueryDataResponse, the HTTP status), or None (no such body: the
      generic `{"error": true, "message": ...}`).
    - `validation_errors`: whether the body carries `validationErrors` (field code -> message).
    """

    status_type: StatusType = None
    validation_errors: bool = False

    def body(
        self, http_status: int, message: str, validation_errors: Mapping[str, str] | None = None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"error": True, "message": message}
        if self.status_type == "boolean":
            body["status"] = False
        elif self.status_type == "integer":
            body["status"] = http_status
        if validation_errors and self.validation_errors:
            body["validationErrors"] = dict(validation_errors)
        return body


@dataclass(frozen=True)
class Operation:
    """One endpoint of the contract and the data source method serving it.

    `request_secrets` / `response_secrets` are paths of wire names to lists of DatasourceField
    in the request / response body: values there are decrypted before the method sees them and
    encrypted (password fields) before the answer leaves.
    """

    operation_id: str
    method_name: str
    http_method: str
    path: str
    summary: str
    request_model: type[Any] | None
    response_model: type[Any]
    response_is_list: bool
    errors: ErrorShape
    signature: str
    request_secrets: tuple[tuple[str, ...], ...] = ()
    response_secrets: tuple[tuple[str, ...], ...] = ()

    @property
    def key(self) -> str:
        return f"{self.http_method.upper()} {self.path}"


def missing_operations(cls: type, operations: Iterable[Operation]) -> list[Operation]:
    """Operations whose method `cls` leaves abstract (inherited unimplemented from the base)."""
    abstract: frozenset[str] = getattr(cls, "__abstractmethods__", frozenset())
    return [
        op
        for op in operations
        if op.method_name in abstract or not callable(getattr(cls, op.method_name, None))
    ]


def source_file(cls: type) -> str:
    """Where a class is defined, as a project-relative path (`acme_sales/datasource.py`)."""
    return cls.__module__.replace(".", "/") + ".py"


def missing_operations_message(cls: type, missing: Iterable[Operation], contract: str) -> str:
    parts = [
        f"{cls.__name__} in {source_file(cls)} does not implement {op.method_name} "
        f"({op.key}, {contract}); add: {op.signature}"
        for op in missing
    ]
    return "; ".join(parts)


def require_operations(cls: type, operations: Iterable[Operation], contract: str) -> None:
    """Raise MissingOperationError naming every operation `cls` does not implement."""
    missing = missing_operations(cls, operations)
    if missing:
        raise MissingOperationError(missing_operations_message(cls, missing, contract))


def in_route_order(operations: Iterable[Operation], first: Iterable[str], contract: str) -> list[Operation]:
    """`operations` with those whose operationId is in `first` ahead (in that order), the rest as they are.

    Starlette tries an app's routes one after the other, each route before the one that matches
    costing about 0.6 us, so the operation called most is best found first. An id that names no
    operation stops the start: it would otherwise order nothing without a word.
    """
    by_id = {op.operation_id: op for op in operations}
    ahead = list(dict.fromkeys(first))
    unknown = [name for name in ahead if name not in by_id]
    if unknown:
        known = ", ".join(by_id)
        raise StartupError(
            f"build_router(first=...): {', '.join(unknown)} is no operationId of {contract}; use one of {known}"
        )
    return [by_id[name] for name in ahead] + [op for op in by_id.values() if op.operation_id not in ahead]
