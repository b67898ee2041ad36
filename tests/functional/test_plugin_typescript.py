"""A TypeScript plugin (`new-plugin --language typescript`) installs, checks itself and passes `check`.

Issue 28, first step: the project scaffold makes (the example data source by default, and the
`--no-example` starter) runs the checks its CI would (the registry's
TypeScript checks: `npm ci`, lint with eslint and prettier, typecheck, vitest, build), starts with
`npm start`'s command on a free port, and `scaffold check plugin` (the platform's emulation) passes
against it; `regenerate --check` and `status` read it like a Python project; strict bodies are
refused over real HTTP as the spec says (the strictness twins of the Python plugin's cases, one per
rule, live in the project's own vitest file and run here through `npm test`).

The example is made, checked and built once per run (tests/built_plugins.py), and shared with
test_ci_files.py. `scaffold check plugin` from the command line against the example, as its CI runs
it (`regenerate --check`, then the contract block), is test_ci_files.py's
test_plugin_contract_step_runs_as_ci_runs_it[typescript]; here the same checks with the example's
own ci/check-config.json hold it to no FAIL and no WARN (test_the_example_passes_check_plugin_with_data).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from scaffold.check.plugin_checks import check_plugin
from scaffold.check.plugin_session import PluginCheckOptions
from scaffold.host.report import render_text
from scaffold.projects.regenerate import regenerate
from scaffold.projects.templates.store import current_version
from tests.built_plugins import built_plugin, copy_project
from tests.functional.plugin_example_checks import assert_the_example_passes_check_plugin_with_data
from tests.process_probe import peak_rss_mib, serving_pid
from tests.served_process import serve_command

pytestmark = pytest.mark.slow
# A query the example answers (its query form requires a table), for the tests of the transport.
SERVERS = {"refID": "A", "json": '{"table": "servers", "format": "table"}'}


def _run(command: list[str], cwd: Path, timeout: float = 900) -> str:
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=timeout, check=False)
    assert result.returncode == 0, (
        f"{' '.join(command)} failed:\n{result.stdout[-3000:]}{result.stderr[-2000:]}"
    )
    return result.stdout


@contextmanager
def _serving(project: Path, tmp_path_factory: pytest.TempPathFactory, **settings: str) -> Iterator[str]:
    """`node dist/main.js` (what `npm start` runs after its build) on a free port."""
    env = {**os.environ, "PLUGIN_STATE_DIR": str(tmp_path_factory.mktemp("ts-state")), **settings}
    log = tmp_path_factory.mktemp("ts-log") / "plugin.log"
    with serve_command(
        ["node", "dist/main.js"], cwd=project, env=env, probe_path="/healthz", log_path=log
    ) as origin:
        yield origin


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The default project: the example data source, every check of its CI passed, built (read only)."""
    return built_plugin("typescript", tmp_path_factory)


