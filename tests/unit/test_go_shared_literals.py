"""A Go plugin spells no shared value by hand: its runtime, its tests and its template read them
from scaffold/codegen/runtime_values.py (rendered into runtime_constants_gen.go) and the spec.

tests/unit/test_runtime_values.py holds the runtime's non-test files to the shared strings. Found
in issue 40 (point 10's review of the Go plugin) beyond its reach, each held here:

- metrics_test.go listed the request-duration buckets' bounds as Python spells them ("0.005" ...
  "60.0"): the shared metric cases (cases/metrics.json, read by metriccases_test.go) decide them;
- the template's settings.go wrote the defaults of PLUGIN_MAX_BODY_BYTES(_IN_FLIGHT) and
  SHUTDOWN_DRAIN_SECONDS / SHUTDOWN_GRACE_SECONDS as 10<<20, 64<<20, 0 and 20;
- serve.go defined `clientClosedStatus = 499` (and Python's hang_up.py its own CLIENT_CLOSED_STATUS);
- conformance_gen.go wrote the spec's example key as a literal of its own (`ExampleSecretKey`),
  a second reading of info.x-example-secret-key beside PublishedSecretKeys.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path

import pytest

from scaffold.codegen.go.names import go_string
from scaffold.codegen.go.plugin_service import contract_files
from scaffold.codegen.runtime_values import RUNTIME_VALUES
from scaffold.specs.catalog import load_shipped
from tests.conftest import REPO

CODEGEN = REPO / "scaffold" / "codegen"
GO_RUNTIME = CODEGEN / "go" / "runtime_files"
SETTINGS = REPO / "templates" / "plugin-go" / "project" / "internal" / "settings"
VALUES = {item.name: item for item in RUNTIME_VALUES}
RUNTIMES = {
    "python": (CODEGEN / "python" / "runtime_files", "*.py"),
    "typescript": (CODEGEN / "typescript" / "runtime_files", "*.ts"),
    "go": (GO_RUNTIME, "*.go"),
}


def _code_only(text: str, language: str) -> str:
    """`text` without comments and docstrings (a comment may name a value: it explains it)."""
    if language == "python":
        return re.sub(r"#[^\n]*", "", re.sub(r'"""[\s\S]*?"""', '""', text))
    text = re.sub(r"/\*[\s\S]*?\*/", "", text)
    return re.sub(r"(?m)^\s*//[^\n]*|\s//\s[^\n]*", "", text)


def test_no_go_metrics_file_or_test_spells_a_duration_bucket_bound() -> None:
    bounds = [f'"{float(bound)!r}"' for bound in VALUES["DURATION_BUCKETS"].value]  # type: ignore[union-attr]
    metrics = [
        path
        for path in sorted(GO_RUNTIME.rglob("*.go"))
        if "metric" in path.relative_to(GO_RUNTIME).as_posix()
    ]
    assert len(metrics) >= 3, metrics  # metrics/metrics.go, metrics/metrics_test.go, metriccases_test.go ...
    spelled = [
        f"{path.relative_to(GO_RUNTIME)}: {bound}"
        for path in metrics
        for bound in bounds
        if bound in _code_only(path.read_text(encoding="utf-8"), "go")
    ]
    assert not spelled, "the shared metric cases decide the bounds (cases/metrics.json):\n" + "\n".join(
        spelled
    )


def test_the_go_settings_defaults_are_the_shared_values() -> None:
    (template,) = SETTINGS.glob("settings.go*")
    text = template.read_text(encoding="utf-8")
    defaults = re.findall(r'r\.integer\("(?:PLUGIN_)?([A-Z_]+)", ([^,]+),', text)
    shared = [(name, default) for name, default in defaults if name in VALUES]
    assert {name for name, _ in shared} >= {
        "MAX_BODY_BYTES",
        "MAX_BODY_BYTES_IN_FLIGHT",
        "SHUTDOWN_DRAIN_SECONDS",
        "SHUTDOWN_GRACE_SECONDS",
    }, defaults
    by_hand = [
        f"{name}: {default}" for name, default in shared if default != f"contract.{VALUES[name].go_name}"
    ]
    assert not by_hand, "a shared default written by hand in settings.go:\n" + "\n".join(by_hand)


@pytest.mark.parametrize("language", sorted(RUNTIMES))
def test_no_runtime_file_or_test_spells_the_client_closed_status(language: str) -> None:
    folder, pattern = RUNTIMES[language]
    status = str(VALUES["CLIENT_CLOSED_STATUS"].value)
    spelled = [
        str(path.relative_to(folder))
        for path in sorted(folder.rglob(pattern))
        if path.name != "runtime_constants.py"  # reads it from RUNTIME_VALUES
        and re.search(rf"\b{status}\b", _code_only(path.read_text(encoding="utf-8"), language))
    ]
    assert not spelled, f"{status} spelled by hand (use CLIENT_CLOSED_STATUS): {spelled}"


def test_the_go_example_key_is_read_from_the_spec_once_as_published_secret_keys() -> None:
    shipped = load_shipped("datasource-plugin")
    data = copy.deepcopy(dict(shipped.data))
    key = "c3BlYy1leGFtcGxlLWtleS1mb3ItdGhpcy10ZXN0ISE="
    data["info"]["x-example-secret-key"] = key
    files = contract_files(dataclasses.replace(shipped, data=data), {"project_name": "acme-sales"})
    holding = sorted(path for path, text in files.items() if go_string(key) in text)
    assert holding and all(
        Path(path).name in ("runtime_constants_gen.go", "values_gen.go") for path in holding
    ), holding
    assert (
        "var ExampleSecretKey = firstOf(PublishedSecretKeys[:])" in files["internal/contract/conformance.go"]
    )
