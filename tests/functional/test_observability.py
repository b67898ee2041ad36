"""Metrics, request ids, JSON logs and graceful shutdown of fresh projects, over real HTTP.

Both kinds (a `--defaults` plugin and module) run with their own `python -m <package>` path:
settings, address check, uvicorn config and signal handling are the project's. To get a request
that is still running when SIGTERM arrives, a small wrapper script imports the project's
`__main__`, adds two routes to the app its own `create_app` builds (`/slow` answers once shutdown
has begun, `/stuck` never does) and calls the project's `main()`. A slow data source would have
meant editing different user-owned code in each kind and guessing how long to sleep; a route that
waits for the shutdown itself cannot be too early or too late.

After SIGTERM the listener stays open for SHUTDOWN_DRAIN_SECONDS while /readyz answers 503 over
HTTP and new requests are served; then it closes (checked: connections are refused) and the
requests still running get SHUTDOWN_GRACE_SECONDS, counted from then, before they are cancelled:
the sequence tests/functional/test_shutdown_go.py asserts for a Go plugin. Without the setting
(0, a laptop or `scaffold dev`) the listener closes at once. What /readyz says inside a request
in flight is asked through the whole app.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import tomllib
import zipfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.functional.test_plugin_harness import KEY, scaffold_home
from tests.functional.test_plugin_harness import project as plugin_project
from tests.served_process import free_port

DRAIN = 2  # SHUTDOWN_DRAIN_SECONDS the shutdown tests set, as test_shutdown_go.py does

WRAPPER = '''\
"""Serve a scaffolded project with its own main(), plus two routes only the test needs."""

import asyncio
import importlib
import sys
from pathlib import Path

import httpx

package, marker = sys.argv[1], Path(sys.argv[2])
main_module = importlib.import_module(f"{package}.__main__")
project_create_app = main_module.create_app


def create_app(settings):
    app = project_create_app(settings)
    observability = app.state.observability

    async def slow():
        """Answers 0.5 s after shutdown began, with what /readyz answered at that moment."""
        marker.write_text("in flight", encoding="utf-8")
        for _ in range(300):
            if observability.stopping:
                break
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://in-process") as client:
            ready = await client.get("/readyz")
        return {"stopping": observability.stopping, "readyz": ready.status_code, "body": ready.json()}

    async def stuck():
        marker.write_text("in flight", encoding="utf-8")
        await asyncio.sleep(120)

    app.add_api_route("/slow", slow)
    app.add_api_route("/stuck", stuck)
    return app


main_module.create_app = create_app
main_module.main()
'''


@dataclass(frozen=True)
class Target:
    kind: str
    root: Path  # the Python project: the plugin's root, the module's backend/
    package: str
    env: dict[str, str] = field(default_factory=dict)


def module_with_a_bundle(parent: Path) -> Path:
    """A fresh module project `acme-map` under `parent` whose backend serves a stand-in bundle
    (no npm build), for tests of the backend alone."""
    with scaffold_home(parent / "scaffold-home"):
        root = parent / "acme-map"
        create_project(NewProjectOptions(kind=KINDS["module"], destination=root, answers={}))
    dist = root / "frontend" / "dist"
    dist.mkdir()
    (dist / "module.js").write_text("window.acme_map = {registry: {}};\n", encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def module_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return module_with_a_bundle(tmp_path_factory.mktemp("observability-module"))


@pytest.fixture(params=["plugin", "module"])
def target(request: pytest.FixtureRequest, tmp_path: Path) -> Target:
    if request.param == "plugin":
        state = {"PLUGIN_STATE_DIR": str(tmp_path / "state"), "PLUGIN_SECRET_KEY": KEY}
        return Target("plugin", plugin_project(), "acme_sales", state)
    root: Path = request.getfixturevalue("module_root")
    return Target("module", root / "backend", "acme_map")


@dataclass
class Server:
    process: subprocess.Popen[bytes]
    origin: str
    port: int
    stderr: Path
    marker: Path

    def output(self) -> str:
        return self.stderr.read_text(encoding="utf-8")

    def start_in_flight(self, pool: ThreadPoolExecutor, path: str) -> Future[httpx.Response]:
        """A request to `path`, sent now and answered later; returns once the app is running it."""
        answer = pool.submit(httpx.get, self.origin + path, timeout=60)
        deadline = time.monotonic() + 20
        while not self.marker.exists():
            assert time.monotonic() < deadline, f"{path} never started:\n{self.output()}"
            time.sleep(0.05)
        return answer


@contextlib.contextmanager
def serving(target: Target, tmp_path: Path, env: dict[str, str], *, wrapped: bool = True) -> Iterator[Server]:
    """The project's own `main()` (through the wrapper unless `wrapped` is false), until it exits."""
    port = free_port()
    script = tmp_path / "serve_with_test_routes.py"
    script.write_text(WRAPPER, encoding="utf-8")
    marker = tmp_path / "in-flight"
    command = [str(script), target.package, str(marker)] if wrapped else ["-m", target.package]
    stderr = tmp_path / "stderr.log"
    full_env = {**os.environ, "PYTHONPATH": str(target.root), "HOST": "127.0.0.1", "PORT": str(port)}
    with stderr.open("wb") as errors:
        process = subprocess.Popen(
            [sys.executable, *command],
            cwd=target.root,
            env={**full_env, **target.env, **env},
            stdout=subprocess.DEVNULL,
            stderr=errors,
            start_new_session=True,
        )
    server = Server(process, f"http://127.0.0.1:{port}", port, stderr, marker)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, f"the server exited:\n{server.output()}"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(server.origin + "/healthz", timeout=2).status_code == 200:
                    break
            assert time.monotonic() < deadline, f"no answer within 60 s:\n{server.output()}"
            time.sleep(0.1)
        yield server
    finally:
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


