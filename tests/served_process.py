"""Run a generated project's server (`python -m <package>`, or any command) on a free localhost port.

The process gets its own session, so the whole group (uvicorn workers included) is stopped when
the block ends, whatever happened inside it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serve_package(
    python: Path | str,
    package: str,
    *,
    cwd: Path,
    env: Mapping[str, str],
    probe_path: str,
    log_path: Path,
    timeout: float = 90,
) -> Iterator[str]:
    """Start `python -m package` with HOST/PORT set, wait until `probe_path` answers 200, yield the origin."""
    with serve_command(
        [str(python), "-m", package],
        cwd=cwd,
        env=env,
        probe_path=probe_path,
        log_path=log_path,
        timeout=timeout,
    ) as origin:
        yield origin


@contextlib.contextmanager
def serve_command(
    argv: Sequence[str],
    *,
    cwd: Path,
    env: Mapping[str, str],
    probe_path: str,
    log_path: Path,
    timeout: float = 90,
) -> Iterator[str]:
    """Start `argv` (a server of any language) with HOST/PORT set, wait until `probe_path` answers
    200, yield the origin."""
    name = " ".join(argv)
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    with log_path.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(
            list(argv),
            cwd=cwd,
            env={**env, "HOST": "127.0.0.1", "PORT": str(port)},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + timeout
        while True:
            assert process.poll() is None, f"{name} exited:\n{log_path.read_text(encoding='utf-8')}"
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(origin + probe_path, timeout=2).status_code == 200:
                    break
            assert time.monotonic() < deadline, (
                f"{name} did not answer within {timeout:.0f} s:\n{log_path.read_text(encoding='utf-8')}"
            )
            time.sleep(0.2)
        yield origin
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=15)


def read_to_the_end(connection: socket.socket, within: float | None = None) -> tuple[bytes, str]:
    """Everything the server sends on `connection`, and how the connection ended: "closed",
    "reset", or "open" (nothing came for `within` seconds, or the socket's own timeout)."""
    if within is not None:
        connection.settimeout(within)
    received = b""
    with connection:
        try:
            while chunk := connection.recv(65536):
                received += chunk
        except TimeoutError:
            return received, "open"
        except ConnectionResetError:
            return received, "reset"
    return received, "closed"
