"""Benchmark: the generated plugin's POST /query/get-result against a hand-written Starlette endpoint.

Three servers run with one worker each on localhost and answer the same request from the same
SQLite file: two queries (refID A and B, hosts db-01 and db-02), each returning N points in the
Timestamp contract, for N = 1,000 and then 10,000.

- "generated glue" (the issue 11 target): the scaffolded project served as its users run it
  (`python -m acme_sales`, observability middleware on: request ids, metrics; the access line is
  off at LOG_LEVEL=warning, as the bench has no terminal to write it to), with a data source
  whose get-result does exactly the hand-written endpoint's work (bench/_plugin_glue_datasource.py
  calls the same function) and builds its answer with the project's frame builders. What differs
  from the hand-written server is only what scaffold generates around a data source: routing,
  request validation against the contract models, context, errors, secrets, serialisation,
  middleware and serving.
- "example": the scaffolded project unchanged, its example SQL data source answering (for
  information: the example also validates the query, builds its SQL from the schema, decides on
  downsampling and reports the executed query, work the hand-written endpoint skips).
- "hand-written" (bench/_plugin_handwritten.py): the same SQL, the same dicts, orjson, no
  middleware, under uvicorn with the same server settings: same interpreter and HTTP parser
  (httptools when installed, as the generated project's `uvicorn[standard]` dependency installs
  it), asyncio's event loop and frozen import-time objects as _contract/serving.py sets them, no
  access log, no server header.

The load generator is wrk (Debian package) when installed, else a small Python keep-alive
client; the output says which. Throughput: servers measured alternately, several rounds, and the
median requests/s of each compared (run-to-run noise on a shared machine is large; the ratio
within one run is what counts). Tail latency (wrk only): then 32 connections, alternated again,
wrk --latency's p50 and p99 of each. Printed: the ratio of the median requests/s and the median
of each round's ratio (less disturbed by other processes); then each server's CPU time per request
(from /proc, around the same runs) and the CPU ratio, which leaves out time the core spent on other
processes and so moves least between runs. Targets (issue 11): glue ratio >= 0.95
at both sizes; p99 <= 2 x p50 for the generated plugin at 32 connections. Figures only, never a
pass/fail.

--threaded-baseline adds the hand-written app with one idle thread. Once a process has started a
second thread (even one that has ended since), SQLite's per-row work runs 10-25% slower for the
rest of its life (measured in-process at 2 x 10,000 points: 11.8-12.0 ms a request without,
13.0-14.4 ms with). The scaffolded example starts none unless Code-mode SQL runs (its methods are
async, its statement deadline is SQLite's progress handler); a data source with plain `def`
methods runs them in a threadpool and pays it, and this figure shows how much.

Run: python bench/plugin_get_result.py [--rounds 5] [--seconds 5] [--connections 4]
     [--latency-connections 32] [--python PATH] [--threaded-baseline]
     PATH: the interpreter serving the apps, e.g. a venv with the generated project installed
     (`pip install -e "<project>[test]"`).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from scaffold.projects.create import NewProjectOptions, create_project  # noqa: E402
from scaffold.projects.kinds import KINDS  # noqa: E402

PATH = "/api/v1/query/get-result"
SAMPLE_END = 1_767_225_600 + 7 * 86_400  # the sample window of the generated project's own tests
KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def uvicorn_options(port: int) -> list[str]:
    """The generated project's own uvicorn settings (its __main__ and _contract/serving.py)."""
    return [
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--loop",
        "asyncio",
        "--no-access-log",
        "--no-server-header",
    ]


def make_project(root: Path) -> tuple[Path, Path]:
    """A --defaults plugin project and its state folder holding the sample database."""
    os.environ["SCAFFOLD_HOME"] = str(root / "scaffold-home")
    project = root / "acme-sales"
    create_project(NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}))
    state = root / "state"
    code = (
        "import sys; from pathlib import Path; sys.path.insert(0, sys.argv[1]);"
        "from acme_sales.example.sample_data import create_sample_database, SAMPLE_FILE;"
        "create_sample_database(Path(sys.argv[2]) / SAMPLE_FILE, end=int(sys.argv[3]))"
    )
    subprocess.run([sys.executable, "-c", code, str(project), str(state), str(SAMPLE_END)], check=True)
    return project, state


