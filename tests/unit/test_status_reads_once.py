"""`scaffold status` opens a project once (manifest, answers), and still runs regenerate's own check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scaffold.projects import project as project_module
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.regenerate import regenerate
from scaffold.projects.status import fleet_status
from tests.hostile.projects import copy_of


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("pristine") / "acme-sales"
    create_project(NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}))
    return project


@pytest.fixture
def answer_reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    seen: list[Path] = []
    real = project_module.read_answers

    def spy(root: Path) -> Any:
        seen.append(root)
        return real(root)

    monkeypatch.setattr(project_module, "read_answers", spy)
    return seen


def test_status_opens_the_project_once(pristine: Path, tmp_path: Path, answer_reads: list[Path]) -> None:
    plugin = copy_of(pristine, tmp_path)
    [status] = fleet_status([plugin], cwd=plugin.parent)
    assert status.regenerate_ok is True
    assert len(answer_reads) == 1


def test_status_reports_what_regenerate_check_says(pristine: Path, tmp_path: Path) -> None:
    plugin = copy_of(pristine, tmp_path)
    models = plugin / "acme_sales" / "_contract" / "models.py"
    models.write_text(models.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    [status] = fleet_status([plugin], cwd=plugin.parent)
    with pytest.raises(Exception) as raised:
        regenerate(plugin, check=True)
    assert status.regenerate_ok is False
    assert status.regenerate_problem == str(raised.value)
