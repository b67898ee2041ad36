"""The example data source's behaviour, through HTTP calls to the app (no server needed)."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from .conftest import CONFIG, FIRST, constructor_request, plugin_context

API = "/api/v1"


def codes(fields: list[dict[str, Any]]) -> list[str]:
    return [field["code"] for field in fields]


def test_well_known(client: TestClient) -> None:
    answer = client.get(f"{API}/well-known")
    assert answer.status_code == 200
    body = answer.json()
    assert body["name"] == "acme-sales"
    assert {t["lang"] for t in body["title"]} == {"ru-RU", "en-US"}
    assert body["baseUrl"].endswith("/api/v1")


def test_health_check_encrypts_the_password(client: TestClient) -> None:
    answer = client.post(f"{API}/datasource/health-check", json={"fields": CONFIG})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["status"] is True
    saved = {f["code"]: f["value"] for f in body["datasourceConfig"]["fields"]}
    assert saved["accessKey"].startswith("enc:v1:")
    assert "s3cret" not in answer.text
    # the encrypted value is accepted back
    again = [{**f, "value": saved[f["code"]]} for f in CONFIG]
    assert (
        client.post(f"{API}/datasource/health-check", json={"fields": again}).json()["status"]
        is True
    )


def test_health_check_errors(client: TestClient) -> None:
    """400: the body's form is wrong (not JSON, null, a wrong type, too few entries: a required
    field without entry); 422: a field is empty or invalid."""
    health = f"{API}/datasource/health-check"
    assert client.post(health, content=b"{oops").status_code == 400
    for field in ({"code": "database", "value": None}, {"code": "x", "required": "true"}):
        assert client.post(health, json={"fields": [field]}).status_code == 400
    missing = client.post(health, json={"fields": []})
    assert missing.status_code == 400 and "database" in missing.json()["message"]
    invalid = [{"code": "database", "value": ""}, {"code": "rowLimit", "value": "0"}]
    answer = client.post(health, json={"fields": invalid})
    assert answer.status_code == 422
    assert set(answer.json()["validationErrors"]) == {"database", "rowLimit"}
    unreachable = [{"code": "database", "value": "missing.sqlite3"}]
    answer = client.post(health, json={"fields": unreachable}, headers={"Accept-Language": "en-US"})
    assert answer.status_code == 200 and answer.json()["status"] is False
    assert "does not exist" in answer.json()["message"]


def test_query_form_follows_the_trigger(client: TestClient) -> None:
    first = client.post(f"{API}/query/constructor-fields", json=constructor_request())
    assert first.status_code == 200
    assert codes(first.json())[:2] == ["queryType", "table"]
    changed = client.post(
        f"{API}/query/constructor-fields",
        json=constructor_request(
            [
                {"key": "queryType", "value": "constructor"},
                {"key": "table", "value": "disk_metrics"},
            ]
        ),
    )
    values = {f["code"]: f for f in changed.json()}
    assert {o["value"] for o in values["valueColumns"]["props"]["options"]} == {
        "read_bytes",
        "write_bytes",
    }


def test_code_mode_only_when_the_data_source_allows_it(client: TestClient) -> None:
    def modes(config: list[dict[str, Any]]) -> list[str]:
        fields = client.post(
            f"{API}/query/constructor-fields", json=constructor_request(config=config)
        ).json()
        return [o["value"] for o in fields[0]["props"]["options"]]

    assert "code" in modes(CONFIG)
    assert "code" not in modes([f for f in CONFIG if f["code"] != "codeLang"])


def test_localised_texts(client: TestClient) -> None:
    def name(language: str | None) -> str:
        headers = {"Accept-Language": language} if language else {}
        answer = client.post(
            f"{API}/query/constructor-fields", json=constructor_request(), headers=headers
        )
        return str(answer.json()[1]["name"])

    assert name(None) == name("ru-RU") == name("fr-FR")
    assert name("fr-FR, en-US;q=0.8") == name("en-US") != name("ru-RU")


def test_get_result_both_value_contracts(client: TestClient) -> None:
    window = {"from": FIRST, "to": FIRST + 59 * 60}
    series = json.dumps(
        {
            "table": "cpu_metrics",
            "valueColumns": ["usage"],
            "filters": [{"column": "host", "operator": "=", "value": "$host"}],
        }
    )
    table = json.dumps({"table": "servers", "format": "table", "valueColumns": ["cores"]})
    body = {
        "pluginContext": plugin_context(),
        "dataQuery": [
            {"refID": "A", "maxDataPoints": 1000, "timeRange": window, "json": series},
            {"refID": "B", "maxDataPoints": 10, "json": table},
        ],
        "variables": {"host": "db-01"},
    }
    answer = client.post(f"{API}/query/get-result", json=body)
    assert answer.status_code == 200, answer.text
    frames = answer.json()["frames"]
    assert [f["refID"] for f in frames] == ["A", "B"]
    points = frames[0]["fields"][0]["values"]
    assert len(points) == 60 and all(isinstance(v, str) for p in points for v in p.values())
    assert frames[1]["fields"][0]["values"][0]["cores"] == 16


def test_get_result_rejects_bad_requests(client: TestClient) -> None:
    """400 for a body that breaks the schema; 422 for queries this plugin cannot run."""
    result = f"{API}/query/get-result"
    wrong = client.post(result, json={"dataQuery": "nope"})
    assert wrong.status_code == 400 and wrong.json()["status"] == 400
    context = {**plugin_context(), "orgID": "1"}
    wrong = client.post(result, json={"pluginContext": context, "dataQuery": [{"refID": "A"}]})
    assert wrong.status_code == 400 and wrong.json()["status"] == 400
    unknown = {"refID": "A", "json": json.dumps({"table": "no_such_table"})}
    answer = client.post(result, json={"pluginContext": plugin_context(), "dataQuery": [unknown]})
    assert answer.status_code == 422 and answer.json()["status"] == 422
    assert set(answer.json()["validationErrors"]) == {"A"}
    no_code = [f for f in CONFIG if f["code"] != "codeLang"]
    code = {"refID": "B", "codeQuery": "SELECT 1", "json": '{"queryType": "code"}'}
    body = {"pluginContext": plugin_context(no_code), "dataQuery": [code]}
    assert client.post(result, json=body).status_code == 422


def test_variables(client: TestClient) -> None:
    fields = client.post(f"{API}/variable/constructor-fields", json=constructor_request()).json()
    assert codes(fields)[0] == "source"
    body = {
        "pluginContext": plugin_context(),
        "json": json.dumps({"table": "servers", "column": "hostname"}),
        "variables": {},
    }
    values = client.post(f"{API}/variable/values", json=body).json()
    assert [v["value"] for v in values] == ["db-01", "db-02", "db-03"]
    assert client.post(f"{API}/variable/values", json={}).status_code == 422  # nothing to list


def _servers(client: TestClient, spec: str, variables: dict[str, Any] | None = None) -> Any:
    """The get-result answer (status, body) to one query of the servers table, in English."""
    body = {
        "pluginContext": plugin_context(),
        "dataQuery": [{"refID": "A", "json": spec}],
        "variables": variables or {},
    }
    answer = client.post(f"{API}/query/get-result", json=body, headers={"Accept-Language": "en-US"})
    return answer.status_code, answer.json()


def _hosts(body: Any) -> list[str]:
    return [row["hostname"] for row in body["frames"][0]["fields"][0]["values"]]


def _filter(column: str, value: str) -> str:
    """A table query of servers with one filter `column >= value` (value: JSON text)."""
    group = {"column": column, "operator": ">=", "value": "VALUE"}
    spec = {"table": "servers", "format": "table", "groupBy": "hostname", "filters": [group]}
    return json.dumps(spec).replace('"VALUE"', value)


def test_the_rows_every_example_answers_alike(client: TestClient) -> None:
    """Decided once for the Python, TypeScript and Go examples (each one's tests hold these rows)."""
    # A filter number is a finite decimal in JSON number syntax, as text or a JSON number.
    for value in ('"1e1"', '"10"', '"16.0"', "1e1", "10"):
        status, body = _servers(client, _filter("cores", value))
        assert status == 200 and _hosts(body) == ["db-01"], (value, body)
    refused = "Query A: filters: the column holds numbers, the value is not one"
    for value in ('"NaN"', '"Infinity"', '"1e309"', '"1_000"', '"0x10"', '" 1"', '"+1"', "1e309"):
        status, body = _servers(client, _filter("cores", value))
        assert status == 422 and body["message"].startswith(refused), (value, body)
    status, body = _servers(client, _filter("cores", '"$n"'), {"n": ["16", "0x8"]})
    assert status == 422 and body["message"].startswith(refused), body
    # NaN and Infinity are not JSON; a JSON number is no text for a text column.
    status, body = _servers(client, _filter("cores", "NaN"))
    assert status == 422 and body["message"].startswith("Query A: json is not valid JSON"), body
    status, body = _servers(client, _filter("hostname", "5"))
    assert (status, body["message"]) == (422, "Query A: value must be a string")
    # $__proto__, $constructor, $toString are variable names like any other.
    unknown = "Query A: filters: the value names a variable that the request does not define"
    for name in ("$__proto__", "${constructor}", "$toString", "$nope"):
        status, body = _servers(client, _filter("hostname", json.dumps(name)))
        assert (status, body["message"]) == (422, unknown), name
        defined = {name.strip("${}"): "db-02"}
        status, body = _servers(client, _filter("hostname", json.dumps(name)), defined)
        assert status == 200 and _hosts(body) == ["db-02", "db-03"], name
    # "$host" and a newline is no whole `$name` (TypeScript and Go agree): here the reference
    # inside the text is replaced, and no host is "db-03\n".
    status, body = _servers(client, _filter("hostname", '"$host\\n"'), {"host": "db-03"})
    assert status == 200 and _hosts(body) == [], body
    # The query form marks table required: a query without one is refused, naming it.
    for spec in ("{}", '{"table": ""}', '{"format": "table"}'):
        status, body = _servers(client, spec)
        assert (status, body["message"]) == (422, "Query A: table is required"), spec
        assert body["validationErrors"] == {"A": "table is required"}
    values = f"{API}/variable/values"
    for variable_query, field in (
        ({"column": "hostname"}, "table"),
        ({"table": "servers"}, "column"),
    ):
        body = {"pluginContext": plugin_context(), "json": json.dumps(variable_query)}
        answer = client.post(values, json=body, headers={"Accept-Language": "en-US"})
        assert answer.status_code == 422
        assert answer.json()["message"] == f"Variable query: {field} is required"
