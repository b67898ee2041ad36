"""The steps the compiled-language plugins' upgrade tests share (TypeScript and Go): a project made
by today's installed scaffold and committed with the team's edits, the upgrade to the synthetic
next contract with the later scaffold, and the second upgrade that must change nothing.

What each language then checks between those steps (its types, its compiler naming the method to
add, its own checks) stays in tests/e2e/test_upgrade_plugin_typescript.py and test_upgrade_plugin_go.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC
from tests.e2e.conftest import InstalledScaffold
from tests.git_helpers import git


def made_and_committed(
    installed: InstalledScaffold, project: Path, language: str, edit: Callable[[Path], None]
) -> None:
    """`new-plugin PROJECT --language LANGUAGE --no-example --defaults` (its first commit), `edit`,
    then a commit of the edits."""
    made = run_scaffold(
        ["new-plugin", str(project), "--language", language, "--no-example", "--defaults"],
        cwd=project.parent,
        executable=installed.scaffold,
    )
    assert made.returncode == 0, made.stderr
    edit(project)
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "our edits")


def upgraded_to_the_future_contract(future: InstalledScaffold, project: Path) -> str:
    """`scaffold upgrade --to` the synthetic 1.3.0 spec with the later scaffold: its output."""
    upgraded = run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC)], cwd=project, executable=future.scaffold
    )
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    return upgraded.stdout


def a_second_upgrade_changes_nothing(future: InstalledScaffold, project: Path, message: str) -> None:
    """Commit the upgraded project as `message`; upgrading again is "nothing to do" and the
    contract-owned files match the spec."""
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", message)
    again = run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC)], cwd=project, executable=future.scaffold
    )
    assert again.returncode == 0 and "nothing to do" in again.stdout, again.stdout + again.stderr
    check = run_scaffold(["regenerate", "--check"], cwd=project, executable=future.scaffold)
    assert check.returncode == 0, check.stderr
