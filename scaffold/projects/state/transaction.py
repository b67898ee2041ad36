"""Changing a project's files as one set: all of them, or none, even across Ctrl-C, SIGTERM or SIGKILL.

`regenerate` and `upgrade` compute every file they will write or remove first (upgrade does its
template merge in a throwaway clone), then hand the set to `apply_changes`. It keeps a journal in
`.scaffold/journal/`: a copy of every file it will replace, the new files staged beside it, and
`journal.json`, written before the first file in the project changes. An error or a signal rolls
the set back from the journal; after a SIGKILL the journal is still there, and the next scaffold
command in the project rolls it back (`recover`). The journal is project state like any other (a
pull request can add one): its folders must be real folders and its record a regular file, or
nothing is read, moved or removed (`journal_folder`), so a `backup` linked to a folder outside the
project cannot bring that folder's files in. The project folder's lock (state.folder_lock: flock on
the folder itself, so no lock file is ever left behind) keeps two commands, `new-* --force` into
it included, from changing one project at once.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from scaffold.errors import DestinationError, InterruptedByUser, ProjectError
from scaffold.interrupts import signals_ignored, signals_interrupt
from scaffold.projects.state.folder_lock import locked_folder
from scaffold.projects.state.paths import confined, read_bounded

JOURNAL_DIR = ".scaffold/journal"
_JOURNAL_FILE = "journal.json"


@dataclass(frozen=True)
class Change:
    """One file of the set: its new bytes (None: remove it) and permission bits for a new file."""

    path: str
    data: bytes | None
    mode: int = 0o644


@contextlib.contextmanager
def project_lock(root: Path) -> Iterator[None]:
    """Hold the project folder's lock (scaffold.projects.state.folder_lock), or refuse at once if it is held."""
    with locked_folder(root):
        yield


def apply_changes(
    root: Path, changes: Sequence[Change], *, action: str, before_done: Callable[[], None] | None = None
) -> None:
    """Write and remove `changes` in `root` as one set; on any failure restore every file and re-raise.

    `action` ("the upgrade", "regenerate") names the command in the message of an interruption.
    `before_done` runs once every file is written, before the set counts as complete: `upgrade
    --commit` commits there, so a commit git refuses restores the files like any other failure.
    """
    journal = journal_folder(root)
    if journal.is_symlink() or journal.exists():
        raise ProjectError(f"{root} holds the journal of an interrupted command ({JOURNAL_DIR})")
    targets = [confined(root, c.path, source="the file set", key="a path") for c in changes]
    committed = False
    try:
        with signals_interrupt():
            _prepare(root, journal, changes, targets)
            for index, (change, target) in enumerate(zip(changes, targets, strict=True)):
                if change.data is None:
                    target.unlink(missing_ok=True)
                else:
                    target.parent.mkdir(parents=True, exist_ok=True)
                    os.replace(journal / "new" / str(index), target)
            if before_done is not None:
                before_done()
            (journal / _JOURNAL_FILE).unlink()  # the commit point: from here on the set is complete
            committed = True
    except KeyboardInterrupt:
        if not committed:
            with signals_ignored():
                rollback(root)
            raise InterruptedByUser(
                f"interrupted: {action} was undone and {root} is exactly as it was"
            ) from None
    except OSError as exc:
        with signals_ignored():
            rollback(root)
        raise DestinationError(
            f"{action} could not write to {root} ({exc.strerror}); nothing was changed: every file is as it was"
        ) from exc
    except BaseException:
        with signals_ignored():
            rollback(root)
        raise
    shutil.rmtree(journal, ignore_errors=True)


def _prepare(root: Path, journal: Path, changes: Sequence[Change], targets: list[Path]) -> None:
    """Back up what will be replaced, stage what will be written, then record the journal."""
    created_dirs: list[str] = [] if journal.parent.exists() else [journal.parent.relative_to(root).as_posix()]
    (journal / "backup").mkdir(parents=True)
    (journal / "new").mkdir()
    entries = []
    for index, (change, target) in enumerate(zip(changes, targets, strict=True)):
        existed = target.is_symlink() or target.exists()
        if existed:
            if target.is_dir() and not target.is_symlink():
                raise ProjectError(f"{change.path} in {root} is a folder where scaffold writes a file")
            shutil.copy2(target, journal / "backup" / str(index), follow_symlinks=False)
        if change.data is not None:
            staged = journal / "new" / str(index)
            staged.write_bytes(change.data)
            mode = stat.S_IMODE(target.stat().st_mode) if existed and not target.is_symlink() else change.mode
            os.chmod(staged, mode)
            for parent in reversed(target.relative_to(root).parents[:-1]):
                if not (root / parent).exists() and parent.as_posix() not in created_dirs:
                    created_dirs.append(parent.as_posix())
        entries.append({"path": change.path, "existed": existed})
    record = json.dumps({"entries": entries, "created_dirs": created_dirs})
    temporary = journal / f"{_JOURNAL_FILE}.tmp"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(record)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, journal / _JOURNAL_FILE)


