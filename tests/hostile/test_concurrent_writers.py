"""Two scaffold commands never write one folder at once: the second refuses in one sentence.

Real races of `scaffold new-plugin DEST` processes, and deterministic ones: a lock held by the test
itself, a `new-plugin` paused half-way (then killed with SIGKILL: its lock must not outlive it).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scaffold.errors import ProjectBusyError
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.state.folder_lock import folder_locks, locked_folder
from tests.cli_runner import run_scaffold
from tests.conftest import REPO
from tests.hostile.projects import tree_digest
from tests.hostile.test_project_state import assert_one_sentence

RACERS = 4
ROUNDS = 3
BUSY = "another scaffold command is writing"


@pytest.fixture
def single_fresh_project(tmp_path: Path) -> dict[str, str]:
    """What one `new-plugin acme-sales --defaults` writes, alone (with this test's data folder)."""
    project = tmp_path / "alone" / "acme-sales"
    create_project(NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}))
    return tree_digest(project)


def _scaffold(*args: str, env: dict[str, str] | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", *args],
        env={**os.environ, "PYTHONPATH": str(REPO), **(env or {})},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _refused_in_one_sentence(returncode: int, stdout: str, stderr: str) -> str:
    assert returncode == 1, (returncode, stdout, stderr)
    assert "created" not in stdout, stdout
    return assert_one_sentence(subprocess.CompletedProcess([], returncode, stdout, stderr))


@pytest.mark.parametrize("existing", [False, True], ids=["new-folder", "empty-folder"])
def test_racing_new_plugin_processes_one_wins_the_others_refuse(
    tmp_path: Path, single_fresh_project: dict[str, str], existing: bool
) -> None:
    for round_ in range(ROUNDS):
        destination = tmp_path / f"round-{round_}" / "acme-sales"
        if existing:
            destination.mkdir(parents=True)
        racers = [_scaffold("scaffold", "new-plugin", str(destination), "--defaults") for _ in range(RACERS)]
        outcomes = [(p.wait(timeout=300), *p.communicate()) for p in racers]
        winners = [o for o in outcomes if o[0] == 0]
        assert len(winners) == 1, outcomes
        assert winners[0][1].startswith(f"created {destination} "), winners[0]
        for outcome in outcomes:
            if outcome[0] != 0:
                line = _refused_in_one_sentence(*outcome)
                assert BUSY in line or "is not empty" in line, line
        assert tree_digest(destination) == single_fresh_project
        assert sorted(p.name for p in destination.parent.iterdir()) == ["acme-sales"], "no staging left"


def test_a_parent_another_racer_creates_first_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The window the real race above hits now and then, made certain: between this command's
    look at DEST's parent and its mkdir, another scaffold makes the parent. That is theirs to keep
    and no reason to fail (a CI run once printed "cannot create …: File exists" here)."""
    destination = tmp_path / "round" / "acme-sales"
    real_mkdir = Path.mkdir

    def racing_mkdir(self: Path, *args: object, **kwargs: object) -> None:
        if self == destination.parent and not self.exists():
            real_mkdir(self)  # the other racer wins the mkdir
        real_mkdir(self, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "mkdir", racing_mkdir)
    create_project(NewProjectOptions(kind=KINDS["plugin"], destination=destination, answers={}))
    assert (destination / "pyproject.toml").is_file()


def test_new_plugin_refuses_a_folder_whose_lock_is_held(tmp_path: Path) -> None:
    destination = tmp_path / "acme-sales"
    destination.mkdir()
    with locked_folder(destination):
        for force in ([], ["--force"]):
            result = run_scaffold(["new-plugin", str(destination), "--defaults", *force])
            line = assert_one_sentence(result, BUSY, str(destination))
            assert "wait for it to finish" in line
            assert list(destination.iterdir()) == []
    assert run_scaffold(["new-plugin", str(destination), "--defaults"]).returncode == 0


def test_the_lock_is_held_only_once_and_released_on_exit(tmp_path: Path) -> None:
    folder = tmp_path / "work"
    with folder_locks() as locks:
        assert locks.acquire(folder, create=True) is True
        assert locks.acquire(folder) is False  # re-entrant in one process
        other = subprocess.run(
            [sys.executable, "-c", _TRY_LOCK, str(folder)],
            env={**os.environ, "PYTHONPATH": str(REPO)},
            capture_output=True,
            text=True,
            check=False,
            timeout=60,
        )
        assert other.stdout.strip() == "busy", other
    again = subprocess.run(
        [sys.executable, "-c", _TRY_LOCK, str(folder)],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert again.stdout.strip() == "locked", again


_TRY_LOCK = """
import sys
from pathlib import Path
from scaffold.errors import ProjectBusyError
from scaffold.projects.state.folder_lock import locked_folder
try:
    with locked_folder(Path(sys.argv[1])):
        print("locked")
except ProjectBusyError:
    print("busy")
"""


def _paused_new_plugin(destination: Path, tmp_path: Path) -> subprocess.Popen[str]:
    """`scaffold new-plugin DEST --defaults` stopped while it writes the contract-owned files."""
    marker = tmp_path / "paused"
    process = _scaffold(
        "tests.hostile.paused_cli",
        "new-plugin",
        str(destination),
        "--defaults",
        env={"PAUSE_AT": "scaffold.projects.create:write_contract_files", "PAUSE_MARKER": str(marker)},
    )
    deadline = time.monotonic() + 120
    while not marker.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail(f"new-plugin never paused: {process.communicate()}")
        time.sleep(0.05)
    return process


def test_a_second_new_plugin_refuses_while_one_runs_and_a_killed_one_blocks_nothing(
    tmp_path: Path, single_fresh_project: dict[str, str]
) -> None:
    destination = tmp_path / "acme-sales"
    first = _paused_new_plugin(destination, tmp_path)
    try:
        for force in ([], ["--force"]):
            result = run_scaffold(["new-plugin", str(destination), "--defaults", *force])
            assert_one_sentence(result, BUSY, str(destination))
        assert list(destination.iterdir()) == [], "the paused command has not published anything yet"
        with pytest.raises(ProjectBusyError):
            create_project(NewProjectOptions(kind=KINDS["plugin"], destination=destination, answers={}))
    finally:
        first.send_signal(signal.SIGKILL)
        first.communicate(timeout=60)
    # The kernel released the killed command's lock; the empty folder it claimed is usable.
    result = run_scaffold(["new-plugin", str(destination), "--defaults"])
    assert result.returncode == 0, result.stderr
    assert tree_digest(destination) == single_fresh_project
