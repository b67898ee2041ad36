"""A new project starts as a repository (issue 40 point 10), through the CLI as a user types it.

`scaffold upgrade` needs git, and `new-plugin`/`new-module` left a folder outside git: the first
upgrade refused it. Now both run `git init` and commit the project they made, unless `--no-git`;
the edge cases a careful user expects are held here (scaffold/projects/first_commit.py says why
each is decided so): a monorepo is not nested into, a missing git refuses before any work, a
machine without a git identity still gets its commit from a stand-in it is told about, `--force`
commits scaffold's files only, and a git that fails leaves DEST as it was.

Every run gets its own global git configuration (GIT_CONFIG_GLOBAL, no system file), so the
machine's own settings decide nothing here.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from scaffold import __version__
from scaffold.projects.first_commit import FALLBACK_EMAIL, FALLBACK_NAME, TAKE_OVER
from scaffold.projects.templates.store import current_version
from tests.cli_runner import run_scaffold

IDENTITY = "[user]\n\tname = Ada Dev\n\temail = ada@example.com\n"

# (command and options, template) per kind and language
MADE = {
    "python": (["new-plugin"], "plugin-python"),
    "typescript": (["new-plugin", "--language", "typescript"], "plugin-typescript"),
    "go": (["new-plugin", "--language", "go"], "plugin-go"),
    "module": (["new-module"], "module-python"),
}


def git_config(tmp_path: Path, text: str = IDENTITY) -> dict[str, str]:
    """Environment for one run: `text` as the only git configuration (global), none from the system."""
    config = tmp_path / "gitconfig"
    config.write_text(text, encoding="utf-8")
    return {"GIT_CONFIG_GLOBAL": str(config), "GIT_CONFIG_NOSYSTEM": "1"}


def git(folder: Path, *args: str) -> str:
    result = subprocess.run(["git", *args], cwd=folder, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout


def files_on_disk(project: Path) -> set[str]:
    return {
        path.relative_to(project).as_posix()
        for path in project.rglob("*")
        if path.is_file() and ".git" not in path.relative_to(project).parts
    }


def new(
    tmp_path: Path, dest: Path, *extra: str, env: dict[str, str] | None = None, how: str = "python"
) -> subprocess.CompletedProcess[str]:
    """`scaffold <command> DEST --defaults EXTRA...` for the kind and language `how` names."""
    command, _ = MADE[how]
    return run_scaffold([*command, str(dest), "--defaults", *extra], cwd=tmp_path, env=env)


@pytest.mark.parametrize("how", list(MADE))
def test_every_kind_and_language_starts_as_a_repository_with_one_commit_of_every_file(
    tmp_path: Path, how: str
) -> None:
    project = tmp_path / "acme-sales"
    made = new(tmp_path, project, env=git_config(tmp_path), how=how)
    assert made.returncode == 0, made.stderr
    assert git(project, "rev-parse", "--show-toplevel").strip() == str(project.resolve())
    assert git(project, "status", "--porcelain", "--untracked-files=all") == ""
    assert set(git(project, "ls-files").splitlines()) == files_on_disk(project)
    template = MADE[how][1]
    subject, body = git(project, "log", "--format=%s%x00%b").split("\0")
    assert subject == f"acme-sales: new {MADE[how][0][0][4:]} from template {template} " + (
        f"{current_version(template)}, scaffold {__version__}"
    )
    assert "every file is as scaffold wrote it" in body
    assert git(project, "log", "-1", "--format=%an <%ae>").strip() == "Ada Dev <ada@example.com>"
    assert git(project, "branch", "--show-current").strip() == "main"  # the generated CI's branch
    commit = git(project, "log", "-1", "--format=%h").strip()
    assert f"git: a new repository with a first commit, {commit} on main, by Ada Dev" in made.stdout


def test_the_first_upgrade_needs_nothing_more(tmp_path: Path) -> None:
    """The found case: a fresh project's upgrade refused ("not in a git repository")."""
    project = tmp_path / "acme-sales"
    env = git_config(tmp_path)
    assert new(tmp_path, project, env=env).returncode == 0
    upgraded = run_scaffold(["upgrade", str(project)], env=env)
    assert upgraded.returncode == 0, upgraded.stderr
    assert "nothing to do" in upgraded.stdout


