"""Benchmark: the Go module backend (issue 42, point 5): an own endpoint's path, new-module.

1. `scaffold new-module acme-go --language go --defaults`: CPU (user + system of the child) and
   wall per run, each run a new process; the first run (fresh SCAFFOLD_HOME) apart.
   Target: CPU <= 0.5 s warm.
2. POST /api/v1/series, the README's endpoint of one's own as a user pastes it (in
   internal/module/series.go beside endpoints.go: SeriesQuery {region, limit, from} read from the
   proxy's envelope, ModuleSettings {connections: [{name, url, apiKey}]} (what the seeded Settings
   saves) from its moduleContext, the answer Series {region, points}), answered by:
   - "generated": the scaffolded backend as its users run it (the binary of `go build
     ./cmd/acme-go`) with that file: the framing check of every request head, the module's strict
     body read (Content-Type, size, the budget of bytes in flight, depth, syntax, keys twice),
     the strict reading of payload and moduleContext into the types (unknown keys, required
     fields, no coercion, integer ranges), the answer written with encoding/json and
     Content-Language, metrics, request ids, the access line (LOG_LEVEL=warning keeps it out of
     the terminal);
   - "hand-written": a plain `net/http` handler with `encoding/json` doing the same reading by
     hand, built by the same Go: Content-Type, http.MaxBytesReader at 1 MiB, an atomic count of
     the bytes in flight (16 MiB), one pass of json.Decoder.Token for the depth (64) and keys
     given twice (encoding/json takes a key twice, the last one winning; the generated backend
     refuses it, so the baseline does that check as encoding/json allows it), the envelope read
     as map[string]json.RawMessage, moduleContext an object (null refused, `{}` none), payload
     and moduleContext decoded with DisallowUnknownFields into structs whose required fields are
     pointers checked afterwards, the same answer with json.Marshal; served by an http.Server
     with the generated cmd/acme-go/main.go's timeouts (ReadHeaderTimeout, ReadTimeout,
     IdleTimeout: any production net/http server sets them, and net/http then sets read
     deadlines on every request, as it does for the generated backend). It does none of the
     generated backend's extras: no metrics, request id, access line, CORS, framing check or
     Accept-Language choice (it writes the default language: the bench sends none). It differs
     from the generated reading where encoding/json does (keys matched without case, 79.0 no
     int32), not for the bench's body.
   Both answer the same bytes for the bench's body (checked before measuring). The body is an
   envelope of a two-key payload and the seeded Settings' shape with one connection, as the
   README's endpoint reads them (the TypeScript module's README endpoint takes {metric, points}
   and {apiUrl, apiKey}: bench/module_typescript.py). Its API key is a plain value: the module's
   walk for `enc:v1:` values runs and finds none; a token's decryption (AES-GCM) would be work
   the hand-written handler does not do. Load comes from autocannon, as in bench/module_typescript.py: each round starts
   both servers fresh, warms them, then measures them one after the other and again in reverse
   order. Besides requests/s, each server's CPU time a request (user + system from /proc, over
   the requests autocannon counted): the steadier figure on a shared machine, where another
   process's load moves the throughput of the run it falls in. Target: generated >= 1.0 of the
   hand-written throughput.

Figures only, never a pass/fail. Run: python bench/module_go.py [--rounds 3] [--seconds 5]
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _http_load import ServerSpec, ratio_and_paired
from module_typescript import AUTOCANNON, autocannon, new_module_runs

from tests.go_toolchain import go_environment

NAME = "acme-go"
PATH = "/api/v1/series"
BODY = {
    "payload": {"region": "north", "limit": 100},
    "moduleContext": {
        "connections": [{"name": "main", "url": "https://sales.example.com", "apiKey": "s3cret-key"}]
    },
}

HANDWRITTEN = """package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"os"
	"strings"
	"sync/atomic"
	"time"
)

const (
	maxBodyBytes     = 1 << 20
	maxBytesInFlight = 16 << 20
	maxDepth         = 64
)

// Required fields are pointers, checked after decoding (encoding/json has no required).
type seriesQuery struct {
	Region *string `json:"region"`
	Limit  int32   `json:"limit,omitempty"`
	From   *string `json:"from"`
}

type connection struct {
	Name   *string `json:"name"`
	URL    *string `json:"url"`
	APIKey string  `json:"apiKey,omitempty"`
}

type moduleSettings struct {
	Connections *[]connection `json:"connections"`
}

// complete: every required field of the settings is there (encoding/json has no required).
func (s *moduleSettings) complete() bool {
	if s.Connections == nil {
		return false
	}
	for _, c := range *s.Connections {
		if c.Name == nil || c.URL == nil {
			return false
		}
	}
	return true
}

