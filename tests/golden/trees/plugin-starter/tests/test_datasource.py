"""The starter's answers (datasource.py): change these tests as you fill in its methods.

When your data source calls a service, test it against a fake of that service (the
`fake_upstream` fixture, tests/fake_upstream.py; README "Testing your data source").
"""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import constructor_request, plugin_context

API = "/api/v1"


def test_well_known(client: TestClient) -> None:
    answer = client.get(f"{API}/well-known")
    assert answer.status_code == 200
    body = answer.json()
    assert body["name"] == "acme-sales"
    assert {t["lang"] for t in body["title"]} == {"ru-RU", "en-US"}
    assert body["baseUrl"].endswith("/api/v1")


def test_health_check_saves_the_fields_sent(client: TestClient) -> None:
    fields = [{"code": "url", "type": "text", "value": "https://api.example.com"}]
    for language, message in (
        ("en-US", "The data source answers"),
        ("ru-RU", "Источник данных отвечает"),
    ):
        answer = client.post(
            f"{API}/datasource/health-check",
            json={"fields": fields},
            headers={"Accept-Language": language},
        )
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert (body["status"], body["message"]) == (True, message)
        assert body["datasourceConfig"]["fields"] == fields


def test_the_forms_have_no_fields_yet(client: TestClient) -> None:
    for form in ("datasource", "query", "variable"):
        answer = client.post(f"{API}/{form}/constructor-fields", json=constructor_request())
        assert answer.status_code == 200 and answer.json() == [], form


def test_every_query_gets_a_frame_with_its_ref_id(client: TestClient) -> None:
    queries = [{"refID": "A", "json": "{}"}, {"refID": "B", "json": "{}"}]
    body = {"pluginContext": plugin_context(), "dataQuery": queries, "variables": {}}
    answer = client.post(f"{API}/query/get-result", json=body)
    assert answer.status_code == 200, answer.text
    assert [frame["refID"] for frame in answer.json()["frames"]] == ["A", "B"]


def test_a_variable_has_no_values_yet(client: TestClient) -> None:
    body = {"pluginContext": plugin_context(), "json": "{}", "variables": {}}
    answer = client.post(f"{API}/variable/values", json=body)
    assert answer.status_code == 200 and answer.json() == []
