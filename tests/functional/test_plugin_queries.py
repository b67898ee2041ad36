"""get-result and variable values of the example SQL data source, against known sample data.

Both value contracts, one frame per query with its refID, timeRange (inclusive) and maxDataPoints
(bucket averages), Code mode only when allowed and read-only, variables always bound (a list
becomes an IN list) and every identifier checked against the database's own schema.
"""

from __future__ import annotations

import json
import re
import sqlite3
from statistics import fmean
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.functional.test_plugin_harness import (
    API,
    CONFIG,
    HOSTS,
    assert_valid,
    get_result_request,
    module,
    plugin_context,
    rejection_status,
    shared_client,
    state_dir,
    window,
)

TIMESTAMP_KEY = re.compile(r"^\d{9,11}$")


@pytest.fixture
def api() -> TestClient:
    return shared_client()


def constructor(**spec: Any) -> str:
    return json.dumps({"queryType": "constructor", "table": "cpu_metrics", **spec})


def run(
    api: TestClient,
    queries: list[dict[str, Any]],
    variables: dict[str, Any] | None = None,
    status: int = 200,
    config: list[dict[str, str]] | None = None,
    language: str | None = None,
) -> Any:
    headers = {"Accept-Language": language} if language else {}
    request = get_result_request(queries, variables, config)
    answer = api.post(f"{API}/query/get-result", json=request, headers=headers)
    if status == 422:  # a content error, unless the spec's schema already refuses the form
        status = rejection_status("/query/get-result", request)
    assert answer.status_code == status, answer.text[:500]
    body = answer.json()
    assert_valid("/query/get-result", status, body)
    return body


def usage(host_index: int, t: int) -> float:
    return float(module("example.sample_data").cpu_usage(host_index, t))


def series(frame: dict[str, Any], index: int = 0) -> list[tuple[int, str]]:
    values = frame["fields"][index]["values"]
    return [(int(k), v) for point in values for k, v in point.items()]


