"""The git side of `scaffold upgrade`: the throwaway clone it plans in, a dirty project's files
carried into that clone (`--force`), and one commit a project (`--commit`).

The commit stages exactly the paths the upgrade changed, in the project's folder, and commits only
them (`git commit --only` semantics): a monorepo keeps its other changes, staged or not, and with
`--force` the team's own uncommitted edits in files the upgrade left alone stay uncommitted. It
skips the repository's hooks (`--no-verify`): a formatter hook could rewrite what scaffold wrote,
and a failing one would leave an upgrade half committed; the team's CI checks the pull request.
Paths are given to git as literal NUL-separated pathspecs, so no file name is read as a pattern.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from scaffold import __version__
from scaffold.errors import ProjectError
from scaffold.projects.state import git

if TYPE_CHECKING:
    from scaffold.projects.project import Project

# The identity of the clone-internal commit that carries a dirty project's files (never leaves the clone).
_CARRIER = ("-c", "user.name=scaffold", "-c", "user.email=scaffold@localhost")
_TIMEOUT = 300


@contextlib.contextmanager
def throwaway_clone(repo: Path) -> Iterator[Path]:
    """A clone of `repo`'s HEAD in a temporary folder, removed however the block ends."""
    folder = Path(tempfile.mkdtemp(prefix="scaffold-upgrade-"))
    try:
        result = subprocess.run(
            ["git", "clone", "--quiet", "--no-hardlinks", str(repo), str(folder / "repo")],
            check=False,
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise ProjectError(
                f"git could not clone {repo} to prepare the upgrade: {result.stderr.strip()[:300]}",
                hint="Check that the repository has at least one commit (git log).",
            )
        yield folder / "repo"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def carry_uncommitted(project: Path, repo: Path, clone: Path) -> None:
    """`--force`: the project folder's uncommitted state (edits, deletions, new files git does not
    ignore) copied into the clone and committed there, so the upgrade merges onto the files as
    they are and reports only what it changed itself."""
    entries = git.changed_paths(project)
    if not entries:
        return
    for entry in entries:
        source, target = repo / entry.path, clone / entry.path
        if source.is_dir() and not source.is_symlink():
            continue  # a nested repository or submodule: not the project's files
        if os.path.lexists(target):
            target.unlink()
        if source.is_symlink():
            target.parent.mkdir(parents=True, exist_ok=True)
            os.symlink(os.readlink(source), target)
        elif source.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    git.git(clone, "add", "-A", "--", ".")
    git.git(clone, *_CARRIER, "commit", "--quiet", "--no-verify", "-m", "uncommitted changes")


def require_identity(repo: Path) -> None:
    """`--commit` needs a committer identity; refused before anything is changed when there is none."""
    result = subprocess.run(
        ["git", "var", "GIT_COMMITTER_IDENT"], cwd=repo, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise ProjectError(
            f"git has no committer identity in {repo}, so --commit cannot commit the upgrade; "
            "nothing was changed",
            hint="Set one (git config user.name 'Platform bot'; git config user.email bot@example.com), "
            "or run without --commit.",
        )


def commit_paths(repo: Path, paths: Sequence[str], message: str) -> str:
    """Stage and commit exactly `paths` (relative to `repo`); the new commit's id.

    On failure the index entries of `paths` are put back as they were at HEAD and a ProjectError
    is raised, for the caller to restore the files (scaffold.projects.state.transaction).
    """
    listed = "".join(f"{path}\0" for path in paths)
    literal = ["git", "--literal-pathspecs"]
    from_list = ["--pathspec-from-file=-", "--pathspec-file-nul"]
    try:
        _run([*literal, "add", "-A", *from_list], repo, listed)
        _run([*literal, "commit", "--quiet", "--no-verify", "-m", message, *from_list], repo, listed)
    except ProjectError:
        subprocess.run(
            [*literal, "reset", "--quiet", *from_list],
            cwd=repo,
            input=listed,
            capture_output=True,
            check=False,
        )
        raise
    return git.git(repo, "rev-parse", "HEAD").strip()


def _run(command: list[str], cwd: Path, listed: str) -> None:
    try:
        result = subprocess.run(
            command, cwd=cwd, input=listed, capture_output=True, text=True, check=False, timeout=_TIMEOUT
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ProjectError(f"git {command[2]} could not run in {cwd} ({exc})") from exc
    if result.returncode != 0:
        said = (result.stderr.strip() or result.stdout.strip())[:300]
        raise ProjectError(f"git {command[2]} failed in {cwd}: {said}")


def in_repo(root: Path, repo: Path, relative: str) -> str:
    """A project-relative path as git names it from the repository's top."""
    prefix = root.relative_to(repo).as_posix()
    return relative if prefix in ("", ".") else f"{prefix}/{relative}"


def upgrade_message(
    project: Project, repo: Path, contract_from: str, contract_to: str, template_to: str, conflicts: list[str]
) -> str:
    """The `--commit` message: the project named (its folder in the repository), from -> to."""
    where = project.root.relative_to(repo).as_posix()
    name = str(project.answers.get("project_name", project.root.name))
    named = name if where in ("", ".") else f"{name} ({where})"
    lines = [
        f"Upgrade {named} to contract {contract_to}, template {template_to}",
        "",
        f"scaffold upgrade {__version__}: contract {contract_from} -> {contract_to}, "
        f"template {project.kind.template} {project.template_version} -> {template_to}.",
    ]
    if conflicts:
        lines += ["", "Conflicts to resolve (<<<<<<< markers, or your file kept where scaffold now has one):"]
        lines += [f"  {path}" for path in conflicts]
    return "\n".join(lines) + "\n"


def commit_upgrade(root: Path, repo: Path, paths: list[str], message: str, made: list[str]) -> None:
    """`commit_paths`, its id appended to `made`; a refusal says that the files were restored."""
    try:
        made.append(commit_paths(repo, paths, message))
    except ProjectError as exc:
        raise ProjectError(f"{exc.message}; the upgrade was undone and {root} is exactly as it was") from exc
