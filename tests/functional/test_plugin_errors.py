"""Bad input never gets a 5xx: 400/413/422 with a JSON message, in the shape the spec names.

Also the two kinds of exceptions a data source raises: PluginError (its status and message) and
anything else (a generic 500, the traceback in the log, nothing of it in the answer).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.functional.test_plugin_harness import (
    API,
    CONFIG,
    assert_valid,
    constructor_request,
    get_result_request,
    module,
    shared_client,
)

POST_PATHS = [
    "/datasource/health-check",
    "/datasource/constructor-fields",
    "/query/constructor-fields",
    "/query/get-result",
    "/variable/constructor-fields",
    "/variable/values",
]
NESTED = "[" * 100_000 + "]" * 100_000
MEGABYTE = "x" * (1024 * 1024)
ODD = "\u0000\u202e\u2066emoji😀\U0010ffff\ud7ff'\"; DROP TABLE servers; --"

BAD_BODIES: dict[str, bytes] = {
    "empty": b"",
    "not json": b"{oops",
    "truncated": b'{"fields": [',
    "invalid utf-8": b'{"fields": "\xff\xfe"}',
    "array": b"[]",
    "string": b'"fields"',
    "null": b"null",
    "number": b"42",
    "deep nesting": NESTED.encode(),
    "deep objects": ('{"a":' * 50_000 + "1" + "}" * 50_000).encode(),
    "huge integer": b'{"fields": [{"code": "x", "max": 100000000000000000000000000000}]}',
    "wrong types": b'{"fields": {"code": 1}, "dataQuery": {"refID": []}, "filter": 5, "json": {}, "variables": []}',
    "wrong nested types": b'{"fields": [{"code": null}], "pluginContext": {"orgID": "one"}, "dataQuery": [{"maxDataPoints": "ten"}], "filter": {"fields": [{"arrayIndex": "zero"}]}, "variables": {"a": 1}}',
    "unpaired surrogate": b'{"fields": [{"code": "\\ud800"}], "json": "\\udfff"}',
}

# Bodies that match some request schemas (their keys are unknown there, and ignored).
MAYBE_VALID = {"huge integer", "unpaired surrogate"}


@pytest.fixture
def api() -> TestClient:
    return shared_client()


def assert_error(path: str, answer: Any, status: int) -> dict[str, Any]:
    assert answer.status_code == status, (path, answer.status_code, answer.text[:300])
    assert answer.headers["content-type"].startswith("application/json")
    body = answer.json()
    assert body["error"] is True and isinstance(body["message"], str) and body["message"].strip()
    assert len(body["message"]) < 1000
    if status in (400, 422):
        assert_valid(path, status, body)
    if path == "/datasource/health-check" and status in (400, 422):
        assert body["status"] is False
    if path == "/query/get-result" and status in (400, 422):
        assert body["status"] == status
    return dict(body)


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize("label", list(BAD_BODIES))
def test_malformed_or_schema_invalid_bodies_are_400(api: TestClient, path: str, label: str) -> None:
    answer = api.post(API + path, content=BAD_BODIES[label], headers={"content-type": "application/json"})
    english = api.post(
        API + path,
        content=BAD_BODIES[label],
        headers={"content-type": "application/json", "Accept-Language": "en-US"},
    )
    if label not in MAYBE_VALID:
        body = assert_error(path, answer, 400)
        assert body["message"].startswith("Неверный формат запроса"), body["message"]
        body = assert_error(path, english, 400)
        assert body["message"].startswith("Request format is wrong"), body["message"]
        assert not re.search("[А-Яа-яЁё]", body["message"]), body["message"]
    else:  # valid for some endpoints (unknown keys are ignored): whatever the answer, never 5xx
        assert answer.status_code < 500
        if answer.status_code >= 400:
            assert_error(path, answer, answer.status_code)


@pytest.mark.parametrize("path", POST_PATHS)
def test_messages_do_not_echo_the_input(api: TestClient, path: str) -> None:
    secret = "leaky-" + "q" * 2000
    body = {"fields": [{"code": 1, "value": secret}], "dataQuery": secret, "filter": secret, "json": 5}
    answer = api.post(API + path, json=body)
    assert answer.status_code == 400
    assert "leaky" not in answer.text and "qqqq" not in answer.text


@pytest.mark.parametrize("path", POST_PATHS)
@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"],
)
def test_wrong_content_type_is_400(api: TestClient, path: str, content_type: str) -> None:
    answer = api.post(
        API + path, content=json.dumps({"fields": CONFIG}), headers={"content-type": content_type}
    )
    body = assert_error(path, answer, 400)
    assert "Content-Type" in body["message"]


def test_json_content_type_variants_are_accepted(api: TestClient) -> None:
    for content_type in ("application/json; charset=utf-8", "Application/JSON", "application/vnd.api+json"):
        answer = api.post(
            f"{API}/datasource/health-check",
            content=json.dumps({"fields": CONFIG}),
            headers={"content-type": content_type},
        )
        assert answer.status_code == 200, (content_type, answer.text)
    answer = api.post(
        f"{API}/datasource/health-check",
        content=json.dumps({"fields": CONFIG}).encode(),
        headers={"content-type": ""},
    )
    assert answer.status_code in (200, 400)


@pytest.mark.parametrize("path", POST_PATHS)
def test_over_10_mib_is_413(api: TestClient, path: str) -> None:
    big = b'{"json": "' + b"a" * (10 * 1024 * 1024) + b'"}'
    answer = api.post(API + path, content=big, headers={"content-type": "application/json"})
    assert answer.status_code == 413
    assert answer.json() == {"error": True, "message": "Тело запроса больше 10 МиБ"}
    english = api.post(
        API + path, content=big, headers={"content-type": "application/json", "Accept-Language": "en-US"}
    )
    assert english.json() == {"error": True, "message": "Request body is larger than 10 MiB"}

    def chunks() -> Any:  # no Content-Length: the limit holds while streaming
        for _ in range(11):
            yield b" " * (1024 * 1024)

    streamed = api.post(API + path, content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413


def test_just_under_the_limit_is_parsed(api: TestClient) -> None:
    padding = " " * (10 * 1024 * 1024 - 200)
    body = ('{"fields": []' + padding + "}").encode()
    assert len(body) <= 10 * 1024 * 1024
    answer = api.post(
        f"{API}/datasource/health-check", content=body, headers={"content-type": "application/json"}
    )
    # parsed: an empty fields list lacks the required fields, the contract's 400 for too few entries
    assert answer.status_code == 400 and "database" in answer.json()["message"], answer.text[:200]


@pytest.mark.parametrize("value", [MEGABYTE, ODD, "😀" * 1000, "\u202e" * 10, " ", "0" * 5000])
def test_odd_strings_everywhere_are_4xx_or_200(api: TestClient, value: str) -> None:
    config = [{**f, "value": value} if f["code"] == "database" else f for f in CONFIG]
    health = api.post(f"{API}/datasource/health-check", json={"fields": config})
    assert health.status_code in (200, 422), health.text[:200]
    queries = [
        {"refID": value, "json": json.dumps({"table": value})},
        {"refID": "B", "codeQuery": value, "json": '{"queryType": "code"}'},
        {"refID": "C", "json": value},
        {
            "refID": "D",
            "json": json.dumps({"table": "cpu_metrics", "filters": [{"column": "host", "value": value}]}),
        },
    ]
    for query in queries:
        answer = api.post(f"{API}/query/get-result", json=get_result_request([query], {"v": value}))
        assert answer.status_code in (200, 422), answer.text[:200]
        assert_valid("/query/get-result", answer.status_code, answer.json())
    fields = api.post(
        f"{API}/query/constructor-fields", json=constructor_request([{"key": "table", "value": value}])
    )
    assert fields.status_code == 200
    values = api.post(f"{API}/variable/values", json={"json": value, "variables": {value[:100]: [value]}})
    assert values.status_code in (200, 422)
    header = api.post(
        f"{API}/query/constructor-fields",
        json=constructor_request(),
        headers={"Accept-Language": value[:4000].encode("utf-8", "replace").translate(None, b"\x00\r\n")},
    )
    assert header.status_code == 200


def test_health_check_field_validation_is_422(api: TestClient) -> None:
    path = "/datasource/health-check"
    # Too few entries (a required field without entry) is the contract's 400, naming the field;
    # an empty or invalid value is its 422 with validationErrors (issue 40 point 6).
    for body in ({"fields": []}, {}, {"fields": [{"code": "rowLimit", "value": "5"}]}):
        answer = assert_error(path, api.post(API + path, json=body), 400)
        assert "database" in answer["message"] and not answer.get("validationErrors"), answer
    invalid = [
        {"code": "database", "value": ""},
        {"code": "rowLimit", "value": "0"},
        {"code": "codeMode", "value": "true"},
        {"code": "codeLang", "value": "cobol"},
    ]
    body = assert_error(
        path, api.post(API + path, json={"fields": invalid}, headers={"Accept-Language": "en-US"}), 422
    )
    assert body["validationErrors"] == {
        "database": "The field is required and must not be empty",
        "rowLimit": "A number from 1 to 1000000 is expected",
        "codeLang": "Choose one of: sql",
    }
    characters = [{"code": "database", "value": "metrics;"}, {"code": "rowLimit", "value": "ten"}]
    body = assert_error(
        path, api.post(API + path, json={"fields": characters}, headers={"Accept-Language": "en-US"}), 422
    )
    assert body["validationErrors"]["database"] == "Letters, digits and _ . / - only"
    assert body["validationErrors"]["rowLimit"] == "A whole number is expected"
    controls = [{"code": "database", "value": "ex\u0000ample\u202e.sqlite3"}]
    body = assert_error(
        path, api.post(API + path, json={"fields": controls}, headers={"Accept-Language": "en-US"}), 422
    )
    assert body["validationErrors"]["database"] == "Disallowed characters: U+0000, U+202E"


def test_unreachable_database_is_status_false(api: TestClient) -> None:
    fields = [{"code": "database", "value": "missing.sqlite3"}]
    answer = api.post(f"{API}/datasource/health-check", json={"fields": fields})
    assert answer.status_code == 200
    body = answer.json()
    assert body["status"] is False and body["error"] is True and "missing" not in body["message"]
    assert body["message"] == "Источник данных недоступен: файл базы данных не существует"
    outside = [{"code": "database", "value": "../../../../etc/passwd"}]
    body = api.post(f"{API}/datasource/health-check", json={"fields": outside}).json()
    assert body["status"] is False


def test_get_result_without_queries_is_400(api: TestClient) -> None:
    for queries in ([], None):
        request = get_result_request([])
        request["dataQuery"] = queries
        body = assert_error("/query/get-result", api.post(f"{API}/query/get-result", json=request), 400)
        assert "dataQuery" in body["message"]


def test_unknown_paths_and_methods_answer_json(api: TestClient) -> None:
    for answer, status in (
        (api.get(f"{API}/nope"), 404),
        (api.get(f"{API}/query/get-result"), 405),
        (api.post(f"{API}/well-known", json={}), 405),
        (api.delete(f"{API}/datasource/health-check"), 405),
    ):
        assert answer.status_code == status
        assert answer.json()["error"] is True


def test_no_endpoint_asks_for_authentication(api: TestClient) -> None:
    assert api.get(f"{API}/well-known").status_code == 200
    for path in POST_PATHS:
        assert api.post(API + path, json={}).status_code not in (401, 403)


# --- exceptions raised by a data source -------------------------------------------------------


def _failing_app(error: Exception) -> TestClient:
    """An app whose data source raises `error` from every method (sync and async ones)."""
    contract = module("_contract")
    base = contract.DataSourceBase

    def raiser(*_args: Any) -> Any:
        raise error

    async def async_raiser(*_args: Any) -> Any:
        raise error

    methods = {op.method_name: raiser for op in contract.OPERATIONS}
    methods["get_query_result"] = async_raiser
    failing = type("FailingDataSource", (base,), methods)
    secrets = contract.SecretBox(bytes(32))
    app = FastAPI()
    app.include_router(contract.build_router(failing(), secrets=secrets), prefix=contract.BASE_PATH)
    contract.install_error_handlers(app)
    return TestClient(app, raise_server_exceptions=False)


def test_plugin_error_keeps_its_status_and_message() -> None:
    contract = module("_contract")
    api = _failing_app(
        contract.PluginError("No such sensor", status=404, validation_errors={"sensor": "unknown"})
    )
    answer = api.post(f"{API}/query/get-result", json={"dataQuery": [{}]})
    assert answer.status_code == 404
    assert answer.json() == {
        "error": True,
        "message": "No such sensor",
        "status": 404,
        "validationErrors": {"sensor": "unknown"},
    }
    answer = api.post(f"{API}/datasource/health-check", json={"fields": []})
    assert answer.json() == {
        "error": True,
        "message": "No such sensor",
        "status": False,
        "validationErrors": {"sensor": "unknown"},
    }
    answer = api.post(f"{API}/variable/values", json={})
    assert answer.status_code == 404 and answer.json() == {"error": True, "message": "No such sensor"}
    answer = api.get(f"{API}/well-known")
    assert answer.status_code == 404


def test_unexpected_exception_is_a_logged_500(caplog: pytest.LogCaptureFixture) -> None:
    api = _failing_app(RuntimeError("database password is hunter2"))
    with caplog.at_level(logging.ERROR):
        answer = api.post(f"{API}/query/get-result", json={"dataQuery": [{}]})
        other = api.post(f"{API}/query/constructor-fields", json={})
    assert answer.status_code == 500 and other.status_code == 500
    body = answer.json()
    assert body["error"] is True and body["status"] == 500
    assert "hunter2" not in answer.text and "RuntimeError" not in answer.text
    found = re.search(r"инцидент ([0-9a-f]{12})", body["message"])
    assert found is not None, body["message"]
    incident = found[1]
    logged = [r for r in caplog.records if incident in r.getMessage()]
    assert logged and logged[0].exc_info is not None
    assert "get_query_result" in logged[0].getMessage()
