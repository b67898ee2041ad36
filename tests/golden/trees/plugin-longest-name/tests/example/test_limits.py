"""What keeps the example up under abuse: result and time limits, safe messages."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from weather_station_telemetry_gateway_for_the_northern_coasts_region.app import create_app
from weather_station_telemetry_gateway_for_the_northern_coasts_region.example.database import (
    MAX_VALUE_BYTES,
)
from weather_station_telemetry_gateway_for_the_northern_coasts_region.example.sql_functions import (
    instr,
    replace,
    sqlite_text,
)
from weather_station_telemetry_gateway_for_the_northern_coasts_region.example.sql_printf import (
    BoundedPrintf,
    format_fields,
)
from weather_station_telemetry_gateway_for_the_northern_coasts_region.settings import Settings

from .conftest import CONFIG, TEST_KEY, plugin_context

API = "/api/v1"
FOREVER = (
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*), 1 FROM c"
)


@pytest.fixture
def strict(state_dir: Path) -> Iterator[TestClient]:
    """The app with a 1 s deadline and a 64 KiB result limit."""
    settings = Settings(
        state_dir=state_dir, secret_key=TEST_KEY, query_seconds=1, max_result_bytes=64 * 1024
    )
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def code(client: TestClient, sql: str, language: str = "en-US", **extra: Any) -> Any:
    query = {"refID": "A", "codeQuery": sql, "json": '{"queryType": "code"}', **extra}
    body = {"pluginContext": plugin_context(), "dataQuery": [query], "variables": {}}
    return client.post(f"{API}/query/get-result", json=body, headers={"Accept-Language": language})


def test_a_result_over_the_limit_is_refused_naming_the_fix(strict: TestClient) -> None:
    answer = code(strict, "SELECT time, usage FROM cpu_metrics")
    assert answer.status_code == 422 and answer.json()["status"] == 422
    assert "maxDataPoints" in answer.json()["message"]
    assert "maxDataPoints" in answer.json()["validationErrors"]["A"]
    russian = code(strict, "SELECT time, usage FROM cpu_metrics", "ru-RU")
    assert "МиБ" in russian.json()["message"] and "maxDataPoints" in russian.json()["message"]
    fits = code(strict, "SELECT time, usage FROM cpu_metrics", maxDataPoints=100)
    assert fits.status_code == 200


def test_a_statement_stops_at_the_deadline(strict: TestClient) -> None:
    started = time.monotonic()
    answer = code(strict, FOREVER)
    assert time.monotonic() - started < 15  # generous: the deadline is 1 s
    assert answer.status_code == 422
    assert answer.json()["message"] == "Query A: the query took longer than 1 s and was stopped"


def test_messages_quote_no_input(client: TestClient) -> None:
    for language, pattern in (("en-US", "^[^А-Яа-яЁё]*$"), ("ru-RU", "[А-Яа-яЁё]")):
        for sql in ("SELECT secret_col FROM secret_table", "SELEC secret_col"):
            message = code(client, sql, language).json()["message"]
            assert "secret" not in message and re.search(pattern, message), message
        body = {
            "pluginContext": plugin_context(),
            "dataQuery": [{"refID": "A", "json": json.dumps({"table": "secret_table"})}],
        }
        message = client.post(
            f"{API}/query/get-result", json=body, headers={"Accept-Language": language}
        ).json()["message"]
        assert "secret" not in message and re.search(pattern, message), message


def test_health_check_names_no_file(client: TestClient) -> None:
    fields = [{**f, "value": "secret.sqlite3"} if f["code"] == "database" else f for f in CONFIG]
    body = client.post(f"{API}/datasource/health-check", json={"fields": fields}).json()
    assert body["status"] is False and "secret" not in body["message"]


def test_linear_string_functions_match_sqlite() -> None:
    assert (
        instr("hello", "l") == 3 and instr(b"\x01\x02", b"\x02") == 2 and instr(None, "a") is None
    )
    assert replace("aXbX", "X", "yy", max_chars=9) == "ayybyy"
    assert replace("abc", "", "z", max_chars=9) == "abc"
    assert [sqlite_text(v) for v in (1.0, 1e20, 0.5, 7)] == ["1.0", "1.0e+20", "0.5", "7"]


# One call each that SQLite would run for 10 s or more, or that would build gigabytes first.
ONE_CALL_TOO_LARGE = [
    "SELECT format('%.*c', 2147483647, 'x'), format('%.*c', 2147483647, 'x'), 1",
    "SELECT printf('%.2147483647c', 'x'), 1",
    "SELECT printf('%-*.*c', -2147483647, 2147483647, 'x'), 1",
    "SELECT length(replace(printf('%.*c', 60000, 'a'), 'a', printf('%.*c', 30000, 'b'))), 1",
]


@pytest.mark.parametrize("sql", ONE_CALL_TOO_LARGE)
def test_one_function_call_cannot_outrun_the_deadline(strict: TestClient, sql: str) -> None:
    answer = code(strict, sql)
    assert answer.status_code == 422
    assert answer.json()["message"] == "Query A: a value in the query is larger than 256 KiB"


def test_many_expensive_calls_in_one_row_stop_at_the_deadline(strict: TestClient) -> None:
    """100 GLOB calls of 0.16 s each in one row: the progress handler alone would let them run."""
    globs = ", ".join(["(s GLOB p)"] * 100)
    source = "SELECT printf('%.*c', 250000, 'a') AS s, '*[' || printf('%.*c', 290, 'b') || ']' AS p"
    answer = code(strict, f"WITH t AS ({source}) SELECT 1, {globs} FROM t")
    assert answer.status_code == 422
    assert answer.json()["message"] == "Query A: the query took longer than 1 s and was stopped"


def test_printf_within_its_bound_is_sqlites_own(client: TestClient) -> None:
    sql = (
        "SELECT printf('%5.2f|%-4d|%,d|%.3c|%*s|%.*s|%q|%%|%!.3g', 3.14159, 7, 1234567, 'z', 4, "
        "'ab', 2, 'xyz', 'it''s', 1.5) AS a, format('%d', '12abc') AS b"
    )
    answer = code(client, sql, json='{"queryType": "code", "format": "table"}')
    row = answer.json()["frames"][0]["fields"][0]["values"][0]
    assert row == {"a": " 3.14|7   |1,234,567|zzz|  ab|xy|it''s|%|1.5", "b": "12"}


def test_printf_matches_sqlites_own_on_random_formats() -> None:
    """Where a `*` takes its argument decides what is checked: any slip would change the output."""
    bounded = BoundedPrintf(MAX_VALUE_BYTES)
    reference = sqlite3.connect(":memory:")
    pieces = [*"%%%%-+ #!0,l.*123dscxfgqQwnyz9", "ab"]
    values: list[Any] = [0, 1, 7, -3, 12, "5", "x", 2.5, None, b"q", "-4", "ab"]
    chosen = random.Random(24)
    for _ in range(3000):
        text = "".join(chosen.choice(pieces) for _ in range(chosen.randint(1, 12)))
        args = [text, *(chosen.choice(values) for _ in range(chosen.randint(0, 5)))]
        sql = "SELECT printf(" + ", ".join("?" * len(args)) + ")"
        assert bounded(*args) == reference.execute(sql, args).fetchone()[0], args


def test_format_fields_reads_widths_as_sqlite_does() -> None:
    assert format_fields("%d %*.*c %.5s %5d %%") == ((2, 3), 10)
    assert format_fields("%-0,5.*lld %n%c") == ((1,), 5)
    assert format_fields("%y %.*c") == ((), 0)  # an unknown type ends the formatting
    assert format_fields("%.99999999999c")[1] > 2**31