type series struct {
	Region string    `json:"region"`
	Points []float64 `json:"points"`
}

var inFlight atomic.Int64

func refuse(w http.ResponseWriter, status int, message string) {
	body, _ := json.Marshal(map[string]any{"error": true, "message": message})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

type frame struct {
	keys    map[string]struct{} // nil for an array
	wantKey bool
}

// checkSyntax refuses a body nested deeper than maxDepth (422) or that is not JSON or gives a key
// twice in one object (400): encoding/json's own tokenizer, one pass.
func checkSyntax(raw []byte) (int, string) {
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.UseNumber()
	var frames []frame
	for {
		token, err := decoder.Token()
		if errors.Is(err, io.EOF) {
			return 0, ""
		}
		if err != nil {
			return http.StatusBadRequest, "not valid JSON"
		}
		if n := len(frames); n > 0 && frames[n-1].keys != nil && frames[n-1].wantKey {
			if key, ok := token.(string); ok {
				if _, twice := frames[n-1].keys[key]; twice {
					return http.StatusBadRequest, "a key given twice"
				}
				frames[n-1].keys[key] = struct{}{}
				frames[n-1].wantKey = false
				continue
			}
		}
		switch token {
		case json.Delim('{'), json.Delim('['):
			if len(frames) == maxDepth {
				return http.StatusUnprocessableEntity, "nested too deep"
			}
			opened := frame{}
			if token == json.Delim('{') {
				opened = frame{keys: map[string]struct{}{}, wantKey: true}
			}
			frames = append(frames, opened)
			continue
		case json.Delim('}'), json.Delim(']'):
			frames = frames[:len(frames)-1]
		}
		if n := len(frames); n > 0 && frames[n-1].keys != nil {
			frames[n-1].wantKey = true
		}
	}
}

func strict(raw []byte, into any) error {
	decoder := json.NewDecoder(bytes.NewReader(raw))
	decoder.DisallowUnknownFields()
	decoder.UseNumber()
	return decoder.Decode(into)
}

func serveSeries(w http.ResponseWriter, r *http.Request) {
	if kind := r.Header.Get("Content-Type"); kind != "" {
		media, _, _ := mime.ParseMediaType(kind)
		if media != "application/json" && media != "text/plain" && !(strings.HasPrefix(media, "application/") && strings.HasSuffix(media, "+json")) {
			refuse(w, http.StatusBadRequest, "not JSON")
			return
		}
	}
	declared := max(r.ContentLength, 0)
	if inFlight.Add(declared) > maxBytesInFlight {
		inFlight.Add(-declared)
		refuse(w, http.StatusServiceUnavailable, "busy")
		return
	}
	defer inFlight.Add(-declared)
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		refuse(w, http.StatusRequestEntityTooLarge, "too large")
		return
	}
	if status, message := checkSyntax(raw); status != 0 {
		refuse(w, status, message)
		return
	}
	var top map[string]json.RawMessage
	payload, context := json.RawMessage(raw), json.RawMessage(nil)
	if json.Unmarshal(raw, &top) == nil {
		if inner, envelope := top["payload"]; envelope {
			payload = inner
			if saved, present := top["moduleContext"]; present {
				if len(saved) == 0 || saved[0] != '{' {
					refuse(w, http.StatusBadRequest, "moduleContext must be an object")
					return
				}
				context = saved
			}
		}
	}
	var query seriesQuery
	if err := strict(payload, &query); err != nil || query.Region == nil {
		refuse(w, http.StatusBadRequest, "bad payload")
		return
	}
	var settings *moduleSettings
	if context != nil && len(bytes.TrimSpace(context[1:len(context)-1])) > 0 { // {}: nothing saved
		settings = &moduleSettings{}
		if err := strict(context, settings); err != nil || !settings.complete() {
			refuse(w, http.StatusBadRequest, "bad moduleContext")
			return
		}
	}
	if *query.Region == "archived" {
		refuse(w, http.StatusConflict, "This region is archived")
		return
	}
	points := []float64{1, 2, 3}
	if settings != nil {
		for _, c := range *settings.Connections {
			if *c.URL != "" {
				points = []float64{4, 5, 6}
				break
			}
		}
	}
	answer, err := json.Marshal(series{Region: *query.Region, Points: points})
	if err != nil {
		refuse(w, http.StatusInternalServerError, "internal")
		return
	}
	header := w.Header()
	header.Set("Content-Type", "application/json")
	header.Set("Content-Language", "ru-RU")
	header.Set("Vary", "Accept-Language")
	_, _ = w.Write(answer)
}

