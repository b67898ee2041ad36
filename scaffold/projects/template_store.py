"""A versioned git repository of scaffold's project templates, kept per user.

copier can only update a project when its template is a git repository with version tags, and it
rebuilds the *old* template version from the `_src_path` recorded in the project. scaffold ships
its templates as plain folders inside the wheel, so it builds this repository on demand:

- one repository per template kind at `<user data home>/template-store/<kind>`;
- one commit per template version, tagged `v<version>`: every released version kept under
  `templates/history/<kind>/<version>/` plus the current `templates/<kind>/`;
- commits are made with a fixed author and date, so the same content gives the same commit
  on every machine;
- the recorded `_src_path` is written as `~/...` when the store lies in the home directory, which
  copier expands, so a project stays upgradable on a teammate's machine.

A newer scaffold carries every older template version in its history folder, which is what lets
it upgrade a project made by an earlier scaffold even on a machine that never ran that version.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from packaging.version import InvalidVersion, Version

from scaffold.errors import TemplateError, ToolMissingError
from scaffold.projects.store_integrity import git_dir_is_plain, git_tree_id
from scaffold.resources import data_home_error, templates_root, user_data_home

_FIXED_DATE = "2026-01-01T00:00:00+00:00"
# v2: stores built before every version was re-hashed on commit (see _add_versions) are rebuilt.
_MARKER = "scaffold-store-v2.json"


@dataclass(frozen=True)
class TemplateVersion:
    """One version of a template kind and the folder holding its files."""

    kind: str
    version: str
    folder: Path

    @property
    def tag(self) -> str:
        return f"v{self.version}"


def current_version(kind: str, root: Path | None = None) -> str:
    """The template version scaffold renders new projects with (templates/versions.yaml)."""
    base = root or templates_root()
    try:
        versions = yaml.safe_load((base / "versions.yaml").read_text(encoding="utf-8"))
        value = str(versions[kind])
        Version(value)
    except (OSError, KeyError, TypeError, yaml.YAMLError, InvalidVersion) as exc:
        raise TemplateError(
            f"templates/versions.yaml has no valid version for the {kind} template",
            hint="Reinstall scaffold; this file ships with it.",
        ) from exc
    return value


def known_versions(kind: str, root: Path | None = None) -> list[TemplateVersion]:
    """Every template version this scaffold can render, oldest first, the current one last."""
    base = root or templates_root()
    current = current_version(kind, base)
    found = [TemplateVersion(kind, current, base / kind)]
    history = base / "history" / kind
    if history.is_dir():
        for folder in history.iterdir():
            if folder.is_dir() and folder.name != current:
                found.append(TemplateVersion(kind, folder.name, folder))
    return sorted(found, key=lambda v: Version(v.version))


def content_hash(folder: Path) -> str:
    """A hash of a template folder's files (paths, bytes, executable bits), order-independent."""
    digest = hashlib.sha256()
    for path in sorted(_template_files(folder)):
        relative = path.relative_to(folder).as_posix()
        digest.update(relative.encode())
        digest.update(b"\0x" if os.access(path, os.X_OK) else b"\0-")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _template_files(folder: Path) -> Iterator[Path]:
    for path in folder.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path


@dataclass(frozen=True)
class TemplateSource:
    """Where copier should read a template kind from, and the tag of the version to render."""

    kind: str
    path: Path
    src_path: str
    version: str

    @property
    def tag(self) -> str:
        return f"v{self.version}"


def ensure_store(kind: str, root: Path | None = None) -> TemplateSource:
    """The store for `kind`, built or extended so it holds every version this scaffold knows."""
    _require_git()
    try:
        return _ensure_store(kind, root)
    except OSError as exc:
        raise data_home_error(exc) from exc


def rebuild_if_damaged(source: TemplateSource) -> bool:
    """Check the store before copier reads it; if it is damaged or not what scaffold ships,
    delete and rebuild it. True when rebuilt.

    Checked: no git setting or hook that could run a command, `git fsck` (every object's bytes
    match its id), and every version's tag naming exactly the tree of the shipped files
    (scaffold.projects.store_integrity). The store is a cache of what the wheel ships, so
    rebuilding it loses nothing.
    """
    if _trustworthy(source):
        return False
    shutil.rmtree(source.path, ignore_errors=True)
    ensure_store(source.kind)
    return True


def _trustworthy(source: TemplateSource) -> bool:
    if not git_dir_is_plain(source.path):
        return False
    if not _git_ok(source.path, "fsck", "--no-progress", "--no-dangling"):
        return False
    versions = known_versions(source.kind)
    try:
        trees = _git(source.path, "rev-parse", *(f"{v.tag}^{{tree}}" for v in versions)).split()
    except (TemplateError, OSError):
        return False
    expected = [git_tree_id(v.folder, _template_files(v.folder)) for v in versions]
    return trees == expected


