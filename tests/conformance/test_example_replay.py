"""Every request example of the newest spec of each contract, replayed against a fresh server.

The generated plugin runs with PLUGIN_SECRET_KEY = the spec's `info.x-example-secret-key`, so
the `enc:v1:` values in the examples decrypt. Each example must be answered with a status its
operation documents and a body valid against that status's schema; request examples show
calls that work, so each is answered 2xx (a health check: 200, with `status` true or false as
the 200 response's examples document).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi.testclient import TestClient

from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.catalog import load_shipped
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from scaffold.specs.shapes import OperationShape, operations
from tests.conformance.conftest import Generated


@dataclass(frozen=True)
class Example:
    contract: str
    operation: OperationShape
    name: str
    value: Any

    def __str__(self) -> str:
        return f"{self.operation.method.upper()} {self.operation.path} {self.name}"


def request_examples(spec: SpecDocument) -> list[Example]:
    found = []
    by_key = {(op.method, op.path): op for op in operations(spec)}
    for path, item in spec.data["paths"].items():
        for method, operation in item.items():
            if (method, path) not in by_key:
                continue
            content = (operation.get("requestBody") or {}).get("content") or {}
            for media in content.values():
                if "example" in media:
                    found.append(Example(spec.contract, by_key[(method, path)], "example", media["example"]))
                for name, example in (media.get("examples") or {}).items():
                    found.append(Example(spec.contract, by_key[(method, path)], name, example["value"]))
    return found


PLUGIN_SPEC = load_shipped("datasource-plugin")
MODULE_SPEC = load_shipped("dashboard-module")
EXAMPLES = request_examples(PLUGIN_SPEC) + request_examples(MODULE_SPEC)


def test_the_examples_are_there() -> None:
    """Every operation with a request body has at least one request example to replay."""
    for spec in (PLUGIN_SPEC, MODULE_SPEC):
        with_body = {str(op.path) for op in operations(spec) if op.request is not None}
        replayed = {str(example.operation.path) for example in EXAMPLES if example.contract == spec.contract}
        assert with_body <= replayed, sorted(with_body - replayed)
    assert PLUGIN_SPEC.data["info"].get("x-example-secret-key"), "the plugin spec names its example key"


@pytest.fixture(scope="module")
def servers(
    plugin_project: Generated,
    module_project: Generated,
    importable: None,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[dict[str, tuple[TestClient, str]]]:
    """Test clients of both generated apps, with the base path their contract's paths are under."""
    import importlib

    for project, spec in ((plugin_project, PLUGIN_SPEC), (module_project, MODULE_SPEC)):
        assert load_spec_file(project.contract).sha256 == spec.sha256, "new projects get the newest spec"
    plugin_app = importlib.import_module(f"{plugin_project.package}.app")
    plugin_settings = importlib.import_module(f"{plugin_project.package}.settings")
    plugin_contract = importlib.import_module(f"{plugin_project.package}._contract")
    environ = {
        "PLUGIN_SECRET_KEY": str(PLUGIN_SPEC.data["info"]["x-example-secret-key"]),
        "PLUGIN_STATE_DIR": str(tmp_path_factory.mktemp("replay-state")),
    }
    plugin = TestClient(plugin_app.create_app(plugin_settings.Settings.from_env(environ)))
    module_app = importlib.import_module(f"{module_project.package}.app")
    module_settings = importlib.import_module(f"{module_project.package}.settings")
    module = TestClient(module_app.create_app(module_settings.Settings()))
    yield {
        PLUGIN_SPEC.contract: (plugin, str(plugin_contract.BASE_PATH)),
        MODULE_SPEC.contract: (module, ""),
    }


def _documented_health_statuses(spec: SpecDocument) -> set[bool]:
    """The `status` values the health check's 200 examples show."""
    ok = spec.data["paths"]["/datasource/health-check"]["post"]["responses"]["200"]
    examples = ok["content"]["application/json"].get("examples") or {}
    return {example["value"]["status"] for example in examples.values()}


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_request_example_is_served(example: Example, servers: dict[str, tuple[TestClient, str]]) -> None:
    spec = PLUGIN_SPEC if example.contract == PLUGIN_SPEC.contract else MODULE_SPEC
    client, base = servers[example.contract]
    op = example.operation
    answer = client.request(op.method.upper(), f"{base}{op.path}", json=example.value)
    validator = SpecValidator(spec)
    assert validator.has_response(op, answer.status_code), (
        f"{example}: status {answer.status_code} is not documented: {answer.text[:1000]}"
    )
    body = answer.json()
    errors = validator.errors_for_response(op, answer.status_code, body)
    assert not errors, f"{example}: the {answer.status_code} answer does not match its schema: {errors}"
    assert 200 <= answer.status_code < 300, f"{example}: answered {answer.status_code}: {answer.text[:1000]}"
    if op.path == "/datasource/health-check":
        assert answer.status_code == 200
        assert body["status"] in _documented_health_statuses(spec), body