func main() {
	http.HandleFunc("POST /api/v1/series", serveSeries)
	server := &http.Server{
		Addr:              "127.0.0.1:" + os.Getenv("PORT"),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       300 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	if err := server.ListenAndServe(); err != nil {
		panic(err)
	}
}
"""


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(
        command, cwd=cwd, env={**go_environment(), **(env or {})}, check=True, capture_output=True, text=True
    )
    return result.stdout


def readme_endpoint(project: Path) -> str:
    """The README's endpoint of one's own (internal/module/series.go as the README writes it)."""
    readme = (project / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Your own proxied endpoints") : readme.index("## Developing")]
    return str(re.findall(r"```go\n(.*?)```", section, re.S)[0])


def built_backend(project: Path) -> Path:
    """The backend with the README's endpoint, built as its users build it."""
    backend = project / "backend"
    (backend / "internal" / "module" / "series.go").write_text(readme_endpoint(project), encoding="utf-8")
    run(["go", "build", "-o", f"bin/{NAME}", f"./cmd/{NAME}"], backend)
    return backend / "bin" / NAME


def handwritten(root: Path) -> Path:
    folder = root / "handwritten"
    folder.mkdir()
    (folder / "go.mod").write_text("module handwritten\n\ngo 1.22\n", encoding="utf-8")
    (folder / "main.go").write_text(HANDWRITTEN, encoding="utf-8")
    if unformatted := run(["gofmt", "-l", "-d", "."], folder):
        raise RuntimeError(f"the hand-written handler is not gofmt's:\n{unformatted}")
    run(["go", "vet", "."], folder)
    run(["go", "build", "-o", "handwritten", "."], folder)
    return folder / "handwritten"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=4)
    parser.add_argument("--new-module-runs", type=int, default=4)
    options = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-module-go-"))
    try:
        new_module_runs(root, options.new_module_runs, language="go", name=NAME)
        generated = built_backend(root / "m0")
        hand = handwritten(root)
        bench = root / "autocannon"
        bench.mkdir()
        subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", f"autocannon@{AUTOCANNON}"],
            cwd=bench,
            check=True,
            capture_output=True,
        )
        throughput(generated, hand, bench, options)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def throughput(generated: Path, hand: Path, bench: Path, options: argparse.Namespace) -> None:
    env = {**go_environment(), "LOG_LEVEL": "warning"}
    specs = [
        ServerSpec("generated", lambda _port: [str(generated)], env, generated.parent),
        ServerSpec("hand-written", lambda _port: [str(hand)], env, hand.parent),
    ]
    runs: dict[str, list[float]] = {spec.name: [] for spec in specs}
    cpu: dict[str, list[float]] = {spec.name: [] for spec in specs}  # the server's µs a request
    body = json.dumps(BODY).encode()
    for index in range(options.rounds):
        servers = [spec.start() for spec in specs]
        try:
            answers: list[bytes] = []

            def keep(answer: httpx.Response, into: list[bytes] = answers) -> None:
                into.append(answer.raise_for_status().content)

            for server in servers:
                server.wait_ready(PATH, body, keep)
                autocannon(bench, server.url + PATH, 1, options.connections, BODY)  # warm-up
            if answers[-1] != answers[0]:
                raise RuntimeError(f"the two servers answer {answers}: the comparison would be unfair")
            order = servers if index % 2 == 0 else servers[::-1]
            for server in [*order, *order[::-1]]:
                before = server.cpu_seconds()
                rps = autocannon(bench, server.url + PATH, options.seconds / 2, options.connections, BODY)
                runs[server.name].append(rps)
                requests = rps * max(1, round(options.seconds / 2))  # autocannon's whole seconds
                cpu[server.name].append((server.cpu_seconds() - before) * 1e6 / requests)
        finally:
            for server in servers:
                server.stop()
    print(f"POST {PATH}, the same answer bytes, {options.rounds} rounds, autocannon {AUTOCANNON}:")
    for name, found in runs.items():
        print(
            f"  {name:13} {statistics.median(found):8.0f} req/s at {options.connections} connections, "
            f"{statistics.median(cpu[name]):5.1f} µs of server CPU a request"
        )
    ratio, paired = ratio_and_paired(runs["generated"], runs["hand-written"])
    print(
        f"  generated / hand-written: {ratio:.2f} (medians), {paired:.2f} (median of paired runs); target >= 1.0"
    )
    ratio, paired = ratio_and_paired(cpu["hand-written"], cpu["generated"])
    print(f"  CPU a request, hand-written / generated: {ratio:.2f} (medians), {paired:.2f} (paired)")


if __name__ == "__main__":
    main()
