"""What holds for this plugin whatever its data source does, through HTTP calls to the app.

These run against the stand-in data source (the `glue` fixture: the answers the spec shows), so
they stay green as yours starts needing a URL, a token and a service to call; what your data
source answers is tested in tests/test_datasource.py.
"""

from __future__ import annotations

import socket

from fastapi.testclient import TestClient

from acme_sales.__main__ import (
    address_problem,
)

from .conftest import plugin_context

API = "/api/v1"


def test_a_body_that_breaks_the_schema_is_400(glue: TestClient) -> None:
    health = f"{API}/datasource/health-check"
    assert glue.post(health, content=b"{oops").status_code == 400
    for field in ({"code": "x", "value": None}, {"code": "x", "required": "true"}):
        assert glue.post(health, json={"fields": [field]}).status_code == 400
    result = f"{API}/query/get-result"
    wrong = glue.post(result, json={"dataQuery": "nope"})
    assert wrong.status_code == 400 and wrong.json()["status"] == 400
    context = {**plugin_context(), "orgID": "1"}
    wrong = glue.post(result, json={"pluginContext": context, "dataQuery": [{"refID": "A"}]})
    assert wrong.status_code == 400 and wrong.json()["status"] == 400


def test_null_is_not_an_omitted_field(glue: TestClient) -> None:
    """The contract allows leaving these fields out, not sending them as null."""
    nulls = {"pluginContext": None, "filter": None, "variables": None}
    for form in ("datasource", "query", "variable"):
        answer = glue.post(f"{API}/{form}/constructor-fields", json=nulls)
        assert answer.status_code == 400 and answer.json()["error"] is True
    assert glue.post(f"{API}/datasource/constructor-fields", json={}).status_code == 200


def test_a_busy_port_is_one_sentence_naming_port() -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        problem = address_problem("127.0.0.1", port)
    assert problem == f"port {port} on 127.0.0.1 is already in use; set PORT to a free port"
    assert address_problem("127.0.0.1", 0) is None