def glue_project(project: Path, folder: Path) -> Path:
    """A copy of `project` whose data source answers get-result with the hand-written endpoint's work.

    The scaffolded datasource.py stays as example_datasource.py (every other operation);
    bench/_plugin_glue_datasource.py becomes datasource.py, as a user replaces the example.
    """
    copy = folder / project.name
    shutil.copytree(project, copy)
    package = copy / "acme_sales"
    (package / "datasource.py").rename(package / "example_datasource.py")
    shutil.copyfile(REPO / "bench" / "_plugin_glue_datasource.py", package / "datasource.py")
    return copy


def request_body(points: int) -> bytes:
    start = SAMPLE_END - 14 * 86_400
    window = {"from": start, "to": start + (points - 1) * 60}

    def query(ref: str, host: str) -> dict[str, object]:
        spec = {
            "queryType": "constructor",
            "table": "cpu_metrics",
            "format": "timeseries",
            "timeColumn": "time",
            "valueColumns": ["usage"],
            "filters": [{"column": "host", "operator": "=", "value": host}],
        }
        return {"refID": ref, "maxDataPoints": points, "timeRange": window, "json": json.dumps(spec)}

    body = {
        "pluginContext": {
            "orgID": 1,
            "pluginID": "bench",
            "dataSourceInstanceSettings": {"fields": [{"code": "database", "value": "example.sqlite3"}]},
        },
        "dataQuery": [query("A", "db-01"), query("B", "db-02")],
        "variables": {},
    }
    return json.dumps(body).encode()


class Server:
    def __init__(self, name: str, command: list[str], env: dict[str, str], cwd: Path, port: int) -> None:
        self.name = name
        self.url = f"http://127.0.0.1:{port}"
        self.process = subprocess.Popen(
            command, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
        )

    def wait_ready(self, body: bytes, points: int) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.name} exited: {self.process.stderr.read().decode()[-2000:]}")  # type: ignore[union-attr]
            try:
                answer = httpx.post(
                    self.url + PATH, content=body, headers={"content-type": "application/json"}
                )
            except httpx.HTTPError:
                time.sleep(0.1)
                continue
            frames = answer.json()["frames"]
            assert answer.status_code == 200 and len(frames) == 2, answer.text[:300]
            assert all(len(f["fields"][0]["values"]) == points for f in frames), "unexpected point count"
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
        [*command, *(["--latency"] if latency else []), "-s", str(script), url + PATH],
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


_UNITS = {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 60e3}


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


async def _python_load(url: str, body: bytes, seconds: float, connections: int) -> tuple[float, int]:
    limits = httpx.Limits(max_connections=connections, max_keepalive_connections=connections)
    async with httpx.AsyncClient(base_url=url, limits=limits, timeout=30) as client:
        done = 0
        deadline = time.monotonic() + seconds

        async def worker() -> None:
            nonlocal done
            while time.monotonic() < deadline:
                answer = await client.post(PATH, content=body, headers={"content-type": "application/json"})
                answer.raise_for_status()
                done += 1

        started = time.monotonic()
        await asyncio.gather(*(worker() for _ in range(connections)))
        return done / (time.monotonic() - started), done


