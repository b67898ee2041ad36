"""The Python runtime's stand-in data source (runtime_files/stub.py, issue 40 point 4).

The seeded glue tests of a Python plugin serve it instead of the team's data source, so every
operation of every shipped plugin spec must have an example answer for it to give, and each call
must answer a fresh copy (a test that edits one answer must not change the next).
"""

from __future__ import annotations

import asyncio
import json
from abc import ABC, abstractmethod
from typing import Any

import pytest

from scaffold.codegen.python.plugin_operations import plugin_operations
from scaffold.codegen.python.runtime_files.errors import StartupError
from scaffold.codegen.python.runtime_files.operation_table import ErrorShape, Operation
from scaffold.codegen.python.runtime_files.stub import example_answer, stub_data_source
from scaffold.specs.catalog import load_shipped

SPEC = load_shipped("datasource-plugin")


def operation(method_name: str, path: str, http_method: str = "POST") -> Operation:
    return Operation(
        operation_id=method_name,
        method_name=method_name,
        http_method=http_method,
        path=path,
        summary="",
        request_model=None,
        response_model=dict,
        response_is_list=False,
        errors=ErrorShape(),
        signature="",
    )


class Base(ABC):
    @abstractmethod
    def check_health(self, *args: Any) -> Any: ...

    @abstractmethod
    def get_metadata(self, *args: Any) -> Any: ...


def spec_operations() -> list[Operation]:
    return [operation(op.method_name, op.path, op.http_method) for op in plugin_operations(SPEC)]


def test_every_operation_of_the_shipped_spec_has_an_example_answer() -> None:
    document = dict(SPEC.data)
    missing = [op.key for op in spec_operations() if example_answer(document, op) is None]
    assert not missing and len(spec_operations()) >= 7, missing


def test_the_stub_answers_a_fresh_copy_of_each_example() -> None:
    document = {
        "paths": {
            "/health": {"post": {"responses": {"200": {"$ref": "#/components/responses/Health"}}}},
            "/well-known": {
                "get": {
                    "responses": {
                        "200": {
                            "content": {
                                "application/json": {
                                    "examples": {
                                        "first": {"$ref": "#/components/examples/Meta"},
                                        "second": {"value": {"name": "second"}},
                                    }
                                }
                            }
                        }
                    }
                }
            },
        },
        "components": {
            "responses": {
                "Health": {"content": {"application/json": {"example": {"status": True, "fields": []}}}}
            },
            "examples": {"Meta": {"value": {"name": "first"}}},
        },
    }
    ops = [operation("check_health", "/health"), operation("get_metadata", "/well-known", "GET")]
    stub = stub_data_source(Base, ops, json.dumps(document))
    assert isinstance(stub, Base)
    first = asyncio.run(stub.check_health("request", "context"))
    assert first == {"status": True, "fields": []}
    first["fields"].append("changed by a test")
    assert asyncio.run(stub.check_health("request", "context")) == {"status": True, "fields": []}
    assert asyncio.run(stub.get_metadata("context")) == {"name": "first"}


def test_an_operation_without_an_example_answer_is_named() -> None:
    document = {"paths": {"/health": {"post": {"responses": {"200": {"description": "ok"}}}}}}
    ops = [operation("check_health", "/health"), operation("get_metadata", "/well-known", "GET")]
    with pytest.raises(StartupError, match=r"no example answer of POST /health"):
        stub_data_source(Base, ops, json.dumps(document))


def test_a_reference_loop_is_no_answer() -> None:
    document: dict[str, Any] = {
        "paths": {"/health": {"post": {"responses": {"200": {"$ref": "#/components/responses/A"}}}}},
        "components": {"responses": {"A": {"$ref": "#/components/responses/A"}}},
    }
    assert example_answer(document, operation("check_health", "/health")) is None
