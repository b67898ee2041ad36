"""A later template adds a file the user already committed: the upgrade keeps theirs and reports it.

From installed wheels, as a team would: today's scaffold makes the project, the future scaffold (whose
template adds `.editorconfig`) upgrades it. Also the template's user-owned tests, deleted by the user,
stay deleted across a template version change.
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
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "our editorconfig; our tests live elsewhere")
    result = run_scaffold(["upgrade"], cwd=project, executable=future_scaffold.scaffold)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"conflict: {NEW_FILE}" in result.stdout and "kept your file" in result.stdout
    assert (project / NEW_FILE).read_text(encoding="utf-8") == MINE != NEW_FILE_TEXT
    assert not (project / "tests/test_plugin.py").exists(), "a deleted user-owned file stays deleted"
    assert "Traceback" not in result.stderr
