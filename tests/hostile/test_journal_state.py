"""`.scaffold/` is project state a pull request can change: its journal must not reach outside.

Found by the second hostile run (issue 38, M2): with `.scaffold/journal/backup` a symbolic link to
a folder outside the project and a journal record naming two files, `regenerate` "rolled back" by
moving that folder's files `0` and `1` into the project (as src/contract/types.ts and README.md)
and left the outside folder empty. Every odd journal below is refused in one sentence by the
commands that would roll it back (regenerate, upgrade) and by the one that only reports it
(status, which names the project interrupted or refused), and nothing outside the project, or in it, is read, moved or removed.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold
from tests.hostile.projects import tree_digest
from tests.hostile.test_project_state import assert_one_sentence

SECRET = "VICTIM-CONTENT-4711"
JOURNAL = ".scaffold/journal"


def _record(entries: int = 2) -> str:
    files = ["acme_sales/app.py", "README.md"][:entries]
    return json.dumps({"entries": [{"path": f, "existed": True} for f in files], "created_dirs": []})


def _outside_folder(tmp_path: Path) -> Path:
    """A folder outside the project holding what a rollback would move in."""
    folder = tmp_path / "outside"
    folder.mkdir()
    for name in ("0", "1"):
        (folder / name).write_text(SECRET, encoding="utf-8")
    (folder / "journal.json").write_text(_record(), encoding="utf-8")
    return folder


def backup_linked_outside(project: Path, outside: Path) -> None:
    (project / JOURNAL).mkdir(parents=True)
    (project / JOURNAL / "journal.json").write_text(_record(), encoding="utf-8")
    (project / JOURNAL / "backup").symlink_to(outside, target_is_directory=True)


def journal_linked_outside(project: Path, outside: Path) -> None:
    (outside / "backup").mkdir()
    (project / JOURNAL).parent.mkdir(exist_ok=True)
    (project / JOURNAL).symlink_to(outside, target_is_directory=True)


def record_linked_outside(project: Path, outside: Path) -> None:
    (project / JOURNAL / "backup").mkdir(parents=True)
    (project / JOURNAL / "journal.json").symlink_to(outside / "journal.json")


def backup_entry_is_a_folder(project: Path, outside: Path) -> None:
    (project / JOURNAL / "backup" / "0").mkdir(parents=True)
    (project / JOURNAL / "journal.json").write_text(_record(1), encoding="utf-8")


def state_folder_linked_outside(project: Path, outside: Path) -> None:
    """`.scaffold` itself a link to a copy outside: no state is read through it."""
    state = project / ".scaffold"
    copy = outside / "state"
    state.rename(copy)
    (copy / "manifest.json").write_text(
        (copy / "manifest.json").read_text(encoding="utf-8"), encoding="utf-8"
    )
    state.symlink_to(copy, target_is_directory=True)


CASES: dict[str, Callable[[Path, Path], None]] = {
    "backup-linked-outside": backup_linked_outside,
    "journal-linked-outside": journal_linked_outside,
    "record-linked-outside": record_linked_outside,
    "backup-entry-is-a-folder": backup_entry_is_a_folder,
    "state-folder-linked-outside": state_folder_linked_outside,
}


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("command", [["regenerate"], ["upgrade"], ["status"]])
def test_an_odd_journal_is_refused_and_nothing_outside_moves(
    plugin: Path, tmp_path: Path, case: str, command: list[str]
) -> None:
    outside = _outside_folder(tmp_path)
    CASES[case](plugin, outside)
    project_before, outside_before = tree_digest(plugin), tree_digest(outside)
    result = run_scaffold([*command, str(plugin)])
    if command == ["status"]:  # a report of many projects: this one is interrupted or refused
        assert result.returncode in (0, 1) and "Traceback" not in result.stderr, result
        assert "1 interrupted" in result.stdout or "1 problem" in result.stdout, result
    else:
        assert_one_sentence(result, "nothing was read, moved or removed")
    assert SECRET not in result.stdout + result.stderr
    assert tree_digest(outside) == outside_before, "a file outside the project was moved or changed"
    assert tree_digest(plugin) == project_before
