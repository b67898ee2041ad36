"""A TypeScript module backend stops as the Python module backend and the TypeScript plugin stop
(issue 42 point 2; tests/functional/test_failsafe_typescript.py asks it of the plugin).

The module tests/built_module_backends.py builds is copied with two endpoints of its own in
src/endpoints.ts: /api/v1/waits waits for its `call.signal` (as a handler passing it to `fetch`
does) and notes the reason it was aborted with; /api/v1/ignores never ends and reads no signal.
Then `npm run build` and `node dist/main.js` with a 1 s drain and a 3 s grace; both are called,
then SIGTERM.

Found before: neither was tracked. The end-of-grace warning counted 0 requests, the handlers were
never told to stop (a Call had no signal), and both callers got no answer at all: the process ended
with their connections (exit 1), while the Python module backend answers such a request 503 in
the error shape with the module's `stopping` sentence.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from tests.built_module_backends import built_module
from tests.built_plugins import copy_project
from tests.failsafe_checks import access_line, records
from tests.served_process import Answer, free_port, in_background, serve_command, wait_until_ready

pytestmark = pytest.mark.slow

DRAIN, GRACE = 1, 3
HEADERS = {"content-type": "application/json", "accept-language": "en-US"}

ENDPOINTS = """\
import { writeFileSync } from 'node:fs';

import { Type } from 'typebox';

import { Endpoints } from './contract/index.js';

export const endpoints = new Endpoints();

const NOTES: string = NOTES_FOLDER; // where the test reads what the handlers saw

const Nothing = Type.Object({}, { additionalProperties: false });
const Done = Type.Object({ done: Type.Boolean() }, { additionalProperties: false });

endpoints.post('/api/v1/waits', { payload: Nothing, answer: Done }, (call) => {
  const signal = call.signal;
  writeFileSync(`${NOTES}/started`, call.request.id);
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => {
      const reason: unknown = signal.reason;
      writeFileSync(`${NOTES}/cancelled-${call.request.id}`, reason instanceof Error ? reason.name : 'none');
      reject(reason instanceof Error ? reason : new Error('aborted'));
    });
  });
});

endpoints.post(
  '/api/v1/ignores',
  { payload: Nothing, answer: Done },
  () => new Promise<{ done: boolean }>(() => undefined),
);
"""


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Path:
    module = built_module("typescript", tmp_path_factory)
    root = tmp_path_factory.mktemp("module-shutdown-typescript")
    copy = copy_project(module / "backend", root / "backend")
    source = ENDPOINTS.replace("NOTES_FOLDER", json.dumps(str(root)))
    (copy / "src" / "endpoints.ts").write_text(source, encoding="utf-8")
    result = subprocess.run(
        ["npm", "run", "build"], cwd=copy, capture_output=True, text=True, timeout=600, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return copy


def _env(port: int, **more: str) -> dict[str, str]:
    return {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "info",
        **more,
    }


def test_handlers_still_running_at_the_end_of_grace_are_answered_503_and_counted(
    backend: Path, tmp_path: Path
) -> None:
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    env = _env(port, SHUTDOWN_DRAIN_SECONDS=str(DRAIN), SHUTDOWN_GRACE_SECONDS=str(GRACE))
    log_path = tmp_path / "module.log"
    with log_path.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(
            ["node", "dist/main.js"], cwd=backend, env=env, stdout=log, stderr=subprocess.STDOUT
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
        stopping = {"error": True, "message": MODULE_TEXTS["stopping"]}
        for name in ("waits", "ignores"):
            status, body, _, headers = results[name]
            assert status == 503 and json.loads(body) == stopping, (name, status, body)
            assert headers.get("connection") == "close", (name, headers)
        # every caller was answered: the close ends at once, as the TypeScript plugin's does
        assert process.wait(timeout=10) == 0, log_path.read_text(encoding="utf-8")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (backend.parent / "cancelled-waits").read_text(encoding="utf-8") == "Stopped"
    lines = [json.loads(line) for line in log_path.read_text(encoding="utf-8").splitlines()]
    messages = [str(line.get("message", line.get("msg", ""))) for line in lines]
    counted = [m for m in messages if re.search(r"grace period ended with \d+ request", m)]
    assert counted and "with 2 request(s)" in counted[0], messages
    access = {line.get("path"): line.get("status") for line in lines if "status" in line}
    assert access.get("/api/v1/waits") == 503 and access.get("/api/v1/ignores") == 503, access
    assert not [line for line in lines if line.get("level") in ("ERROR", "error", 50)], lines


def test_a_caller_that_hangs_up_aborts_the_signal_and_is_neither_an_error_line_nor_a_500(
    backend: Path, tmp_path: Path
) -> None:
    """As the TypeScript plugin's method (test_failsafe_typescript.py): the handler's signal is
    aborted with HungUp, and its failure then is the access line's 499, not a 500 or an ERROR."""
    log = tmp_path / "module.log"
    started = backend.parent / "started"
    started.unlink(missing_ok=True)
    with serve_command(
        ["node", "dist/main.js"], cwd=backend, env=_env(0), probe_path="/healthz", log_path=log
    ) as origin:
        host, port = origin.removeprefix("http://").split(":")
        head = "".join(f"{name}: {value}\r\n" for name, value in HEADERS.items())
        request = (
            f"POST /api/v1/waits HTTP/1.1\r\nHost: {host}\r\nx-request-id: hang-up-1\r\n{head}"
            "content-length: 2\r\n\r\n{}"
        ).encode()
        with socket.create_connection((host, int(port)), timeout=60) as connection:
            connection.sendall(request)
            deadline = time.monotonic() + 60
            while not (started.is_file() and started.read_text(encoding="utf-8") == "hang-up-1"):
                assert time.monotonic() < deadline, "the handler was never called"
                time.sleep(0.05)
        access = access_line(log, "hang-up-1")
        assert access["status"] == 499, access
        cancelled = backend.parent / "cancelled-hang-up-1"
        deadline = time.monotonic() + 15
        while not cancelled.is_file() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert cancelled.read_text(encoding="utf-8") == "HungUp"
        metrics = httpx.get(f"{origin}/metrics").text
    lines = [r for r in records(log) if r.get("request_id") == "hang-up-1"]
    assert not [r for r in lines if r["level"] in ("ERROR", "WARN")], lines
    assert 'status="500"' not in metrics, metrics
