"""Schemathesis against a freshly generated plugin and module backend: 0 failures.

Each generated project carries its own conformance test (tests/test_conformance.py, settings in
schemathesis.toml, hooks in tests/conformance_hooks.py); this runs exactly that test, in-process
ASGI inside each child pytest (no network, nothing installed: the packages are found on
PYTHONPATH), with all of Schemathesis's default checks, positive and negative data, the seed of
schemathesis.toml (or CONFORMANCE_SEED from the environment) and at least 200 generated requests
per operation. The operations run in three child processes at once (two plugin shards and the
module), which keeps the wall time near half the CPU time on two cores.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from scaffold.contracts import KIND_NAMES
from scaffold.specs.catalog import load_shipped
from scaffold.specs.loader import load_spec_file
from scaffold.specs.shapes import operations
from tests.conformance.conftest import Generated
from tests.conftest import REPO
from tests.rewrite_cache import writing_bytecode

MIN_EXAMPLES = 200
# The plugin's operations in two shards of about equal cost (measured), one child process each;
# `-k` picks a shard's tests by words of their ids (test_conformance[POST /query/get-result]).
SHARD_KEYWORDS = ("well or health or get or values", "constructor")
PLUGIN_SHARDS = (
    ("GET /well-known", "POST /datasource/health-check", "POST /query/get-result", "POST /variable/values"),
    (
        "POST /datasource/constructor-fields",
        "POST /query/constructor-fields",
        "POST /variable/constructor-fields",
    ),
)
TEMPLATES = REPO / "templates"


@dataclass
class Shard:
    project: Generated
    labels: tuple[str, ...]
    report: Path
    keywords: str | None = None
    process: subprocess.Popen[str] | None = None
    output: str = ""


def _labels(contract: Path) -> list[str]:
    spec = load_spec_file(contract)
    return [f"{op.method.upper()} {op.path}" for op in operations(spec)]


def _start(shard: Shard) -> None:
    selection = ["-k", shard.keywords] if shard.keywords else []
    # pytest keeps its assertion-rewrite cache (tests/rewrite_cache.py): each of the three children
    # rewrote the ~380 modules of Schemathesis, Hypothesis and the other pytest plugins again
    env = writing_bytecode(
        {**os.environ, "PYTHONPATH": str(shard.project.source), "CONFORMANCE_REPORT": str(shard.report)}
    )
    shard.process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-o",
            "addopts=",
            *selection,
            "tests/test_conformance.py",
        ],
        cwd=shard.project.source,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _seen(report: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines() if line]


def test_generated_servers_conform(
    plugin_project: Generated, module_project: Generated, tmp_path: Path
) -> None:
    plugin_labels = _labels(plugin_project.contract)
    assert sorted(plugin_labels) == sorted(label for shard in PLUGIN_SHARDS for label in shard), (
        "a plugin operation is in no shard (or a shard names one the contract lacks)"
    )
    shards = [
        Shard(plugin_project, labels, tmp_path / f"plugin-{i}.jsonl", keywords)
        for i, (labels, keywords) in enumerate(zip(PLUGIN_SHARDS, SHARD_KEYWORDS, strict=True))
    ]
    # a module backend's conformance test also covers the route every module serves for its secrets
    module_labels = (*_labels(module_project.contract), "POST /api/v1/secrets")
    shards.append(Shard(module_project, module_labels, tmp_path / "module.jsonl"))
    for shard in shards:
        _start(shard)
    for shard in shards:
        assert shard.process is not None
        shard.output, _ = shard.process.communicate(timeout=900)
    failed = [shard for shard in shards if shard.process is None or shard.process.returncode != 0]
    assert not failed, "Schemathesis found failures:\n" + "\n\n".join(
        f"== {shard.project.root.name} {', '.join(shard.labels)}\n{shard.output[-12000:]}" for shard in failed
    )

    for shard in shards:
        rows = _seen(shard.report)
        spec = load_spec_file(shard.project.contract)
        with_body = {f"{op.method.upper()} {op.path}" for op in operations(spec) if op.request is not None}
        fuzzed: Counter[str] = Counter()
        modes: Counter[tuple[str, str]] = Counter()
        for row in rows:
            label = str(row["operation"])
            if row["phase"] == "fuzzing":
                fuzzed[label] += int(str(row["count"]))
            modes[(label, str(row["mode"]))] += int(str(row["count"]))
        assert {str(row["operation"]) for row in rows} == set(shard.labels), "the shard ran other operations"
        for label in shard.labels:
            assert modes[(label, "positive")] > 0, (label, rows)
            if label in with_body:
                assert fuzzed[label] >= MIN_EXAMPLES, (label, fuzzed[label])
                assert modes[(label, "negative")] > 0, (label, rows)


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_generated_projects_run_schemathesis_as_issue_10_asks(kind: str) -> None:
    """The committed settings: all default checks, both data modes, a fixed seed, >= 200 per
    operation, and 422 allowed for valid data exactly where the newest spec documents 422."""
    template = TEMPLATES / KIND_NAMES[kind].template
    settings = tomllib.loads((template / "project" / "schemathesis.toml").read_text(encoding="utf-8"))
    assert isinstance(settings["seed"], int)
    assert settings["generation"]["mode"] == "all"
    assert settings["generation"]["max-examples"] >= MIN_EXAMPLES
    assert "checks" not in settings and "phases" not in settings, "every default check and phase stays on"
    allowed: set[str] = set()
    for entry in settings.get("operations", []):
        assert set(entry) == {"include-name", "checks"}, entry
        statuses = entry["checks"]["positive_data_acceptance"]["expected-statuses"]
        # The health check's schema-valid config may lack an entry the plugin's own form requires:
        # the contract's 400 for "too few entries in DatasourceConfig.fields" (issue 40 point 6).
        too_few = ["400"] if entry["include-name"] == ["POST /datasource/health-check"] else []
        assert statuses == ["2xx", "3xx", *too_few, "401", "403", "404", "409", "429", "5xx", "422"]
        allowed.update(entry["include-name"])
    spec = load_shipped("datasource-plugin" if kind == "plugin" else "dashboard-module")
    documented = {
        f"{op.method.upper()} {op.path}"
        for op in operations(spec)
        if any(r.status == "422" for r in op.responses)
    }
    assert allowed == documented
