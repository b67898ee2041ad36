"""Every answer scaffold reads from a service is bounded in bytes, codings, time and memory, and stoppable.

Found (issue 24): `Content-Encoding: gzip, gzip` drove `check plugin`, `check --fuzz`, the dev
page's plugin API and the dev module proxy to 4-6 GB and a MemoryError traceback; the `dev
plugin|module URL` start-up probe read endless and gzip-bomb bodies whole and hung forever on a
trickling one, ignoring Ctrl-C and SIGTERM; `check` followed redirects to other hosts silently.

Each case runs the CLI as a user would against a hostile socket server on 127.0.0.1
(tests/fixtures/check/servers.py) and asserts the outcome and the child's peak resident memory
(its own ru_maxrss, see measured_cli.py), never a duration.
"""

from __future__ import annotations

import json
import signal
import socket
import time
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from scaffold.dev.session import PROBE_TIMEOUT_ENV
from tests.fixtures.check.plugin_app import create_app
from tests.fixtures.check.servers import (
    Answer,
    encoded_answer,
    endless_answer,
    gzip_of_zeros,
    gzipped,
    raw_tcp_server,
    read_request_head,
    redirect_answer,
    serve,
    trickle_answer,
    trickle_head_answer,
)
from tests.hostile.measured_cli import PEAK_LIMIT_MIB, Measured, RunningScaffold, run_measured

PLUGIN_CHECKS = 41


@pytest.fixture(scope="module")
def stacked_gzip() -> bytes:
    """15 kB on the wire, 6 MB after the first gzip layer, 6 GiB of zeros after the second."""
    return gzipped(gzip_of_zeros(6144))


@pytest.fixture(scope="module")
def single_gzip() -> bytes:
    """4 MB on the wire, 4 GiB of zeros after one gzip layer."""
    return gzip_of_zeros(4096)


def _assert_bounded(result: Measured) -> None:
    assert "Traceback" not in result.stdout + result.stderr, result.describe()
    assert "MemoryError" not in result.stdout + result.stderr, result.describe()
    assert result.peak_mib < PEAK_LIMIT_MIB, result.describe()


def _check_lines(result: Measured) -> list[str]:
    return [line for line in result.stdout.splitlines() if line.strip() and not line.startswith(" ")]


# -- finding 1: stacked encodings --------------------------------------------------------------------


def test_check_plugin_reads_stacked_gzip_within_its_cap(stacked_gzip: bytes) -> None:
    with raw_tcp_server(encoded_answer(stacked_gzip, "gzip, gzip")) as server:
        result = run_measured(["check", "plugin", f"{server.url}/api/v1"])
    _assert_bounded(result)
    lines = _check_lines(result)
    assert lines[0].startswith("FAIL  well-known") and "answer larger than 8 MiB" in lines[0], lines[0]
    assert len(lines) == PLUGIN_CHECKS + 1 and all(line.startswith("SKIP") for line in lines[1:-1])
    assert result.returncode == 1


def test_check_fuzz_reads_stacked_gzip_within_its_cap(stacked_gzip: bytes) -> None:
    with raw_tcp_server(encoded_answer(stacked_gzip, "gzip, gzip")) as server:
        result = run_measured(["check", "plugin", f"{server.url}/api/v1", "--fuzz", "1"])
    _assert_bounded(result)
    assert "answer larger than 8 MiB" in result.stdout, result.describe()
    assert result.returncode == 1


@pytest.mark.parametrize(
    ("encoding", "reason"),
    [
        ("gzip, gzip, gzip", "3 layers of Content-Encoding (gzip, gzip, gzip); scaffold decodes at most 2"),
        ("br", "Content-Encoding 'br', which scaffold did not offer"),
    ],
)
def test_codings_scaffold_does_not_decode_are_a_finding(encoding: str, reason: str) -> None:
    body = gzipped(gzipped(gzipped(b'{"name": "x"}')))
    with raw_tcp_server(encoded_answer(body, encoding)) as server:
        result = run_measured(["check", "plugin", f"{server.url}/api/v1"])
    _assert_bounded(result)
    first = _check_lines(result)[0]
    assert first.startswith("FAIL  well-known") and reason in first, first


