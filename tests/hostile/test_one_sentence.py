"""Careless input ends in one sentence (what, where, how to fix), exit 1, and nothing left behind."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from scaffold.errors import DestinationError
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.cli_runner import run_scaffold
from tests.conftest import PLUGIN_SPEC
from tests.hostile.test_project_state import assert_one_sentence


def test_project_name_of_256_characters(tmp_path: Path) -> None:
    result = run_scaffold(["new-plugin", str(tmp_path / ("a" * 256)), "--defaults"])
    assert_one_sentence(result, "project name")
    assert list(tmp_path.iterdir()) == []


def test_folder_name_too_long_for_the_file_system(tmp_path: Path) -> None:
    result = run_scaffold(["new-plugin", str(tmp_path / ("a" * 300)), "--name", "acme", "--defaults"])
    assert_one_sentence(result, "File name too long")
    assert list(tmp_path.iterdir()) == []


def test_destination_under_an_existing_file(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    result = run_scaffold(["new-plugin", str(tmp_path / "notes.txt" / "acme-sales"), "--defaults"])
    assert_one_sentence(result, "notes.txt")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_full_disk_while_copier_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import copier

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(copier, "run_copy", full)
    # copier's path (the fast renderer has its own test in tests/unit/test_template_render.py)
    monkeypatch.setenv("SCAFFOLD_RENDER_WITH_COPIER", "1")
    destination = tmp_path / "deep" / "acme-sales"
    with pytest.raises(
        DestinationError, match="No space left on device.*nothing was written.*Free some disk space"
    ):
        create_project(NewProjectOptions(kind=KINDS["plugin"], destination=destination, answers={}))
    assert list(tmp_path.iterdir()) == []


def test_scaffold_home_is_a_file(tmp_path: Path) -> None:
    home = tmp_path / "home-file"
    home.write_text("not a folder", encoding="utf-8")
    result = run_scaffold(
        ["new-plugin", str(tmp_path / "acme-sales"), "--defaults"], env={"SCAFFOLD_HOME": str(home)}
    )
    assert_one_sentence(result, "SCAFFOLD_HOME", str(home), "writable folder")
    assert not (tmp_path / "acme-sales").exists()


def test_scaffold_home_that_cannot_be_created(tmp_path: Path) -> None:
    """/sys refuses new folders even to root: an unusable (read-only) SCAFFOLD_HOME."""
    home = Path("/sys/scaffold-home")
    result = run_scaffold(
        ["new-plugin", str(tmp_path / "acme-sales"), "--defaults"], env={"SCAFFOLD_HOME": str(home)}
    )
    assert_one_sentence(result, "SCAFFOLD_HOME")
    assert not (tmp_path / "acme-sales").exists()


def test_contract_version_accepts_a_spec_file(tmp_path: Path) -> None:
    result = run_scaffold(
        ["new-plugin", str(tmp_path / "acme-sales"), "--contract-version", str(PLUGIN_SPEC), "--defaults"]
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "acme-sales/.scaffold/contract.yaml").read_bytes() == PLUGIN_SPEC.read_bytes()


def test_unknown_contract_version_hint_works(tmp_path: Path) -> None:
    result = run_scaffold(
        ["new-plugin", str(tmp_path / "acme-sales"), "--contract-version", "9.9.9", "--defaults"]
    )
    line = assert_one_sentence(result, "9.9.9")
    assert "spec file" in line


@pytest.mark.parametrize("repository", [False, True], ids=["no-git", "git"])
def test_force_into_a_folder_is_all_or_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, repository: bool
) -> None:
    """new-plugin --force into a non-empty folder: a write error half-way puts every file back
    (the new repository's `.git` too, made in the staging folder and moved in with the files)."""
    import os

    from scaffold.projects.state import transaction

    destination = tmp_path / "acme-sales"
    destination.mkdir()
    (destination / "README.md").write_text("my notes", encoding="utf-8")
    (destination / "keep.txt").write_text("mine", encoding="utf-8")
    real_replace = os.replace
    calls = []

    def failing_replace(source: object, target: object) -> None:
        if str(target).startswith(f"{destination}/"):
            calls.append(target)
        if len(calls) == 5:
            raise OSError(errno.EIO, "Input/output error")
        real_replace(source, target)  # type: ignore[arg-type]

    monkeypatch.setattr(transaction.os, "replace", failing_replace)
    with pytest.raises(DestinationError, match="nothing was changed"):
        create_project(
            NewProjectOptions(
                kind=KINDS["plugin"], destination=destination, answers={}, force=True, repository=repository
            )
        )
    assert sorted(p.name for p in destination.iterdir()) == ["README.md", "keep.txt"]
    assert (destination / "README.md").read_text(encoding="utf-8") == "my notes"
