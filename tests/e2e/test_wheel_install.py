"""The wheel carries specs/ and templates/ and works outside the repository."""

from __future__ import annotations

import json
import re
import subprocess
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

from scaffold import DISTRIBUTION
from tests.cli_runner import run_scaffold
from tests.e2e.conftest import InstalledScaffold

pytestmark = pytest.mark.slow


def test_wheel_carries_specs_and_templates(installed_scaffold: InstalledScaffold) -> None:
    names = zipfile.ZipFile(installed_scaffold.wheel).namelist()
    assert "scaffold/_data/specs/datasource-plugin/1.2.0.yaml" in names
    assert "scaffold/_data/specs/dashboard-module/2026.1.1.yaml" in names
    assert any(n.startswith("scaffold/_data/templates/") for n in names)
    # past template versions travel as changes and their tree ids, not as copies
    for template in ("plugin-python", "module-python"):
        assert f"scaffold/_data/templates/{template}/copier.yml" in names
        assert f"scaffold/_data/templates/history/{template}/trees.yaml" in names
        assert f"scaffold/_data/templates/history/{template}/1.0.0.changes" in names
    assert "scaffold/_data/templates/shared/layer.yaml" in names  # merged into the templates at use
    assert not any(n.startswith("scaffold/_data/templates/history/plugin-python/1.0.0/") for n in names)


def test_wheel_metadata_and_scaffold_version_agree(
    installed_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    """pip knows scaffold by its own distribution name, at the version `scaffold --version` prints;
    the template and spec lines come from the data the wheel carries."""
    archive = zipfile.ZipFile(installed_scaffold.wheel)
    name = next(n for n in archive.namelist() if n.endswith(".dist-info/METADATA"))
    metadata = HeaderParser().parsestr(archive.read(name).decode("utf-8"))
    assert metadata["Name"] == DISTRIBUTION
    assert installed_scaffold.wheel.name.startswith(
        f"{DISTRIBUTION.replace('-', '_')}-{metadata['Version']}-"
    )
    installed = subprocess.run(
        [
            str(installed_scaffold.python),
            "-c",
            f"from importlib import metadata; print(metadata.version({DISTRIBUTION!r}))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert installed == metadata["Version"]
    result = run_scaffold(["--version"], cwd=tmp_path, executable=installed_scaffold.scaffold)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"scaffold {metadata['Version']}"
    for line, language in zip(lines[1:4], ("python", "typescript", "go"), strict=True):
        assert re.fullmatch(
            rf"plugin {language} template \d+\.\d+\.\d+; newest datasource-plugin spec \S+", line
        )
    assert re.fullmatch(
        r"module python template \d+\.\d+\.\d+; newest dashboard-module spec \S+", lines[4]
    ), lines


def test_specs_list_from_installed_wheel(installed_scaffold: InstalledScaffold, tmp_path: Path) -> None:
    result = run_scaffold(["specs", "list"], cwd=tmp_path, executable=installed_scaffold.scaffold)
    assert result.returncode == 0, result.stderr
    assert "datasource-plugin    1.2.0      2026H1" in result.stdout
    assert "dashboard-module     2026.1.1   2026H1.1" in result.stdout


def test_models_from_installed_wheel(installed_scaffold: InstalledScaffold, tmp_path: Path) -> None:
    target = tmp_path / "models.py"
    result = run_scaffold(
        ["models", "datasource-plugin", "-o", str(target)],
        cwd=tmp_path,
        executable=installed_scaffold.scaffold,
    )
    assert result.returncode == 0, result.stderr
    assert "class PluginMetadata(ContractModel)" in target.read_text(encoding="utf-8")


def test_hostile_project_state_from_installed_wheel(
    installed_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    """The hardening holds in the wheel too (its data files included): a shadowing package name and
    a manifest key leading outside the project are refused with one sentence."""
    shadow = run_scaffold(
        ["new-plugin", "x-project", "--package", "pydantic", "--defaults"],
        cwd=tmp_path,
        executable=installed_scaffold.scaffold,
    )
    assert shadow.returncode == 1 and "shadow" in shadow.stderr, shadow.stderr
    made = run_scaffold(
        ["new-plugin", "acme-sales", "--defaults"], cwd=tmp_path, executable=installed_scaffold.scaffold
    )
    assert made.returncode == 0, made.stderr
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me", encoding="utf-8")
    manifest = tmp_path / "acme-sales" / ".scaffold" / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    data["files"]["../victim.txt"] = "0" * 64
    manifest.write_text(json.dumps(data), encoding="utf-8")
    result = run_scaffold(["regenerate"], cwd=tmp_path / "acme-sales", executable=installed_scaffold.scaffold)
    assert result.returncode == 1 and ".scaffold/manifest.json" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert victim.read_text(encoding="utf-8") == "keep me"
