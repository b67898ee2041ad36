"""Run a generated project's server (`python -m <package>`, or any command) on a free localhost port.

The process gets its own session, so the whole group (uvicorn workers included) is stopped when
the block ends, whatever happened inside it.

Tests that signal the process themselves (the shutdown tests) start it with Popen and use the
pieces: `wait_until_ready` for its readiness probe, `in_background` for the requests that are still
running when the signal comes.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import NamedTuple

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


class Answer(NamedTuple):
    """What a request sent by `in_background` got: its status (None when the connection ended with
    no answer, `body` then says how), its body, when it came (time.monotonic()), its headers."""

    status: int | None
    body: bytes
    at: float
    headers: Mapping[str, str]


def in_background(
    results: dict[str, Answer],
    name: str,
    url: str,
    body: bytes = b"{}",
    headers: Mapping[str, str] | None = None,
) -> threading.Thread:
    """POST `body` to `url` in a thread of its own, with X-Request-ID `name`; its Answer is put in
    `results[name]` when it comes (join the thread first)."""

    def send() -> None:
        sent = {"content-type": "application/json", **(headers or {}), "x-request-id": name}
        try:
            answer = httpx.post(url, content=body, headers=sent, timeout=30)
            results[name] = Answer(answer.status_code, answer.content, time.monotonic(), answer.headers)
        except httpx.HTTPError as error:
            results[name] = Answer(None, repr(error).encode(), time.monotonic(), {})

    thread = threading.Thread(target=send)
    thread.start()
    return thread


def status_of(url: str) -> int | str:
    """The status of GET `url`, or "refused" when nothing listens there."""
    try:
        return httpx.get(url, timeout=2).status_code
    except httpx.ConnectError:
        return "refused"


def wait_until_ready(process: subprocess.Popen[bytes], url: str, log_path: Path, timeout: float = 60) -> None:
    """Until GET `url` answers 200; fails with the log when `process` exits or `timeout` passes first."""
    deadline = time.monotonic() + timeout
    while status_of(url) != 200:
        assert process.poll() is None and time.monotonic() < deadline, log_path.read_text(encoding="utf-8")
        time.sleep(0.1)
