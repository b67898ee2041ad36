"""Upgrading a plugin project with a later scaffold, from installed wheels, as a team would.

Scaffold with today's scaffold at contract 1.2.0, commit, edit datasource.py (user-owned) and
pyproject.toml (template-owned), then upgrade with a later scaffold (the next template version) to the
synthetic contract 1.3.0: both edits survive, the template change arrives, the models hold the
new fields, the new endpoint is routed and its missing implementation is named at startup; once
implemented, the project's own tests pass; a second upgrade changes nothing.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from scaffold.specs.loader import load_spec_file
from scaffold.specs.shapes import operations
from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.e2e.conftest import FUTURE_SCAFFOLD_FIRST, InstalledScaffold, pip_install, project_venv
from tests.e2e.future_scaffold import (
    APPENDED_LINE,
    NEW_FILE,
    current_template_version,
    future_template_version,
)
from tests.git_helpers import git

pytestmark = [pytest.mark.slow, FUTURE_SCAFFOLD_FIRST]

USER_METHOD = '''
    def describe_owner(self) -> str:
        """Team-specific helper that must survive upgrades."""
        return "sales-team"
'''
EXPLAIN_IMPLEMENTATION = """
    def explain_query(self, request: QueryDataRequest, context: RequestContext) -> list[QueryExplanation]:
        return [QueryExplanation(ref_id=q.ref_id or "", plan="SCAN") for q in request.data_query or []]
"""
PYPROJECT_EDIT = '\n[tool.acme]\nowner = "sales-team"\n'


def scaffold_committed_plugin(installed: InstalledScaffold, folder: Path) -> Path:
    project = folder / "acme-sales"
    result = run_scaffold(
        ["new-plugin", str(project), "--defaults"], cwd=folder, executable=installed.scaffold
    )
    assert result.returncode == 0, result.stderr
    assert git(project, "status", "--porcelain") == "", "new-plugin made its first commit"
    return project


def test_upgrade_keeps_user_code_and_delivers_contract_and_template(
    installed_scaffold: InstalledScaffold, future_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    project = scaffold_committed_plugin(installed_scaffold, tmp_path)
    datasource = project / "acme_sales" / "datasource.py"
    datasource.write_text(
        datasource.read_text(encoding="utf-8").rstrip("\n") + "\n" + USER_METHOD, encoding="utf-8"
    )
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text(encoding="utf-8") + PYPROJECT_EDIT, encoding="utf-8")
    git(project, "commit", "--quiet", "-am", "our edits")
    edited_datasource = datasource.read_text(encoding="utf-8")

    # a dirty tree is refused, and nothing changes
    (project / "scratch.txt").write_text("wip", encoding="utf-8")
    refused = run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC)], cwd=project, executable=future_scaffold.scaffold
    )
    assert refused.returncode == 1
    assert "uncommitted changes" in refused.stderr
    (project / "scratch.txt").unlink()

    # dry run shows what would change and changes nothing
    dry = run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC), "--dry-run"],
        cwd=project,
        executable=future_scaffold.scaffold,
    )
    assert dry.returncode == 0, dry.stderr
    assert "+ endpoint POST /query/explain: explainQuery; projects must implement it  BREAKING" in dry.stdout
    assert "would change" in dry.stdout
    assert git(project, "status", "--porcelain") == ""

    upgraded = run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC)], cwd=project, executable=future_scaffold.scaffold
    )
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    assert (
        f"template {current_template_version('plugin')} -> {future_template_version('plugin')}"
        in upgraded.stdout
    )
    assert "implement: explain_query (POST /query/explain)" in upgraded.stdout

    # user-owned and template-owned edits survive; the template change arrives
    assert datasource.read_text(encoding="utf-8") == edited_datasource
    assert PYPROJECT_EDIT in pyproject.read_text(encoding="utf-8")
    assert APPENDED_LINE in (project / "Dockerfile").read_text(encoding="utf-8")
    assert (project / NEW_FILE).is_file()
    answers = (project / ".copier-answers.yml").read_text(encoding="utf-8")
    assert f"_commit: v{future_template_version('plugin')}" in answers
    assert "contract_version: 1.3.0" in answers
    models = (project / "acme_sales" / "_contract" / "models.py").read_text(encoding="utf-8")
    assert "interval_ms" in models and "logo_url" in models and "class QueryExplanation" in models
    assert "/query/explain" in "".join(
        p.read_text(encoding="utf-8") for p in (project / "acme_sales" / "_contract").glob("*.py")
    )

    # the project, installed on its own, names the missing method at startup
    python = project_venv(tmp_path / "project-venv")
    pip_install(python, "-e", f"{project}[test]")
    startup = subprocess.run(
        [str(python), "-c", "from acme_sales.app import create_app; create_app()"],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert startup.returncode != 0
    assert "explain_query" in startup.stderr
    assert "POST /query/explain" in startup.stderr

    # once implemented (as the team would), the project's own tests pass (conformance per operation,
    # the new one included, with fewer generated requests: see tests/e2e/conformance_depth.py)
    text = datasource.read_text(encoding="utf-8").rstrip("\n") + "\n" + EXPLAIN_IMPLEMENTATION
    imports = "from ._contract.models import QueryExplanation\n"
    datasource.write_text(_add_imports(text, imports), encoding="utf-8")
    with fewer_conformance_examples(project, boundary_cases=False):
        tests = subprocess.run(
            [str(python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA"],
            cwd=project,
            capture_output=True,
            text=True,
            check=False,
        )
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
    conformance = [
        line for line in tests.stdout.splitlines() if line.startswith("PASSED tests/test_conformance.py")
    ]
    upgraded_operations = operations(load_spec_file(FUTURE_PLUGIN_SPEC))
    assert len(conformance) == len(upgraded_operations), "conformance ran once per operation, the new one too"

    # a second upgrade changes nothing
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "upgrade to 1.3.0")
    again = run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC)], cwd=project, executable=future_scaffold.scaffold
    )
    assert again.returncode == 0, again.stderr
    assert "nothing to do" in again.stdout
    assert git(project, "status", "--porcelain") == ""
    check = run_scaffold(["regenerate", "--check"], cwd=project, executable=future_scaffold.scaffold)
    assert check.returncode == 0, check.stderr


def _add_imports(text: str, imports: str) -> str:
    """Put `imports` after the module's own imports (after `from __future__` if present)."""
    lines = text.split("\n")
    position = next((i + 1 for i, line in enumerate(lines) if line.startswith("from __future__")), 0)
    return "\n".join([*lines[:position], imports.rstrip("\n"), *lines[position:]])


