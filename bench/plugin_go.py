"""Benchmark: the Go plugin (issue 29, point 8): get-result glue, new-plugin CPU, binary size.

1. `scaffold new-plugin acme-go --language go --defaults` (with the example, as users type it): CPU (user + system of the child) and
   wall per run, each run a new process; the first run (fresh SCAFFOLD_HOME) apart.
   Target: CPU <= 0.5 s warm.
2. The size of the binary `go build` makes of the project, as it is and stripped (`-ldflags=-s -w`,
   as the Dockerfile builds it).
3. POST /query/get-result, one process each, N = 1,000 points per query, two queries, in the
   Timestamp contract, answered by:
   - "generated glue": the scaffolded project as its users run it (the binary of `go build
     ./cmd/acme-go`: generated strict decoder, context, metrics, request ids, the access line
     (LOG_LEVEL=warning keeps it out of the terminal), generated encoder), with a data source whose
     GetQueryResult does the hand-written endpoint's work through the project's own NewFrame and
     NewQueryResponse;
   - "hand-written": the same work in a plain `net/http` handler with `encoding/json` (Decode into
     structs, Marshal the answer), built by the same Go.
   Both answer the same bytes for the bench's request (checked before measuring). Load comes from
   autocannon, as in bench/plugin_typescript.py: each round starts both servers fresh, warms them,
   then measures them one after the other and again in reverse order; then each at 32 connections
   for p50 and p99.
   Target: glue >= 1.0 of the hand-written throughput; p99 <= 2 x p50 at 32 connections.

Figures only, never a pass/fail. Run: python bench/plugin_go.py [--rounds 3] [--seconds 5]
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _http_load import ServerSpec, ratio_and_paired
from plugin_typescript import AUTOCANNON, BODY, autocannon, new_plugin_runs

from tests.go_toolchain import go_environment

POINTS = 1_000

BENCH_METHOD = """
// GetQueryResult is the bench's: BENCH_POINTS points per query, built with the project's helpers.
func (d *DataSource) GetQueryResult(_ context.Context, _ contract.RequestContext, request *contract.QueryDataRequest) (*contract.QueryDataResponse, error) {
	points, _ := strconv.Atoi(os.Getenv("BENCH_POINTS"))
	frames := make([]contract.Frame, 0, len(request.DataQuery))
	for _, query := range request.DataQuery {
		values := make([]map[string]any, 0, points)
		for i := 0; i < points; i++ {
			values = append(values, map[string]any{strconv.Itoa(1767225600 + i*60): strconv.Itoa((i * 37) % 100)})
		}
		field := contract.Field{Name: contract.Some("value"), Type: contract.Some("number"), Values: values}
		frames = append(frames, contract.NewFrame(query.RefID.Value, query.RefID.Value, []contract.Field{field}))
	}
	return contract.NewQueryResponse(frames), nil
}
"""

HANDWRITTEN = """package main

import (
	"encoding/json"
	"net/http"
	"os"
	"strconv"
)

type query struct {
	RefID string `json:"refID"`
}

type request struct {
	DataQuery []query `json:"dataQuery"`
}

type field struct {
	Name   string           `json:"name"`
	RefID  string           `json:"refID"`
	Type   string           `json:"type"`
	Values []map[string]any `json:"values"`
}

type frame struct {
	Name   string  `json:"name"`
	RefID  string  `json:"refID"`
	Fields []field `json:"fields"`
}

type response struct {
	Status int     `json:"status"`
	Frames []frame `json:"frames"`
}

