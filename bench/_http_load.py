"""Servers in their own processes and the load put on them: the HTTP side of bench/plugin_get_result.py.

A server is started from a `ServerSpec` as often as the bench needs a fresh process; the load is
wrk (Debian package) when installed, else a small Python keep-alive client. Every function here
measures one server for one stretch of time and returns figures; `Measured` adds up a server's
runs within a round and `ratio_and_paired` compares two servers round by round; the bench decides
what to compare.
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx

WRK_SCRIPT = """
local f = io.open(os.getenv("BENCH_BODY"), "rb")
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
"""
_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass(frozen=True)
class ServerSpec:
    """How to start one server; `command` gets the port to listen on."""

    name: str
    command: Callable[[int], list[str]]
    env: dict[str, str]
    cwd: Path

    def start(self) -> Server:
        return Server(self, free_port())


class Server:
    """One running server process (stdout discarded, stderr kept for the reason it exited)."""

    def __init__(self, spec: ServerSpec, port: int) -> None:
        self.name = spec.name
        self.url = f"http://127.0.0.1:{port}"
        env = {**spec.env, "PORT": str(port)}
        self.process = subprocess.Popen(
            spec.command(port), env=env, cwd=spec.cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def wait_ready(self, path: str, body: bytes, check: Callable[[httpx.Response], None]) -> None:
        """Wait until the server answers `body` at `path` (30 s at most); `check` the answer."""
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                stderr = self.process.stderr.read().decode() if self.process.stderr else ""
                raise RuntimeError(f"{self.name} exited: {stderr[-2000:]}")
            try:
                answer = httpx.post(
                    self.url + path, content=body, headers={"content-type": "application/json"}
                )
            except httpx.HTTPError:
                time.sleep(0.1)
                continue
            check(answer)
            return
        raise RuntimeError(f"{self.name} did not start")

    def cpu_seconds(self) -> float:
        """CPU time (user + system) the server process has used so far; NaN where /proc is absent."""
        try:
            fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            return float("nan")
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def run_wrk(
    url: str, body_file: Path, seconds: float, connections: int, script: Path, latency: bool = False
) -> str:
    command = ["wrk", "-t1", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--timeout", "30s"]
    result = subprocess.run(
        [*command, *(["--latency"] if latency else []), "-s", str(script), url],
        env={**os.environ, "BENCH_BODY": str(body_file)},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout


def wrk_rps(url: str, body_file: Path, seconds: float, connections: int, script: Path) -> tuple[float, int]:
    """(requests/s, requests answered) of one wrk run."""
    output = run_wrk(url, body_file, seconds, connections, script)
    rps = answered = None
    for line in output.splitlines():
        words = line.split()
        if line.startswith("Requests/sec:"):
            rps = float(words[1])
        elif len(words) > 2 and words[1:3] == ["requests", "in"]:
            answered = int(words[0])
    if rps is None or answered is None:
        raise RuntimeError(f"no Requests/sec or request count in wrk output:\n{output}")
    return rps, answered


def wrk_percentiles(
    url: str, body_file: Path, seconds: float, connections: int, script: Path
) -> dict[str, float]:
    """{"50%": ms, "99%": ms, ...} from wrk --latency's Latency Distribution."""
    output = run_wrk(url, body_file, seconds, connections, script, latency=True)
    found: dict[str, float] = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("50%", "75%", "90%", "99%"):
            number = parts[1].rstrip("usm")
            found[parts[0]] = float(number) * _UNITS[parts[1][len(number) :]]
    if "99%" not in found:
        raise RuntimeError(f"no latency distribution in wrk output:\n{output}")
    return found


def python_load(url: str, body: bytes, seconds: float, connections: int) -> tuple[float, int]:
    """(requests/s, requests answered) from `connections` keep-alive clients posting `body` to `url`."""
    return asyncio.run(_python_load(url, body, seconds, connections))


async def _python_load(url: str, body: bytes, seconds: float, connections: int) -> tuple[float, int]:
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    async with httpx.AsyncClient(limits=limits, timeout=30) as client:
        done = 0
        deadline = time.monotonic() + seconds

        async def worker() -> None:
            nonlocal done
            while time.monotonic() < deadline:
                answer = await client.post(url, content=body, headers={"content-type": "application/json"})
                answer.raise_for_status()
                done += 1

        started = time.monotonic()
        await asyncio.gather(*(worker() for _ in range(connections)))
        return done / (time.monotonic() - started), done


@dataclass
class Measured:
    """One server's two half-runs of a round (one in the round's order, one in reverse)."""

    runs: list[float] = field(default_factory=list)
    answered: int = 0
    cpu_seconds: float = 0.0

    def add(self, rps: float, answered: int, cpu_seconds: float) -> None:
        self.runs.append(rps)
        self.answered += answered
        self.cpu_seconds += cpu_seconds

    @property
    def rps(self) -> float:
        return statistics.fmean(self.runs)  # runs of equal length

    @property
    def cpu_ms_per_request(self) -> float:
        return self.cpu_seconds * 1000 / max(1, self.answered)


def ratio_and_paired(numerators: list[float], denominators: list[float]) -> tuple[float, float]:
    """(ratio of the medians, median of each round's ratio) of two servers' runs, round by round.

    The runs of a round are seconds apart: their ratio is the least disturbed by the load of
    other processes, which drifts over a run of several minutes.
    """
    ratio = statistics.median(numerators) / statistics.median(denominators)
    paired = statistics.median(n / d for n, d in zip(numerators, denominators, strict=True))
    return ratio, paired
