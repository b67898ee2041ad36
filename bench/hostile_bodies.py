"""Benchmark: the hostile bodies of issue 38 against the example plugin of each language.

Each language's example (`scaffold new-plugin acme-sales --language L --defaults`, built as its CI
builds it) is served on its own, with its defaults, and sent, one round after another:

1. idle uploads (H1): seven connections each declaring 64 MiB / 7 and sending ten bytes; then a
   well-behaved get-result: its status (503 meant the idle uploads held the whole budget);
2. a 1 MiB and a 4 MiB body in 1-byte chunks (H2), one after the other;
3. six 9.5 MiB `[[[...]]]` bodies at once, under a key the schema does not name (H3).

For each round: the statuses, the server's peak RSS (VmHWM, from /proc) before and after, and the
CPU seconds it spent (user + system, from /proc/PID/stat). Figures only, never a pass/fail.
Run: python bench/hostile_bodies.py [--languages python,typescript,go]
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.go_toolchain import go_environment
from tests.process_probe import cpu_seconds, peak_rss_mib, serving_pid
from tests.served_process import serve_command

PATH = "/api/v1/query/get-result"
SMALL = b'{"dataQuery": [{"refID": "A"}]}'


def build(language: str, root: Path) -> tuple[list[str], Path, dict[str, str]]:
    """The project made and built as its CI builds it: (command that serves it, folder, env)."""
    project = root / language / "acme-sales"
    subprocess.run(
        [sys.executable, "-m", "scaffold", "new-plugin", str(project), "--language", language, "--defaults"],
        check=True,
        capture_output=True,
        env={**os.environ, "SCAFFOLD_HOME": str(root / "home")},
    )
    env = {**os.environ, "PLUGIN_STATE_DIR": str(root / f"state-{language}")}
    if language == "typescript":
        for command in (["npm", "ci", "--no-audit", "--no-fund"], ["npm", "run", "build"]):
            subprocess.run(command, cwd=project, check=True, capture_output=True)
        return ["node", "dist/main.js"], project, env
    if language == "go":
        env = {**go_environment(), "PLUGIN_STATE_DIR": env["PLUGIN_STATE_DIR"]}
        subprocess.run(
            ["go", "build", "-o", "bin/plugin", "./cmd/acme-sales"],
            cwd=project,
            env=env,
            check=True,
            capture_output=True,
        )
        return [str(project / "bin" / "plugin")], project, env
    # Its own venv with its own dependencies, as its users install it: uvicorn[standard] brings
    # httptools, which parses chunks in C (h11, what uvicorn takes without it, costs ~12 s of CPU
    # a MiB of 1-byte chunks).
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True)
    python = root / "venv" / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(project)], check=True, capture_output=True)
    return [str(python), "-m", "acme_sales"], project, env


def post(port: int, head_extra: str, body: bytes, timeout: float = 120) -> int:
    """POST `body` as written (a chunked body is given framed); the answer's status, 0 if none."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        head = f"POST {PATH} HTTP/1.1\r\nHost: plugin\r\nContent-Type: application/json\r\n{head_extra}\r\n"
        try:
            connection.sendall(head.encode() + body)
            answer = connection.recv(64)
        except OSError:
            return 0
    return int(answer.split()[1]) if answer.startswith(b"HTTP/1.1 ") else 0


def idle_uploads(port: int) -> str:
    declared = 64 * 1024 * 1024 // 7
    held = []
    for _ in range(7):
        connection = socket.create_connection(("127.0.0.1", port), timeout=10)
        head = f"POST {PATH} HTTP/1.1\r\nHost: plugin\r\nContent-Length: {declared}\r\n\r\n"
        connection.sendall(head.encode() + b'{"dataQuer')
        held.append(connection)
    time.sleep(0.5)
    status = post(port, f"Content-Length: {len(SMALL)}\r\n", SMALL)
    for connection in held:
        connection.close()
    return f"a request beside 7 idle uploads: {status}"


def one_byte_chunks(port: int) -> str:
    statuses = []
    for size in (1 << 20, 4 << 20):
        framed = b"1\r\n \r\n" * size + b"0\r\n\r\n"
        statuses.append(post(port, "Transfer-Encoding: chunked\r\n", framed, timeout=300))
    return f"1 MiB and 4 MiB in 1-byte chunks: {statuses}"


def deep_arrays(port: int) -> str:
    depth = (19 << 19) // 2  # 9.5 MiB of brackets
    body = b'{"dataQuery": [{"refID": "A"}], "extra": ' + b"[" * depth + b"]" * depth + b"}"
    with concurrent.futures.ThreadPoolExecutor(6) as pool:
        statuses = list(pool.map(lambda _: post(port, f"Content-Length: {len(body)}\r\n", body), range(6)))
    return f"six 9.5 MiB [[[...]]] bodies: {statuses}"


ROUNDS: list[tuple[str, Callable[[int], str]]] = [
    ("H1", idle_uploads),
    ("H2", one_byte_chunks),
    ("H3", deep_arrays),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--languages", default="python,typescript,go")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="hostile-bodies-") as folder:
        root = Path(folder)
        for language in options.languages.split(","):
            command, project, env = build(language, root)
            with serve_command(
                command, cwd=project, env=env, probe_path="/healthz", log_path=root / "log"
            ) as origin:
                port = origin.rsplit(":", 1)[1]
                pid = serving_pid(origin)
                for name, round_ in ROUNDS:
                    before, cpu = peak_rss_mib(pid), cpu_seconds(pid)
                    started = time.monotonic()
                    what = round_(int(port))
                    print(
                        f"{language:10} {name}: {what}; peak RSS {before:.0f} -> {peak_rss_mib(pid):.0f} MiB, "
                        f"{cpu_seconds(pid) - cpu:.2f} s CPU, {time.monotonic() - started:.1f} s",
                        flush=True,
                    )


if __name__ == "__main__":
    main()
