"""A Python module backend tells its own endpoints when their caller is gone, as the TypeScript and
Go module backends do (test_module_shutdown_typescript.py, test_module_shutdown_go.py) and as the
Python plugin tells its data source (test_failsafe_python.py).

The module tests/built_module_backends.py builds is copied with two endpoints of its own in
endpoints.py: /api/v1/waits, a plain `def`, waits on `call.cancelled` (as a handler giving an
upstream call short timeouts and looking at it in between does); /api/v1/awaits, an `async def`,
awaits an upstream that never answers. Each notes what it saw, by request id. Served with
`python -m acme_map`, `LOG_FORMAT=json`.

Found before: a Call had no `cancelled` and nothing watched the caller. A caller that hung up left
the handler waiting for it (for ever, with an upstream that never answers) and the access line was
written only when the handler ended, with the status of an answer no one read.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path

import httpx
import pytest

from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from tests.built_module_backends import PACKAGE, built_module
from tests.built_plugins import copy_project
from tests.failsafe_checks import access_line, records
from tests.served_process import Answer, free_port, in_background, serve_command, wait_until_ready

pytestmark = pytest.mark.slow

DRAIN, GRACE = 1, 2
HEADERS = {"content-type": "application/json", "accept-language": "en-US"}

ENDPOINTS = '''\
"""Two endpoints that wait for an upstream that never answers (the test's own)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from ._contract.endpoints import Call, Endpoints

ENDPOINTS = Endpoints()
NOTES = Path(NOTES_FOLDER)  # where the test reads what the handlers saw


class Nothing(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Done(BaseModel):
    done: bool


def _note(call: Call[Nothing, None], what: str, text: str) -> None:
    (NOTES / f"{what}-{call.request.headers['x-request-id']}").write_text(text, encoding="utf-8")


@ENDPOINTS.post("/api/v1/waits", payload=Nothing)
def waits(call: Call[Nothing, None]) -> Done:
    _note(call, "started", "")
    told = call.cancelled.wait(timeout=60)
    _note(call, "cancelled", "set" if told else "not set in 60 s")
    return Done(done=True)


@ENDPOINTS.post("/api/v1/awaits", payload=Nothing)
async def awaits(call: Call[Nothing, None]) -> Done:
    _note(call, "started", "")
    try:
        await asyncio.Event().wait()
    except asyncio.CancelledError:
        _note(call, "cancelled", f"CancelledError, cancelled {call.cancelled.is_set()}")
        raise
    return Done(done=True)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The built module with the two endpoints above; its notes go to its parent folder."""
    built = built_module("python", tmp_path_factory)
    root = tmp_path_factory.mktemp("module-shutdown-python") / built.name
    copy_project(built / "backend", root / "backend")
    (root / "frontend").mkdir()
    copy_project(built / "frontend" / "dist", root / "frontend" / "dist")
    source = ENDPOINTS.replace("NOTES_FOLDER", json.dumps(str(root.parent)))
    (root / "backend" / PACKAGE / "endpoints.py").write_text(source, encoding="utf-8")
    return root


def _env(root: Path, **more: str) -> dict[str, str]:
    return {
        **os.environ,
        "PYTHONPATH": str(root / "backend"),
        "MODULE_FRONTEND_DIST": str(root / "frontend" / "dist"),
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "debug",
        **more,
    }


def _note(root: Path, what: str, request_id: str, within: float = 15) -> str | None:
    """The note a handler wrote for `request_id`, waited for; None when none came."""
    path = root.parent / f"{what}-{request_id}"
    deadline = time.monotonic() + within
    while not path.is_file():
        if time.monotonic() >= deadline:
            return None
        time.sleep(0.05)
    return path.read_text(encoding="utf-8")


def _hang_up(origin: str, path: str, request_id: str, root: Path) -> None:
    """POST `path` on a connection of its own, closed once the handler has started."""
    host, port = origin.removeprefix("http://").split(":")
    head = "".join(f"{name}: {value}\r\n" for name, value in HEADERS.items())
    request = (
        f"POST {path} HTTP/1.1\r\nHost: {host}\r\nx-request-id: {request_id}\r\n{head}"
        "content-length: 2\r\n\r\n{}"
    ).encode()
    with socket.create_connection((host, int(port)), timeout=60) as connection:
        connection.sendall(request)
        assert _note(root, "started", request_id, within=60) is not None, "the handler was never called"


@pytest.mark.parametrize(
    ("path", "seen"),
    [("/api/v1/waits", "set"), ("/api/v1/awaits", "CancelledError, cancelled True")],
    ids=["def", "async-def"],
)
def test_a_caller_that_hangs_up_sets_cancelled_and_is_neither_an_error_line_nor_a_500(
    module: Path, tmp_path: Path, path: str, seen: str
) -> None:
    log = tmp_path / "module.log"
    request_id = f"hang-up-{path.rsplit('/', 1)[1]}"
    with serve_command(
        [sys.executable, "-m", PACKAGE],
        cwd=module / "backend",
        env=_env(module),
        probe_path="/healthz",
        log_path=log,
    ) as origin:
        _hang_up(origin, path, request_id, module)
        assert _note(module, "cancelled", request_id) == seen
        access = access_line(log, request_id)
        assert access["status"] == 499, access
        metrics = httpx.get(f"{origin}/metrics").text
    lines = [r for r in records(log) if r.get("request_id") == request_id]
    assert not [r for r in lines if r["level"] in ("ERROR", "WARN")], lines
    assert any(r["level"] == "DEBUG" and "hung up" in r["message"] for r in lines), lines
    operation = path.removeprefix("/api/v1")
    assert f'method="POST",operation="{operation}",status="499"}} 1.0' in metrics, metrics
    assert 'status="500"' not in metrics, metrics


def test_handlers_still_running_at_the_end_of_grace_see_cancelled_and_are_answered_503(
    module: Path, tmp_path: Path
) -> None:
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    env: Mapping[str, str] = _env(
        module,
        HOST="127.0.0.1",
        PORT=str(port),
        SHUTDOWN_DRAIN_SECONDS=str(DRAIN),
        SHUTDOWN_GRACE_SECONDS=str(GRACE),
    )
    log_path = tmp_path / "module.log"
    with log_path.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", PACKAGE],
            cwd=module / "backend",
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_ready(process, origin + "/readyz", log_path)
        results: dict[str, Answer] = {}
        threads = [
            in_background(results, name, origin + path, headers={**HEADERS, "x-request-id": name})
            for name, path in (("grace-waits", "/api/v1/waits"), ("grace-awaits", "/api/v1/awaits"))
        ]
        for name in ("grace-waits", "grace-awaits"):
            assert _note(module, "started", name, within=60) is not None, name
        process.send_signal(signal.SIGTERM)
        for thread in threads:
            thread.join(timeout=DRAIN + GRACE + 15)
        stopping = {"error": True, "message": MODULE_TEXTS["stopping"]}
        for name in ("grace-waits", "grace-awaits"):
            status, body, _, headers = results[name]
            assert status == 503 and json.loads(body) == stopping, (name, status, body)
            assert headers.get("connection") == "close", (name, headers)
        assert process.wait(timeout=10) == 0, log_path.read_text(encoding="utf-8")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert _note(module, "cancelled", "grace-waits") == "set"
    assert _note(module, "cancelled", "grace-awaits") == "CancelledError, cancelled True"
    lines = records(log_path)
    access = {line.get("path"): line.get("status") for line in lines if "status" in line}
    assert access.get("/api/v1/waits") == 503 and access.get("/api/v1/awaits") == 503, access
    # No handler's failure is an error line; uvicorn's own count of the requests it cancelled is
    # its one ERROR line (the end-of-grace behaviour this test keeps as it was).
    errors = [line["message"] for line in lines if line.get("level") == "ERROR"]
    assert errors == ["Cancel 2 running task(s), timeout graceful shutdown exceeded"], lines
