"""400 is for a request's form, 422 for its content: the generated plugin's two kinds of refusal.

A body that does not match the contract's request schema is refused 400 without coercion: null
is not an omitted field, "1" is not an integer, "true" is not a boolean. A body that matches the
schema but holds what the plugin cannot process (a token that does not decrypt, a Code-mode query
the configuration does not enable, query JSON the example does not understand, a health check
missing required fields) is refused 422, in the body the contract names for the operation. Every
case checks both halves of the rule against the spec itself: the 400 bodies break the request
schema, the 422 bodies satisfy it, and every answer is valid against the documented response.
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
    constructor_request,
    get_result_request,
    module,
    plugin_context,
    shared_client,
    spec_operations,
    spec_validator,
    state_dir,
)

CONSTRUCTORS = ["/datasource/constructor-fields", "/query/constructor-fields", "/variable/constructor-fields"]
SERIES = json.dumps({"table": "cpu_metrics", "valueColumns": ["usage"]})
# A config without codeLang: Code mode needs codeMode "true" and a codeLang.
NO_CODE_MODE = [f for f in CONFIG if f["code"] != "codeLang"]


def _with(body: dict[str, Any], path: tuple[str | int, ...], value: Any) -> dict[str, Any]:
    """A deep copy of `body` with the value at `path` replaced."""
    copy: Any = json.loads(json.dumps(body))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return dict(copy)


def _query(**fields: Any) -> dict[str, Any]:
    return get_result_request([{"refID": "A", "json": SERIES, **fields}])


WRONG_FORMS: dict[str, tuple[str, dict[str, Any]]] = {
    "null context, filter and variables": (
        "/datasource/constructor-fields",
        {"pluginContext": None, "filter": None, "variables": None},
    ),
    "fields[].value null": ("/datasource/health-check", {"fields": [{"code": "database", "value": None}]}),
    "fields[].required 'true'": (
        "/datasource/health-check",
        {"fields": [{"code": "database", "value": "x", "required": "true"}]},
    ),
    "fields[].max '5'": ("/datasource/health-check", {"fields": [{"code": "database", "max": "5"}]}),
    "timeRange.from null": ("/query/get-result", _query(timeRange={"from": None, "to": 5})),
    "timeRange.to '5'": ("/query/get-result", _query(timeRange={"to": "5"})),
    "maxDataPoints 1.5": ("/query/get-result", _query(maxDataPoints=1.5)),
    "refID null": ("/query/get-result", _query(refID=None)),
    "dataQuery[] null": ("/query/get-result", {**get_result_request([]), "dataQuery": [None]}),
    "filter.fields[].key null": (
        "/query/constructor-fields",
        constructor_request([{"key": None, "value": "x"}]),
    ),
    "filter.fields[].arrayIndex '0'": (
        "/query/constructor-fields",
        constructor_request([{"key": "table", "arrayIndex": "0", "value": "x"}]),
    ),
    "orgID '1'": (
        "/variable/constructor-fields",
        _with(constructor_request(), ("pluginContext", "orgID"), "1"),
    ),
    "orgID true": ("/variable/values", {"pluginContext": {**plugin_context(), "orgID": True}}),
    "pluginContext null": ("/variable/values", {"pluginContext": None, "json": "{}"}),
    "variables value null": ("/variable/values", {"json": "{}", "variables": {"host": None}}),
    "variables value number": ("/query/get-result", {**_query(), "variables": {"host": 1}}),
    "dataSourceInstanceSettings null": (
        "/query/constructor-fields",
        _with(constructor_request(), ("pluginContext", "dataSourceInstanceSettings"), None),
    ),
}


@pytest.fixture
def api() -> TestClient:
    return shared_client()


def _schema_errors(path: str, body: Any) -> list[str]:
    return spec_validator().errors_for_request(spec_operations()[path], body)


def _check_error(path: str, answer: Any, status: int) -> dict[str, Any]:
    assert answer.status_code == status, (path, answer.status_code, answer.text[:300])
    body = answer.json()
    assert body["error"] is True and isinstance(body["message"], str) and body["message"]
    assert_valid(path, status, body)
    if path == "/datasource/health-check":
        assert body["status"] is False
    elif path == "/query/get-result":
        assert body["status"] == status
    else:
        assert set(body) == {"error", "message"}
    return dict(body)


@pytest.mark.parametrize("label", list(WRONG_FORMS))
def test_a_body_breaking_the_schema_is_400_without_coercion(api: TestClient, label: str) -> None:
    path, body = WRONG_FORMS[label]
    assert _schema_errors(path, body), f"{label} should break the request schema of {path}"
    answer = _check_error(path, api.post(API + path, json=body, headers={"Accept-Language": "en-US"}), 400)
    assert answer["message"].startswith("Request format is wrong: "), answer["message"]
    assert "None" not in answer["message"] and "'" not in answer["message"]


@pytest.mark.parametrize("language", ["ru-RU", "en-US"])
def test_null_is_named_as_null_in_the_callers_language(api: TestClient, language: str) -> None:
    path, body = WRONG_FORMS["null context, filter and variables"]
    message = api.post(API + path, json=body, headers={"Accept-Language": language}).json()["message"]
    expected = {"ru-RU": "null не допускается", "en-US": "null is not allowed"}[language]
    assert message.count(expected) == 3, message
    assert "pluginContext" in message and "variables" in message, message


def test_leaving_optional_fields_out_is_fine(api: TestClient) -> None:
    for path in CONSTRUCTORS:
        assert api.post(API + path, json={}).status_code in (200, 422)
    assert api.post(f"{API}/datasource/constructor-fields", json={}).status_code == 200


def test_a_whole_number_float_is_an_integer(api: TestClient) -> None:
    """JSON Schema counts 5.0 as an integer: strict parsing must not refuse it."""
    body = _with(constructor_request(), ("pluginContext", "orgID"), 926904911639.0)
    assert not _schema_errors("/query/constructor-fields", body)
    assert api.post(f"{API}/query/constructor-fields", json=body).status_code == 200
    result = _query(maxDataPoints=10.0)
    assert api.post(f"{API}/query/get-result", json=result).status_code == 200


# Keys spelled as the models' Python attributes: on the wire they are unknown properties, which the
# schema allows with any value and the plugin ignores (found by Schemathesis in CI).
ATTRIBUTE_SPELLED_KEYS: dict[str, tuple[str, dict[str, Any]]] = {
    "fields[].max_file_size 'x', min_length 5.5": (
        "/variable/constructor-fields",
        _with(
            constructor_request(),
            ("pluginContext", "dataSourceInstanceSettings", "fields"),
            [*CONFIG, {"code": "extra", "max_file_size": "x", "min_length": 5.5, "read_only": "yes"}],
        ),
    ),
    "filter.fields[].array_index '0'": (
        "/query/constructor-fields",
        constructor_request([{"key": "table", "array_index": "0", "value": "cpu_metrics"}]),
    ),
    "dataQuery[].max_data_points 'many'": ("/query/get-result", _query(max_data_points="many")),
    "pluginContext.org_id 'x'": (
        "/variable/values",
        {"pluginContext": {"pluginID": "acme-sales", "org_id": "x"}, "json": "{}"},
    ),
}


@pytest.mark.parametrize("label", list(ATTRIBUTE_SPELLED_KEYS))
def test_a_key_spelled_as_a_python_attribute_is_an_unknown_property(api: TestClient, label: str) -> None:
    path, body = ATTRIBUTE_SPELLED_KEYS[label]
    assert not _schema_errors(path, body), f"{label} should satisfy the request schema of {path}"
    answer = api.post(API + path, json=body, headers={"Accept-Language": "en-US"})
    assert answer.status_code != 400, (label, answer.text[:300])
    assert_valid(path, answer.status_code, answer.json())


def test_a_wire_value_is_never_taken_from_an_attribute_spelled_key(api: TestClient) -> None:
    """Only `refID` names a query: `ref_id` is an unknown property and names nothing."""
    body = get_result_request([{"refID": "A", "json": SERIES}, {"ref_id": "B", "json": SERIES}])
    answer = api.post(f"{API}/query/get-result", json=body)
    assert "B" not in {frame.get("refID") for frame in answer.json().get("frames", [])}, answer.text[:300]


def test_the_teams_own_code_may_still_pass_none() -> None:
    """Strictness is the wire's: building a model in code keeps None as "not set"."""
    models = module("_contract")
    field = models.DatasourceField(code="database", value=None, required=None)
    assert field.model_dump() == {"code": "database"}
    assert models.TimeRange.model_validate({"from": None}).model_dump() == {}
    assert models.PluginContext.model_validate({"orgID": "7"}).org_id == 7  # lax outside the routes