def test_no_git_makes_no_repository_and_says_nothing_of_git(tmp_path: Path) -> None:
    project = tmp_path / "acme-sales"
    made = new(tmp_path, project, "--no-git", env=git_config(tmp_path))
    assert made.returncode == 0, made.stderr
    assert not (project / ".git").exists()
    assert "git:" not in made.stdout


def test_inside_a_monorepo_no_repository_is_nested_and_the_monorepo_is_untouched(tmp_path: Path) -> None:
    env = git_config(tmp_path)
    mono = tmp_path / "mono"
    mono.mkdir()
    git(mono, "init", "--quiet")
    (mono / "staged.txt").write_text("theirs\n", encoding="utf-8")
    git(mono, "add", "staged.txt")
    made = new(tmp_path, mono / "services" / "acme-sales", env=env)
    assert made.returncode == 0, made.stderr
    assert not (mono / "services" / "acme-sales" / ".git").exists()
    (line,) = [line for line in made.stdout.splitlines() if line.startswith("git:")]
    assert f"is inside the git repository at {mono.resolve()}" in line
    assert "git -C" in line and "commit" in line
    # no commit made there, the user's staged file still staged, the project left for them to add
    assert subprocess.run(["git", "rev-parse", "HEAD"], cwd=mono, capture_output=True).returncode != 0
    assert git(mono, "status", "--porcelain").splitlines() == ["A  staged.txt", "?? services/"]


