"""A Go plugin stops gracefully on SIGTERM (issue 40 point 5, the Go slice of shutdown).

Found by a Go team's first day with the built binary: on SIGTERM the listener closed at once, so
the platform's readiness probe got "connection refused", never the 503 `/readyz` promises; a request
still running at the end of SHUTDOWN_GRACE_SECONDS was cut by `os.Exit(1)`, and request contexts
were never cancelled, so a data source waiting on one could not stop.

Now (contract.Serve, cmd/<name>/main.go): /readyz answers 503 while the listener still serves for
SHUTDOWN_DRAIN_SECONDS, then the listener closes, requests in flight finish within
SHUTDOWN_GRACE_SECONDS, and at its end their contexts are cancelled. Here the built starter is
copied with a data source whose GetQueryResult takes 3.5 s and whose GetVariableValues waits for
its context; the binary is started with a 2 s drain and a 4 s grace, two requests are sent, then
SIGTERM.
"""

from __future__ import annotations

import json
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from scaffold.codegen.glue_texts import RUNTIME_TEXTS
from tests.built_plugins import built_plugin, copy_project
from tests.functional.test_failsafe_go import _replace_body
from tests.go_toolchain import build_go_binary, go_environment
from tests.served_process import free_port

pytestmark = pytest.mark.slow

BINARY = "bin/plugin"
DRAIN, GRACE, SLOW = 2, 4, 3.5
HEADERS = {"content-type": "application/json", "accept-language": "en-US"}


@pytest.fixture(scope="module")
def slow_plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = copy_project(
        built_plugin("go", tmp_path_factory, example=False),
        tmp_path_factory.mktemp("shutdown") / "acme-sales",
    )
    source = root / "internal" / "datasource" / "datasource.go"
    text = _replace_body(
        source.read_text(encoding="utf-8"),
        "GetQueryResult",
        f"\ttime.Sleep({int(SLOW * 1000)} * time.Millisecond)\n"
        '\treturn contract.NewQueryResponse([]contract.Frame{contract.NewFrame("A", "slow", []contract.Field{})}), nil',
    )
    text = _replace_body(text, "GetVariableValues", "\t<-ctx.Done()\n\treturn nil, ctx.Err()")
    text = text.replace(
        "func (d *DataSource) GetVariableValues(_ context.Context,",
        "func (d *DataSource) GetVariableValues(ctx context.Context,",
    )
    text = text.replace('import (\n\t"context"\n', 'import (\n\t"context"\n\t"time"\n')
    source.write_text(text, encoding="utf-8")
    build_go_binary(root, BINARY, "acme-sales")
    return root


def _in_background(
    results: dict[str, Any], name: str, origin: str, path: str, body: bytes
) -> threading.Thread:
    def send() -> None:
        try:
            answer = httpx.post(f"{origin}/api/v1{path}", content=body, headers=HEADERS, timeout=30)
            results[name] = (answer.status_code, answer.content, time.monotonic())
        except httpx.HTTPError as error:
            results[name] = (None, repr(error).encode(), time.monotonic())

    thread = threading.Thread(target=send)
    thread.start()
    return thread


def _status(url: str) -> int | str:
    try:
        return httpx.get(url, timeout=2).status_code
    except httpx.ConnectError:
        return "refused"


def test_sigterm_drains_readiness_then_finishes_and_cancels_requests(
    slow_plugin: Path, tmp_path: Path
) -> None:
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    env = {
        **go_environment(),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "PLUGIN_STATE_DIR": str(tmp_path / "state"),
        "LOG_FORMAT": "json",
        "SHUTDOWN_DRAIN_SECONDS": str(DRAIN),
        "SHUTDOWN_GRACE_SECONDS": str(GRACE),
        "PLUGIN_QUERY_SECONDS": "60",  # past drain + grace: the waiting request ends by the grace
    }
    log_path = tmp_path / "plugin.log"
    with log_path.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [str(slow_plugin / BINARY)], cwd=slow_plugin, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        deadline = time.monotonic() + 60
        while _status(origin + "/readyz") != 200:
            assert process.poll() is None and time.monotonic() < deadline, log_path.read_text(
                encoding="utf-8"
            )
            time.sleep(0.1)
        results: dict[str, Any] = {}
        threads = [
            _in_background(results, "slow", origin, "/query/get-result", b'{"dataQuery": [{"refID": "A"}]}'),
            _in_background(results, "waiting", origin, "/variable/values", b"{}"),
        ]
        time.sleep(0.5)  # both are in their methods
        signalled = time.monotonic()
        process.send_signal(signal.SIGTERM)
        seen: list[tuple[float, int | str, int | str]] = []
        while time.monotonic() - signalled < DRAIN + 1.5:
            seen.append(
                (time.monotonic() - signalled, _status(origin + "/readyz"), _status(origin + "/healthz"))
            )
            time.sleep(0.2)
        draining = [s for s in seen if s[0] < DRAIN - 0.5]
        assert draining and all(ready == 503 and healthy == 200 for _, ready, healthy in draining), seen
        assert seen[-1][1:] == ("refused", "refused"), f"the listener is open after the drain: {seen}"
        for thread in threads:
            thread.join(timeout=DRAIN + GRACE + 10)
        status, body, ended = results["slow"]
        assert status == 200 and json.loads(body)["frames"][0]["name"] == "slow", results["slow"]
        assert ended - signalled > DRAIN, "the slow request ended before the listener closed"
        status, body, ended = results["waiting"]
        assert status is not None, f"the waiting request was cut, not cancelled: {body!r}"
        # Found (issue 40): it was answered an empty 499, as if its caller had hung up; a Python
        # plugin answers it 503 in the error shape with the catalogue's `stopping` text, and so does Go.
        stopping = RUNTIME_TEXTS[HEADERS["accept-language"]]["stopping"]
        assert status == 503 and json.loads(body) == {"error": True, "message": stopping}, (status, body)
        assert DRAIN + GRACE - 0.5 < ended - signalled < DRAIN + GRACE + 2, ended - signalled
        assert process.wait(timeout=10) == 0, log_path.read_text(encoding="utf-8")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    lines = [json.loads(line) for line in log_path.read_text(encoding="utf-8").splitlines()]
    messages = [line["message"] for line in lines]
    assert any("their contexts are cancelled" in m for m in messages), messages
    assert not [line for line in lines if line["level"] == "ERROR"], lines