def test_an_answer_of_millions_of_empty_containers_is_refused_before_it_is_parsed() -> None:
    # 8 MiB of `[{},{},...]` is 2.8 million dicts once parsed: 443 MiB before this bound.
    count = (8 * 1024 * 1024 - 2) // 3
    body = b"[" + b"{}," * (count - 1) + b"{}]"
    with raw_tcp_server(encoded_answer(gzipped(body), "gzip")) as server:
        result = run_measured(["check", "plugin", f"{server.url}/api/v1"])
    _assert_bounded(result)
    first = _check_lines(result)[0]
    assert first.startswith("FAIL  well-known") and "more than 1,000,000 objects and arrays" in first, first


def _page_url(run: RunningScaffold) -> str:
    assert run.wait_for_output("page:", 60), run.finish(10).describe()
    line = next(line for line in run.stdout().splitlines() if line.startswith("page:"))
    return line.split()[1].rstrip("/")


def _get(url: str) -> tuple[int, dict[str, object]]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _stop(run: RunningScaffold) -> Measured:
    run.signal(signal.SIGINT)
    return run.finish(60)


def test_dev_plugin_api_reads_stacked_gzip_within_its_cap(stacked_gzip: bytes) -> None:
    with raw_tcp_server(encoded_answer(stacked_gzip, "gzip, gzip")) as server:
        run = RunningScaffold(["dev", "plugin", f"{server.url}/api/v1", "--port", "0"])
        status, body = _get(_page_url(run) + "/dev-api/plugin/metadata")
        result = _stop(run)
    _assert_bounded(result)
    assert status == 200, body
    entry = body["entry"]
    assert isinstance(entry, dict) and "answer larger than 8 MiB" in str(entry["failure"]), entry
    assert "answer larger than 8 MiB" in result.stderr  # the start-up probe's warning


def test_dev_module_proxy_reads_stacked_gzip_within_its_cap(stacked_gzip: bytes) -> None:
    with raw_tcp_server(encoded_answer(stacked_gzip, "gzip, gzip")) as server:
        run = RunningScaffold(["dev", "module", server.url, "--port", "0"])
        status, body = _get(_page_url(run) + "/api/v1/modules/m/proxy/api/v1/data")
        result = _stop(run)
    _assert_bounded(result)
    assert status == 502, body
    assert "answer larger than 32 MiB" in str(body["message"]), body


# -- finding 2: the dev start-up probe ---------------------------------------------------------------


def _probe_cases(single_gzip: bytes) -> dict[str, tuple[Answer, str]]:
    return {
        "endless": (endless_answer, "answer larger than 8 MiB"),
        "single-gzip-4GiB": (encoded_answer(single_gzip, "gzip"), "answer larger than 8 MiB"),
        "trickle": (trickle_answer, "no complete answer within 1 s"),
        "trickled-headers": (trickle_head_answer, "no answer within 1 s"),
    }


# The trickling cases end at the probe's timeout: 1 s here instead of the default 3 s. The others
# keep the default, so their byte bounds decide them however busy the machine is.
_WAITS_OUT_THE_PROBE = {"trickle", "trickled-headers"}