def _git_ok(cwd: Path, *args: str) -> bool:
    try:
        _git(cwd, *args)
    except (TemplateError, OSError):
        return False
    return True


def _ensure_store(kind: str, root: Path | None) -> TemplateSource:
    versions = known_versions(kind, root)
    expected = {v.version: content_hash(v.folder) for v in versions}
    store = user_data_home() / "template-store" / kind
    with _locked(store.with_suffix(".lock")):
        if (store / ".git").is_dir() and not git_dir_is_plain(store):
            shutil.rmtree(store)  # never run git where a setting or hook could run a command
        recorded = _read_marker(store)
        stale = [v for v in versions if recorded.get(v.version) not in (None, expected[v.version])]
        if stale or bool(recorded) != (store / ".git").is_dir():
            shutil.rmtree(store, ignore_errors=True)
            recorded = {}
        missing = [v for v in versions if v.version not in recorded]
        if missing:
            _add_versions(store, missing, recorded, expected)
    return TemplateSource(kind=kind, path=store, src_path=_portable(store), version=versions[-1].version)


def _portable(path: Path) -> str:
    """`~/...` when under the home directory (copier expands it), else the absolute path."""
    home = Path.home().resolve()
    resolved = path.resolve()
    if resolved.is_relative_to(home):
        return "~/" + resolved.relative_to(home).as_posix()
    return resolved.as_posix()


def _read_marker(store: Path) -> dict[str, str]:
    try:
        data = json.loads((store / ".git" / _MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _add_versions(
    store: Path, versions: list[TemplateVersion], recorded: dict[str, str], expected: dict[str, str]
) -> None:
    """Commit and tag each missing version; build a fresh store in a temp folder first."""
    fresh = not (store / ".git").is_dir()
    work = Path(tempfile.mkdtemp(prefix=f".{store.name}-", dir=_parent(store))) if fresh else store
    try:
        if fresh:
            _git(work, "init", "--quiet", "--initial-branch=main")
        for version in versions:
            _replace_tree(work, version.folder)
            # Without an index git trusts nothing it cached: a file copied with the same size and
            # mtime as the previous version's (a fresh clone, a wheel install) is still re-hashed.
            (work / ".git" / "index").unlink(missing_ok=True)
            _git(work, "add", "--all", "--force")
            _git(
                work, "commit", "--quiet", "--allow-empty", "-m", f"{version.kind} template {version.version}"
            )
            _git(work, "tag", "--force", version.tag)
            recorded[version.version] = expected[version.version]
        (work / ".git" / _MARKER).write_text(json.dumps(recorded, sort_keys=True), encoding="utf-8")
        if fresh:
            shutil.rmtree(store, ignore_errors=True)
            os.replace(work, store)
    except BaseException:
        if fresh:
            shutil.rmtree(work, ignore_errors=True)
        raise


def _parent(store: Path) -> Path:
    store.parent.mkdir(parents=True, exist_ok=True)
    return store.parent


def _replace_tree(work: Path, source: Path) -> None:
    for entry in work.iterdir():
        if entry.name == ".git":
            continue
        if entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry)
        else:
            entry.unlink()
    for path in _template_files(source):
        target = work / path.relative_to(source)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)


def _git(cwd: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "scaffold",
        "GIT_AUTHOR_EMAIL": "scaffold@localhost",
        "GIT_COMMITTER_NAME": "scaffold",
        "GIT_COMMITTER_EMAIL": "scaffold@localhost",
        "GIT_AUTHOR_DATE": _FIXED_DATE,
        "GIT_COMMITTER_DATE": _FIXED_DATE,
        "GIT_CONFIG_NOSYSTEM": "1",
        # The user's own git settings (hooks, filters, autocrlf) must neither run nor change bytes.
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    result = subprocess.run(
        [
            "git",
            *("-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"),
            *("-c", f"core.hooksPath={os.devnull}", "-c", "core.fsmonitor=false"),
            *args,
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:
        raise TemplateError(
            f"git {args[0]} failed in the template store {cwd}: {result.stderr.strip()}",
            hint=f"Delete {cwd} and run the command again.",
        )
    return result.stdout


def _require_git() -> None:
    if shutil.which("git") is None:
        raise ToolMissingError(
            "git is not installed; scaffold keeps template versions in a git repository",
            hint="Install git (e.g. apt-get install -y git) and run the command again.",
        )


@contextlib.contextmanager
def _locked(lock_path: Path) -> Iterator[None]:
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
