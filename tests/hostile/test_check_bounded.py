"""`scaffold check` against services that misbehave at the transport level: bounded and honest.

Found against a server that accepted TCP connections and never answered: `check plugin` ran
601 s, printed nothing until the end and reported invented PASSes. Here every such service is a
real localhost socket (tests/fixtures/check/servers.py) and the CLI runs as a user's shell would
run it. What must hold: the run ends at its --deadline; a first request that gets no usable answer
is one FAIL and every other check a SKIP, with no further connection; a check that did not run is
never a PASS; each line is printed as its check finishes; bad input ends in one sentence.

Timing bounds are generous on purpose (the machine is shared): a 1 s deadline must end the run
within 30 s, where the old behaviour took ten minutes.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import pytest

from scaffold.check.module_checks import ModuleCheckOptions, check_module
from scaffold.check.plugin_checks import check_plugin
from scaffold.check.plugin_session import PluginCheckOptions
from scaffold.host.http_client import MAX_JSON_DEPTH, NOT_JSON, json_depth, parse_json
from scaffold.host.report import Status
from tests.cli_runner import run_scaffold
from tests.conftest import REPO
from tests.fixtures.check.plugin_app import create_app
from tests.fixtures.check.servers import (
    Answer,
    http_answer,
    raw_tcp_server,
    read_request_head,
    serve,
)

PLUGIN_CHECKS = 41
MIB = 1024 * 1024
METADATA = {
    "name": "half-plugin",
    "title": [{"lang": "en-US", "value": "Half a plugin"}],
    "version": "1.0.0",
    "description": [{"lang": "en-US", "value": "Answers well-known, then nothing"}],
}


def _json_head(length: int | None = None, status: str = "200 OK") -> str:
    head = f"HTTP/1.1 {status}\nContent-Type: application/json\nConnection: close"
    return head if length is None else f"{head}\nContent-Length: {length}"


def _json_answer(body: bytes, status: str = "200 OK") -> Answer:
    return http_answer(_json_head(len(body), status), body)


def _trickle(connection: socket.socket) -> None:
    """Headers promising 100 kB, then one byte every 0.3 s: each read is quick, the answer never ends."""
    read_request_head(connection)
    connection.sendall(_json_head(100_000).replace("\n", "\r\n").encode() + b"\r\n\r\n")
    for _ in range(200):
        connection.sendall(b" ")
        time.sleep(0.3)


def _garbage(connection: socket.socket) -> None:
    """Bytes that are no HTTP answer at all."""
    read_request_head(connection)
    connection.sendall(b"hello there\r\n\r\n")


def _plugin_of_one_answer() -> Answer:
    body = json.dumps(METADATA).encode()

    def answer(connection: socket.socket) -> None:
        data = read_request_head(connection)
        if data.startswith(b"GET ") and b"/well-known " in data.split(b"\r\n", 1)[0]:
            connection.sendall(_json_head(len(body)).replace("\n", "\r\n").encode() + b"\r\n\r\n" + body)
            return
        connection.settimeout(None)
        while connection.recv(65536):  # hold the request unanswered until the client gives up
            pass

    return answer


def _lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if line.strip()]


def _plugin(url: str, *options: str, timeout: float = 120) -> tuple[subprocess.CompletedProcess[str], float]:
    started = time.monotonic()
    result = run_scaffold(["check", "plugin", f"{url}/api/v1", *options], cwd=REPO, timeout=timeout)
    return result, time.monotonic() - started


def _assert_one_sentence(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr + result.stdout, result.stderr


# -- the found case: a server that accepts and never answers ------------------------------------


def test_silent_server_ends_at_the_deadline_with_only_skips() -> None:
    with raw_tcp_server() as server:
        result, elapsed = _plugin(server.url, "--deadline", "1")
    _assert_one_sentence(result)
    assert elapsed < 30, f"a 1 s deadline took {elapsed:.0f} s"
    lines = _lines(result.stdout)
    checks, summary = lines[:-1], lines[-1]
    assert len(checks) == PLUGIN_CHECKS, result.stdout
    assert not [line for line in checks if line.startswith("PASS")], "nothing ran, so nothing passed"
    assert all(line.startswith("SKIP") for line in checks), result.stdout
    assert all(line.endswith("the whole-run deadline of 1 s passed") for line in checks), result.stdout
    assert summary.startswith(f"0 passed, 0 failed, 0 warnings, {PLUGIN_CHECKS} skipped"), summary
    assert result.returncode == 1, "a run the deadline stopped verified nothing: it must not look green"


def test_silent_server_json_report_says_the_run_was_stopped() -> None:
    with raw_tcp_server() as server:
        result, elapsed = _plugin(server.url, "--deadline", "1", "--json")
    assert elapsed < 30
    data = json.loads(result.stdout)  # stdout carries the JSON report only
    assert (data["passed"], data["failed"], data["skipped"]) == (0, 0, PLUGIN_CHECKS)
    assert data["stopped"] == "the whole-run deadline of 1 s passed"
    assert result.returncode == 1


def test_a_first_request_timeout_fails_once_and_calls_nothing_else() -> None:
    with raw_tcp_server() as server:
        result, elapsed = _plugin(server.url, "--timeout", "1", "--deadline", "100")
        connections = server.connections
    _assert_one_sentence(result)
    assert elapsed < 30, f"one 1 s timeout took {elapsed:.0f} s"
    assert connections == 1, "after the first request got nothing, no further call is made"
    first, *rest = _lines(result.stdout)[:-1]
    assert first.startswith("FAIL  well-known") and "no answer within 1 s" in first, first
    assert len(rest) == PLUGIN_CHECKS - 1
    assert all(line.startswith("SKIP") and "well-known got no usable answer" in line for line in rest)
    assert _lines(result.stdout)[-1].startswith(
        f"0 passed, 1 failed, 0 warnings, {PLUGIN_CHECKS - 1} skipped"
    )
    assert result.returncode == 1


def test_the_deadline_cuts_a_run_that_started_well() -> None:
    with raw_tcp_server(_plugin_of_one_answer()) as server:
        result, elapsed = _plugin(server.url, "--timeout", "60", "--deadline", "2")
    _assert_one_sentence(result)
    assert elapsed < 30, "the per-request timeout never exceeds what is left of the deadline"
    lines = _lines(result.stdout)
    assert lines[0].startswith("PASS  well-known"), lines[0]
    assert all(
        line.startswith("SKIP") and line.endswith("the whole-run deadline of 2 s passed")
        for line in lines[1:-1]
    ), result.stdout
    assert lines[-1] == (
        f"1 passed, 0 failed, 0 warnings, {PLUGIN_CHECKS - 1} skipped; "
        "stopped: the whole-run deadline of 2 s passed"
    )
    assert result.returncode == 1


# -- first answers that are not a plugin's ------------------------------------------------------

FIRST_ANSWERS: dict[str, tuple[Answer, str]] = {
    "garbage": (_garbage, "not an HTTP answer"),
    "html": (
        http_answer("HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: 15", b"<html>hi</html>"),
        "the body is not JSON",
    ),
    "not-found": (_json_answer(b'{"detail": "Not Found"}', "404 Not Found"), "expected 200, got 404"),
    "json-array": (_json_answer(b"[1, 2, 3]"), "expected a JSON object, got list"),
    "deep-nesting": (
        _json_answer(b"[" * 100_000 + b"]" * 100_000),
        f"nested deeper than {MAX_JSON_DEPTH} levels",
    ),
    "nesting-under-the-recursion-limit": (
        _json_answer(b'{"name": ' + b"[" * 900 + b"]" * 900 + b"}"),
        f"nested deeper than {MAX_JSON_DEPTH} levels",
    ),
    "huge-declared": (http_answer(_json_head(100 * MIB)), "answer larger than 8 MiB"),
    "huge-streamed": (http_answer(_json_head(), b"[" + b"0," * (10 * MIB)), "answer larger than 8 MiB"),
    "trickle": (_trickle, "no complete answer within 2 s"),
}


@pytest.mark.parametrize("kind", sorted(FIRST_ANSWERS))
def test_a_first_answer_that_is_no_plugin_is_one_fail(kind: str) -> None:
    answer, reason = FIRST_ANSWERS[kind]
    with raw_tcp_server(answer) as server:
        result, elapsed = _plugin(server.url, "--timeout", "2", "--deadline", "100")
        connections = server.connections
    _assert_one_sentence(result)
    assert elapsed < 30, f"{kind} took {elapsed:.0f} s"
    lines = _lines(result.stdout)
    assert lines[0].startswith("FAIL  well-known") and reason in lines[0], lines[0]
    assert all(line.startswith("SKIP") for line in lines[1:-1]), result.stdout
    assert len(lines) == PLUGIN_CHECKS + 1
    assert connections == 1, "no further network call after the first answer was unusable"
    assert result.returncode == 1


def test_json_depth_is_bounded_without_recursion() -> None:
    value, error = parse_json(b"[" * 100_000 + b"]" * 100_000)
    assert value is NOT_JSON and error is not None and "nested deeper" in error
    deep: list[object] = []
    node = deep
    for _ in range(100_000):
        child: list[object] = []
        node.append(child)
        node = child
    assert json_depth(deep) == 100_001
    assert parse_json(b'{"a": [[1]]}') == ({"a": [[1]]}, None)


# -- honest verdicts and streaming ----------------------------------------------------------------


@pytest.fixture(scope="module")
def plugin_server() -> Iterator[str]:
    with serve(create_app()) as origin:
        yield origin


def test_an_unknown_form_skips_what_depends_on_it_instead_of_passing(plugin_server: str) -> None:
    report = check_plugin(f"{plugin_server}/datasource-fields-500/api/v1", PluginCheckOptions(timeout=5))
    health = [r for r in report.results if r.name.startswith("health-check.")]
    assert len(health) == 5
    assert all(r.status is Status.SKIP for r in health), [(r.status, r.name, r.detail) for r in health]
    assert all("datasource-fields.new-form failed" in r.detail for r in health)
    assert not [r for r in report.results if r.status is Status.PASS and "not applicable" in r.detail]


def test_given_config_still_reaches_the_health_check_without_the_form(plugin_server: str) -> None:
    config = {"host": "localhost", "database": "metrics", "password": "s3cret"}
    report = check_plugin(
        f"{plugin_server}/datasource-fields-500/api/v1", PluginCheckOptions(timeout=5, config=config)
    )
    valid = report.find("health-check.valid-config")
    assert valid is not None and valid.status is Status.PASS, valid


def test_each_line_is_printed_as_its_check_finishes(plugin_server: str) -> None:
    # huge-hang: get-result never answers a 1 MB string; that case comes last and waits --timeout.
    command = [sys.executable, "-m", "scaffold", "check", "plugin", f"{plugin_server}/huge-hang/api/v1"]
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])),
    }
    process = subprocess.Popen(
        [*command, "--timeout", "3"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=REPO,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()
        first_at = time.monotonic()
        still_running = process.poll() is None
        rest = process.stdout.read()
        process.wait(timeout=120)
        ended_at = time.monotonic()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert first.startswith("PASS  well-known"), first
    assert still_running, "the first line arrived only when the run was over"
    assert ended_at - first_at > 2, "the lines were held back until the end"
    assert _lines(rest)[-1].startswith("40 passed, 1 failed, 0 warnings, 0 skipped")


# -- bad input on the command line -------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    ["http://[::1/api/v1", "http://127.0.0.1:99999/api/v1", "http://exa mple.com/api/v1", "ftp://x/api/v1"],
)
@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_a_bad_url_is_one_sentence(kind: str, url: str) -> None:
    result = run_scaffold(["check", kind, url], cwd=REPO, timeout=60)
    _assert_one_sentence(result)
    assert result.returncode == 2
    assert result.stdout == ""
    message = [line for line in result.stderr.splitlines() if line.startswith("Error: ")]
    assert len(message) == 1 and "BASE_URL" in message[0], result.stderr


# -- the module check: the same bounds ------------------------------------------------------------


@pytest.mark.slow
def test_module_check_on_a_silent_server_ends_at_the_deadline() -> None:
    with raw_tcp_server() as server:
        started = time.monotonic()
        result = run_scaffold(["check", "module", server.url, "--deadline", "1"], cwd=REPO, timeout=120)
        elapsed = time.monotonic() - started
    _assert_one_sentence(result)
    assert elapsed < 60, f"a 1 s deadline took {elapsed:.0f} s (preflight included)"
    lines = _lines(result.stdout)
    assert lines and all(line.startswith("SKIP") for line in lines[:-1]), result.stdout
    assert any(line.split()[1] == "frontend.js-cacheable" for line in lines[:-1])
    assert lines[-1].startswith("0 passed, 0 failed, 0 warnings, ")
    assert "skipped; stopped: the whole-run deadline of 1 s passed" in lines[-1]
    assert result.returncode == 1


@pytest.mark.slow
def test_module_check_stops_after_a_first_answer_that_is_not_json() -> None:
    answer = http_answer("HTTP/1.1 200 OK\nContent-Type: text/html\nContent-Length: 15", b"<html>hi</html>")
    with raw_tcp_server(answer) as server:
        report = check_module(server.url, ModuleCheckOptions(timeout=2, deadline=60))
        connections = server.connections
    first, *rest = report.results
    assert (first.status, first.name) == (Status.FAIL, "well-known") and "not JSON" in first.detail
    assert rest and all(r.status is Status.SKIP for r in rest)
    assert [r.name for r in report.results] == report.planned
    assert connections == 1