func main() {
	points, _ := strconv.Atoi(os.Getenv("BENCH_POINTS"))
	http.HandleFunc("POST /api/v1/query/get-result", func(w http.ResponseWriter, r *http.Request) {
		var body request
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		frames := make([]frame, 0, len(body.DataQuery))
		for _, q := range body.DataQuery {
			values := make([]map[string]any, 0, points)
			for i := 0; i < points; i++ {
				values = append(values, map[string]any{strconv.Itoa(1767225600 + i*60): strconv.Itoa((i * 37) % 100)})
			}
			fields := []field{{Name: "value", RefID: q.RefID, Type: "number", Values: values}}
			frames = append(frames, frame{Name: q.RefID, RefID: q.RefID, Fields: fields})
		}
		answer, err := json.Marshal(response{Status: 200, Frames: frames})
		if err != nil {
			http.Error(w, "internal", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	})
	if err := http.ListenAndServe("127.0.0.1:"+os.Getenv("PORT"), nil); err != nil {
		panic(err)
	}
}
"""


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> float:
    started = time.monotonic()
    subprocess.run(command, cwd=cwd, env={**go_environment(), **(env or {})}, check=True, capture_output=True)
    return time.monotonic() - started


def bench_project(project: Path) -> None:
    """The project's data source with the bench's GetQueryResult, built (and its size printed)."""
    source = project / "internal" / "datasource" / "datasource.go"
    text = source.read_text(encoding="utf-8")
    start = text.index("// GetQueryResult ")
    end = text.index("\n}\n", start) + len("\n}\n")
    text = text[:start] + BENCH_METHOD.lstrip("\n") + text[end:]
    text = text.replace('import (\n\t"context"\n', 'import (\n\t"context"\n\t"os"\n\t"strconv"\n', 1)
    source.write_text(text, encoding="utf-8")
    run(["go", "build", "-o", "bin/plain", "./cmd/acme-go"], project)
    run(["go", "build", "-trimpath", "-ldflags=-s -w", "-o", "bin/acme-go", "./cmd/acme-go"], project)
    plain, stripped = ((project / "bin" / name).stat().st_size / 1e6 for name in ("plain", "acme-go"))
    print(
        f"binary: {plain:.1f} MB as `go build` makes it, {stripped:.1f} MB stripped (-s -w, the Dockerfile's)"
    )


def handwritten(root: Path) -> Path:
    folder = root / "handwritten"
    folder.mkdir()
    (folder / "go.mod").write_text("module handwritten\n\ngo 1.22\n", encoding="utf-8")
    (folder / "main.go").write_text(HANDWRITTEN, encoding="utf-8")
    run(["go", "build", "-trimpath", "-ldflags=-s -w", "-o", "handwritten", "."], folder)
    return folder / "handwritten"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--new-plugin-runs", type=int, default=4)
    options = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-go-"))
    try:
        new_plugin_runs(root, options.new_plugin_runs, language="go", name="acme-go")
        project = root / "starter"  # the bench's GetQueryResult replaces the starter's
        run([sys.executable, "-m", "scaffold", "new-plugin", str(project), "--language", "go", "--name", "acme-go",
             "--no-example", "--defaults"], root, {"SCAFFOLD_HOME": str(root / "home")})  # fmt: skip
        bench_project(project)
        glue_throughput(project, handwritten(root), root, options)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def glue_throughput(project: Path, hand: Path, root: Path, options: argparse.Namespace) -> None:
    bench = root / "autocannon"
    bench.mkdir()
    subprocess.run(
        ["npm", "install", "--no-audit", "--no-fund", f"autocannon@{AUTOCANNON}"],
        cwd=bench,
        check=True,
        capture_output=True,
    )
    env = {
        **go_environment(),
        "BENCH_POINTS": str(POINTS),
        "LOG_LEVEL": "warning",
        "PLUGIN_STATE_DIR": str(root / "state"),
    }
    specs = [
        ServerSpec("generated glue", lambda _port: [str(project / "bin" / "acme-go")], env, project),
        ServerSpec("hand-written", lambda _port: [str(hand)], env, hand.parent),
    ]
    runs: dict[str, list[float]] = {spec.name: [] for spec in specs}
    latency: dict[str, list[dict[str, float]]] = {spec.name: [] for spec in specs}
    path = "/api/v1/query/get-result"
    body = json.dumps(BODY).encode()
    for index in range(options.rounds):
        servers = [spec.start() for spec in specs]
        try:
            answers: list[bytes] = []

            def keep(answer: httpx.Response, into: list[bytes] = answers) -> None:
                into.append(answer.raise_for_status().content)

            for server in servers:
                server.wait_ready(path, body, keep)
                autocannon(bench, server.url + path, 1, options.connections)  # warm-up
            if answers[-1] != answers[0]:
                raise RuntimeError(
                    "the two servers do not answer the same bytes: the comparison would be unfair"
                )
            order = servers if index % 2 == 0 else servers[::-1]
            for server in [*order, *order[::-1]]:
                measured = autocannon(bench, server.url + path, options.seconds / 2, options.connections)
                runs[server.name].append(measured["rps"])
            for server in servers:
                latency[server.name].append(autocannon(bench, server.url + path, options.seconds, 32))
        finally:
            for server in servers:
                server.stop()
    print(
        f"POST {path}, 2 queries x {POINTS} points, same answer bytes, {options.rounds} rounds, autocannon {AUTOCANNON}:"
    )
    for name, found in runs.items():
        p50 = statistics.median(item["p50"] for item in latency[name])
        p99 = statistics.median(item["p99"] for item in latency[name])
        print(
            f"  {name:15} {statistics.median(found):8.0f} req/s at {options.connections} connections; "
            f"at 32: p50 {p50:.1f} ms, p99 {p99:.1f} ms (p99/p50 {p99 / max(p50, 0.1):.2f}, target <= 2)"
        )
    ratio, paired = ratio_and_paired(runs["generated glue"], runs["hand-written"])
    print(
        f"  glue / hand-written: {ratio:.2f} (medians), {paired:.2f} (median of paired runs); target >= 1.0"
    )


if __name__ == "__main__":
    main()
