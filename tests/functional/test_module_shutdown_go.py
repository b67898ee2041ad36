"""What a Go module backend's callers get when the shutdown's grace period ends with their own
endpoint's handler running (issue 42 point 2; test_module_shutdown_typescript.py asks it of the
TypeScript module backend, tests/functional/test_shutdown_go.py of the Go plugin).

The module tests/built_module_backends.py builds is copied with two endpoints of its own in
internal/module/endpoints.go: /api/v1/waits waits for its request's context (as a handler passing
it to an HTTP client does) and returns its error; /api/v1/ignores sleeps an hour. Then `go build`
and the binary with a 1 s drain and a 3 s grace; both are called, then SIGTERM.

Found before: the handler that honoured its context returned context.Canceled once contract.Serve
cancelled it, and the module answered 500 with an incident id and an ERROR line; the Python module
backend answers such a request 503 in the error shape with the module's `stopping` sentence, and
so does the Go plugin (cutByShutdown). A handler that ignores its context cannot be answered while
it runs (net/http's writer is its goroutine's): as in the Go plugin, the process ends a second
after the contexts were cancelled, with exit code 1, and that caller gets no answer.
"""

from __future__ import annotations

import json
import re
import signal
import subprocess
import time
from pathlib import Path

import pytest

from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from tests.built_module_backends import built_module
from tests.built_plugins import copy_project
from tests.go_toolchain import go_environment
from tests.served_process import Answer, free_port, in_background, wait_until_ready

pytestmark = pytest.mark.slow

DRAIN, GRACE = 1, 3
HEADERS = {"content-type": "application/json", "accept-language": "en-US"}
BINARY = "bin/module"

ENDPOINTS = """\
package module

import (
\t"context"
\t"os"
\t"time"

\t"GO_MODULE/internal/contract/module"
)

// Nothing is the payload: no key at all.
type Nothing struct{}

// Done is the answer neither handler gets to give.
type Done struct {
\tDone bool `json:"done"`
}

// Endpoints are the two slow endpoints of the test.
var Endpoints = module.NewEndpoints()

func init() {
\tmodule.Post(Endpoints, "/api/v1/waits", module.Route[Nothing, map[string]any, Done]{
\t\tHandle: func(call module.Call[Nothing, map[string]any]) (Done, error) {
\t\t\tctx := call.Request.Context()
\t\t\t<-ctx.Done()
\t\t\t_ = os.WriteFile(CANCELLED, []byte(context.Cause(ctx).Error()), 0o600)
\t\t\treturn Done{}, ctx.Err()
\t\t},
\t})
\tmodule.Post(Endpoints, "/api/v1/ignores", module.Route[Nothing, map[string]any, Done]{
\t\tHandle: func(module.Call[Nothing, map[string]any]) (Done, error) {
\t\t\ttime.Sleep(time.Hour)
\t\t\treturn Done{Done: true}, nil
\t\t},
\t})
}
"""


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Path:
    module = built_module("go", tmp_path_factory)
    root = tmp_path_factory.mktemp("module-shutdown-go")
    copy = copy_project(module / "backend", root / "backend")
    go_module = re.search(r"^module (\S+)", (copy / "go.mod").read_text(encoding="utf-8"), re.M)
    assert go_module is not None
    source = ENDPOINTS.replace("GO_MODULE", go_module[1]).replace(
        "CANCELLED", json.dumps(str(root / "cancelled"))
    )
    (copy / "internal" / "module" / "endpoints.go").write_text(source, encoding="utf-8")
    command = next(p.name for p in (copy / "cmd").iterdir())
    result = subprocess.run(
        ["go", "build", "-o", BINARY, f"./cmd/{command}"],
        cwd=copy,
        capture_output=True,
        text=True,
        timeout=600,
        env=go_environment(),
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return copy


def test_a_handler_that_returns_once_cancelled_is_answered_503_stopping(
    backend: Path, tmp_path: Path
) -> None:
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    env = {
        **go_environment(),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "info",
        "SHUTDOWN_DRAIN_SECONDS": str(DRAIN),
        "SHUTDOWN_GRACE_SECONDS": str(GRACE),
    }
    log_path = tmp_path / "module.log"
    with log_path.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [str(backend / BINARY)], cwd=backend, env=env, stdout=log, stderr=subprocess.STDOUT
        )
    try:
        wait_until_ready(process, origin + "/readyz", log_path)
        results: dict[str, Answer] = {}
        threads = [
            in_background(results, "waits", origin + "/api/v1/waits", headers=HEADERS),
            in_background(results, "ignores", origin + "/api/v1/ignores", headers=HEADERS),
        ]
        time.sleep(0.5)  # both are in their handlers
        process.send_signal(signal.SIGTERM)
        for thread in threads:
            thread.join(timeout=DRAIN + GRACE + 15)
        status, body, _, headers = results["waits"]
        stopping = {"error": True, "message": MODULE_TEXTS["stopping"]}
        assert status == 503 and json.loads(body) == stopping, (status, body)
        assert headers.get("connection") == "close", headers
        # the handler ignoring its context still ran a second after: cut, exit 1 (the Go plugin's way)
        assert results["ignores"].status is None, results["ignores"]
        assert process.wait(timeout=10) == 1, log_path.read_text(encoding="utf-8")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (backend.parent / "cancelled").read_text(encoding="utf-8") == "the shutdown's grace period ended"
    lines = [json.loads(line) for line in log_path.read_text(encoding="utf-8").splitlines()]
    messages = [str(line.get("message", line.get("msg", ""))) for line in lines]
    assert any("their contexts are cancelled" in m for m in messages), messages
    assert any("requests still running at the end of SHUTDOWN_GRACE_SECONDS" in m for m in messages), messages
    assert not [line for line in lines if line.get("level") == "ERROR"], lines