WRK_SCRIPT = """
local f = io.open(os.getenv("BENCH_BODY"), "rb")
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--latency-connections", type=int, default=32)
    parser.add_argument("--python", default=sys.executable, help="interpreter serving both apps")
    parser.add_argument(
        "--threaded-baseline",
        action="store_true",
        help="also serve the hand-written app with one idle thread (what a threadpool costs)",
    )
    options = parser.parse_args()
    use_wrk = shutil.which("wrk") is not None
    root = Path(tempfile.mkdtemp(prefix="bench-plugin-"))
    servers: list[Server] = []
    try:
        project, state = make_project(root)
        script = root / "post.lua"
        script.write_text(WRK_SCRIPT, encoding="utf-8")
        base_env = {**os.environ, "LOG_LEVEL": "warning", "PYTHONDONTWRITEBYTECODE": "1"}
        handwritten_env = {
            **base_env,
            "PYTHONPATH": str(REPO),
            "BENCH_DATABASE": str(state / "example.sqlite3"),
        }

        def generated_server(name: str, folder: Path) -> Server:
            port = free_port()
            env = {
                **handwritten_env,
                "PYTHONPATH": os.pathsep.join([str(folder), str(REPO)]),
                "HOST": "127.0.0.1",
                "PORT": str(port),
                "PLUGIN_STATE_DIR": str(state),
                "PLUGIN_SECRET_KEY": KEY,
            }
            return Server(name, [options.python, "-m", "acme_sales"], env, folder, port)

        def handwritten_server(name: str, env: dict[str, str]) -> Server:
            port = free_port()
            command = [
                options.python,
                "-m",
                "uvicorn",
                "bench._plugin_handwritten:app",
                *uvicorn_options(port),
            ]
            return Server(name, command, env, REPO, port)

        servers = [
            generated_server(GLUE, glue_project(project, root / "glue")),
            generated_server(EXAMPLE, project),
            handwritten_server(HAND, handwritten_env),
        ]
        if options.threaded_baseline:
            servers.append(handwritten_server(THREADED, {**handwritten_env, "BENCH_IDLE_THREAD": "1"}))
        generator = "wrk (1 thread)" if use_wrk else "python httpx keep-alive client"
        print(
            f"load generator: {generator}, {options.connections} connections, {options.seconds:g} s per run, "
            f"{options.rounds} rounds, servers alternated; one worker each, served by {options.python} "
            f"({server_stack(options.python)})"
        )
        summary: list[str] = []
        for points in (1_000, 10_000):
            body = request_body(points)
            body_file = root / f"body-{points}.json"
            body_file.write_bytes(body)
            for server in servers:
                server.wait_ready(body, points)
            results: dict[str, list[float]] = {s.name: [] for s in servers}
            warm = min(2.0, options.seconds)
            for server in servers:  # warm-up, not counted
                if use_wrk:
                    wrk_rps(server.url, body_file, warm, options.connections, script)
                else:
                    asyncio.run(_python_load(server.url, body, warm, options.connections))
            cpu: dict[str, list[float]] = {s.name: [] for s in servers}
            for round_index in range(options.rounds):
                order = servers if round_index % 2 == 0 else list(reversed(servers))
                for server in order:
                    before = server.cpu_seconds()
                    if use_wrk:
                        rps, answered = wrk_rps(
                            server.url, body_file, options.seconds, options.connections, script
                        )
                    else:
                        rps, answered = asyncio.run(
                            _python_load(server.url, body, options.seconds, options.connections)
                        )
                    results[server.name].append(rps)
                    cpu[server.name].append((server.cpu_seconds() - before) * 1000 / max(1, answered))
            print(f"\n2 queries x {points:,} points ({len(body):,}-byte request)")
            for name, runs in results.items():
                shown = ", ".join(f"{r:.1f}" for r in runs)
                print(f"  {name:<16} median {statistics.median(runs):8.1f} req/s  (runs: {shown})")
            handwritten_rps = statistics.median(results[HAND])
            ratios: dict[str, tuple[float, float]] = {}
            for name in (GLUE, EXAMPLE):
                ratio, paired = ratio_and_paired(results[name], results[HAND])
                ratios[name] = (ratio, paired)
                target = f" (target >= {RATIO_TARGET:.2f})" if name == GLUE else " (for information)"
                print(
                    f"  ratio {name}/{HAND}: {ratio:.2f} of the medians, {paired:.2f} median of "
                    f"the rounds' ratios{target}"
                )
            glue_cpu = print_cpu(cpu)
            if THREADED in results:
                threaded = statistics.median(results[THREADED])
                print(f"  the hand-written app slowed by one idle thread: {threaded / handwritten_rps:.2f}")
            glue, paired = ratios[GLUE]
            line = (
                f"{points:>6,} points: glue ratio {glue:.2f} (rounds' median {paired:.2f}; target >= "
                f"{RATIO_TARGET:.2f}); scaffolded example {ratios[EXAMPLE][0]:.2f}"
            )
            if glue_cpu is not None:
                line += f"; glue CPU ratio {glue_cpu[0]:.2f} (rounds' median {glue_cpu[1]:.2f})"
            if use_wrk:
                tails = latency_rounds(servers, body_file, options, script)
                connections = options.latency_connections
                print(f"  {connections} connections, wrk --latency, {options.rounds} rounds alternated:")
                for name, (p50, p99) in tails.items():
                    print(f"  {name:<16} p50 {p50:8.1f} ms  p99 {p99:8.1f} ms  p99/p50 {p99 / p50:.2f}")
                shown = ", ".join(
                    f"{name} p50 {tails[name][0]:.1f} ms, p99 {tails[name][1]:.1f} ms, "
                    f"p99/p50 {tails[name][1] / tails[name][0]:.2f}"
                    for name in (GLUE, EXAMPLE)
                )
                line += f"; at {connections} connections {shown} (target <= {TAIL_TARGET:.1f})"
            summary.append(line)
        print("\nsummary (medians of the rounds):")
        for line in summary:
            print("  " + line)
    finally:
        for server in servers:
            server.stop()
        shutil.rmtree(root, ignore_errors=True)


RATIO_TARGET = 0.95
GLUE = "generated glue"
EXAMPLE = "example"
HAND = "hand-written"
THREADED = "hand+1 thread"
TAIL_TARGET = 2.0


def ratio_and_paired(numerators: list[float], denominators: list[float]) -> tuple[float, float]:
    """(ratio of the medians, median of each round's ratio) of two servers' runs, round by round.

    The runs of a round are seconds apart: their ratio is the least disturbed by the load of
    other processes, which drifts over a run of several minutes.
    """
    ratio = statistics.median(numerators) / statistics.median(denominators)
    paired = statistics.median(n / d for n, d in zip(numerators, denominators, strict=True))
    return ratio, paired


def print_cpu(cpu: dict[str, list[float]]) -> tuple[float, float] | None:
    """CPU ms per request of each server, and the glue's CPU ratio (the hand-written's / the glue's).

    A saturated single-worker server answers at about 1 / (its CPU per request); CPU time leaves
    out the moments another process held the core, so this ratio moves less between runs than
    the requests/s one (the same measurements, read from /proc/<pid>/stat around each run).
    """
    if any(math.isnan(value) for runs in cpu.values() for value in runs):  # no /proc here
        return None
    found: dict[str, tuple[float, float]] = {}
    for name, runs in cpu.items():
        shown = ", ".join(f"{r:.3f}" for r in runs)
        print(f"  {name:<16} CPU {statistics.median(runs):7.3f} ms/request  (runs: {shown})")
    for name in (GLUE, EXAMPLE):
        ratio, paired = ratio_and_paired(cpu[HAND], cpu[name])  # less CPU is faster
        print(f"  CPU ratio {name}: {ratio:.2f} of the medians, {paired:.2f} median of the rounds' ratios")
        found[name] = (ratio, paired)
    return found[GLUE]


def latency_rounds(
    servers: list[Server], body_file: Path, options: argparse.Namespace, script: Path
) -> dict[str, tuple[float, float]]:
    """Median (p50, p99) in ms of each server at --latency-connections, servers alternated."""
    runs: dict[str, list[dict[str, float]]] = {s.name: [] for s in servers}
    for round_index in range(options.rounds):
        order = servers if round_index % 2 == 0 else list(reversed(servers))
        for server in order:
            runs[server.name].append(
                wrk_percentiles(server.url, body_file, options.seconds, options.latency_connections, script)
            )
    return {
        name: (statistics.median(r["50%"] for r in found), statistics.median(r["99%"] for r in found))
        for name, found in runs.items()
    }


def server_stack(python: str) -> str:
    """The HTTP parser uvicorn picks ("auto") with this interpreter; the loop is set to asyncio."""
    code = "import importlib.util as u; print('httptools' if u.find_spec('httptools') else 'h11')"
    found = subprocess.run([python, "-c", code], capture_output=True, text=True, check=True)
    return f"asyncio event loop, HTTP parser {found.stdout.strip()}"


if __name__ == "__main__":
    main()
