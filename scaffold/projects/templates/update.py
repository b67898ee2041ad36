"""The template part of `scaffold upgrade`: a three-way merge of template-owned files, file by file.

The base is the project's template version rendered with its answers, "theirs" the new version
rendered with the new answers (both already rendered by the upgrade, scaffold.projects.
template_merge.rendered_template), "ours" the project's file. The outcome is what `copier update`
gives for the same three trees (tests/unit/test_template_update.py compares them, file by file,
on past versions of every template with a team's edits, conflicts, deletions and mode changes):

- a file the user left as the old version rendered it becomes the new version's, and a file the
  new version no longer renders is removed (copier removes it even when edited);
- a file both changed is merged with `git merge-file`, conflicts inline with copier's labels
  ("before updating", "last update", "after updating"), which `upgrade` reports;
- a starter file (the template's `_skip_if_exists`) that exists is never written; one that does not
  exist is written, and scaffold.projects.starter_files decides what stays of it;
- a template file the user deleted stays deleted; a file both the user and the new version added
  is merged against an empty base (upgrade keeps the user's and reports it);
- the answers file is the new version's.

Why not `copier.run_update`, as scaffold 1.7.0 and before did: it renders the old and new versions again, three
renderings in all, and runs about 180 git processes (one `git config` per file among them): 3.1 of
the 4.3 s of CPU of an upgrade from plugin template 1.5.0, and most of the 6 s an upgrade with
nothing to do took (measured, issue 41). The renderings this merge uses are the ones the upgrade
already made to plan the starter files; only files both sides changed start a git process.

Deliberate differences, where copier's outcome is an accident of its patch step: a user's symlink
or a file git cannot merge (binary) at a template-owned path stays as the user left it and is
returned as kept, so `upgrade` names it, instead of copier's half-applied patch.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

from scaffold.errors import ProjectError
from scaffold.projects.project import ANSWERS_FILE
from scaffold.projects.starter_files import RenderedFile

# The labels copier's inline conflicts carry; upgrade finds conflicts by the first.
LABELS = ("before updating", "last update", "after updating")
_EXECUTABLE = 0o111


def merge_template_update(
    root: Path,
    old: Mapping[str, RenderedFile],
    new: Mapping[str, RenderedFile],
    is_starter: Callable[[str], bool],
) -> dict[str, str]:
    """Move the files under `root` (the upgrade's throwaway clone) from `old` to `new`, keeping the
    user's changes. Returns the template paths where the user's file stays untouched: path -> "template"."""
    kept: dict[str, str] = {}
    deleted_by_user = {p for p in old if not os.path.lexists(root / p) and not is_starter(p)}
    for path, theirs in sorted(new.items()):
        target = root / path
        if path in deleted_by_user:
            continue
        if path == ANSWERS_FILE or not os.path.lexists(target):
            _write(target, theirs.data, theirs.mode)
            continue
        if is_starter(path) and target.exists():
            continue  # user-owned: never written over
        if target.is_symlink() or not target.is_file():
            kept[path] = "template"
            continue
        merged = _merged(target, old.get(path), theirs)
        if merged is None:
            kept[path] = "template"
        else:
            _write(target, *merged)
    for path in sorted(old.keys() - new.keys()):
        target = root / path
        if target.is_file() and not target.is_symlink():
            target.unlink()
    return kept


def _merged(target: Path, base: RenderedFile | None, theirs: RenderedFile) -> tuple[bytes, int] | None:
    """The merged bytes and mode of `target`, or None where git cannot merge them (binary)."""
    ours = target.read_bytes()
    ours_mode = target.stat().st_mode & 0o777
    base_data = base.data if base is not None else b""
    # the user's executable bit wins where they changed it, as copier's patch carries mode changes
    user_moded = base is not None and (ours_mode & _EXECUTABLE) != (base.mode & _EXECUTABLE)
    mode = ours_mode if user_moded else theirs.mode
    if ours == base_data or ours == theirs.data:
        return theirs.data, mode
    if theirs.data == base_data:
        return ours, mode
    merged = merge_file(ours, base_data, theirs.data)
    return None if merged is None else (merged, mode)


def merge_file(ours: bytes, base: bytes, theirs: bytes) -> bytes | None:
    """`git merge-file` of three versions: the result, with conflicts inline; None for binary input."""
    with tempfile.TemporaryDirectory(prefix="scaffold-merge-") as folder:
        paths = [Path(folder) / name for name in ("ours", "base", "theirs")]
        for path, data in zip(paths, (ours, base, theirs), strict=True):
            path.write_bytes(data)
        labels = [arg for label in LABELS for arg in ("-L", label)]
        try:
            result = subprocess.run(
                ["git", "merge-file", "-p", *labels, *map(str, paths)],
                capture_output=True,
                check=False,
                timeout=60,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise ProjectError(f"git merge-file could not merge a template file ({exc})") from exc
    # 0: clean; 1..127: that many conflicts, inline; negative or 255: git refused (binary)
    if result.returncode < 0 or result.returncode > 127:
        return None
    return result.stdout


def _write(target: Path, data: bytes, mode: int) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.is_symlink():
        target.unlink()  # replaced, never written through
    target.write_bytes(data)
    target.chmod(mode)
