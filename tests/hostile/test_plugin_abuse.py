"""The generated plugin under abuse: huge results, endless statements, hang-ups, leaky messages, busy ports.

Each case was found against a served `scaffold new-plugin --defaults` project and is checked the
same way: the project is served with `python -m acme_sales` (its own process, so its memory can be
measured from /proc) or driven in-process where only the answer matters.

- a Code-mode query that would build a response of hundreds of megabytes is refused with the
  localised result-limit message naming maxDataPoints, and the server's peak memory stays small;
- a statement that would run for minutes (a recursive CTE with an expensive function per row, or
  one expensive call) is answered near the configured deadline;
- a client that hangs up while its body is arriving costs one INFO line, no traceback;
- no error message of the plugin or its glue is in the wrong language or quotes the request;
- a port that is already taken ends `python -m` with exit 1 and one line naming PORT, for the
  plugin and for the module backend, which listen on different default ports.
"""

from __future__ import annotations

import concurrent.futures
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.functional.test_plugin_harness import (
    API,
    CONFIG,
    KEY,
    client,
    constructor_request,
    get_result_request,
    make_project,
    project,
)
from tests.process_probe import cpu_seconds, peak_rss_mib, serving_pid
from tests.served_process import free_port, serve_package

PACKAGE = "acme_sales"
MEBIBYTE = 1024 * 1024
CYRILLIC = re.compile("[А-Яа-яЁё]")
# What SQLite says in English: none of it may reach a ru-RU caller.
SQLITE_WORDS = ("no such", "syntax error", "near ", "not authorized", "interrupted", "too big", "incomplete")
# Names and SQL sent in requests below: no answer may quote them.
SENT = ("secret_table_xyz", "zz_secret", "col_secret", "secret_db_name", "secret_var_key", "DROP", "FROM")
HUGE_SQL = (
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) "
    "SELECT x AS n, printf('%.*c', 200, 'v') AS payload FROM c"
)
# ~0.1 s of work per row for SQLite's built-in instr (quadratic), for ever: minutes in all.
SLOW_PER_ROW = (
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100000000) "
    "SELECT count(*), 1 FROM c WHERE instr(printf('%.*c', 100000 + x % 2, 'a'), "
    "printf('%.*c', 50000, 'a') || 'b') > 0"
)
SLOW_CALLS = [
    SLOW_PER_ROW,
    "SELECT 1, instr(printf('%.*c', 250000, 'a'), printf('%.*c', 125000, 'a') || 'b')",
    "SELECT 1, length(trim(printf('%.*c', 250000, 'a') || 'z', "
    "(WITH RECURSIVE c(x) AS (SELECT 256 UNION ALL SELECT x + 1 FROM c WHERE x < 50000) "
    "SELECT group_concat(char(x), '') FROM c) || 'a'))",
    "SELECT 1, printf('%.*c', 250000, 'a') GLOB ('*[' || printf('%.*c', 290, 'b') || ']')",
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*), 1 FROM c",
]


def code_query(sql: str, fmt: str = "table", **extra: Any) -> dict[str, Any]:
    return {"refID": "A", "codeQuery": sql, "json": json.dumps({"queryType": "code", "format": fmt}), **extra}


def wide_config() -> list[dict[str, str]]:
    """The harness configuration with the largest row limit the form allows."""
    return [{**f, "value": "1000000"} if f["code"] == "rowLimit" else f for f in CONFIG]


