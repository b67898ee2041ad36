"""POST /api/v1/demo/status: proxy envelope or bare payload, Accept-Language, and bad input."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

URL = "/api/v1/demo/status"


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


def test_bare_payload_in_english(client: TestClient) -> None:
    response = client.post(URL, json={"message": "ping"}, headers={"Accept-Language": "en-US,en;q=0.9"})
    assert response.status_code == 200
    assert response.json()["message"] == "The module is working"
    assert response.json()["moduleContext"] == "absent"
    assert response.headers["content-language"] == "en-US"


@pytest.mark.parametrize("context", [None, "secret", [1, 2], 42])
def test_module_context_of_unknown_shape_is_ignored(client: TestClient, context: object) -> None:
    response = client.post(URL, json={"payload": {}, "moduleContext": context})
    assert response.status_code == 200
    assert response.json()["moduleContext"] == "absent"


def test_default_language_is_russian(client: TestClient) -> None:
    assert client.post(URL, json={}).json()["message"] == "Модуль работает"
    french = client.post(URL, json={}, headers={"Accept-Language": "fr-FR"})
    assert french.json()["message"] == "Модуль работает"


@pytest.mark.parametrize("raw", [b"", b"{", b"[1,", b"not json", b"\xff\xfe", b'{"a": NaN}', b'"\\ud800"'])
def test_malformed_json_is_400(client: TestClient, raw: bytes) -> None:
    response = client.post(URL, content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json()["error"] is True


@pytest.mark.parametrize("raw", [b"[]", b'"text"', b"1", b"null", b'{"payload": [1]}', b'{"payload": null}'])
def test_payload_that_is_not_an_object_is_422(client: TestClient, raw: bytes) -> None:
    response = client.post(URL, content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert response.json() == {"error": True, "message": "The payload must be a JSON object"}


@pytest.mark.parametrize("depth", [100, 100000])
def test_deeply_nested_body_is_422(client: TestClient, depth: int) -> None:
    raw = b'{"payload": {"a": ' + b"[" * depth + b"]" * depth + b"}}"
    response = client.post(URL, content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == 422
    assert "nested" in response.json()["message"]


def test_plain_text_content_type_is_read_as_json(client: TestClient) -> None:
    response = client.post(URL, content=b'{"message": "hi"}', headers={"Content-Type": "text/plain"})
    assert response.status_code == 200
