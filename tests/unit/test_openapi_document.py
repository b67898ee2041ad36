"""The spec a generated service publishes at GET /openapi.json (scaffold/codegen/python/openapi_document.py)."""

from __future__ import annotations

import ast
import json

import pytest

from scaffold.codegen.header import read_stamp
from scaffold.codegen.python.headers import python_header
from scaffold.codegen.python.openapi_document import openapi_document_module
from scaffold.specs.catalog import load_shipped, shipped_specs


@pytest.mark.parametrize("shipped", shipped_specs(), ids=lambda s: f"{s.contract}-{s.version}")
def test_the_document_is_the_spec_with_servers_naming_the_service(shipped: object) -> None:
    spec = load_shipped(shipped.contract, shipped.version)  # type: ignore[attr-defined]
    text = openapi_document_module(spec, python_header(spec), "/api/v1")
    stamp = read_stamp(text)
    assert stamp is not None and stamp.sha256 == spec.sha256, "stamped like every generated file"
    namespace: dict[str, object] = {}
    exec(compile(ast.parse(text), "openapi_document.py", "exec"), namespace)
    document = namespace["DOCUMENT"]
    assert isinstance(document, bytes) and document.isascii()
    published = json.loads(document)
    assert published["servers"] == [
        {
            "url": "/api/v1",
            "description": "This service; the URL is relative to the address of this document.",
        }
    ]
    assert {**published, "servers": None} == {**spec.data, "servers": None}, (
        "every other byte of meaning kept"
    )
    assert list(published) == list(spec.data)
