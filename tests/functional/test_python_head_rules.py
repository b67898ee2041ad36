"""The Python runtime's rules for request heads hold in every way a Python service is served
(issue 38 point 7): a plugin with WORKERS > 1, and a module backend.

The plugin's `__main__` served WORKERS > 1 through `uvicorn.run(..., workers=N)`, whose worker
processes took uvicorn's own HTTP protocol: no 10 s header timeout (a connection trickling its
headers stayed open) and no 16 KiB head limit (a 17 KiB head was served). It now serves them with
serving.py's `serve_workers`. A module backend has no text catalogue: its 431 says it in English,
as its other errors do.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import sys
import time
from pathlib import Path

import pytest

from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from scaffold.codegen.python.runtime_files.text_catalog import RUNTIME_TEXTS
from tests.functional.test_observability import module_with_a_bundle
from tests.functional.test_plugin_harness import KEY
from tests.functional.test_plugin_harness import project as plugin_project
from tests.served_examples import connect, read_until_closed
from tests.served_process import serve_package

pytestmark = pytest.mark.slow

HEADER_SECONDS = 10


def _oversized(path: str) -> bytes:
    return f"GET {path} HTTP/1.1\r\nHost: plugin\r\nX-Pad: {'a' * 17 * 1024}\r\n\r\n".encode()


def _refusal(origin: str, path: str) -> tuple[list[str], dict[str, object]]:
    """The head lines and the body of the answer to a 17 KiB head; the connection must close."""
    connection = connect(origin)
    connection.sendall(_oversized(path))
    answer, closed = read_until_closed(connection, 10)
    assert closed, f"still open after {answer[:200]!r}"
    head, _, body = answer.partition(b"\r\n\r\n")
    return head.decode("latin-1").lower().split("\r\n"), json.loads(body)


def _trickled_for(origin: str) -> float:
    """Seconds until the server closes a connection that sends a header byte a second."""
    connection = connect(origin)
    started = time.monotonic()
    connection.sendall(b"GET /api/v1/well-known HTTP/1.1\r\n")
    connection.settimeout(1)
    with connection:
        for byte in b"X-Slow: " + b"a" * 17:  # 25 s at most
            try:
                if connection.recv(1024) == b"":
                    break
            except TimeoutError:
                pass
            except ConnectionResetError:
                break
            try:
                connection.sendall(bytes([byte]))
            except OSError:
                break
    return time.monotonic() - started


def test_plugin_workers_time_headers_and_refuse_heads_over_16_kib(tmp_path: Path) -> None:
    root = plugin_project()
    env = {
        **os.environ,
        "PYTHONPATH": str(root),
        "WORKERS": "2",
        "PLUGIN_STATE_DIR": str(tmp_path / "state"),
        "PLUGIN_SECRET_KEY": KEY,
    }
    with (
        serve_package(
            sys.executable, "acme_sales", cwd=root, env=env, probe_path="/healthz", log_path=tmp_path / "log"
        ) as origin,
        concurrent.futures.ThreadPoolExecutor(4) as pool,
    ):
        trickled = [pool.submit(_trickled_for, origin) for _ in range(3)]  # most likely both workers
        for _ in range(4):
            lines, body = _refusal(origin, "/api/v1/well-known")
            assert lines[0].startswith("http/1.1 431"), lines
            assert "connection: close" in lines, lines
            assert body == {"error": True, "message": RUNTIME_TEXTS["ru-RU"]["http.431"]}
        for future in trickled:
            seconds = future.result()
            assert seconds < HEADER_SECONDS + 5, f"a trickling connection stayed open {seconds:.0f} s"


def test_a_module_backend_refuses_a_head_over_16_kib_in_english(tmp_path: Path) -> None:
    backend = module_with_a_bundle(tmp_path) / "backend"
    env = {**os.environ, "PYTHONPATH": str(backend)}
    with serve_package(
        sys.executable, "acme_map", cwd=backend, env=env, probe_path="/healthz", log_path=tmp_path / "log"
    ) as origin:
        lines, body = _refusal(origin, "/healthz")
    assert lines[0].startswith("http/1.1 431"), lines
    assert "connection: close" in lines, lines
    assert body == {"error": True, "message": MODULE_TEXTS["http.431"]}
