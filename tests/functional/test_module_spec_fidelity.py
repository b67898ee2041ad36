"""Issue 10, module part: the generated module backend answers exactly what the newest spec says.

Each request below is sent to a freshly generated `--defaults` module backend (in-process); the
answer's status must be one the spec documents for the operation (or, for 404/405, in
`info.x-scaffold-decision`), and its body must be valid against the schema documented for that
status. For JSON bodies the spec's own request schema decides: a body valid against
DemoStatusRequest is answered 200, any other 400. Nothing is coerced.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from tests.conftest import SPECS
from tests.functional.test_module_backend import PACKAGE, backend, client, project

__all__ = ["backend", "client", "project"]  # fixtures shared with test_module_backend

SPEC_R2 = SPECS / "dashboard-module" / "2026.1.1+r2.yaml"
DEMO = "/api/v1/demo/status"
WELL_KNOWN = "/api/v1/well-known"
JSON = {"Content-Type": "application/json"}

# (name, raw body, expected status): the cases the issue found, and their neighbours.
CASES: list[tuple[str, bytes, int]] = [
    ("valid_envelope", b'{"payload": {"message": "ping"}, "moduleContext": {"token": "x"}}', 200),
    ("valid_envelope_without_context", b'{"payload": {"message": "ping"}}', 200),
    ("envelope_with_extra_top_level_key", b'{"payload": {"message": "ping"}, "user": 1}', 200),
    ("bare_payload", b'{"message": "ping"}', 200),
    ("message_is_an_object", b'{"message": {}}', 400),
    ("empty_object", b"{}", 400),
    ("empty_array", b"[]", 400),
    ("json_null", b"null", 400),
    ("json_string", b'"ping"', 400),
    ("null_module_context", b'{"payload": {"message": "ping"}, "moduleContext": null}', 400),
    ("string_module_context", b'{"payload": {"message": "ping"}, "moduleContext": "secret"}', 400),
    ("payload_null", b'{"payload": null}', 400),
    ("payload_array", b'{"payload": [1]}', 400),
    ("payload_without_message", b'{"payload": {}}', 400),
    ("payload_with_extra_key", b'{"payload": {"message": "ping", "x": 1}}', 400),
    ("message_is_a_number", b'{"message": 1}', 400),
    ("message_is_null", b'{"message": null}', 400),
    ("bare_payload_with_extra_key", b'{"message": "ping", "x": 1}', 400),
    ("non_json", b"not json", 400),
    ("empty_body", b"", 400),
    ("nan", b'{"message": NaN}', 400),
]


@pytest.fixture(scope="module")
def spec() -> dict[str, Any]:
    return dict(yaml.safe_load(SPEC_R2.read_text(encoding="utf-8")))


def schema_validator(spec: dict[str, Any], schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator({**schema, "components": spec["components"]})


def documented(spec: dict[str, Any], path: str, method: str, status: int) -> dict[str, Any]:
    """The response object the spec documents for `status` ($ref followed); fails when none."""
    responses = spec["paths"][path][method]["responses"]
    assert str(status) in responses, (
        f"{method.upper()} {path} answered {status}, which the spec does not document"
    )
    response = responses[str(status)]
    if "$ref" in response:
        response = spec["components"]["responses"][response["$ref"].rsplit("/", 1)[-1]]
    return dict(response)


def assert_documented_answer(spec: dict[str, Any], path: str, method: str, answer: Any) -> None:
    response = documented(spec, path, method, answer.status_code)
    assert answer.headers["content-type"].startswith("application/json")
    schema = response["content"]["application/json"]["schema"]
    errors = [e.message for e in schema_validator(spec, schema).iter_errors(answer.json())]
    assert not errors, (answer.status_code, answer.json(), errors)


@pytest.mark.parametrize(("name", "raw", "status"), CASES, ids=[case[0] for case in CASES])
def test_demo_status_answers_what_the_spec_documents(
    client: TestClient, spec: dict[str, Any], name: str, raw: bytes, status: int
) -> None:
    answer = client.post(DEMO, content=raw, headers=JSON)
    assert answer.status_code == status, (name, answer.json())
    assert_documented_answer(spec, DEMO, "post", answer)
    if status == 400:
        assert answer.json()["error"] is True


def _is_json(raw: bytes) -> bool:
    try:
        json.loads(raw)
    except ValueError:
        return False
    return True


JSON_CASES = [case for case in CASES if _is_json(case[1])]


@pytest.mark.parametrize(("name", "raw", "status"), JSON_CASES, ids=[case[0] for case in JSON_CASES])
def test_the_request_schema_decides_200_or_400(
    client: TestClient, spec: dict[str, Any], name: str, raw: bytes, status: int
) -> None:
    """For every JSON case (the others have no schema to decide): valid against DemoStatusRequest <=> 200."""
    body = json.loads(raw)
    request_schema = spec["paths"][DEMO]["post"]["requestBody"]["content"]["application/json"]["schema"]
    valid = schema_validator(spec, request_schema).is_valid(body)
    assert valid == (status == 200), name
    assert client.post(DEMO, content=raw, headers=JSON).status_code == (200 if valid else 400), name


def test_every_request_example_is_answered_200_with_a_schema_valid_body(
    client: TestClient, spec: dict[str, Any]
) -> None:
    examples = spec["paths"][DEMO]["post"]["requestBody"]["content"]["application/json"]["examples"]
    assert examples
    for name, example in examples.items():
        answer = client.post(DEMO, json=example["value"])
        assert answer.status_code == 200, (name, answer.json())
        assert_documented_answer(spec, DEMO, "post", answer)


def test_other_answers_are_documented(client: TestClient, spec: dict[str, Any]) -> None:
    """413, 422, a non-JSON Content-Type; 404 and 405 with the error body info's decision names."""
    too_large = client.post(DEMO, content=b'{"message": "' + b"x" * (1024 * 1024) + b'"}', headers=JSON)
    assert too_large.status_code == 413
    assert_documented_answer(spec, DEMO, "post", too_large)
    deep = b'{"payload": {"message": "x"}, "moduleContext": {"a": ' + b"[" * 100 + b"]" * 100 + b"}}"
    too_deep = client.post(DEMO, content=deep, headers=JSON)
    assert too_deep.status_code == 422
    assert_documented_answer(spec, DEMO, "post", too_deep)
    xml = client.post(DEMO, content=b'{"message": "ping"}', headers={"Content-Type": "application/xml"})
    assert xml.status_code == 400
    assert_documented_answer(spec, DEMO, "post", xml)
    plain = client.post(DEMO, content=b'{"message": "ping"}', headers={"Content-Type": "text/plain"})
    assert plain.status_code == 200
    assert_documented_answer(spec, WELL_KNOWN, "get", client.get(WELL_KNOWN))
    decision = spec["info"]["x-scaffold-decision"]
    assert "404" in decision and "405" in decision and "DemoStatusError" in decision
    error = schema_validator(spec, {"$ref": "#/components/schemas/DemoStatusError"})
    for method, path, status in (("GET", "/nowhere", 404), ("GET", DEMO, 405), ("POST", WELL_KNOWN, 405)):
        answer = client.request(method, path)
        assert answer.status_code == status, (method, path)
        error.validate(answer.json())
    missing = client.get("/static/no-such-file.js")
    assert missing.status_code == 404
    error.validate(missing.json())


def test_an_exception_in_the_projects_code_is_a_documented_500(
    backend: ModuleType, project: Path, spec: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing(*args: object) -> Any:
        raise RuntimeError("secret detail that must not reach the caller")

    settings = importlib.import_module(f"{PACKAGE}.settings").Settings(
        frontend_dist=project / "frontend" / "dist"
    )
    monkeypatch.setattr(backend, "demo_status", failing)
    monkeypatch.setattr(backend, "module_metadata", failing)
    broken = TestClient(backend.create_app(settings), raise_server_exceptions=False)
    for answer, path, method in (
        (broken.post(DEMO, json={"message": "ping"}), DEMO, "post"),
        (broken.get(WELL_KNOWN), WELL_KNOWN, "get"),
    ):
        assert answer.status_code == 500
        assert_documented_answer(spec, path, method, answer)
        assert "incident" in answer.json()["message"]
        assert "secret detail" not in answer.text
