"""POST /api/v1/demo/status: proxy envelope or bare payload, Accept-Language, and bad input."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

URL = "/api/v1/demo/status"
NEITHER = "The body matches neither an envelope {payload, moduleContext} nor a bare payload {message}: "


def test_envelope_with_module_context(client: TestClient) -> None:
    body = {"payload": {"message": "ping"}, "moduleContext": {"connections": [{"token": "enc:v1:abc"}]}}
    response = client.post(URL, json=body, headers={"Accept-Language": "ru-RU"})
    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "message": "Модуль работает",
        "payload": {"message": "ping"},
        "moduleContext": "present",
    }
    assert "enc:v1:abc" not in response.text  # moduleContext may hold secrets: never echoed


def test_envelope_without_module_context(client: TestClient) -> None:
    response = client.post(URL, json={"payload": {"message": "ping"}})
    assert response.status_code == 200
    assert response.json()["moduleContext"] == "absent"


def test_bare_payload_in_english(client: TestClient) -> None:
    response = client.post(URL, json={"message": "ping"}, headers={"Accept-Language": "en-US,en;q=0.9"})
    assert response.status_code == 200
    assert response.json()["message"] == "The module is working"
    assert response.json()["moduleContext"] == "absent"
    assert response.headers["content-language"] == "en-US"


def test_default_language_is_russian(client: TestClient) -> None:
    body = {"message": "ping"}
    assert client.post(URL, json=body).json()["message"] == "Модуль работает"
    french = client.post(URL, json=body, headers={"Accept-Language": "fr-FR"})
    assert french.json()["message"] == "Модуль работает"


@pytest.mark.parametrize("raw", [b"", b"{", b"[1,", b"not json", b"\xff\xfe", b'{"a": NaN}', b'"\\ud800"'])
def test_malformed_json_is_400(client: TestClient, raw: bytes) -> None:
    response = client.post(URL, content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"] is True


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        ({}, "message is required"),
        ([], "the body must be an object"),
        ("text", "the body must be an object"),
        (None, "the body must be an object"),
        ({"message": {}}, "message must be a string"),
        ({"message": 1}, "message must be a string"),
        ({"message": None}, "message must be a string"),
        ({"message": "ping", "extra": 1}, "a bare payload allows no property other than message"),
        ({"payload": None}, "payload must be an object"),
        ({"payload": [1]}, "payload must be an object"),
        ({"payload": {}}, "payload.message is required"),
        ({"payload": {"message": 1}}, "payload.message must be a string"),
        ({"payload": {"message": "ping"}, "moduleContext": None}, "moduleContext must be an object (null"),
        ({"payload": {"message": "ping"}, "moduleContext": "secret"}, "moduleContext must be an object"),
        ({"payload": {"message": "ping"}, "moduleContext": [1, 2]}, "moduleContext must be an object"),
    ],
)
def test_a_body_matching_neither_shape_is_400(client: TestClient, body: object, problem: str) -> None:
    response = client.post(URL, content=json.dumps(body), headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    answer = response.json()
    assert answer["error"] is True
    assert answer["message"].startswith(NEITHER) and problem in answer["message"]


@pytest.mark.parametrize("depth", [100, 100000])
def test_deeply_nested_body_is_422(client: TestClient, depth: int) -> None:
    raw = b'{"payload": {"message": "x"}, "moduleContext": {"a": ' + b"[" * depth + b"]" * depth + b"}}"
    response = client.post(URL, content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert "nested" in response.json()["message"]


def test_plain_text_content_type_is_read_as_json(client: TestClient) -> None:
    response = client.post(URL, content=b'{"message": "hi"}', headers={"Content-Type": "text/plain"})
    assert response.status_code == 200


def test_other_content_types_are_400(client: TestClient) -> None:
    response = client.post(URL, content=b'{"message": "hi"}', headers={"Content-Type": "application/xml"})
    assert response.status_code == 400
    assert response.json()["error"] is True


def test_body_over_the_limit_is_413(client: TestClient) -> None:
    raw = b'{"message": "' + b"x" * (1024 * 1024) + b'"}'
    response = client.post(URL, content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 413
    assert response.json()["error"] is True


@pytest.mark.parametrize(("method", "path", "status"), [("GET", "/nowhere", 404), ("GET", URL, 405)])
def test_unknown_paths_and_methods_answer_the_error_body(
    client: TestClient, method: str, path: str, status: int
) -> None:
    response = client.request(method, path)
    assert response.status_code == status
    assert response.json()["error"] is True
