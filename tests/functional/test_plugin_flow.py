"""The generated plugin in the platform's call order: every answer valid against the spec.

Well-known -> data source form -> health check -> query form (first request, trigger re-request,
saved form) -> get-result -> variable form and values, in two languages; Code mode offered
exactly when the contract says; texts chosen by Accept-Language with q-values.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.functional.test_plugin_harness import (
    API,
    CONFIG,
    assert_valid,
    by_code,
    constructor_request,
    get_result_request,
    no_nulls,
    option_values,
    plugin_context,
    shared_client,
    window,
)


@pytest.fixture
def api() -> TestClient:
    return shared_client()


def post(api: TestClient, path: str, body: Any, language: str | None = None) -> Any:
    headers = {"Accept-Language": language} if language else {}
    answer = api.post(API + path, json=body, headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/json")
    payload = answer.json()
    assert_valid(path, 200, payload)
    assert no_nulls(payload), f"{path} answers a null for an unset field"
    return payload


def test_well_known_metadata(api: TestClient) -> None:
    answer = api.get(f"{API}/well-known")
    assert answer.status_code == 200
    body = answer.json()
    assert_valid("/well-known", 200, body)
    assert body["name"] == "acme-sales"
    assert body["version"] == "0.1.0"
    assert [t["lang"] for t in body["title"]] == ["ru-RU", "en-US"]
    assert body["title"][0]["value"] == "Acme Sales"
    assert body["baseUrl"] == "http://testserver/api/v1"
    assert body["author"] is None and body["website"] is None
    assert {q["lang"] for q in body["queryHelp"]} == {"ru-RU", "en-US"}


@pytest.mark.parametrize("language", ["ru-RU", "en-US"])
def test_platform_call_order(api: TestClient, language: str) -> None:
    form = post(api, "/datasource/constructor-fields", constructor_request(config=[]), language)
    assert list(by_code(form)) == ["database", "accessKey", "rowLimit", "codeMode", "codeLang"]
    assert by_code(form)["accessKey"]["type"] == "password"
    health = post(api, "/datasource/health-check", {"fields": CONFIG}, language)
    assert health["status"] is True and health["error"] is False
    saved = health["datasourceConfig"]["fields"]
    assert by_code(saved)["accessKey"]["value"].startswith("enc:v1:")

    fields = post(api, "/query/constructor-fields", constructor_request(config=saved), language)
    codes = list(by_code(fields))
    assert codes == ["queryType", "table", "format", "timeColumn", "valueColumns", "groupBy", "filters"]
    disk = post(
        api,
        "/query/constructor-fields",
        constructor_request(
            [{"key": "queryType", "value": "constructor"}, {"key": "table", "value": "disk_metrics"}], saved
        ),
        language,
    )
    assert option_values(by_code(disk)["valueColumns"]) == ["read_bytes", "write_bytes"]
    assert option_values(by_code(fields)["valueColumns"]) == ["usage", "iowait"]

    first, _ = window()
    query_json = json.dumps({"table": "cpu_metrics", "valueColumns": ["usage"]})
    table_json = json.dumps({"table": "servers", "format": "table", "valueColumns": ["cores"]})
    result = post(
        api,
        "/query/get-result",
        get_result_request(
            [
                {
                    "refID": "A",
                    "maxDataPoints": 500,
                    "timeRange": {"from": first, "to": first + 3599},
                    "json": query_json,
                },
                {"refID": "B", "maxDataPoints": 100, "json": table_json},
            ],
            config=saved,
        ),
        language,
    )
    assert [f["refID"] for f in result["frames"]] == ["A", "B"]

    variable_form = post(api, "/variable/constructor-fields", constructor_request(config=saved), language)
    assert list(by_code(variable_form))[:3] == ["source", "table", "column"]
    values = post(
        api,
        "/variable/values",
        {
            "pluginContext": plugin_context(saved),
            "json": json.dumps({"table": "servers", "column": "region"}),
            "variables": {},
        },
        language,
    )
    assert values == [{"label": "eu-north", "value": "eu-north"}, {"label": "eu-west", "value": "eu-west"}]


def test_new_form_then_trigger_then_saved_form(api: TestClient) -> None:
    new = post(api, "/query/constructor-fields", constructor_request())
    fields = by_code(new)
    assert fields["queryType"]["isTrigger"] is True and fields["table"]["isTrigger"] is True
    assert fields["table"]["value"] == "cpu_metrics"
    template = fields["filters"]["props"]["fields"]
    assert [f["code"] for f in template] == ["column", "operator", "value"]
    assert all("arrayIndex" not in f for f in template)

    triggers = [{"key": "queryType", "value": "constructor"}, {"key": "table", "value": "servers"}]
    changed = by_code(post(api, "/query/constructor-fields", constructor_request(triggers)))
    assert changed["table"]["value"] == "servers"
    assert option_values(changed["valueColumns"]) == ["cores", "memory_gb"]
    assert changed["timeColumn"]["value"] == ""

    saved_values = [
        {"key": "queryType", "value": "constructor"},
        {"key": "table", "value": "cpu_metrics"},
        {"key": "format", "value": "table"},
        {"key": "timeColumn", "value": "time"},
        {"key": "valueColumns", "value": "usage,iowait"},
        {"key": "groupBy", "value": "region"},
        {"key": "column", "arrayIndex": 0, "value": "host"},
        {"key": "operator", "arrayIndex": 0, "value": "!="},
        {"key": "value", "arrayIndex": 0, "value": "$host"},
        {"key": "column", "arrayIndex": 1, "value": "usage"},
        {"key": "operator", "arrayIndex": 1, "value": ">"},
        {"key": "value", "arrayIndex": 1, "value": "50"},
    ]
    saved = by_code(post(api, "/query/constructor-fields", constructor_request(saved_values)))
    for item in saved_values[:6]:
        assert saved[item["key"]]["value"] == item["value"], item
    nested = saved["filters"]["props"]["fields"]
    assert [(f["arrayIndex"], f["code"], f.get("value")) for f in nested] == [
        (0, "column", "host"),
        (0, "operator", "!="),
        (0, "value", "$host"),
        (1, "column", "usage"),
        (1, "operator", ">"),
        (1, "value", "50"),
    ]


def test_saved_form_keeps_the_none_time_column(api: TestClient) -> None:
    """The "(none)" option of timeColumn has the value "": a saved form that chose it gets it back."""
    saved_values = [
        {"key": "queryType", "value": "constructor"},
        {"key": "table", "value": "cpu_metrics"},
        {"key": "timeColumn", "value": ""},
    ]
    saved = by_code(post(api, "/query/constructor-fields", constructor_request(saved_values)))
    assert saved["timeColumn"]["value"] == ""


def test_datasource_form_trigger_hides_the_code_language(api: TestClient) -> None:
    on = by_code(post(api, "/datasource/constructor-fields", constructor_request(config=[])))
    assert on["codeMode"]["isTrigger"] is True and "codeLang" in on
    off = by_code(
        post(
            api,
            "/datasource/constructor-fields",
            constructor_request([{"key": "codeMode", "value": "false"}], []),
        )
    )
    assert off["codeMode"]["value"] == "false" and "codeLang" not in off
    saved = by_code(
        post(
            api,
            "/datasource/constructor-fields",
            constructor_request(
                [{"key": "database", "value": "other.sqlite3"}, {"key": "rowLimit", "value": "5"}], []
            ),
        )
    )
    assert saved["database"]["value"] == "other.sqlite3" and saved["rowLimit"]["value"] == "5"


@pytest.mark.parametrize(
    ("config", "offered"),
    [
        (CONFIG, True),
        ([{"code": "codeMode", "value": "true"}, {"code": "codeLang", "value": "sql"}], True),
        ([{"code": "codeMode", "value": "false"}, {"code": "codeLang", "value": "sql"}], False),
        ([{"code": "codeMode", "value": "TRUE"}, {"code": "codeLang", "value": "sql"}], False),
        ([{"code": "codeMode", "value": "true"}, {"code": "codeLang", "value": ""}], False),
        ([{"code": "codeMode", "value": "true"}, {"code": "codeLang", "value": "  "}], False),
        ([{"code": "codeMode", "value": "true"}], False),
        ([{"code": "codeLang", "value": "sql"}], False),
        ([], False),
    ],
)
def test_code_option_only_when_the_config_allows_it(
    api: TestClient, config: list[dict[str, str]], offered: bool
) -> None:
    fields = post(api, "/query/constructor-fields", constructor_request(config=config))
    modes = option_values(by_code(fields)["queryType"])
    assert ("code" in modes) is offered
    assert modes[:2] == ["constructor", "json"]
    switched = by_code(
        post(
            api,
            "/query/constructor-fields",
            constructor_request([{"key": "queryType", "value": "code"}], config),
        )
    )
    if offered:
        assert switched["queryType"]["value"] == "code" and "codeQuery" in switched
        assert "table" not in switched
    else:  # the Code option is hidden and the mode returns to fields
        assert switched["queryType"]["value"] == "constructor" and "codeQuery" not in switched


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "ru-RU"),
        ("ru-RU", "ru-RU"),
        ("en-US", "en-US"),
        ("en", "en-US"),
        ("en-GB", "en-US"),
        ("de-DE", "ru-RU"),
        ("de-DE, en-US;q=0.8", "en-US"),
        ("ru-RU;q=0.5, en-US;q=0.9", "en-US"),
        ("en-US;q=0, ru-RU;q=0.1", "ru-RU"),
        ("*", "ru-RU"),
        ("garbage;;;q=zz", "ru-RU"),
        ("x" * 5000, "ru-RU"),
    ],
)
def test_texts_follow_accept_language(api: TestClient, header: str | None, expected: str) -> None:
    names = {"ru-RU": "Таблица", "en-US": "Table"}
    fields = by_code(post(api, "/query/constructor-fields", constructor_request(), header))
    assert fields["table"]["name"] == names[expected]
    labels = {o["value"]: o["label"] for o in fields["queryType"]["props"]["options"]}
    assert labels["constructor"] == {"ru-RU": "Конструктор", "en-US": "Constructor"}[expected]
    datasource = by_code(post(api, "/datasource/constructor-fields", constructor_request(config=[]), header))
    assert datasource["database"]["placeholder"] == "example.sqlite3"
    assert datasource["database"]["name"] == {"ru-RU": "Файл базы данных", "en-US": "Database file"}[expected]


def test_variable_form_trigger(api: TestClient) -> None:
    default = by_code(post(api, "/variable/constructor-fields", constructor_request()))
    assert default["source"]["value"] == "column_values" and default["table"]["value"] == "servers"
    tables = by_code(
        post(api, "/variable/constructor-fields", constructor_request([{"key": "source", "value": "tables"}]))
    )
    assert list(tables) == ["source"]
    names = post(api, "/variable/values", {"pluginContext": plugin_context(), "json": '{"source": "tables"}'})
    assert [v["value"] for v in names] == ["cpu_metrics", "disk_metrics", "servers"]