@pytest.mark.parametrize("case", ["endless", "single-gzip-4GiB", "trickle", "trickled-headers"])
@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_dev_probe_is_bounded_and_the_page_line_prints(kind: str, case: str, single_gzip: bytes) -> None:
    answer, reason = _probe_cases(single_gzip)[case]
    env = {PROBE_TIMEOUT_ENV: "1"} if case in _WAITS_OUT_THE_PROBE else None
    with raw_tcp_server(answer) as server:
        url = f"{server.url}/api/v1" if kind == "plugin" else server.url
        run = RunningScaffold(["dev", kind, url, "--port", "0"], env=env)
        _page_url(run)
        result = _stop(run)
    _assert_bounded(result)
    warnings = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1 and reason in warnings[0], result.describe()
    assert result.returncode == 0 and result.stdout.splitlines()[-1].startswith("scaffold dev stopped")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_a_trickling_probe_ends_dev_with_one_sentence(signum: signal.Signals) -> None:
    with raw_tcp_server(trickle_answer) as server:
        run = RunningScaffold(["dev", "plugin", f"{server.url}/api/v1", "--port", "0"])
        ends = time.monotonic() + 60
        while server.connections == 0 and time.monotonic() < ends:  # the probe is reading now
            time.sleep(0.02)
        run.signal(signum)
        result = run.finish(60)
    _assert_bounded(result)
    assert "page:" not in result.stdout, result.describe()
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == 1, result.describe()
    assert (
        errors[0].startswith("error: interrupted while waiting for ") and "nothing was started" in errors[0]
    )
    assert result.returncode == 130


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_signal_during_check_fuzz_ends_the_run_with_one_sentence(signum: signal.Signals) -> None:
    # Hypothesis catches any Exception a case raises and replays it: the run used to go on.
    with serve(create_app()) as origin:
        run = RunningScaffold(
            ["check", "plugin", f"{origin}/ref/api/v1", "--fuzz", "500", "--deadline", "600"]
        )
        assert run.wait_for_output("fuzz.well-known", 120), run.finish(10).describe()
        run.signal(signum)
        result = run.finish(60)
    _assert_bounded(result)
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert errors == [
        "error: interrupted: scaffold check stopped before it finished (the lines above are the checks that ran)"
    ], result.describe()
    assert result.returncode == 130


# -- finding 7: redirects ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def real_plugin() -> Iterator[str]:
    with serve(create_app()) as origin:
        yield origin


@pytest.mark.parametrize("status", ["307 Temporary Redirect", "302 Found"])
def test_check_reports_a_redirect_with_its_target_and_does_not_follow(real_plugin: str, status: str) -> None:
    with raw_tcp_server(redirect_answer(status, real_plugin)) as server:
        result = run_measured(["check", "plugin", f"{server.url}/ref/api/v1"])
        connections = server.connections
    _assert_bounded(result)
    lines = _check_lines(result)
    code = status.split()[0]
    assert lines[0].startswith("FAIL  well-known"), lines[0]
    assert f"answered {code}, a redirect to {real_plugin}/ref/api/v1/well-known" in lines[0], lines[0]
    assert "does not follow redirects" in lines[0]
    assert not [line for line in lines if line.startswith("PASS")], result.stdout
    assert connections == 1 and result.returncode == 1


def test_dev_proxy_answers_a_redirect_with_502_naming_its_target(real_plugin: str) -> None:
    with raw_tcp_server(redirect_answer("307 Temporary Redirect", real_plugin)) as server:
        run = RunningScaffold(["dev", "module", server.url, "--port", "0"])
        status, body = _get(_page_url(run) + "/api/v1/modules/m/proxy/api/v1/data")
        result = _stop(run)
    _assert_bounded(result)
    assert status == 502, body
    message = str(body["message"])
    assert f"answered 307, a redirect to {real_plugin}/api/v1/data" in message, message
    assert "redirect to" in result.stderr  # the probe's warning names it too


# -- the readiness probe of a project's own service (`scaffold dev` in a project) -----------------------

# The child is killed after 30 s (the server trickles for 60 s): the old probe outlived that whole
# window in one read; the bounded one gives up once its 1 s has passed (a read ends after 2 s at
# most) or stops within 0.2 s of the event.
_READY = """
import sys, threading
from pathlib import Path
from scaffold.dev.children import ChildGroup
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.project_runner import ServicePlan, wait_ready
from scaffold.errors import DevServiceError

port, timeout, stop_after = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3])
plan = ServicePlan(ProjectLayout(Path("."), "plugin", "acme"), Path(sys.executable), port, ())
stop = threading.Event()
if stop_after:
    threading.Timer(stop_after, stop.set).start()
try:
    ready = wait_ready(plan, ChildGroup(lambda label, line: None), stop, timeout=timeout)
    print("ready" if ready else "stopped")
except DevServiceError as exc:
    print(f"error: {exc}")
"""


