"""The few git questions upgrade asks of a project: is it tracked, is it clean, what changed."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from scaffold.errors import DirtyTreeError, ProjectError, ToolMissingError


def git(cwd: Path, *args: str, check: bool = True) -> str:
    if shutil.which("git") is None:
        raise ToolMissingError(
            "git is not installed; scaffold upgrade merges template changes with git",
            hint="Install git (e.g. apt-get install -y git).",
        )
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=False)
    if check and result.returncode != 0:
        raise ProjectError(f"git {' '.join(args)} failed in {cwd}: {result.stderr.strip()}")
    return result.stdout


def repository_root(project: Path) -> Path:
    """The top of the git work tree holding `project`, or a ProjectError saying how to make one."""
    if shutil.which("git") is None:
        git(project)  # raises ToolMissingError
    result = subprocess.run(
        ["git", "rev-parse", "--show-toplevel"], cwd=project, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise ProjectError(
            f"{project} is not in a git repository; upgrade needs git to merge template changes safely",
            hint="Run: git init && git add -A && git commit -m 'scaffolded project', then upgrade.",
        )
    return Path(result.stdout.strip()).resolve()


@dataclass(frozen=True)
class StatusEntry:
    code: str
    path: str


def status(project: Path) -> list[StatusEntry]:
    """`git status --porcelain` of the project folder (paths relative to the repository root)."""
    output = git(project, "status", "--porcelain", "--untracked-files=all", "--", ".")
    return [StatusEntry(line[:2], line[3:]) for line in output.splitlines() if line.strip()]


def changed_paths(project: Path) -> list[StatusEntry]:
    """Like `status`, but NUL-separated so that any file name survives, renames split in two."""
    output = git(project, "status", "--porcelain", "-z", "--no-renames", "--untracked-files=all", "--", ".")
    return [StatusEntry(item[:2], item[3:]) for item in output.split("\0") if len(item) > 3]


def tracked_files(project: Path) -> set[str]:
    """Files git tracks under `project`, relative to it."""
    output = git(project, "ls-files", "-z", "--", ".")
    return {item for item in output.split("\0") if item}


def require_clean(project: Path) -> None:
    entries = status(project)
    if entries:
        shown = ", ".join(e.path for e in entries[:5]) + (" ..." if len(entries) > 5 else "")
        raise DirtyTreeError(
            f"{project} has uncommitted changes ({shown}); upgrade refuses a dirty tree so that "
            "nothing it changes can be confused with your own edits",
            hint="Commit or stash them, then run the upgrade again.",
        )
