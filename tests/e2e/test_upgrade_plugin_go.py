"""Upgrading a Go plugin with a later scaffold, from installed wheels, as a Go team would.

Issue 29 point 7. Scaffold a Go plugin with today's scaffold (contract 1.2.0), commit, edit
internal/datasource/datasource.go (user-owned) and the Makefile (template-owned), then upgrade
with a later scaffold (the next version of every template) to the synthetic contract 1.3.0, which
adds an optional field to DataQuery (`intervalMs`) and an operation (`explainQuery`): both edits
survive, the template change arrives, the types hold the new field, `go build` stops naming the
method to add, and once it is added the project's own checks (`make check`: gofmt, vet, the race
tests with the spec's new examples replayed, build) pass; a second upgrade changes nothing.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.e2e.compiled_upgrade import (
    a_second_upgrade_changes_nothing,
    made_and_committed,
    upgraded_to_the_future_contract,
)
from tests.e2e.conftest import FUTURE_SCAFFOLD_FIRST, InstalledScaffold
from tests.e2e.future_scaffold import APPENDED_LINE, NEW_FILE, next_version, template_version
from tests.go_toolchain import go_environment

pytestmark = [pytest.mark.slow, FUTURE_SCAFFOLD_FIRST]

TEMPLATE = "plugin-go"
USER_LINE = "// Owned by the sales team: this line must survive upgrades.\n\n"
MAKE_TARGET = "\n# ours\ncover:\n\tgo test -cover ./...\n"
EXPLAIN = """
// ExplainQuery says how each query would run.
func (d *DataSource) ExplainQuery(_ context.Context, _ contract.RequestContext, request *contract.QueryDataRequest) ([]contract.QueryExplanation, error) {
	plans := make([]contract.QueryExplanation, 0, len(request.DataQuery))
	for _, query := range request.DataQuery {
		plans = append(plans, contract.QueryExplanation{RefID: query.RefID.Value, Plan: contract.Some("SCAN")})
	}
	return plans, nil
}
"""


def go(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=900, env=go_environment())


def test_upgrade_keeps_edits_and_brings_the_contract_and_the_template(
    installed_scaffold: InstalledScaffold, future_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    project = tmp_path / "acme-go"
    datasource = project / "internal" / "datasource" / "datasource.go"
    makefile = project / "Makefile"

    def our_edits(_: Path) -> None:
        datasource.write_text(USER_LINE + datasource.read_text(encoding="utf-8"), encoding="utf-8")
        makefile.write_text(makefile.read_text(encoding="utf-8") + MAKE_TARGET, encoding="utf-8")

    made_and_committed(installed_scaffold, project, "go", our_edits)
    upgraded = upgraded_to_the_future_contract(future_scaffold, project)
    assert f"template {template_version(TEMPLATE)} -> {next_version(TEMPLATE)}" in upgraded
    assert datasource.read_text(encoding="utf-8").startswith(USER_LINE)
    assert makefile.read_text(encoding="utf-8").endswith(MAKE_TARGET)
    assert APPENDED_LINE in (project / "Dockerfile").read_text(encoding="utf-8")
    assert (project / NEW_FILE).is_file()
    types = (project / "internal" / "contract" / "types_gen.go").read_text(encoding="utf-8")
    assert "\tIntervalMs Opt[int64]\n" in types and "type QueryExplanation struct" in types

    stopped = go(["go", "build", "./..."], project)
    assert stopped.returncode != 0
    assert "*DataSource does not implement contract.Handler (missing method ExplainQuery)" in stopped.stderr

    datasource.write_text(datasource.read_text(encoding="utf-8") + EXPLAIN, encoding="utf-8")
    checked = go(["make", "check"], project)
    assert checked.returncode == 0, checked.stdout[-3000:] + checked.stderr[-2000:]
    replayed = go(
        ["go", "test", "-count=1", "-v", "-run", "TestEverySpecExample", "./internal/datasource"], project
    )
    assert "--- PASS: TestEverySpecExampleIsServed/POST_/query/explain_twoQueries" in replayed.stdout

    a_second_upgrade_changes_nothing(future_scaffold, project, "upgraded, ExplainQuery implemented")
