"""A platform team's monorepo upgraded by the next scaffold release, through installed wheels.

Today's scaffold (installed from its wheel) makes three projects in one repository, as a team
types it: a Python plugin, a Go plugin whose README the team rewrote, and a module. The next
release (tests/e2e/future_scaffold.py: every template one version on, its README's first line
changed) then runs `scaffold status services` (all behind: a newer scaffold), `scaffold upgrade
services --dry-run` (nothing changes), and `scaffold upgrade services --json --commit`: one commit
a project, the Go plugin's README conflict reported and committed with its markers, exit 3. After
it, `scaffold status services --json` counts the fleet at the new versions.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold
from tests.e2e.conftest import FUTURE_SCAFFOLD_FIRST, InstalledScaffold
from tests.e2e.future_scaffold import FUTURE_SCAFFOLD_VERSION, next_version
from tests.git_helpers import git

pytestmark = [pytest.mark.slow, FUTURE_SCAFFOLD_FIRST]

PROJECTS = {
    "services/acme-sales": ["new-plugin", "--defaults"],
    "services/acme-orders": ["new-plugin", "--language", "go", "--defaults"],
    "services/acme-map": ["new-module", "--defaults"],
}


def test_a_monorepo_is_upgraded_in_one_command_with_one_commit_a_project(
    installed_scaffold: InstalledScaffold, future_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    root = tmp_path / "platform"
    root.mkdir()
    git(root, "init", "--quiet")
    for folder, command in PROJECTS.items():
        made = run_scaffold(
            [command[0], folder, *command[1:], "--no-git"], cwd=root, executable=installed_scaffold.scaffold
        )
        assert made.returncode == 0, made.stderr
    (root / "services/acme-orders/README.md").write_text(
        "# Orders\n\nOur team's own README.\n", encoding="utf-8"
    )
    git(root, "add", "-A")
    git(root, "commit", "--quiet", "-m", "our platform")
    git(root, "config", "user.name", "Platform team")
    git(root, "config", "user.email", "platform@example.com")
    first = git(root, "rev-parse", "HEAD").strip()

    status = run_scaffold(["status", "services"], cwd=root, executable=future_scaffold.scaffold)
    assert status.returncode == 0, status.stderr
    assert status.stdout.count("behind: `scaffold upgrade services/") == 3, status.stdout
    assert "regenerate" not in status.stdout, "a project a newer scaffold would move is told upgrade"

    dry = run_scaffold(["upgrade", "services", "--dry-run"], cwd=root, executable=future_scaffold.scaffold)
    assert dry.returncode == 3, dry.stdout + dry.stderr
    assert dry.stdout.splitlines()[-1] == "3 projects: 2 upgraded, 1 conflicts (dry run: nothing was changed)"
    assert git(root, "status", "--porcelain") == ""

    upgraded = run_scaffold(
        ["upgrade", "services", "--json", "--commit"], cwd=root, executable=future_scaffold.scaffold
    )
    assert upgraded.returncode == 3, upgraded.stdout + upgraded.stderr
    report = json.loads(upgraded.stdout)
    by_path = {project["path"]: project for project in report["projects"]}
    assert sorted(by_path) == sorted(PROJECTS)
    orders = by_path["services/acme-orders"]
    assert orders["outcome"] == "conflicts" and orders["conflicts"] == ["README.md"]
    assert orders["language"] == "go" and orders["to"]["template"] == next_version("plugin-go")
    for path in ("services/acme-sales", "services/acme-map"):
        assert by_path[path]["outcome"] == "upgraded", by_path[path]
        assert by_path[path]["to"]["scaffold"] == FUTURE_SCAFFOLD_VERSION
    commits = git(root, "log", "--format=%H %s", f"{first}..HEAD").splitlines()
    assert len(commits) == 3 and {c.split(" ", 1)[0] for c in commits} == {
        p["commit"] for p in by_path.values()
    }
    assert git(root, "status", "--porcelain") == "", "each project's changes are in its commit"
    assert "<<<<<<< before updating" in (root / "services/acme-orders/README.md").read_text(encoding="utf-8")

    after = run_scaffold(["status", "services", "--json"], cwd=root, executable=future_scaffold.scaffold)
    summary = json.loads(after.stdout)["summary"]
    assert summary["ok"] == 3 and summary["by_language"] == {"go": 1, "python": 2}, summary
    assert summary["by_template_version"] == {
        f"module-python {next_version('module-python')}": 1,
        f"plugin-go {next_version('plugin-go')}": 1,
        f"plugin-python {next_version('plugin-python')}": 1,
    }
    again = run_scaffold(["upgrade", "services"], cwd=root, executable=future_scaffold.scaffold)
    assert again.returncode == 0 and again.stdout.splitlines()[-1] == "3 projects: 3 up-to-date"
