"""Ownership edges of an upgrade: a user's file where scaffold now writes one, a file the user deleted."""

from __future__ import annotations

from pathlib import Path

from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC, MODULE_SPEC
from tests.git_helpers import git
from tests.hostile.projects import copy_of

USER_STAND_IN = "// my own declarations for @ui-kit/charts\nexport declare const Chart: unknown;\n"


def test_deleted_user_files_stay_deleted(pristine_plugin: Path, tmp_path: Path) -> None:
    plugin = copy_of(pristine_plugin, tmp_path)
    git(plugin, "rm", "--quiet", "tests/test_plugin.py", "tests/conftest.py")
    git(plugin, "commit", "--quiet", "-m", "we test elsewhere")
    result = run_scaffold(["upgrade", "--to", str(FUTURE_PLUGIN_SPEC), str(plugin)])
    assert result.returncode == 0, result.stderr
    assert not (plugin / "tests/test_plugin.py").exists()
    assert not (plugin / "tests/conftest.py").exists()
    assert "tests/test_plugin.py" not in result.stdout


def spec_with_a_new_private_package(tmp_path: Path) -> Path:
    """The module contract plus one more private host package: scaffold then generates its stand-in."""
    text = MODULE_SPEC.read_text(encoding="utf-8")
    text = text.replace("  version: 2026.1.1\n", "  version: 2026.2.0\n", 1)
    anchor = '  - {global: UiKit, package: "@ui-kit/ui", version: 1.17.1}\n'
    assert anchor in text
    text = text.replace(
        anchor, anchor + '  - {global: UiCharts, package: "@ui-kit/charts", version: 1.0.0}\n', 1
    )
    path = tmp_path / "dashboard-module-2026.2.0.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_new_contract_owned_path_never_replaces_a_committed_user_file(
    pristine_module: Path, tmp_path: Path
) -> None:
    module = copy_of(pristine_module, tmp_path)
    spec = spec_with_a_new_private_package(tmp_path)
    mine = module / "frontend/src/contract/stand-ins/ui-kit__charts.d.ts"
    mine.write_text(USER_STAND_IN, encoding="utf-8")
    git(module, "add", "-A")
    git(module, "commit", "--quiet", "-m", "my stand-in")
    result = run_scaffold(["upgrade", "--to", str(spec), str(module)])
    assert result.returncode == 3, result.stdout + result.stderr  # conflicts, none failed
    assert "conflict: frontend/src/contract/stand-ins/ui-kit__charts.d.ts" in result.stdout
    assert mine.read_text(encoding="utf-8") == USER_STAND_IN
    check = run_scaffold(["regenerate", "--check", str(module)])
    assert check.returncode == 1 and "edited by hand" in check.stderr, "later runs keep reporting it"