# --- 422: a schema-valid body the plugin cannot process --------------------------------------


def _undecryptable(config: list[dict[str, str]] = CONFIG) -> list[dict[str, str]]:
    return [{**f, "value": "enc:v1:AAAA"} if f["code"] == "accessKey" else f for f in config]


CONTENT_PROBLEMS: dict[str, tuple[str, dict[str, Any], str]] = {
    "undecryptable token, get-result": (
        "/query/get-result",
        get_result_request([{"refID": "A", "json": SERIES}], config=_undecryptable()),
        "accessKey",
    ),
    "undecryptable token, constructor": (
        "/query/constructor-fields",
        constructor_request(config=_undecryptable()),
        "",
    ),
    "undecryptable token, variable values": (
        "/variable/values",
        {"pluginContext": plugin_context(_undecryptable()), "json": "{}"},
        "",
    ),
    "undecryptable token, health check": (
        "/datasource/health-check",
        {"fields": _undecryptable()},
        "accessKey",
    ),
    "codeQuery without Code mode": (
        "/query/get-result",
        get_result_request(
            [{"refID": "C", "codeQuery": "SELECT 1", "json": '{"queryType": "code"}'}], config=NO_CODE_MODE
        ),
        "C",
    ),
    "query JSON not understood": (
        "/query/get-result",
        get_result_request([{"refID": "Q", "json": json.dumps({"table": "no_such_table"})}]),
        "Q",
    ),
    "query JSON not an object": (
        "/query/get-result",
        get_result_request([{"refID": "Q", "json": "[1]"}]),
        "Q",
    ),
    "variable values with nothing to list": ("/variable/values", {}, ""),
    "variable values from an unknown table": (
        "/variable/values",
        {"pluginContext": plugin_context(), "json": json.dumps({"table": "no_such_table", "column": "x"})},
        "",
    ),
}