def test_a_folder_the_enclosing_repository_ignores_gets_its_own(tmp_path: Path) -> None:
    """A home folder kept in git with everything ignored: the project could never be committed there."""
    env = git_config(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    git(home, "init", "--quiet")
    (home / ".gitignore").write_text("*\n", encoding="utf-8")
    project = home / "acme-sales"
    made = new(tmp_path, project, env=env)
    assert made.returncode == 0, made.stderr
    assert git(project, "rev-parse", "--show-toplevel").strip() == str(project.resolve())
    assert f"(the repository at {home.resolve()} ignores" in made.stdout


def test_force_into_a_clone_commits_nothing_there(tmp_path: Path) -> None:
    env = git_config(tmp_path)
    clone = tmp_path / "acme-sales"
    clone.mkdir()
    git(clone, "init", "--quiet")
    made = new(tmp_path, clone, "--force", env=env)
    assert made.returncode == 0, made.stderr
    assert "is a git repository already, so scaffold made no commit in it" in made.stdout
    assert subprocess.run(["git", "rev-parse", "HEAD"], cwd=clone, capture_output=True).returncode != 0


def test_force_into_a_folder_with_files_commits_scaffolds_files_only(tmp_path: Path) -> None:
    env = git_config(tmp_path)
    project = tmp_path / "acme-sales"
    project.mkdir()
    (project / "notes.txt").write_text("a draft of ours\n", encoding="utf-8")
    made = new(tmp_path, project, "--force", env=env)
    assert made.returncode == 0, made.stderr
    assert git(project, "status", "--porcelain").splitlines() == ["?? notes.txt"]
    assert (project / "notes.txt").read_text(encoding="utf-8") == "a draft of ours\n"
    assert set(git(project, "ls-files").splitlines()) == files_on_disk(project) - {"notes.txt"}
    assert "files that were in" in made.stdout and "are not in it" in made.stdout


def test_without_git_on_path_nothing_is_written_and_no_git_is_the_way_out(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    dest = tmp_path / "parent" / "acme-sales"
    refused = new(tmp_path, dest, env={"PATH": str(empty)})
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr, refused.stderr
    assert "git is not installed" in refused.stderr and "--no-git" in refused.stderr
    assert not (tmp_path / "parent").exists()
    made = new(tmp_path, dest, "--no-git", env={"PATH": str(empty)})
    assert made.returncode == 0, made.stderr
    assert not (dest / ".git").exists()


def test_a_machine_without_a_git_identity_still_commits_and_is_told_whose(tmp_path: Path) -> None:
    # useConfigOnly: git may not guess an identity from the host name, as on a strict CI runner
    # (whether it could guess one depends on the machine's host name)
    env = {**git_config(tmp_path, "[user]\n\tuseConfigOnly = true\n"), "HOME": str(tmp_path)}
    project = tmp_path / "acme-sales"
    made = new(tmp_path, project, env=env)
    assert made.returncode == 0, made.stderr
    stand_in = f"{FALLBACK_NAME} <{FALLBACK_EMAIL}>"
    assert git(project, "log", "-1", "--format=%an <%ae>|%cn <%ce>").strip() == f"{stand_in}|{stand_in}"
    assert f"by {stand_in}" in made.stdout and "git has no user.name/user.email here" in made.stdout
    assert TAKE_OVER in made.stdout


def test_an_identity_given_in_the_environment_is_the_one_used(tmp_path: Path) -> None:
    """CI systems name the committer with GIT_* variables and configure nothing: git's own rule holds."""
    env = {
        **git_config(tmp_path, "[user]\n\tuseConfigOnly = true\n"),
        "GIT_AUTHOR_NAME": "CI Bot",
        "GIT_AUTHOR_EMAIL": "ci@example.com",
        "GIT_COMMITTER_NAME": "CI Bot",
        "GIT_COMMITTER_EMAIL": "ci@example.com",
    }
    project = tmp_path / "acme-sales"
    made = new(tmp_path, project, env=env)
    assert made.returncode == 0, made.stderr
    assert git(project, "log", "-1", "--format=%an <%ae>").strip() == "CI Bot <ci@example.com>"
    assert "stand-in" not in made.stdout


def test_a_failing_commit_leaves_dest_exactly_as_it_was(tmp_path: Path) -> None:
    """Signing is the user's setting and is kept; when it fails, nothing is half-done."""
    env = git_config(tmp_path, IDENTITY + "[commit]\n\tgpgSign = true\n[gpg]\n\tprogram = false\n")
    dest = tmp_path / "parent" / "acme-sales"
    refused = new(tmp_path, dest, env=env)
    assert refused.returncode == 1
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr, refused.stderr
    assert "git could not make the new project a repository (git commit:" in refused.stderr
    assert "nothing was written" in refused.stderr and "--no-git" in refused.stderr
    assert not (tmp_path / "parent").exists()
    occupied = tmp_path / "occupied"
    occupied.mkdir()
    (occupied / "notes.txt").write_text("ours\n", encoding="utf-8")
    assert new(tmp_path, occupied, "--force", "--name", "acme-sales", env=env).returncode == 1
    assert [p.name for p in occupied.iterdir()] == ["notes.txt"]


def test_the_commit_holds_files_the_users_global_excludes_name(tmp_path: Path) -> None:
    """A globally ignored lock file left out of the first commit would break CI's `npm ci`."""
    excludes = tmp_path / "excludes"
    excludes.write_text("package-lock.json\n*.md\n", encoding="utf-8")
    env = git_config(tmp_path, IDENTITY + f"[core]\n\texcludesFile = {excludes}\n")
    project = tmp_path / "acme-sales"
    made = new(tmp_path, project, env=env, how="typescript")
    assert made.returncode == 0, made.stderr
    tracked = set(git(project, "ls-files").splitlines())
    assert {"package-lock.json", "README.md"} <= tracked and tracked == files_on_disk(project)


def test_the_users_hooks_do_not_run_for_scaffolds_commit(tmp_path: Path) -> None:
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    ran = tmp_path / "ran"
    for name in ("pre-commit", "commit-msg", "prepare-commit-msg", "post-commit"):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\necho {name} >> '{ran}'\nexit 1\n", encoding="utf-8")
        hook.chmod(0o755)
    env = git_config(tmp_path, IDENTITY + f"[core]\n\thooksPath = {hooks}\n")
    project = tmp_path / "acme-sales"
    made = new(tmp_path, project, env=env)
    assert made.returncode == 0, made.stderr
    assert not ran.exists(), ran.read_text(encoding="utf-8")
    assert git(project, "rev-list", "--count", "HEAD").strip() == "1"


def test_the_users_default_branch_and_another_repository_in_git_dir_are_respected(tmp_path: Path) -> None:
    """init.defaultBranch names the branch; a GIT_DIR set in the shell (a hook's) is not written to."""
    other = tmp_path / "other"
    other.mkdir()
    git(other, "init", "--quiet")
    env = {
        **git_config(tmp_path, IDENTITY + "[init]\n\tdefaultBranch = trunk\n"),
        "GIT_DIR": str(other / ".git"),
    }
    project = tmp_path / "acme-sales"
    made = new(tmp_path, project, env=env)
    assert made.returncode == 0, made.stderr
    assert git(project, "branch", "--show-current").strip() == "trunk"
    assert " on trunk, " in made.stdout
    assert subprocess.run(["git", "rev-parse", "HEAD"], cwd=other, capture_output=True).returncode != 0
    assert os.listdir(other) == [".git"]