# A template-owned file edited where the later template changed it (the README's title) is merged
# with conflict markers and reported: tests/e2e/test_upgrade_ownership.py, in the same upgrade as
# the other conflicts of ownership.


def test_hand_edited_contract_file_is_refused(
    installed_scaffold: InstalledScaffold, future_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    project = scaffold_committed_plugin(installed_scaffold, tmp_path)
    models = project / "acme_sales" / "_contract" / "models.py"
    models.write_text(models.read_text(encoding="utf-8") + "\n# my tweak\n", encoding="utf-8")
    git(project, "commit", "--quiet", "-am", "tweak generated code")
    before = models.read_text(encoding="utf-8")

    check = run_scaffold(["regenerate", "--check"], cwd=project, executable=installed_scaffold.scaffold)
    assert check.returncode == 1
    assert "edited by hand: acme_sales/_contract/models.py" in check.stderr
    assert "-# my tweak" in check.stderr

    result = run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC)], cwd=project, executable=future_scaffold.scaffold
    )
    assert result.returncode == 1
    assert "edited by hand" in result.stderr
    assert models.read_text(encoding="utf-8") == before
    assert git(project, "status", "--porcelain") == ""


def test_not_a_project_is_refused(future_scaffold: InstalledScaffold, tmp_path: Path) -> None:
    result = run_scaffold(["upgrade"], cwd=tmp_path, executable=future_scaffold.scaffold)
    assert result.returncode == 1
    assert "holds no scaffold project" in result.stderr, result.stderr  # nor do its subfolders
    assert "Traceback" not in result.stderr


def test_the_starter_without_the_example_stays_without_it_through_an_upgrade(
    installed_scaffold: InstalledScaffold, future_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    """Issue 26: both starters are upgraded; `example: false` is an answer the upgrade keeps."""
    project = tmp_path / "acme-sales"
    made = run_scaffold(
        ["new-plugin", str(project), "--defaults", "--no-example"],
        cwd=tmp_path,
        executable=installed_scaffold.scaffold,
    )
    assert made.returncode == 0, made.stderr
    datasource = project / "acme_sales" / "datasource.py"
    edited = datasource.read_text(encoding="utf-8").replace("return []", "return []  # ours", 1)
    datasource.write_text(edited, encoding="utf-8")
    git(project, "commit", "--quiet", "-am", "our edit")

    upgraded = run_scaffold(["upgrade"], cwd=project, executable=future_scaffold.scaffold)
    assert upgraded.returncode == 0, upgraded.stdout + upgraded.stderr
    assert not (project / "acme_sales" / "example").exists()
    assert not (project / "tests" / "example").exists()
    assert datasource.read_text(encoding="utf-8") == edited
    assert APPENDED_LINE in (project / "Dockerfile").read_text(encoding="utf-8")
    assert (project / NEW_FILE).is_file()
    answers = (project / ".copier-answers.yml").read_text(encoding="utf-8")
    assert f"_commit: v{future_template_version('plugin')}" in answers and "example: false" in answers
    with fewer_conformance_examples(project, boundary_cases=False):
        tests = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
            cwd=project,
            env={**os.environ, "PYTHONPATH": str(project), "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            text=True,
            check=False,
        )
    assert tests.returncode == 0, tests.stdout[-3000:] + tests.stderr[-2000:]
