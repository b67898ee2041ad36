"""Scaffolded projects for the hostile tests: made once per session, copied per test (fast, isolated)."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.git_helpers import git


def committed_project(factory: pytest.TempPathFactory, kind: str, name: str) -> Path:
    """A fresh project of `kind` in its own git repository with one commit."""
    project = factory.mktemp(f"pristine-{kind}") / name
    create_project(NewProjectOptions(kind=KINDS[kind], destination=project, answers={}))
    git(project, "init", "--quiet")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "scaffolded")
    return project


def copy_of(pristine: Path, tmp_path: Path) -> Path:
    """An independent copy (git repository included) of a pristine project, inside `tmp_path/work`."""
    target = tmp_path / "work" / pristine.name
    shutil.copytree(pristine, target, symlinks=True)
    return target


def tree_digest(folder: Path) -> dict[str, str]:
    """Every file under `folder` (except .git internals) with the sha256 of its bytes and its mode."""
    found = {}
    for path in sorted(folder.rglob("*")):
        if ".git" in path.relative_to(folder).parts[:1]:
            continue
        if path.is_symlink():
            found[path.relative_to(folder).as_posix()] = f"link:{path.readlink()}"
        elif path.is_file():
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
            found[path.relative_to(folder).as_posix()] = f"{digest}:{oct(path.stat().st_mode)}"
        elif path.is_dir():
            found[path.relative_to(folder).as_posix() + "/"] = "dir"
    return found


def index_flags(project: Path) -> str:
    """`git ls-files -v`: the tag letter shows skip-worktree (S) and assume-unchanged (lowercase)."""
    return git(project, "ls-files", "-v")
