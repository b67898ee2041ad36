"""A later template adds a file the user already committed: the upgrade keeps theirs and reports it.

From installed wheels, as a team would: today's scaffold makes the project, the future scaffold (whose
template adds `.editorconfig` and changes the README's first line) upgrades it. Also the template's
user-owned tests, deleted by the user, stay deleted across a template version change, and a
template-owned file the user edited where the template changed it (the README's title) is merged
with conflict markers and reported. The last was test_upgrade_plugin.py's own test, which made and
upgraded a project of its own for it (about 5 s of CPU): one project and one upgrade show all three.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold
from tests.e2e.conftest import FUTURE_SCAFFOLD_FIRST, InstalledScaffold
from tests.e2e.future_scaffold import NEW_FILE, NEW_FILE_TEXT
from tests.e2e.test_upgrade_plugin import scaffold_committed_plugin
from tests.git_helpers import git

pytestmark = [pytest.mark.slow, FUTURE_SCAFFOLD_FIRST]

MINE = "# our team's editor settings\nroot = true\n\n[*.py]\nindent_size = 4\n"


def test_new_template_file_never_replaces_a_committed_user_file(
    installed_scaffold: InstalledScaffold, future_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    project = scaffold_committed_plugin(installed_scaffold, tmp_path)
    (project / NEW_FILE).write_text(MINE, encoding="utf-8")
    git(project, "rm", "--quiet", "tests/test_plugin.py")
    readme = project / "README.md"
    lines = readme.read_text(encoding="utf-8").split("\n")
    lines[0] = "# Acme Sales plugin, maintained by the sales team"
    readme.write_text("\n".join(lines), encoding="utf-8")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "our editorconfig and README title; our tests live elsewhere")
    result = run_scaffold(["upgrade"], cwd=project, executable=future_scaffold.scaffold)
    assert result.returncode == 3, result.stdout + result.stderr  # conflicts, none failed
    assert f"conflict: {NEW_FILE}" in result.stdout and "kept your file" in result.stdout
    assert (project / NEW_FILE).read_text(encoding="utf-8") == MINE != NEW_FILE_TEXT
    assert not (project / "tests/test_plugin.py").exists(), "a deleted user-owned file stays deleted"
    assert "conflict: README.md" in result.stdout
    text = readme.read_text(encoding="utf-8")
    assert "maintained by the sales team" in text and "<<<<<<< before updating" in text
    assert "Traceback" not in result.stderr