@pytest.fixture(scope="module")
def served(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with _serving(project, tmp_path_factory) as origin:
        yield origin


@pytest.fixture(scope="module")
def starter(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """`--no-example`: the starter, the smallest valid answer of every operation (read only)."""
    return built_plugin("typescript", tmp_path_factory, example=False)


def test_the_project_is_what_the_registry_says_a_typescript_part_is(project: Path) -> None:
    answers = (project / ".copier-answers.yml").read_text(encoding="utf-8")
    assert "language: typescript" in answers
    manifest = json.loads((project / ".scaffold" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["files"] and all(path.startswith("src/contract/") for path in manifest["files"])
    assert (project / "dist" / "main.js").is_file()


def test_regenerate_check_and_status_read_it(project: Path) -> None:
    regenerate(project, check=True)
    (status,) = json.loads(
        _run([sys.executable, "-m", "scaffold", "status", str(project), "--json"], project)
    )["projects"]
    assert (status["kind"], status["template_version"], status["state"]) == (
        "plugin",
        current_version("plugin-typescript"),
        "ok",
    )


def test_the_example_passes_check_plugin_with_data(served: str, project: Path) -> None:
    assert_the_example_passes_check_plugin_with_data(served, project)


def test_the_starter_passes_its_checks_and_check_plugin(
    starter: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    assert not (starter / "src" / "example").exists() and not (starter / "test" / "example").exists()
    with _serving(starter, tmp_path_factory) as origin:
        report = check_plugin(f"{origin}/api/v1", PluginCheckOptions(timeout=15))
    assert report.ok, render_text(report)


def test_the_projects_own_tests_hold_every_answer_against_the_spec(starter: Path, tmp_path: Path) -> None:
    """Issue 28 point 6: an answer the spec's schema refuses fails the seeded tests, naming where.

    The seeded tests checked answers by value only: a metadata answer whose title is a string
    instead of the list of texts the schema says passed them all.
    """
    copy = copy_project(starter, tmp_path / "acme-sales")
    datasource = copy / "src" / "datasource.ts"
    text = datasource.read_text(encoding="utf-8")
    assert "title: texts('plugin.title')," in text
    datasource.write_text(
        text.replace("title: texts('plugin.title'),", "title: 'Acme' as never,"), encoding="utf-8"
    )
    result = subprocess.run(
        ["npx", "vitest", "run", "test/contract.test.ts"],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = result.stdout + result.stderr
    assert result.returncode != 0, out
    assert "GET /well-known answered 200, a body its schema refuses: title: " in out, out[-3000:]
    assert "getMetadata (no body)" in out, out[-3000:]


def test_strict_bodies_over_http(served: str) -> None:
    url = f"{served}/api/v1/query/get-result"
    refused = httpx.post(url, json={"dataQuery": [{"refID": "A", "maxDataPoints": "1"}]})
    assert refused.status_code == 400
    assert refused.json() == {
        "error": True,
        "message": "Неверный формат запроса: dataQuery.0.maxDataPoints: ожидается целое число",
        "status": 400,
    }
    answered = httpx.post(url, json={"dataQuery": [SERVERS]}, headers={"X-Request-ID": "r-1"})
    assert answered.status_code == 200 and answered.headers["x-request-id"] == "r-1"
    wrong_type = httpx.post(url, content=b"{}", headers={"Content-Type": "application/xml"})
    assert wrong_type.status_code == 400


@pytest.fixture(scope="module")
def tight(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The same plugin with 1 KiB bodies and 1 KiB of bodies in flight."""
    settings = {"PLUGIN_MAX_BODY_BYTES": "1024", "PLUGIN_MAX_BODY_BYTES_IN_FLIGHT": "1024"}
    with _serving(project, tmp_path_factory, **settings) as origin:
        yield origin


def test_bytes_in_flight_are_bounded_with_503_and_retry_after(tight: str) -> None:
    host, port = tight.removeprefix("http://").split(":")
    path = "/api/v1/query/get-result"
    with socket.create_connection((host, int(port))) as slow:
        # Bodies are charged by the bytes that arrived: 1000 of the 1024 are sent, the body unfinished.
        head = f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1020\r\n\r\n"
        slow.sendall(head.encode() + b'{"dataQuery": ['.ljust(1000))
        time.sleep(0.3)
        busy = httpx.post(tight + path, json={"dataQuery": [{"refID": "A", "json": "x" * 60}]})
        assert busy.status_code == 503
        assert busy.headers["retry-after"] == "1"
        assert busy.json() == {
            "error": True,
            "message": "Плагин сейчас обрабатывает слишком много данных запросов; повторите запрос",
        }
    time.sleep(0.3)  # the unfinished body's bytes are given back when its connection goes
    assert httpx.post(tight + path, json={"dataQuery": [SERVERS]}).status_code == 200


GET_RESULT = "/api/v1/query/get-result"
INVALID_JSON = "Неверный формат запроса: тело не является корректным JSON"


def _address(origin: str) -> tuple[str, int]:
    host, port = origin.removeprefix("http://").split(":")
    return host, int(port)


def test_idle_uploads_reserve_nothing_of_the_bodies_in_flight(served: str) -> None:
    """Security review H1: a declared Content-Length took the budget (64 MiB) whole before a byte
    arrived, so 7 uploads declaring 9.14 MiB each (64 MiB together, 4 bytes left) that send 10
    bytes made every other body 503."""
    idle = [socket.create_connection(_address(served)) for _ in range(7)]
    try:
        for connection in idle:
            head = (
                f"POST {GET_RESULT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                f"Content-Length: {64 * 1024 * 1024 // 7}\r\n\r\n"
            )
            connection.sendall(head.encode() + b'{"dataQuer')
        time.sleep(0.3)
        answered = httpx.post(served + GET_RESULT, json={"dataQuery": [SERVERS]}, timeout=10)
        assert answered.status_code == 200, answered.text
    finally:
        for connection in idle:
            connection.close()


def test_request_headers_must_arrive_within_ten_seconds(served: str) -> None:
    """Security review H1: headers trickled a line every 2 s held the connection a minute or more."""
    with socket.create_connection(_address(served)) as trickle:
        trickle.settimeout(2)
        started = time.monotonic()
        trickle.sendall(f"POST {GET_RESULT} HTTP/1.1\r\n".encode())
        closed_at = None
        while closed_at is None and time.monotonic() - started < 20:
            try:
                trickle.sendall(b"X-Slow: 1\r\n")
                if trickle.recv(65536) == b"":
                    closed_at = time.monotonic() - started
            except TimeoutError:
                continue
            except OSError:
                closed_at = time.monotonic() - started
        assert closed_at is not None and 8 < closed_at < 14, closed_at


def test_a_body_in_one_byte_chunks_costs_its_bytes_not_a_buffer_each(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Security review H2: each 1-byte chunk was kept as a Buffer (~300 bytes): a 1 MiB body took the
    process up by 430 MiB, a 4 MiB one by 1.6 GB. Now the chunks are copied into one buffer."""
    prefix = b'{"dataQuery": [' + json.dumps(SERVERS).encode() + b'], "pad": "'
    body = prefix + b"x" * (2 * 1024 * 1024 - len(prefix) - 2) + b'"}'
    chunked = b"".join(b"1\r\n" + body[i : i + 1] + b"\r\n" for i in range(len(body))) + b"0\r\n\r\n"
    head = (
        f"POST {GET_RESULT} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    )
    with _serving(project, tmp_path_factory) as origin:
        pid = serving_pid(origin, b"dist/main.js")
        before = peak_rss_mib(pid)
        with socket.create_connection(_address(origin)) as connection:
            connection.settimeout(120)
            connection.sendall(head.encode() + chunked)
            answer = b""
            while data := connection.recv(65536):
                answer += data
        assert answer.startswith(b"HTTP/1.1 200 "), answer[:300]
        grown = peak_rss_mib(pid) - before
    assert grown < 150, f"the peak RSS grew by {grown} MiB"


def test_json_nested_deeper_than_256_levels_is_refused_before_it_is_parsed(served: str) -> None:
    """Security review H3: a 100k-deep object under a key the schema does not name answered 200
    (and six 9.5 MiB `[[[...]]]` bodies took 1.5 GB): the Python and Go plugins answer 400."""
    query = '{"dataQuery": [' + json.dumps(SERVERS).replace("%", "%%") + '], "extra": %s}'
    deep_object = '{"a":' * 100_000 + "1" + "}" * 100_000
    deep_array = "[" * 1_000_000 + "]" * 1_000_000
    headers = {"Content-Type": "application/json"}
    masked = '["' + "]" * 1000 + '\\"", ' + "[" * 1000 + "]" * 1001  # closing brackets in a string
    for deep in (deep_object, deep_array, masked):
        started = time.monotonic()
        refused = httpx.post(served + GET_RESULT, content=query % deep, headers=headers, timeout=30)
        assert (refused.status_code, refused.json()) == (
            400,
            {"error": True, "message": INVALID_JSON, "status": 400},
        ), deep[:20]
        assert time.monotonic() - started < 5
    # brackets inside strings (escaped quotes too) are no nesting; 256 levels are still read
    inside = json.dumps('\\"' + "[" * 300 + '\\"')
    for allowed in (inside, "[" * 255 + "]" * 255, '{"a":' * 255 + "1" + "}" * 255):
        answered = httpx.post(served + GET_RESULT, content=query % allowed, headers=headers, timeout=30)
        assert answered.status_code == 200, answered.text


def test_a_client_that_writes_its_whole_body_first_still_reads_the_413(tight: str) -> None:
    """urllib sends the whole body before it reads: a reset connection would be an error here."""
    body = json.dumps({"dataQuery": [{"refID": "A", "json": "x" * 200_000}]}).encode()
    request = urllib.request.Request(
        tight + "/api/v1/query/get-result", data=body, headers={"Content-Type": "application/json"}
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 413
    assert json.loads(refused.value.read()) == {"error": True, "message": "Тело запроса больше 1024 байт"}


def test_the_dev_page_drives_it_in_chromium(served: str) -> None:
    """The platform's page (`scaffold dev plugin URL`) against the TypeScript plugin, in Chromium:
    metadata and the data source form at open, Save & test answered, no page error."""
    from playwright.sync_api import expect

    from scaffold.dev.plugin_api import PluginDevApi
    from scaffold.dev.server import DevPage, serve_dev
    from scaffold.host.browser import open_browser
    from scaffold.specs import catalog
    from tests.conftest import BROWSER_LAUNCH_SECONDS

    spec = catalog.load_shipped("datasource-plugin")
    target = f"{served}/api/v1"
    with (
        open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as browser,
        serve_dev(DevPage("plugin", target, spec, PluginDevApi(target, spec)), port=0) as dev,
    ):
        page = browser.new_context().new_page()
        page.set_default_timeout(10_000)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(dev.url)
        expect(page.get_by_text("Acme Sales").first).to_be_visible()
        page.get_by_role("button", name="Save & test").click()
        expect(page.get_by_role("status")).to_contain_text("Data source works")
        entries = httpx.get(f"{dev.url.rstrip('/')}/dev-api/plugin/log", timeout=5).json()["entries"]
        called = [entry["path"] for entry in entries]
        assert called[:2] == ["/well-known", "/datasource/constructor-fields"]
        assert "/datasource/health-check" in called and errors == []