@pytest.fixture(scope="module")
def state(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("plugin-state")


def served(state: Path, log: Path, **env: str) -> Any:
    """`python -m acme_sales` on a free port with the state folder `state` (a context manager)."""
    environment = {
        **os.environ,
        "PYTHONPATH": str(project()),
        "PLUGIN_STATE_DIR": str(state),
        "PLUGIN_SECRET_KEY": KEY,
        "LOG_LEVEL": "info",
        **env,
    }
    return serve_package(
        sys.executable, PACKAGE, cwd=project(), env=environment, probe_path=f"{API}/well-known", log_path=log
    )


def post_result(
    origin: str, queries: list[dict[str, Any]], language: str, timeout: float = 120
) -> httpx.Response:
    body = get_result_request(queries, config=wide_config())
    return httpx.post(
        f"{origin}{API}/query/get-result", json=body, headers={"Accept-Language": language}, timeout=timeout
    )


# --- a huge Code-mode result ----------------------------------------------------------------------


def test_huge_code_mode_result_is_refused_while_it_is_read(state: Path, tmp_path: Path) -> None:
    with served(state, tmp_path / "server.log") as origin:
        pid = serving_pid(origin, PACKAGE.encode())
        before = peak_rss_mib(pid)
        english = post_result(origin, [code_query(HUGE_SQL)], "en-US")
        russian = post_result(origin, [code_query(HUGE_SQL)], "ru-RU")
        grown = peak_rss_mib(pid) - before
    assert english.status_code == 422, english.text[:300]
    message = english.json()["message"]
    assert "larger than 16 MiB" in message and "maxDataPoints" in message and "row limit" in message
    assert not CYRILLIC.search(message) and "payload" not in message
    assert russian.status_code == 422
    assert "больше 16 МиБ" in russian.json()["message"] and "maxDataPoints" in russian.json()["message"]
    # The whole answer would be about 230 MB (1,000,000 rows of 200 characters); refused at 16 MiB
    # of rows read, the server's peak grows by a fraction of that.
    assert grown < 150, f"the server's peak memory grew by {grown:.0f} MiB"


def test_result_limit_is_a_setting(state: Path, tmp_path: Path) -> None:
    small = "SELECT time, usage FROM cpu_metrics LIMIT 20000"
    with served(state, tmp_path / "server.log", PLUGIN_MAX_RESULT_BYTES=str(64 * 1024)) as origin:
        refused = post_result(origin, [code_query(small)], "en-US")
        fits = post_result(origin, [code_query(small, maxDataPoints=100)], "en-US")
    assert refused.status_code == 422 and "larger than 0.0625 MiB" in refused.json()["message"]
    assert fits.status_code == 200 and len(fits.json()["frames"][0]["fields"][0]["values"]) == 100


# --- statements past the deadline -----------------------------------------------------------------


def test_expensive_statements_stop_near_the_deadline(state: Path, tmp_path: Path) -> None:
    """Each would run for minutes; with a 1 s deadline every answer comes within 15 s."""
    with served(state, tmp_path / "server.log", PLUGIN_QUERY_SECONDS="1") as origin:
        for sql in SLOW_CALLS:
            started = time.monotonic()
            answer = post_result(origin, [code_query(sql)], "en-US")
            elapsed = time.monotonic() - started
            assert elapsed < 15, f"{elapsed:.1f} s for {sql[:80]}"
            assert answer.status_code in (200, 422), answer.text[:300]
            if answer.status_code == 422:
                message = answer.json()["message"]
                assert message == "Query A: the query took longer than 1 s and was stopped", message


# Each is one function call SQLite runs without calling its progress handler: on the landed
# plugin the first used 31 s of CPU (10.5 s per call), the others 10-11 s, the last built 1.8 GB.
ONE_CALL_PAST_THE_DEADLINE = [
    "SELECT format('%.*c', 2147483647, 'x'), format('%.*c', 2147483647, 'x'), "
    "format('%.*c', 2147483647, 'x'), 1",
    "SELECT printf('%.2147483647c', 'x'), 1",
    "SELECT printf('%!*.*c', 2147483647, 2147483647, 'x'), 1",
    "SELECT length(replace(printf('%.*c', 60000, 'a'), 'a', printf('%.*c', 30000, 'b'))), 1",
]


def test_one_function_call_cannot_outrun_the_deadline(state: Path, tmp_path: Path) -> None:
    """Refused before SQLite loops: a few CPU seconds in all (generous), little memory."""
    with served(state, tmp_path / "server.log", PLUGIN_QUERY_SECONDS="1") as origin:
        pid = serving_pid(origin, PACKAGE.encode())
        memory, cpu = peak_rss_mib(pid), cpu_seconds(pid)
        answers = [post_result(origin, [code_query(sql)], "en-US") for sql in ONE_CALL_PAST_THE_DEADLINE]
        cpu, grown = cpu_seconds(pid) - cpu, peak_rss_mib(pid) - memory
    for answer in answers:
        assert answer.status_code == 422, answer.text[:300]
        assert answer.json()["message"] == "Query A: a value in the query is larger than 256 KiB"
    assert cpu < 5, f"the server used {cpu:.1f} s of CPU for {len(answers)} one-call statements"
    assert grown < 150, f"the server's peak memory grew by {grown:.0f} MiB"


def calls_in_one_row(call: str, count: int, source: str) -> str:
    """One row of `count` calls (4 to a column: SQLite allows 2,000 columns, 1,000 levels deep)."""
    columns = [" + ".join([call] * 4) for _ in range(count // 4)]
    return f"WITH t AS ({source}) SELECT 1, " + ", ".join(columns) + " FROM t"


# Thousands of calls in one row, each up to 0.16 s (GLOB with a 290-character class on 250,000
# characters) or 1.3 ms (a 262,000-character printf): SQLite's progress handler runs only every
# 10,000 steps, so on the landed plugin 100 of the GLOB calls ran 15.5 s of CPU past a 1 s deadline.
MANY_CALLS_IN_ONE_ROW = [
    calls_in_one_row(
        "(s GLOB p)",
        200,
        "SELECT printf('%.*c', 250000, 'a') AS s, '*[' || printf('%.*c', 290, 'b') || ']' AS p",
    ),
    calls_in_one_row("length(printf('%.*c', 262000, s))", 2400, "SELECT 'a' AS s"),
]


def test_many_calls_in_one_row_stop_at_the_deadline(state: Path, tmp_path: Path) -> None:
    with served(state, tmp_path / "server.log", PLUGIN_QUERY_SECONDS="1") as origin:
        pid = serving_pid(origin, PACKAGE.encode())
        cpu = cpu_seconds(pid)
        answers = [post_result(origin, [code_query(sql)], "en-US") for sql in MANY_CALLS_IN_ONE_ROW]
        cpu = cpu_seconds(pid) - cpu
    for answer in answers:
        assert answer.status_code == 422, answer.text[:300]
        assert answer.json()["message"] == "Query A: the query took longer than 1 s and was stopped"
    assert cpu < 8, f"the server used {cpu:.1f} s of CPU for two statements with a 1 s deadline"


# --- log forging ------------------------------------------------------------------------------


def test_request_text_cannot_forge_log_lines(state: Path, tmp_path: Path) -> None:
    """A Code-mode SQL text with a newline and a fake record stays inside its own log line."""
    forged = "ERROR acme_sales.secrets: the key is hunter2"
    sql = f"SELECT nope\n2026-01-01 00:00:00,000 {forged}\r\x1b[2K\x00 FROM x"
    log = tmp_path / "server.log"
    with served(state, log) as origin:
        answer = post_result(origin, [code_query(sql)], "en-US")
    assert answer.status_code == 422, answer.text[:300]
    text = log.read_text(encoding="utf-8")
    assert forged in text, text[-3000:]  # it is logged ...
    for line in text.splitlines():  # ... but only inside the line of the record that quotes it
        assert not line.startswith("2026-01-01") and forged not in line.split(": ", 1)[0], line
    assert not re.search(r"[\x00\r\x1b]", text), text[-3000:]


# --- bodies: one too large, many at once ---------------------------------------------------------


def health_check_body(size: int) -> bytes:
    """A valid health-check body of `size` bytes (the padding is a key the schema ignores)."""
    body = {"fields": CONFIG, "padding": ""}
    body["padding"] = "x" * (size - len(json.dumps(body)))
    return json.dumps(body).encode()


def test_a_client_that_writes_its_whole_body_first_reads_the_413(state: Path, tmp_path: Path) -> None:
    """urllib sends all of a 12 MiB body before it reads: on the landed plugin it saw a reset."""
    with served(state, tmp_path / "server.log") as origin:
        request = urllib.request.Request(
            f"{origin}{API}/datasource/health-check",
            data=health_check_body(12 * MEBIBYTE),
            headers={"Content-Type": "application/json", "Accept-Language": "en-US"},
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(request, timeout=60)
    assert refused.value.code == 413
    assert json.loads(refused.value.read()) == {
        "error": True,
        "message": "Request body is larger than 10 MiB",
    }


def test_bodies_in_flight_are_bounded(state: Path, tmp_path: Path) -> None:
    """60 concurrent 9 MB bodies: what does not fit the 64 MiB in flight is answered 503 with
    Retry-After (the landed plugin held them all: 150 took it to 1.1 GB), nobody sees a reset."""
    body = health_check_body(9 * MEBIBYTE)

    def post(origin: str) -> tuple[int, str | None]:
        host, port = origin.removeprefix("http://").split(":")
        connection = http.client.HTTPConnection(host, int(port), timeout=120)
        try:
            connection.request(
                "POST",
                f"{API}/datasource/health-check",
                body=body,
                headers={"Content-Type": "application/json"},
            )
            answer = connection.getresponse()
            answer.read()
            return answer.status, answer.getheader("Retry-After")
        finally:
            connection.close()

    with served(state, tmp_path / "server.log") as origin:
        pid = serving_pid(origin, PACKAGE.encode())
        before = peak_rss_mib(pid)
        with concurrent.futures.ThreadPoolExecutor(60) as pool:
            answers = list(pool.map(lambda _: post(origin), range(60)))
        grown = peak_rss_mib(pid) - before
    statuses = {status for status, _ in answers}
    assert statuses <= {200, 503} and 503 in statuses, answers
    assert all(retry == "1" for status, retry in answers if status == 503), answers
    assert grown < 250, f"the server's peak memory grew by {grown:.0f} MiB"


# --- a client that hangs up ---------------------------------------------------------------------


def raw_post(origin: str, path: str, head_only_of: bytes, declared: int) -> None:
    """Send a POST whose body is cut short (or absent), then hang up."""
    host, port = origin.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as connection:
        request = (
            f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
            f"Content-Length: {declared}\r\n\r\n"
        ).encode() + head_only_of
        connection.sendall(request)
        time.sleep(0.3)


def test_a_client_disconnect_is_one_info_line(state: Path, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with served(state, log, PLUGIN_QUERY_SECONDS="1") as origin:
        raw_post(origin, f"{API}/query/get-result", b'{"dataQuery": [', 100_000)
        body = json.dumps(get_result_request([code_query(SLOW_CALLS[-1])], config=wide_config())).encode()
        raw_post(origin, f"{API}/query/get-result", body, len(body))  # hangs up while the query runs
        time.sleep(2.5)
        assert httpx.get(f"{origin}{API}/well-known", timeout=10).status_code == 200
    text = log.read_text(encoding="utf-8")
    assert "Traceback" not in text and "ERROR" not in text and "Exception" not in text, text[-3000:]
    hang_ups = [line for line in text.splitlines() if "disconnected" in line]
    assert len(hang_ups) == 1 and "INFO" in hang_ups[0], text[-3000:]


# --- messages: the caller's language, never the request ------------------------------------------


@pytest.fixture(scope="module")
def api() -> Any:
    return client(query_seconds=1)


def abusive_calls(api: Any, language: str) -> Iterator[tuple[str, httpx.Response]]:
    """One call per kind of error the plugin or its glue answers, all sending names to leak."""
    headers = {"Accept-Language": language}

    def result(queries: list[dict[str, Any]], **extra: Any) -> httpx.Response:
        body = {**get_result_request(queries, config=wide_config()), **extra}
        return api.post(f"{API}/query/get-result", json=body, headers=headers)

    yield "unknown table", result([{"refID": "A", "json": json.dumps({"table": "secret_table_xyz"})}])
    yield (
        "unknown column",
        result(
            [{"refID": "A", "json": json.dumps({"table": "cpu_metrics", "valueColumns": ["col_secret"]})}]
        ),
    )
    yield "sql table", result([code_query("SELECT zz_secret FROM secret_table_xyz")])
    yield "sql column", result([code_query("SELECT zz_secret FROM cpu_metrics")])
    yield "sql syntax", result([code_query("SELECT FROM WHERE zz_secret DROP")])
    yield "sql function", result([code_query("SELECT zz_secret(1)")])
    yield "sql write", result([code_query("DROP TABLE servers")])
    yield "sql value", result([code_query("SELECT 1, randomblob(100000000)")])
    yield "sql deadline", result([code_query(SLOW_CALLS[-1])])
    yield "sql variable", result([code_query("SELECT $secret_var_key, 1")])
    yield "huge result", result([code_query(HUGE_SQL)])
    yield "long refID", result([{**code_query("SELECT zz_secret"), "refID": "SELECT zz_secret FROM x"}])
    yield "variable keys", result([{"refID": "A"}], variables={"secret_var_key": 5})
    yield (
        "schema",
        api.post(f"{API}/query/get-result", json={"dataQuery": "secret_table_xyz"}, headers=headers),
    )
    yield "not json", api.post(f"{API}/query/get-result", content=b"{secret_table_xyz", headers=headers)
    yield (
        "content type",
        api.post(
            f"{API}/datasource/health-check",
            content=b"{}",
            headers={**headers, "content-type": "text/secret_table_xyz"},
        ),
    )
    yield (
        "too large",
        api.post(
            f"{API}/variable/values",
            content=b" " * (11 * MEBIBYTE),
            headers={**headers, "content-type": "application/json"},
        ),
    )
    yield "not found", api.get(f"{API}/secret_table_xyz", headers=headers)
    yield "method", api.delete(f"{API}/query/get-result", headers=headers)
    yield (
        "health missing file",
        api.post(
            f"{API}/datasource/health-check",
            json={"fields": [{"code": "database", "value": "secret_db_name.sqlite3"}]},
            headers=headers,
        ),
    )
    yield (
        "health outside",
        api.post(
            f"{API}/datasource/health-check",
            json={"fields": [{"code": "database", "value": "../../secret_db_name.sqlite3"}]},
            headers=headers,
        ),
    )
    yield (
        "health invalid",
        api.post(
            f"{API}/datasource/health-check",
            json={"fields": [{"code": "database", "value": ""}, {"code": "rowLimit", "value": "col_secret"}]},
            headers=headers,
        ),
    )
    yield (
        "tampered token",
        api.post(
            f"{API}/datasource/health-check",
            json={
                "fields": [*CONFIG[:1], {"code": "col_secret", "type": "password", "value": "enc:v1:AAAA"}]
            },
            headers=headers,
        ),
    )
    yield (
        "variable values",
        api.post(
            f"{API}/variable/values",
            json={
                "pluginContext": get_result_request([], config=wide_config())["pluginContext"],
                "json": json.dumps({"table": "secret_table_xyz", "column": "col_secret"}),
            },
            headers=headers,
        ),
    )
    yield (
        "query form",
        api.post(
            f"{API}/query/constructor-fields",
            json=constructor_request(config=[{"code": "database", "value": "secret_db_name.sqlite3"}]),
            headers=headers,
        ),
    )


def texts(body: Any) -> list[str]:
    """Every message of an answer: `message` and the values of `validationErrors`."""
    found = [str(body.get("message", ""))]
    found += [str(v) for v in (body.get("validationErrors") or {}).values()]
    return [t for t in found if t]


def test_en_us_messages_are_english_and_quote_nothing(api: Any) -> None:
    for label, answer in abusive_calls(api, "en-US"):
        assert 400 <= answer.status_code < 500 or label == "health missing file", (label, answer.text[:300])
        for text in texts(answer.json()):
            assert not CYRILLIC.search(text), (label, text)
            assert not any(sent in text for sent in SENT), (label, text)


def test_ru_ru_messages_are_russian_and_quote_nothing(api: Any) -> None:
    for language in ("ru-RU", ""):
        for label, answer in abusive_calls(api, language):
            for text in texts(answer.json()):
                assert CYRILLIC.search(text), (label, text)
                assert not any(word in text for word in SQLITE_WORDS), (label, text)
                assert not any(sent in text for sent in SENT), (label, text)


# --- ports ------------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def module_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("module") / "acme-map"
    os.environ.setdefault("SCAFFOLD_HOME", str(root.parent / "scaffold-home"))
    create_project(NewProjectOptions(kind=KINDS["module"], destination=root, answers={}))
    return root


def start_on_busy_port(
    python_path: Path, package: str, cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        return subprocess.run(
            [sys.executable, "-m", package],
            cwd=cwd,
            env={**os.environ, "PYTHONPATH": str(python_path), "HOST": "127.0.0.1", "PORT": str(port), **env},
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )


def assert_one_line_naming_port(result: subprocess.CompletedProcess[str]) -> None:
    assert result.returncode == 1, (result.returncode, result.stderr[-2000:])
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr[-2000:]
    assert "PORT" in lines[0] and "already in use" in lines[0] and "Traceback" not in result.stderr


def test_plugin_port_in_use_is_one_line(tmp_path: Path) -> None:
    state = tmp_path / "state"
    result = start_on_busy_port(
        project(), PACKAGE, tmp_path, {"PLUGIN_STATE_DIR": str(state), "PLUGIN_SECRET_KEY": KEY}
    )
    assert_one_line_naming_port(result)
    assert not state.exists(), "nothing is created when the plugin cannot start"


def test_module_port_in_use_is_one_line(module_project: Path, tmp_path: Path) -> None:
    result = start_on_busy_port(module_project / "backend", "acme_map", tmp_path, {})
    assert_one_line_naming_port(result)


def test_plugin_and_module_default_ports_differ(module_project: Path) -> None:
    def default_port(python_path: Path, package: str) -> int:
        shown = subprocess.run(
            [
                sys.executable,
                "-c",
                f"from {package}.settings import Settings; print(Settings.from_env({{}}).port)",
            ],
            env={**os.environ, "PYTHONPATH": str(python_path)},
            capture_output=True,
            text=True,
            check=True,
        )
        return int(shown.stdout)

    assert default_port(project(), PACKAGE) == 8080
    assert default_port(module_project / "backend", "acme_map") == 8090


def test_state_folder_is_ignored_and_relative_to_the_working_folder(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    assert ".plugin-state/" in (root / ".gitignore").read_text(encoding="utf-8").splitlines()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    port = free_port()
    shown = subprocess.run(
        [
            sys.executable,
            "-c",
            "from acme_sales.settings import Settings; print(Settings.from_env().state_dir.resolve())",
        ],
        cwd=elsewhere,
        env={
            **{k: v for k, v in os.environ.items() if k != "PLUGIN_STATE_DIR"},
            "PYTHONPATH": str(root),
            "PORT": str(port),
        },
        capture_output=True,
        text=True,
        check=True,
    )
    assert Path(shown.stdout.strip()) == elsewhere / ".plugin-state"
