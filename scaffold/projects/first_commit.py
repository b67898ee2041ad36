"""A new project starts as a git repository: `git init` and one commit of exactly what scaffold made.

`scaffold upgrade` merges template changes with git and refuses a folder outside git, so a project
that is not a repository cannot take its first upgrade. `new-plugin` and `new-module` therefore
make one (unless `--no-git`), by these rules:

- All or nothing. The repository is made and committed in the staging folder, before the project
  is moved onto DEST (scaffold.projects.create), so a git that fails leaves DEST as it was; a
  missing git is refused before any work, with `--no-git` as the way out.
- No nesting. A DEST inside an existing work tree (a monorepo, or a clone DEST already is) gets no
  repository of its own and no commit in the enclosing one, whose index, hooks and history are
  the user's: the user is told to commit it there. Unless that work tree ignores DEST (a home
  folder kept in git with everything ignored): there it could never be committed, so it gets its own.
- The commit holds every file scaffold made, whatever a global excludes file says (`git add
  --force`: a globally ignored `package-lock.json` would break CI's `npm ci`), and nothing else:
  files already in a `--force` DEST stay untracked.
- Whose: the identity `git commit` itself would use (user.name/user.email, the GIT_AUTHOR_* and
  GIT_COMMITTER_* variables). A machine where git has none (a CI runner) gets a stand-in,
  FALLBACK_NAME <FALLBACK_EMAIL>, and the user is told so and how to take the commit over.
- The branch is init.defaultBranch when set, else `main` (the generated CI runs on pushes to main).
- The user's hooks do not run for this commit (they guard the user's own commits, and would run
  in the staging folder); a repository template's hooks are installed for the next ones. Signing
  follows the user's settings: a signature that fails fails the command, and nothing is written.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from scaffold.errors import RepositoryError, ToolMissingError

FALLBACK_NAME = "scaffold"
FALLBACK_EMAIL = "scaffold@invalid"  # .invalid: a reserved name no mail is ever delivered to
DEFAULT_BRANCH = "main"
TAKE_OVER = "git commit --amend --reset-author --no-edit"

# Variables that point git at another repository than the folder it runs in (set inside a git
# hook, for example): scaffold's git calls must look at DEST and the staging folder only.
_REDIRECTING = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
)
_NO_HOOKS = ("-c", f"core.hooksPath={os.devnull}")


@dataclass(frozen=True)
class RepositoryPlan:
    """What `new-*` will do about git for DEST, decided before any file is written."""

    enclosing: Path | None  # the work tree DEST is inside (or is: --force into a clone), if any
    ignored_there: bool = False  # that work tree ignores DEST: DEST gets a repository of its own

    @property
    def makes_repository(self) -> bool:
        return self.enclosing is None or self.ignored_there


@dataclass(frozen=True)
class FirstCommit:
    """The commit scaffold made in the new project's own repository."""

    commit: str  # abbreviated id
    branch: str
    author: str  # "Name <email>"
    stand_in: bool  # git had no identity here: the commit is FALLBACK_NAME's


@dataclass(frozen=True)
class RepositoryOutcome:
    """What `new-*` did about git, for the one line the CLI prints."""

    plan: RepositoryPlan
    first_commit: FirstCommit | None  # None: DEST is inside `plan.enclosing`, no repository made
    others_untracked: bool = False  # --force into a non-empty DEST: its earlier files are not committed

    def describe(self, destination: Path) -> str:
        enclosing, made = self.plan.enclosing, self.first_commit
        if made is None:
            folder = shlex.quote(str(destination))
            where = (
                "is a git repository already, so scaffold made no commit in it"
                if enclosing == Path(os.path.abspath(destination)).resolve()
                else f"is inside the git repository at {enclosing}, so it gets no repository of its own"
            )
            return f"git: {destination} {where}; commit it there: git -C {folder} add . && git -C {folder} commit"
        line = f"git: a new repository with a first commit, {made.commit} on {made.branch}, by {made.author}"
        if self.plan.ignored_there:
            line += f" (the repository at {enclosing} ignores {destination})"
        if made.stand_in:
            line += (
                "; git has no user.name/user.email here, so that is scaffold's stand-in: set yours, "
                f"then `{TAKE_OVER}` makes the commit yours"
            )
        if self.others_untracked:
            line += f"; files that were in {destination} before are not in it (git add those you keep)"
        return line