def stop(server: Server) -> tuple[int, float]:
    """SIGTERM to the server process (as a container runtime sends it): (exit code, seconds taken)."""
    started = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    code = server.process.wait(timeout=60)
    return code, time.monotonic() - started


def status(url: str) -> int | str:
    """The status `url` answers, or "refused" when nothing listens."""
    try:
        return httpx.get(url, timeout=2).status_code
    except httpx.ConnectError:
        return "refused"


def refuses_connections(port: int, within: float = 10) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                time.sleep(0.05)
        except ConnectionRefusedError:
            return True
    return False


def samples(metrics: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (found.name, frozenset(found.labels.items())): float(found.value)
        for family in text_string_to_metric_families(metrics)
        for found in family.samples
    }


def count(table: dict[tuple[str, frozenset[tuple[str, str]]], float], **labels: str) -> float | None:
    return table.get(("http_requests_total", frozenset(labels.items())))


def contract_call(target: Target, origin: str) -> tuple[httpx.Response, dict[str, str]]:
    """One call of the contract besides well-known, and the labels it must be counted under."""
    if target.kind == "plugin":  # a body that breaks the schema: 400, still the operation's
        answer = httpx.post(f"{origin}/api/v1/query/get-result", json={"dataQuery": "nope"})
        return answer, {"operation": "/query/get-result", "method": "POST", "status": "400"}
    answer = httpx.post(f"{origin}/api/v1/demo/status", json={"message": "ping"})
    return answer, {"operation": "/demo/status", "method": "POST", "status": "200"}


