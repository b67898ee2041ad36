"""Upgrading a TypeScript plugin with a later scaffold, from installed wheels, as a team would.

Scaffold a TypeScript plugin with today's scaffold (contract 1.2.0), commit, edit src/datasource.ts
(user-owned) and package.json (template-owned), then upgrade with a later scaffold (the next
version of every template) to the synthetic contract 1.3.0, which adds an optional field to
DataQuery (`intervalMs`) and an operation (`explainQuery`): both edits survive, the template change
arrives, the types hold the new field, `tsc` stops naming the method to add, and once it is added
the project's own checks pass; a second upgrade changes nothing.
"""

from __future__ import annotations

import json
import os
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

pytestmark = [pytest.mark.slow, FUTURE_SCAFFOLD_FIRST]

TEMPLATE = "plugin-typescript"
USER_LINE = "// Owned by the sales team: this line must survive upgrades.\n"
EXPLAIN = """
  explainQuery(request: QueryDataRequest, _context: RequestContext): Promise<QueryExplanation[]> {
    return Promise.resolve(request.dataQuery.map((query) => ({ refID: query.refID ?? '', plan: 'SCAN' })));
  }
"""


def npm(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["npm", *args], cwd=cwd, capture_output=True, text=True, timeout=900, env=os.environ
    )


def test_upgrade_keeps_edits_and_brings_the_contract_and_the_template(
    installed_scaffold: InstalledScaffold, future_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    project = tmp_path / "acme-ts"
    datasource = project / "src" / "datasource.ts"

    def our_edits(_: Path) -> None:
        datasource.write_text(USER_LINE + datasource.read_text(encoding="utf-8"), encoding="utf-8")
        manifest = json.loads((project / "package.json").read_text(encoding="utf-8"))
        manifest["scripts"]["lint:fix"] = "eslint --fix ."
        (project / "package.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")

    made_and_committed(installed_scaffold, project, "typescript", our_edits)
    upgraded = upgraded_to_the_future_contract(future_scaffold, project)
    assert f"template {template_version(TEMPLATE)} -> {next_version(TEMPLATE)}" in upgraded
    assert datasource.read_text(encoding="utf-8").startswith(USER_LINE)
    assert json.loads((project / "package.json").read_text(encoding="utf-8"))["scripts"]["lint:fix"]
    assert APPENDED_LINE in (project / "Dockerfile").read_text(encoding="utf-8")
    assert (project / NEW_FILE).is_file()
    types = (project / "src" / "contract" / "types.ts").read_text(encoding="utf-8")
    assert "intervalMs?: number;" in types and "export interface QueryExplanation" in types

    assert npm(["ci", "--no-audit", "--no-fund"], project).returncode == 0
    stopped = npm(["run", "typecheck"], project)
    assert stopped.returncode != 0
    assert "does not implement inherited abstract member explainQuery" in stopped.stdout + stopped.stderr

    text = datasource.read_text(encoding="utf-8")
    text = text.replace(
        "  type QueryDataResponse,\n", "  type QueryDataResponse,\n  type QueryExplanation,\n"
    )
    end = text.rindex("}")
    datasource.write_text(text[:end] + EXPLAIN.lstrip("\n") + text[end:], encoding="utf-8")
    for script in (
        ["run", "typecheck"],
        ["test"],
        ["run", "build"],
        ["exec", "prettier", "--", "--write", "src"],
    ):
        result = npm(script, project)
        assert result.returncode == 0, (
            f"npm {' '.join(script)}: {result.stdout[-3000:]}{result.stderr[-2000:]}"
        )
    assert npm(["run", "lint"], project).returncode == 0

    a_second_upgrade_changes_nothing(future_scaffold, project, "upgraded, explainQuery implemented")