def rows(sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    connection = sqlite3.connect(state_dir() / "example.sqlite3")
    try:
        return connection.execute(sql, params).fetchall()
    finally:
        connection.close()


def test_timestamp_contract_with_inclusive_time_range(api: TestClient) -> None:
    first, _ = window()
    query = {
        "refID": "A",
        "maxDataPoints": 1000,
        "timeRange": {"from": first + 60, "to": first + 600},
        "json": constructor(
            valueColumns=["usage"], filters=[{"column": "host", "operator": "=", "value": "db-02"}]
        ),
    }
    frame = run(api, [query])["frames"][0]
    assert frame["refID"] == "A" and frame["fields"][0]["refID"] == "A"
    assert all(
        len(p) == 1 and TIMESTAMP_KEY.match(k) and isinstance(v, str)
        for p in frame["fields"][0]["values"]
        for k, v in p.items()
    )
    points = series(frame)
    assert [t for t, _ in points] == list(range(first + 60, first + 601, 60))  # both bounds included
    assert all(float(v) == usage(1, t) for t, v in points)
    assert json.loads(frame["meta"])["executedQuery"].count("?") == 4  # time range, host, limit


def test_regular_contract_table_rows(api: TestClient) -> None:
    query = {
        "refID": "T",
        "maxDataPoints": 2,
        "json": json.dumps({"table": "servers", "format": "table", "valueColumns": "cores,memory_gb"}),
    }
    frame = run(api, [query])["frames"][0]
    assert frame["fields"][0]["values"] == [
        {"cores": 16, "memory_gb": 64},
        {"cores": 8, "memory_gb": 32},
    ]
    first, _ = window()
    timed = {
        "refID": "U",
        "timeRange": {"from": first, "to": first + 60},
        "json": constructor(format="table", groupBy="host"),
    }
    values = run(api, [timed])["frames"][0]["fields"][0]["values"]
    assert [(v["time"], v["host"]) for v in values] == [
        (first, "db-01"),
        (first, "db-02"),
        (first, "db-03"),
        (first + 60, "db-01"),
        (first + 60, "db-02"),
        (first + 60, "db-03"),
    ]
    assert values[0]["usage"] == usage(0, first)


def test_several_queries_one_frame_each(api: TestClient) -> None:
    first, _ = window()
    queries = [
        {
            "refID": ref,
            "maxDataPoints": 10,
            "timeRange": {"from": first, "to": first + 540},
            "json": constructor(valueColumns=[column]),
        }
        for ref, column in (("A", "usage"), ("B", "iowait"), ("C", "usage"))
    ]
    frames = run(api, queries)["frames"]
    assert [f["refID"] for f in frames] == ["A", "B", "C"]
    assert [f["fields"][0]["name"] for f in frames] == ["usage", "iowait", "usage"]


def test_max_data_points_averages_buckets(api: TestClient) -> None:
    first, _ = window()
    low, high = first, first + 3600 * 6 - 1
    query = {
        "refID": "A",
        "maxDataPoints": 10,
        "timeRange": {"from": low, "to": high},
        "json": constructor(
            valueColumns=["usage"], filters=[{"column": "host", "operator": "=", "value": "db-01"}]
        ),
    }
    frame = run(api, [query])["frames"][0]
    points = series(frame)
    assert len(points) == 10
    width = json.loads(frame["meta"])["bucketSeconds"]
    assert width == 2160
    for start, value in points:
        expected = fmean(usage(0, t) for t in range(start, min(start + width, high + 1), 60))
        assert float(value) == pytest.approx(expected)
    exact = dict(query, maxDataPoints=360)
    assert len(series(run(api, [exact])["frames"][0])) == 360  # exactly enough points: no averaging


def test_group_by_gives_one_labelled_series_per_value(api: TestClient) -> None:
    first, _ = window()
    query = {
        "refID": "G",
        "maxDataPoints": 3,
        "timeRange": {"from": first, "to": first + 3599},
        "json": constructor(valueColumns="usage,iowait", groupBy="host"),
    }
    fields = run(api, [query])["frames"][0]["fields"]
    assert [(f["name"], f["labels"]) for f in fields] == [
        (f"{column} {host}", f"host={host}") for host in HOSTS for column in ("usage", "iowait")
    ]
    assert all(len(f["values"]) == 3 for f in fields)


def test_without_time_range_max_data_points_is_a_limit(api: TestClient) -> None:
    first, _ = window()
    points = series(
        run(
            api,
            [
                {
                    "refID": "L",
                    "maxDataPoints": 5,
                    "json": constructor(filters=[{"column": "host", "value": "db-03"}]),
                }
            ],
        )["frames"][0]
    )
    assert [t for t, _ in points] == [first + 60 * i for i in range(5)]


def test_row_limit_caps_every_query(api: TestClient) -> None:
    config = [*CONFIG[:2], {"code": "rowLimit", "value": "7"}, *CONFIG[3:]]
    frame = run(api, [{"refID": "R", "maxDataPoints": 1000, "json": constructor()}], config=config)["frames"][
        0
    ]
    assert len(frame["fields"][0]["values"]) == 7


@pytest.mark.parametrize(
    ("query", "fragment"),
    [
        ({"json": constructor(table="nope")}, "the table is not in the database"),
        ({"json": constructor(valueColumns=["usage; DROP TABLE servers"])}, "the column is not in the table"),
        ({"json": constructor(groupBy='host" --')}, "the column is not in the table"),
        ({"json": constructor(timeColumn="host")}, "timeColumn"),
        (
            {"json": constructor(filters=[{"column": "1=1 OR host", "value": "x"}])},
            "the column is not in the table",
        ),
        (
            {"json": constructor(filters=[{"column": "host", "operator": "OR 1=1 --", "value": "x"}])},
            "operator",
        ),
        ({"json": constructor(format="pie")}, "format"),
        ({"json": constructor(queryType="sql")}, "queryType"),
        ({"json": "[1, 2]"}, "JSON object"),
        ({"json": "{nope"}, "not valid JSON"),
        ({"json": json.dumps({"table": "servers"})}, "no time column"),
        ({"json": constructor(), "timeRange": {"from": 10, "to": 5}}, "timeRange"),
        ({"json": "[" * 100_000 + "]" * 100_000}, "not valid JSON"),
        ({"json": constructor(filters=[{"column": "host", "value": ["a"]}])}, "value must be a string"),
        ({"json": constructor(filters="host = 1")}, "filters must be a list"),
    ],
)
def test_bad_queries_are_422_naming_the_ref(api: TestClient, query: dict[str, Any], fragment: str) -> None:
    body = run(api, [{"refID": "Q7", **query}], status=422, language="en-US")
    assert body["error"] is True
    assert not any(sent in body["message"] for sent in ("nope", "DROP", "1=1", '"', "--", "pie", "[1")), body
    if body["status"] == 400:  # the spec's schema states this rule (a bound): a wrong form
        return
    assert body["status"] == 422
    assert "Q7" in body["message"] and fragment in body["message"], body["message"]
    assert list(body["validationErrors"]) == ["Q7"] and fragment in body["validationErrors"]["Q7"]
    russian = run(api, [{"refID": "Q7", **query}], status=422)["message"]
    assert russian.startswith("Запрос Q7: ") and re.search("[а-яё]", russian[11:]), russian


def test_extreme_time_ranges_and_numeric_filter_values(api: TestClient) -> None:
    first, _ = window()
    for low, high in ((-(2**63), 2**63 - 1), (0, 2**63 - 1), (-(2**63), first + 120)):
        spec = constructor(
            filters=[{"column": "usage", "operator": ">", "value": 0}, {"column": "host", "value": "db-01"}]
        )
        frame = run(
            api, [{"refID": "X", "maxDataPoints": 7, "timeRange": {"from": low, "to": high}, "json": spec}]
        )["frames"][0]
        points = series(frame)
        assert 0 < len(points) <= 7 and all(TIMESTAMP_KEY.match(str(t)) for t, _ in points)
    infinite = {"refID": "I", "codeQuery": "SELECT 1e999, 1", "json": '{"queryType": "code"}'}
    assert "unix times" in run(api, [infinite], status=422, language="en-US")["message"]


def test_list_variable_becomes_an_in_list(api: TestClient) -> None:
    first, _ = window()
    spec = constructor(
        format="table", groupBy="host", filters=[{"column": "host", "operator": "=", "value": "$hosts"}]
    )
    query = {"refID": "V", "timeRange": {"from": first, "to": first}, "json": spec}
    values = run(api, [query], {"hosts": ["db-01", "db-03"]})["frames"][0]["fields"][0]["values"]
    assert [v["host"] for v in values] == ["db-01", "db-03"]
    excluded = constructor(
        format="table", groupBy="host", filters=[{"column": "host", "operator": "!=", "value": "${hosts}"}]
    )
    values = run(api, [{**query, "json": excluded}], {"hosts": ["db-01", "db-03"]})["frames"][0]["fields"][0][
        "values"
    ]
    assert [v["host"] for v in values] == ["db-02"]
    empty = run(api, [query], {"hosts": []})["frames"][0]["fields"][0]["values"]
    assert empty == []
    scalar = run(api, [query], {"hosts": "db-02"})["frames"][0]["fields"][0]["values"]
    assert [v["host"] for v in scalar] == ["db-02"]
    text = constructor(format="table", groupBy="host", filters=[{"column": "host", "value": "db-0$n"}])
    assert [
        v["host"] for v in run(api, [{**query, "json": text}], {"n": "2"})["frames"][0]["fields"][0]["values"]
    ] == ["db-02"]


@pytest.mark.parametrize(
    "evil",
    [
        "db-01' OR '1'='1",
        'db-01" OR "1"="1',
        "x'); DROP TABLE servers; --",
        "db-01 UNION SELECT hostname, 1, 1, 1, 1 FROM servers",
        "%' OR 1=1 --",
    ],
)
def test_injection_in_variables_and_filters_matches_nothing(api: TestClient, evil: str) -> None:
    first, _ = window()
    for value, variables in ((evil, {}), ("$v", {"v": evil}), ("$v", {"v": [evil, "also-not-a-host"]})):
        spec = constructor(format="table", filters=[{"column": "host", "operator": "=", "value": value}])
        frame = run(
            api, [{"refID": "I", "timeRange": {"from": first, "to": first + 600}, "json": spec}], variables
        )["frames"][0]
        assert frame["fields"][0]["values"] == []
        code = {
            "refID": "C",
            "codeQuery": "SELECT hostname FROM servers WHERE hostname IN ($v)",
            "json": '{"queryType": "code", "format": "table"}',
        }
        assert run(api, [code], {"v": evil})["frames"][0]["fields"][0]["values"] == []
    assert rows("SELECT count(*) FROM servers") == [(3,)]


@pytest.mark.parametrize(
    "sql",
    [
        "DELETE FROM servers",
        "UPDATE servers SET cores = 0",
        "INSERT INTO servers VALUES ('x', 'y', 'z', 1, 1)",
        "DROP TABLE servers",
        "CREATE TABLE evil (x)",
        "SELECT 1; DELETE FROM servers",
        "ATTACH DATABASE '/tmp/evil.sqlite3' AS evil",
        "PRAGMA query_only = OFF",
        "PRAGMA writable_schema = ON",
        "BEGIN IMMEDIATE",
        "VACUUM",
        "SELECT load_extension('/tmp/evil.so')",
        "WITH x AS (SELECT 1) DELETE FROM servers",
        "REPLACE INTO servers VALUES ('db-01', 'a', 'b', 1, 1)",
    ],
)
def test_code_mode_is_read_only(api: TestClient, sql: str) -> None:
    body = run(api, [{"refID": "W", "codeQuery": sql, "json": '{"queryType": "code"}'}], status=422)
    assert "W" in body["message"]
    assert rows("SELECT count(*), sum(cores) FROM servers") == [(3, 32)]
    assert [r[0] for r in rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")] == [
        "cpu_metrics",
        "disk_metrics",
        "servers",
    ]


def test_code_mode_results_and_macros(api: TestClient) -> None:
    first, _ = window()
    sql = "SELECT time, usage FROM cpu_metrics WHERE $__timeFilter(time) AND host = '$host' AND region IN ($regions) ORDER BY time"
    query = {
        "refID": "C",
        "codeQuery": sql,
        "maxDataPoints": 100,
        "timeRange": {"from": first, "to": first + 120},
        "json": '{"queryType": "code"}',
    }
    frame = run(api, [query], {"host": "db-01", "regions": ["eu-west", "eu-north"]})["frames"][0]
    assert series(frame) == [(t, str(usage(0, t))) for t in (first, first + 60, first + 120)]
    assert "?" in json.loads(frame["meta"])["executedQuery"] and "db-01" not in frame["meta"]
    table = {
        "refID": "D",
        "codeQuery": "SELECT hostname AS h, cores FROM servers WHERE cores > $__timeFrom - $__timeFrom ORDER BY h",
        "timeRange": {"from": 1, "to": 2},
        "json": '{"queryType": "code", "format": "table"}',
    }
    assert run(api, [table])["frames"][0]["fields"][0]["values"] == [
        {"h": "db-01", "cores": 16},
        {"h": "db-02", "cores": 8},
        {"h": "db-03", "cores": 8},
    ]
    literal = {
        "refID": "E",
        "codeQuery": "SELECT '$host' AS quoted, \"hostname\" -- $nope\n FROM servers LIMIT 1",
        "json": '{"queryType": "code", "format": "table"}',
    }
    assert run(api, [literal], {"host": "db-02"})["frames"][0]["fields"][0]["values"] == [
        {"quoted": "db-02", "hostname": "db-01"}
    ]
    truncated = {
        "refID": "F",
        "codeQuery": "SELECT time, usage FROM cpu_metrics",
        "maxDataPoints": 4,
        "json": '{"queryType": "code"}',
    }
    frame = run(api, [truncated])["frames"][0]
    assert len(frame["fields"][0]["values"]) == 4 and json.loads(frame["meta"])["truncatedTo"] == 4


@pytest.mark.parametrize(
    ("sql", "fragment"),
    [
        ("SELECT $unknown", "uses a variable that the request does not define"),
        ("SELECT $__interval", "unknown $__ macro"),
        ("SELECT hostname, cores FROM servers", "unix times"),
        ("SELECT 1", "time column first"),
        ("SELECT * FROM nope", "names a table that does not exist"),
        ("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c", "stopped"),
        ("SELECT randomblob(1000000000)", "larger than 256 KiB"),
    ],
)
def test_code_mode_errors(api: TestClient, sql: str, fragment: str) -> None:
    query = {"refID": "E", "codeQuery": sql, "json": '{"queryType": "code"}'}
    body = run(api, [query], status=422, language="en-US")
    assert fragment in body["message"], body["message"]
    assert not any(sent in body["message"] for sent in ("$unknown", "interval", "nope", "hostname", "SELECT"))


def test_code_mode_refused_when_the_config_does_not_allow_it(api: TestClient) -> None:
    query = {
        "refID": "C",
        "codeQuery": "SELECT time, usage FROM cpu_metrics LIMIT 1",
        "json": '{"queryType": "code"}',
    }
    for config in (
        [CONFIG[0]],
        [CONFIG[0], {"code": "codeMode", "value": "true"}],
        [CONFIG[0], {"code": "codeMode", "value": "false"}, {"code": "codeLang", "value": "sql"}],
    ):
        body = run(api, [query], config=config, status=422, language="en-US")
        assert "Code mode is off" in body["message"] and "Code mode is off" in body["validationErrors"]["C"]
    assert run(api, [query])["frames"][0]["refID"] == "C"


def test_variable_values_bind_filters(api: TestClient) -> None:
    def values(spec: dict[str, Any], variables: dict[str, Any]) -> Any:
        answer = api.post(
            f"{API}/variable/values",
            json={"pluginContext": plugin_context(), "json": json.dumps(spec), "variables": variables},
        )
        assert answer.status_code == 200, answer.text
        assert_valid("/variable/values", 200, answer.json())
        return [v["value"] for v in answer.json()]

    spec = {
        "source": "column_values",
        "table": "servers",
        "column": "hostname",
        "filters": [{"column": "region", "operator": "=", "value": "$regions"}],
    }
    assert values(spec, {"regions": ["eu-west"]}) == ["db-01", "db-02"]
    assert values(spec, {"regions": ["eu-north", "eu-west"]}) == ["db-01", "db-02", "db-03"]
    assert values(spec, {"regions": "x' OR '1'='1"}) == []
    assert values({"table": "cpu_metrics", "column": "region"}, {}) == ["eu-north", "eu-west"]
    bad = api.post(
        f"{API}/variable/values",
        json={
            "pluginContext": plugin_context(),
            "json": json.dumps({"table": "servers", "column": "hostname FROM servers --"}),
        },
        headers={"Accept-Language": "en-US"},
    )
    assert bad.status_code == 422 and "the column is not in the table" in bad.json()["message"]
    assert "hostname" not in bad.json()["message"]