def journal_folder(root: Path) -> Path:
    """`root/.scaffold/journal`, refused unless each folder of it that exists is a real folder."""
    for relative in (".scaffold", JOURNAL_DIR, f"{JOURNAL_DIR}/backup", f"{JOURNAL_DIR}/new"):
        _require_kind(root, relative, stat.S_ISDIR, "a folder")
    return root / JOURNAL_DIR


def _require_kind(root: Path, relative: str, is_kind: Callable[[int], bool], kind: str) -> None:
    """Refuse `root/relative` unless it is absent or, not following a link, `kind`."""
    try:
        mode = (root / relative).lstat().st_mode
    except FileNotFoundError:
        return
    if not is_kind(mode):
        what = "a symbolic link" if stat.S_ISLNK(mode) else f"not {kind}"
        raise ProjectError(
            f"{root / relative} is {what}, where scaffold keeps {kind} of its own, so nothing was read, "
            f"moved or removed; delete {JOURNAL_DIR if relative != '.scaffold' else relative} and "
            f"restore the project with git (git checkout -- . in {root})"
        )


def rollback(root: Path) -> int:
    """Put back every file the journal names; returns how many. Safe to run again after a crash."""
    journal = journal_folder(root)
    record_path = journal / _JOURNAL_FILE
    _require_kind(root, f"{JOURNAL_DIR}/{_JOURNAL_FILE}", stat.S_ISREG, "a regular file")
    if not record_path.is_file():
        shutil.rmtree(journal, ignore_errors=True)
        return 0
    entries, created_dirs = _read_journal(root, record_path)
    for index in range(len(entries)):  # check every backup before the first one is moved
        _require_kind(root, f"{JOURNAL_DIR}/backup/{index}", _is_file_or_link, "a file")
    for index in reversed(range(len(entries))):
        path, existed = entries[index]
        target = confined(root, path, source=f"{JOURNAL_DIR}/{_JOURNAL_FILE}", key="an entry")
        backup = journal / "backup" / str(index)
        if existed:
            if backup.is_symlink() or backup.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                os.replace(backup, target)
        elif target.is_symlink() or target.is_file():
            target.unlink()
    shutil.rmtree(journal)
    for folder in reversed(created_dirs):
        with contextlib.suppress(OSError):
            confined(root, folder, source=f"{JOURNAL_DIR}/{_JOURNAL_FILE}", key="a folder").rmdir()
    return len(entries)


def _read_journal(root: Path, record_path: Path) -> tuple[list[tuple[str, bool]], list[str]]:
    source = f"{JOURNAL_DIR}/{_JOURNAL_FILE}"
    try:
        data = json.loads(read_bounded(record_path, source=source))
        entries = [(str(e["path"]), bool(e["existed"])) for e in data["entries"]]
        created = [str(d) for d in data["created_dirs"]]
    except (ValueError, KeyError, TypeError, RecursionError):
        raise ProjectError(
            f"{root / source} is damaged, so the interrupted command cannot be undone automatically; "
            f"restore the project with git (git checkout -- . in {root}), then delete {JOURNAL_DIR}"
        ) from None
    return entries, created


def _is_file_or_link(mode: int) -> bool:
    """A backup is a copy of a file, or of a link (copied as a link, never followed)."""
    return stat.S_ISREG(mode) or stat.S_ISLNK(mode)


def pending(root: Path) -> bool:
    journal = root / JOURNAL_DIR
    return journal.is_symlink() or journal.exists()


def recover(root: Path) -> None:
    """Undo an interrupted change found in `root`, then say so (the command is to be run again)."""
    with project_lock(root), signals_ignored():
        count = rollback(root)
    if count == 0:
        return  # only the leftovers of a completed or never-started change: nothing to say
    raise ProjectError(
        f"scaffold found an interrupted upgrade or regenerate in {root} and restored the {count} "
        "file(s) it had changed, so the project is as it was before it; run your command again"
    )
