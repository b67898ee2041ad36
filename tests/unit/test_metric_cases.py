"""The shared metric cases (scaffold/codegen/cases/metrics.json), read by the Python runtime.

The same file is read by the TypeScript runtime's tests (metrics.test.ts) and the Go runtime's
(metriccases_test.go), so the request families a plugin writes on /metrics are decided once for
three languages (issue 39 point 2; the file's "about" says the format). Each case's requests are
counted by the runtime's RequestMetrics in a prometheus_client registry of their own, and the two
families of what generate_latest writes are compared with the case's lines: comment lines exactly
and in order, samples by name, labels and value as a set.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from prometheus_client import CollectorRegistry, generate_latest

from scaffold.codegen.python.runtime_files.metrics import RequestMetrics
from scaffold.codegen.python.runtime_files.runtime_constants import (
    DURATION_BUCKETS,
    DURATION_METRIC,
    REQUESTS_METRIC,
)
from tests.shared_cases import assert_known_keys, read_cases

CASES = read_cases("metrics.json")
KNOWN_KEYS = {"name", "observe", "text"}
FAMILY_NAMES = {
    REQUESTS_METRIC,
    DURATION_METRIC,
    *(DURATION_METRIC + suffix for suffix in ("_bucket", "_count", "_sum")),
}
SAMPLE = re.compile(r"^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{(.*)\})? (\S+)$")
LABEL = re.compile(r'([A-Za-z_][A-Za-z0-9_]*)="((?:[^"\\]|\\.)*)",?')
Sample = tuple[str, tuple[tuple[str, str], ...], float]


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], value)


def families(text: str) -> tuple[list[str], list[Sample]]:
    """The comment lines (in order) and the samples (sorted) of the two request families in `text`."""
    comments: list[str] = []
    samples: list[Sample] = []
    for line in text.splitlines():
        if line.startswith("#"):
            parts = line.split(" ", 3)
            if len(parts) >= 3 and parts[2] in FAMILY_NAMES:
                comments.append(line)
            continue
        found = SAMPLE.match(line)
        if found is None or found[1] not in FAMILY_NAMES:
            continue
        labels = found[2] or ""
        pairs = [(m[1], _unescape(m[2])) for m in LABEL.finditer(labels)]
        assert "".join(m[0] for m in LABEL.finditer(labels)) == labels, f"labels not read: {line!r}"
        samples.append((found[1], tuple(sorted(pairs)), float(found[3])))
    return comments, sorted(samples)


def test_every_case_uses_only_keys_this_runner_knows() -> None:
    assert_known_keys(CASES, KNOWN_KEYS, "metrics.json")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_python_runtime_writes_the_case_s_families(case: dict[str, Any]) -> None:
    registry = CollectorRegistry(auto_describe=True)
    metrics = RequestMetrics(registry, DURATION_BUCKETS)
    for operation, method, status, seconds in case["observe"]:
        metrics.observe(operation, method, status, float(seconds))
    written = generate_latest(registry).decode("utf-8")
    assert families(written) == families("\n".join(case["text"])), written