def test_json_logs_metrics_request_ids_and_graceful_shutdown(target: Target, tmp_path: Path) -> None:
    env = {"LOG_FORMAT": "json", "SHUTDOWN_DRAIN_SECONDS": str(DRAIN), "SHUTDOWN_GRACE_SECONDS": "20"}
    with serving(target, tmp_path, env) as server:
        origin = server.origin
        given = httpx.get(f"{origin}/api/v1/well-known", headers={"X-Request-ID": "functional-1"})
        assert given.status_code == 200 and given.headers["x-request-id"] == "functional-1"
        # Not an id (a space, a quote); a control character would not pass the HTTP parser itself.
        made = httpx.get(f"{origin}/api/v1/well-known", headers={"X-Request-ID": 'bad id"<x>'})
        assert re.fullmatch(r"[0-9a-f]{32}", made.headers["x-request-id"])
        answer, labels = contract_call(target, origin)
        assert answer.status_code == int(labels["status"]), answer.text
        assert httpx.get(f"{origin}/no/such/path?token=q7-unlogged").status_code == 404
        assert httpx.get(f"{origin}/healthz").json() == {"status": "ok"}
        assert httpx.get(f"{origin}/readyz").json() == {"status": "ready"}
        metrics = httpx.get(f"{origin}/metrics")
        assert metrics.status_code == 200 and metrics.headers["content-type"].startswith("text/plain")
        table = samples(metrics.text)
        assert count(table, operation="/well-known", method="GET", status="200") == 2
        assert count(table, **labels) == 1
        assert count(table, operation="other", method="GET", status="404") == 1
        assert (
            "http_request_duration_seconds_count",
            frozenset({("operation", "/well-known"), ("method", "GET")}),
        ) in table
        assert not any(dict(key[1]).get("operation") in ("/healthz", "/readyz", "/metrics") for key in table)

        with ThreadPoolExecutor(1) as pool:
            slow = server.start_in_flight(pool, "/slow")
            server.process.send_signal(signal.SIGTERM)  # as a container runtime stops it
            signalled = time.monotonic()
            # Found (issue 40): uvicorn closed its listener at once, so a balancer polling /readyz
            # got "connection refused", never the 503. Now, as in Go, the listener stays open while
            # /readyz says 503 and new requests are still served, for SHUTDOWN_DRAIN_SECONDS.
            seen: list[tuple[float, int | str, int | str, int | str]] = []
            while time.monotonic() - signalled < DRAIN + 1.5:
                at = time.monotonic() - signalled
                seen.append(
                    (
                        at,
                        status(f"{origin}/readyz"),
                        status(f"{origin}/healthz"),
                        status(f"{origin}/api/v1/well-known"),
                    )
                )
                time.sleep(0.2)
            draining = [s for s in seen if s[0] < DRAIN - 0.5]
            assert draining and all(s[1:] == (503, 200, 200) for s in draining), seen
            assert seen[-1][1:] == ("refused",) * 3, f"the listener is open after the drain: {seen}"
            finished = slow.result(timeout=60)
        assert finished.status_code == 200, finished.text
        assert finished.json() == {"stopping": True, "readyz": 503, "body": {"status": "stopping"}}
        assert server.process.wait(timeout=30) == 0, server.output()

    lines = [json.loads(line) for line in server.output().splitlines() if line.strip()]  # all JSON
    # the keys, time and level names every language writes (scaffold/codegen/cases/log_records.json)
    assert all({"time", "level", "logger", "message"} <= set(line) for line in lines)
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"]) for line in lines)
    assert {line["level"] for line in lines} <= {"TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"}
    (access,) = [line for line in lines if line.get("request_id") == "functional-1"]
    assert access["logger"] == f"{target.package}.access" and access["status"] == 200
    assert (access["method"], access["path"], access["operation"]) == (
        "GET",
        "/api/v1/well-known",
        "/well-known",
    )
    assert isinstance(access["duration_ms"], float)
    assert any(
        line["logger"].startswith("uvicorn") and "Started server process" in line["message"] for line in lines
    )
    (slow_line,) = [line for line in lines if line.get("path") == "/slow"]
    assert slow_line["status"] == 200 and slow_line["duration_ms"] >= 500
    assert "q7-unlogged" not in server.output()  # query strings (may hold secrets) are not logged
    assert not any(line["logger"] == "uvicorn.access" for line in lines)  # one access line, ours


def test_shutdown_grace_is_bounded_metrics_off_and_text_logs(target: Target, tmp_path: Path) -> None:
    env = {
        "SHUTDOWN_DRAIN_SECONDS": str(DRAIN),
        "SHUTDOWN_GRACE_SECONDS": "1",
        "METRICS_ENABLED": "false",
        "LOG_FORMAT": "text",
    }
    with serving(target, tmp_path, env) as server:
        off = httpx.get(f"{server.origin}/metrics", headers={"X-Request-ID": "text-1"})
        assert off.status_code == 404 and off.json()["error"] is True
        with ThreadPoolExecutor(1) as pool:
            stuck = server.start_in_flight(pool, "/stuck")
            code, seconds = stop(server)
            cut = stuck.result(timeout=30)
    assert code == 0, server.output()
    # The grace counts from the listener's close, after the drain (Go's order), not from the signal.
    assert DRAIN + 1 - 0.5 <= seconds < DRAIN + 1 + 8, f"{seconds:.1f} s: drain {DRAIN} s, then grace 1 s"
    # Found (issue 40): the request still running at the end of the grace period was cancelled by
    # uvicorn, which logged "Exception in ASGI application" with a traceback and answered a
    # plain-text 500. It is a 503 in the error shape, and one access line.
    assert cut.status_code == 503 and cut.headers["content-type"] == "application/json", cut.text
    assert cut.json()["error"] is True and cut.headers["connection"] == "close", cut.text
    assert "Exception in ASGI application" not in server.output() and "Traceback" not in server.output()
    lines = server.output().splitlines()
    assert any("GET /stuck 503" in line for line in lines), server.output()
    assert any(line.endswith("[request_id=text-1]") and "GET /metrics 404" in line for line in lines)
    assert not any(line.startswith("{") for line in lines)