@pytest.mark.parametrize("case", ["endless", "single-gzip-4GiB", "trickle"])
def test_the_readiness_probe_is_bounded(case: str, single_gzip: bytes) -> None:
    answer = _probe_cases(single_gzip)[case][0]
    with raw_tcp_server(answer) as server:
        port = server.url.rsplit(":", 1)[1]
        result = RunningScaffold([port, "1", "0"], entry=("-c", _READY)).finish(30)
    _assert_bounded(result)
    assert result.stdout.startswith("error: the service did not answer "), result.describe()


def test_the_readiness_probe_stops_on_its_event() -> None:
    with raw_tcp_server(trickle_answer) as server:
        port = server.url.rsplit(":", 1)[1]
        result = RunningScaffold([port, "600", "1"], entry=("-c", _READY)).finish(30)
    _assert_bounded(result)
    assert result.stdout.strip() == "stopped", result.describe()


# -- the module fetch (what `check module` and the dev module page read before any browser runs) -------


def _module_serving(js_head: str, js_body: bytes) -> Answer:
    """A module backend whose well-known is usable and whose JS (every other path) is hostile."""

    def answer(connection: socket.socket) -> None:
        request_line = read_request_head(connection).split(b"\r\n", 1)[0]
        if b" /api/v1/well-known " in request_line:
            host, port = connection.getsockname()[:2]
            metadata = {
                "name": "hostile-module",
                "title": [{"lang": "en-US", "value": "Hostile"}],
                "description": [{"lang": "en-US", "value": "Serves a hostile bundle"}],
                "version": "1.0.0",
                "entryPoint": "/static/module.js",
                "frontendHost": f"http://{host}:{port}",
                "scope": "hostile",
                "components": ["Widget"],
            }
            body = json.dumps(metadata).encode()
            head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
            connection.sendall(head.encode() + b"Connection: close\r\n\r\n" + body)
            return
        connection.sendall(js_head.encode() + b"\r\n\r\n" + js_body)

    return answer


def _js_head(encoding: str, length: int) -> str:
    return (
        f"HTTP/1.1 200 OK\r\nContent-Type: text/javascript\r\nContent-Encoding: {encoding}\r\n"
        f"Content-Length: {length}\r\nConnection: close"
    )


def test_the_module_fetch_reads_stacked_gzip_within_its_cap(stacked_gzip: bytes) -> None:
    with raw_tcp_server(_module_serving(_js_head("gzip, gzip", len(stacked_gzip)), stacked_gzip)) as server:
        run = RunningScaffold(["dev", "module", server.url, "--port", "0"])
        status, body = _get(_page_url(run) + "/dev-api/module/target")
        result = _stop(run)
    _assert_bounded(result)
    assert status == 200, body
    problems = {p["check"]: p["detail"] for p in body["problems"]}  # type: ignore[attr-defined]
    assert "answer larger than 32 MiB" in problems["frontend.js"], problems
    assert "answer larger than 32 MiB" in problems["frontend.js-cacheable"], problems


def test_the_largest_bundle_scaffold_accepts_fits_the_memory_bound() -> None:
    # Just under the 32 MiB cap, ASCII but for one character outside the BMP: Python keeps such
    # text at 4 bytes a character (128 MiB), so every extra copy of it counts.
    text = b"a" * (32 * 1024 * 1024 - 8) + "\U0001f600".encode()
    body = gzipped(text)
    with raw_tcp_server(_module_serving(_js_head("gzip", len(body)), body)) as server:
        run = RunningScaffold(["dev", "module", server.url, "--port", "0"])
        status, answer = _get(_page_url(run) + "/dev-api/module/target")
        result = _stop(run)
    _assert_bounded(result)
    assert status == 200, answer
    assert answer["target"] is not None, answer