# Schema-valid too: a config without an entry the form requires is the contract's 400 ("too few
# entries in DatasourceConfig.fields"), naming the field, without validationErrors (issue 40 point 6).
TOO_FEW_ENTRIES = {
    "health check missing required fields": {"fields": [{"code": "rowLimit", "value": "10"}]},
    "health check without fields": {"fields": []},
}


@pytest.mark.parametrize("label", list(CONTENT_PROBLEMS))
def test_a_schema_valid_body_the_plugin_cannot_process_is_422(api: TestClient, label: str) -> None:
    path, body, field = CONTENT_PROBLEMS[label]
    assert not _schema_errors(path, body), f"{label} should match the request schema of {path}"
    answer = _check_error(path, api.post(API + path, json=body, headers={"Accept-Language": "en-US"}), 422)
    assert not answer["message"].startswith("Request format is wrong"), answer["message"]
    if field:
        assert field in answer["validationErrors"], answer
        assert all(isinstance(text, str) and text for text in answer["validationErrors"].values())


@pytest.mark.parametrize("label", list(TOO_FEW_ENTRIES))
def test_a_config_without_a_required_entry_is_400_naming_it(api: TestClient, label: str) -> None:
    path, body = "/datasource/health-check", TOO_FEW_ENTRIES[label]
    assert not _schema_errors(path, body), f"{label} should match the request schema of {path}"
    answer = _check_error(path, api.post(API + path, json=body, headers={"Accept-Language": "en-US"}), 400)
    assert answer["message"] == "Request format is wrong: DatasourceConfig.fields has no entry for database"
    assert not answer.get("validationErrors"), answer


def test_health_check_names_every_empty_required_field(api: TestClient) -> None:
    answer = api.post(
        f"{API}/datasource/health-check",
        json={"fields": [{"code": "database", "value": ""}]},
        headers={"Accept-Language": "en-US"},
    )
    body = _check_error("/datasource/health-check", answer, 422)
    assert body["validationErrors"] == {"database": "The field is required and must not be empty"}


def test_plugin_error_defaults_to_422() -> None:
    assert module("_contract").PluginError("no").status == 422


# --- 200 with status false: the check ran, the data source is not usable -----------------------


@pytest.mark.parametrize(
    ("database", "reason"),
    [
        ("missing.sqlite3", "the database file does not exist"),
        ("garbage.sqlite3", "the database file cannot be read as a SQLite database"),
    ],
)
def test_unreachable_data_source_is_200_status_false_saying_why(
    api: TestClient, database: str, reason: str
) -> None:
    (state_dir() / "garbage.sqlite3").write_bytes(b"not a database " * 100)
    fields = [{**f, "value": database} if f["code"] == "database" else f for f in CONFIG]
    answer = api.post(
        f"{API}/datasource/health-check", json={"fields": fields}, headers={"Accept-Language": "en-US"}
    )
    assert answer.status_code == 200
    body = answer.json()
    assert_valid("/datasource/health-check", 200, body)
    assert body["status"] is False and body["error"] is True
    assert reason in body["message"] and database not in body["message"], body["message"]


def test_a_max_data_points_the_contract_allows_is_never_refused(api: TestClient) -> None:
    """The contract gives maxDataPoints no lower bound: 0 and -5 read as "no cap", not as a 422."""
    for value in (0, -5):
        answer = api.post(f"{API}/query/get-result", json=_query(maxDataPoints=value))
        assert answer.status_code == 200, (value, answer.text[:300])