def test_without_a_drain_the_listener_closes_at_once(target: Target, tmp_path: Path) -> None:
    """SHUTDOWN_DRAIN_SECONDS is 0 by default (only the image and deploy/kubernetes set 5): a
    laptop or a `scaffold dev` reload stops at once."""
    with serving(target, tmp_path, {}, wrapped=False) as server:
        signalled = time.monotonic()
        server.process.send_signal(signal.SIGTERM)
        assert refuses_connections(server.port, within=5), server.output()
        assert time.monotonic() - signalled < 1.5, "the listener stayed open without a drain"
        assert server.process.wait(timeout=30) == 0, server.output()


def test_plugin_workers_serve_metrics_per_process(tmp_path: Path) -> None:
    target = Target("plugin", plugin_project(), "acme_sales", {"PLUGIN_STATE_DIR": str(tmp_path / "state")})
    with serving(target, tmp_path, {"WORKERS": "2", "LOG_FORMAT": "json"}, wrapped=False) as server:
        for _ in range(4):
            assert httpx.get(f"{server.origin}/api/v1/well-known").status_code == 200
        # Each scrape answers for the worker that took it: scrape until one has counted.
        seen: set[float | None] = set()
        for _ in range(20):
            metrics = httpx.get(f"{server.origin}/metrics")
            assert metrics.status_code == 200 and "# TYPE http_requests_total counter" in metrics.text
            seen.add(count(samples(metrics.text), operation="/well-known", method="GET", status="200"))
            if seen - {None}:
                break
        assert seen - {None} and all(n is None or 1 <= n <= 4 for n in seen), seen
        code, _ = stop(server)
    assert code == 0, server.output()
    assert all(line.startswith("{") for line in server.output().splitlines() if line.strip())


@pytest.mark.parametrize(
    ("variable", "value"),
    [
        ("LOG_FORMAT", "xml"),
        ("METRICS_ENABLED", "maybe"),
        ("SHUTDOWN_DRAIN_SECONDS", "x"),
        ("SHUTDOWN_GRACE_SECONDS", "x"),
    ],
)
def test_a_bad_setting_stops_the_start_in_one_sentence(target: Target, variable: str, value: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(target.root), **target.env, variable: value, "PORT": "1"}
    result = subprocess.run(
        [sys.executable, "-m", target.package],
        cwd=target.root,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode in (1, 2), result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert variable in line and repr(value) in line and "Traceback" not in result.stderr


def test_lint_setup_and_typed_package(target: Target, tmp_path: Path) -> None:
    """What CI relies on: `pip install -e ".[test]"` brings ruff and mypy, `mypy <package>` is strict
    by the project's own config, and the wheel ships py.typed and the observability module."""
    pyproject = tomllib.loads((target.root / "pyproject.toml").read_text(encoding="utf-8"))
    assert pyproject["tool"]["mypy"]["strict"] is True
    extras = " ".join(pyproject["project"]["optional-dependencies"]["test"])
    assert "ruff" in extras and "mypy" in extras
    assert any(d.startswith("prometheus-client") for d in pyproject["project"]["dependencies"])
    assert (target.root / target.package / "py.typed").is_file()
    built = subprocess.run(
        [sys.executable, "-m", "hatchling", "build", "-t", "wheel", "-d", str(tmp_path)],
        cwd=target.root,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    (wheel,) = tmp_path.glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"{target.package}/py.typed", f"{target.package}/_contract/observability.py"} <= names
