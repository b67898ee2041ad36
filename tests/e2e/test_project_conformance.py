"""A new plugin and a new module, installed as their READMEs say, pass their own pytest, conformance included.

scaffold from its wheel makes both projects; each gets a fresh venv with `pip install -e '.[test]'`
(which must bring Schemathesis in through the test extras' range), then its whole pytest runs.
The two projects install and test at the same time (two child processes), which keeps this near
the time of the slower one.
"""

from __future__ import annotations

import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.e2e.conftest import InstalledScaffold, make_venv

pytestmark = pytest.mark.slow


@dataclass
class Project:
    kind: str
    root: Path  # where pyproject.toml and tests/ are
    process: subprocess.Popen[str] | None = None
    output: str = ""


def _script(venv: Path, root: Path) -> str:
    """Install, then the project's whole pytest with every test reported by name."""
    python = venv / "bin" / "python"
    return (
        f"set -e; cd '{root}'; '{python}' -m pip install --quiet --disable-pip-version-check -e '.[test]'; "
        f"'{python}' -m pytest -q -p no:cacheprovider -rA"
    )


def test_new_projects_pass_their_pytest_with_conformance(
    installed_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    env = {**os.environ, "SCAFFOLD_HOME": str(tmp_path / "home")}
    projects = []
    for kind, name, inner in (("plugin", "acme-sales", ""), ("module", "acme-map", "backend")):
        made = subprocess.run(
            [*installed_scaffold.scaffold, f"new-{kind}", str(tmp_path / name), "--defaults"],
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        assert made.returncode == 0, made.stdout + made.stderr
        projects.append(Project(kind, tmp_path / name / inner))
    for project in projects:
        venv = make_venv(tmp_path / f"{project.kind}-venv")
        project.process = subprocess.Popen(
            ["bash", "-c", _script(venv, project.root)],
            env={k: v for k, v in env.items() if k not in ("PYTHONPATH", "CONFORMANCE_SEED")},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
    for project in projects:
        assert project.process is not None
        project.output, _ = project.process.communicate(timeout=1200)
    for project in projects:
        assert project.process is not None and project.process.returncode == 0, (
            f"{project.kind}: {project.output[-12000:]}"
        )
        assert "failed" not in project.output.splitlines()[-1], project.output[-4000:]
        ran = [
            line
            for line in project.output.splitlines()
            if line.startswith("PASSED tests/test_conformance.py")
        ]
        assert len(ran) >= 2, (
            f"{project.kind}: the conformance test did not run per operation:\n{project.output[-4000:]}"
        )