def _environment() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if key not in _REDIRECTING}


def _run(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["git", *args], cwd=cwd, env=_environment(), capture_output=True, text=True, check=False
    )


def _git(cwd: Path, *args: str) -> str:
    result = _run(cwd, *args)
    if result.returncode != 0:
        said = " ".join(result.stderr.split())[:300] or f"exit status {result.returncode}"
        raise RepositoryError(
            f"git could not make the new project a repository (git {_subcommand(args)}: {said}); "
            "nothing was written",
            hint="Fix git's setup, or pass --no-git to make the project without a repository.",
        )
    return result.stdout


def _subcommand(args: tuple[str, ...]) -> str:
    """The git command in `args`, past any `-c name=value` settings."""
    words = iter(args)
    for word in words:
        if word == "-c":
            next(words, None)
        elif not word.startswith("-"):
            return word
    return "git"


def plan_repository(destination: Path) -> RepositoryPlan:
    """Whether DEST (absolute) gets a repository of its own; refuses when git is missing."""
    if shutil.which("git") is None:
        raise ToolMissingError(
            "git is not installed (not on PATH); a new project is made a git repository with a "
            "first commit, as `scaffold upgrade` needs; nothing was written",
            hint="Install git (e.g. apt-get install -y git), or pass --no-git.",
        )
    start = destination if destination.is_dir() else _nearest_existing(destination.parent)
    found = _run(start, "rev-parse", "--show-toplevel")
    if found.returncode != 0:
        if _run(start, "rev-parse", "--git-dir").returncode == 0:  # inside a .git folder, say
            _git(start, "rev-parse", "--show-toplevel")  # raises with git's own words
        return RepositoryPlan(enclosing=None)
    enclosing = Path(found.stdout.strip()).resolve()
    if enclosing == destination.resolve():
        return RepositoryPlan(enclosing=enclosing)  # DEST is a work tree already (--force into a clone)
    ignored = _run(start, "check-ignore", "--quiet", "--", f"{destination}/").returncode == 0
    return RepositoryPlan(enclosing=enclosing, ignored_there=ignored)


def _nearest_existing(path: Path) -> Path:
    while not path.is_dir():
        path = path.parent
    return path


def make_first_commit(folder: Path, message: str) -> FirstCommit:
    """`git init` `folder` and commit every file in it; RepositoryError when git refuses."""
    configured = _run(folder, "config", "--get", "init.defaultBranch")
    branch = configured.stdout.strip() if configured.returncode == 0 else DEFAULT_BRANCH
    _git(folder, "init", "--quiet", f"--initial-branch={branch or DEFAULT_BRANCH}")
    stand_in = any(
        _run(folder, "var", ident).returncode != 0 for ident in ("GIT_AUTHOR_IDENT", "GIT_COMMITTER_IDENT")
    )
    identity = ("-c", f"user.name={FALLBACK_NAME}", "-c", f"user.email={FALLBACK_EMAIL}") if stand_in else ()
    _git(folder, "add", "--all", "--force", "--", ".")
    _git(folder, *_NO_HOOKS, *identity, "commit", "--quiet", "--no-verify", "--message", message)
    commit, author = _git(folder, "log", "-1", "--format=%h%x00%an <%ae>").rstrip("\n").split("\0")
    return FirstCommit(commit=commit, branch=branch or DEFAULT_BRANCH, author=author, stand_in=stand_in)
