"""A versioned git repository of scaffold's project templates, kept per user.

copier can only update a project when its template is a git repository with version tags, and it
rebuilds the *old* template version from the `_src_path` recorded in the project. scaffold ships
its templates as plain folders inside the wheel, so it builds this repository on demand:

- one repository per template at `<user data home>/template-store/<store>`, where `<store>` is the
  template's store name (scaffold.contracts.TemplateNames: `plugin` for templates/plugin-python/);
- one commit per template version, tagged `v<version>`, its message "<store> template <version>":
  every released version, rebuilt from the current `templates/<template>/` and the reverse changes
  in `templates/history/<template>/`, each checked against the git tree id it was released with (scaffold.projects.templates.history), then the
  current version;
- commits are made with a fixed author and date, so the same content gives the same commit
  on every machine;
- every project records the store as RECORDED_STORES/<store> (`_src_path`), whatever SCAFFOLD_HOME
  or XDG_DATA_HOME say on the machine that made or upgraded it: the answers file is the same bytes
  on every machine (found: two CI runners upgrading one project wrote two paths, and a pull-request
  bot would churn on it; issue 41). scaffold never reads it back (it renders from its own store,
  found through the data home); it is where the store lies by default, `~/` for copier to expand.

A newer scaffold carries every older template version as changes in its history folder, which is
what lets it upgrade a project made by an earlier scaffold even on a machine that never ran that
version. The commits are the ones earlier scaffolds made from full copies of each version (same
files, order, author, date and message), so stores and projects made before stay valid.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from packaging.version import InvalidVersion, Version

from scaffold.contracts import store_name
from scaffold.errors import TemplateError
from scaffold.projects.templates.store_git import require_git, run_git
from scaffold.projects.templates.integrity import git_dir_is_plain
from scaffold.projects.templates.history import copy_files, past_versions, rebuild_trees, tree_of
from scaffold.projects.templates.layers import template_folder
from scaffold.resources import data_home_error, templates_root, user_data_home

# v3: the marker records each version's git tree id (v2: a sha256 of the copy in templates/history);
# an older store is rebuilt once, to the same commits.
_MARKER = "scaffold-store-v3.json"


@dataclass(frozen=True)
class TemplateVersion:
    """One version of a template (its folder under templates/) and the git tree id its files have."""

    template: str
    version: str
    tree: str

    @property
    def tag(self) -> str:
        return f"v{self.version}"


def current_version(template: str, root: Path | None = None) -> str:
    """The template version scaffold renders new projects with (templates/versions.yaml)."""
    base = root or templates_root()
    try:
        versions = yaml.safe_load((base / "versions.yaml").read_text(encoding="utf-8"))
        value = str(versions[template])
        Version(value)
    except (OSError, KeyError, TypeError, yaml.YAMLError, InvalidVersion) as exc:
        raise TemplateError(
            f"templates/versions.yaml has no valid version for the {template} template",
            hint="Reinstall scaffold; this file ships with it.",
        ) from exc
    return value


def known_versions(template: str, root: Path | None = None) -> list[TemplateVersion]:
    """Every template version this scaffold can render, oldest first, the current one last."""
    base = root or templates_root()
    current = current_version(template, base)
    found = [TemplateVersion(template, v.version, v.tree) for v in past_versions(base, template)]
    found = [v for v in found if v.version != current]
    found.append(TemplateVersion(template, current, tree_of(template_folder(base, template))))
    return sorted(found, key=lambda v: Version(v.version))


RECORDED_STORES = "~/.local/share/scaffold/template-store"
_SOURCE_LINE = re.compile(r"(?m)^_src_path: .*$")


@dataclass(frozen=True)
class TemplateSource:
    """Where copier should read a template from, and the tag of the version to render."""

    template: str
    path: Path
    src_path: str  # where copier reads it on this machine
    version: str

    @property
    def tag(self) -> str:
        return f"v{self.version}"

    @property
    def recorded_src_path(self) -> str:
        """What a project's answers record as `_src_path`: the same on every machine."""
        return f"{RECORDED_STORES}/{store_name(self.template)}"


def record_portable_source(answers_file: Path, source: TemplateSource) -> None:
    """Where copier rendered a project (it records the path it read): the machine's store path in
    the answers file becomes `source.recorded_src_path`, as scaffold's own renderer writes it."""
    text = answers_file.read_text(encoding="utf-8")
    answers_file.write_text(
        _SOURCE_LINE.sub(lambda _: f"_src_path: {source.recorded_src_path}", text, count=1), encoding="utf-8"
    )


def ensure_store(template: str, root: Path | None = None) -> TemplateSource:
    """The store for `template`, built or extended so it holds every version this scaffold knows."""
    require_git()
    try:
        return _ensure_store(template, root)
    except OSError as exc:
        raise data_home_error(exc) from exc


def planned_store(template: str) -> TemplateSource:
    """Where `template`'s store is and the version a new project gets, without building the store.

    `new-*` renders the current version from the shipped folder with scaffold's own renderer and
    only records the store's path and tag (`_src_path`, `_commit`); building the store (a git
    commit per past version) is left to what reads it: copier, when only copier can render, and
    `upgrade`. That is most of a first run's cost after an install (`bench/new_plugin.py`).
    """
    store = user_data_home() / "template-store" / store_name(template)
    try:  # the folder the project will name must be one scaffold can build the store in
        store.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise data_home_error(exc) from exc
    return TemplateSource(
        template=template, path=store, src_path=_portable(store), version=current_version(template)
    )


def rebuild_if_damaged(source: TemplateSource) -> bool:
    """Check the store before copier reads it; if it is damaged or not what scaffold ships,
    delete and rebuild it. True when rebuilt.

    Checked: no git setting or hook that could run a command, `git fsck` (every object's bytes
    match its id), and every version's tag naming exactly the tree of the shipped files
    (scaffold.projects.templates.integrity). The store is a cache of what the wheel ships, so
    rebuilding it loses nothing.
    """
    if _trustworthy(source):
        return False
    shutil.rmtree(source.path, ignore_errors=True)
    ensure_store(source.template)
    return True


def _trustworthy(source: TemplateSource) -> bool:
    if not git_dir_is_plain(source.path):
        return False
    if not _git_ok(source.path, "fsck", "--no-progress", "--no-dangling"):
        return False
    # The past versions' ids come from the shipped manifest; the rebuild was checked against them.
    versions = known_versions(source.template)
    try:
        trees = run_git(source.path, "rev-parse", *(f"{v.tag}^{{tree}}" for v in versions)).split()
    except (TemplateError, OSError):
        return False
    return trees == [v.tree for v in versions]


def _git_ok(cwd: Path, *args: str) -> bool:
    try:
        run_git(cwd, *args)
    except (TemplateError, OSError):
        return False
    return True


def _ensure_store(template: str, root: Path | None) -> TemplateSource:
    base = root or templates_root()
    versions = known_versions(template, base)
    expected = {v.version: v.tree for v in versions}
    store = user_data_home() / "template-store" / store_name(template)
    with _locked(store.with_suffix(".lock")):
        if (store / ".git").is_dir() and not git_dir_is_plain(store):
            shutil.rmtree(store)  # never run git where a setting or hook could run a command
        recorded = _read_marker(store)
        stale = [v for v in versions if recorded.get(v.version) not in (None, expected[v.version])]
        if stale or bool(recorded) != (store / ".git").is_dir():
            shutil.rmtree(store, ignore_errors=True)
            recorded = {}
        missing = [v for v in versions if v.version not in recorded]
        if any(v.version != versions[-1].version for v in missing) and recorded:
            # past versions are committed first, before any other: start the store again
            shutil.rmtree(store, ignore_errors=True)
            recorded, missing = {}, versions
        if missing:
            _add_versions(store, base, missing, recorded, expected)
    return TemplateSource(
        template=template, path=store, src_path=_portable(store), version=versions[-1].version
    )


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
    store: Path,
    base: Path,
    versions: list[TemplateVersion],
    recorded: dict[str, str],
    expected: dict[str, str],
) -> None:
    """Commit and tag each missing version; build a fresh store in a temp folder first.

    The past versions are rebuilt in the store's own work tree from the current template and the
    changes (templates.history) and committed with `git commit-tree`; the current version is then
    copied in and committed with `git commit`. Both give the commits `git commit` of each
    version's files gave when they were copies: same trees, parents, author, date and message.
    """
    fresh = not (store / ".git").is_dir()
    work = Path(tempfile.mkdtemp(prefix=f".{store.name}-", dir=_parent(store))) if fresh else store
    template, current = versions[0].template, current_version(versions[0].template, base)
    try:
        if fresh:
            run_git(work, "init", "--quiet", "--initial-branch=main")
        past = [v for v in versions if v.version != current]
        if past:
            _add_past_versions(work, base, past)
            recorded.update((v.version, expected[v.version]) for v in past)
        if any(v.version == current for v in versions):
            _replace_tree(work, template_folder(base, template))
            (work / ".git" / "index").unlink(missing_ok=True)  # re-hash every file (see rebuild_trees)
            run_git(work, "add", "--all", "--force")
            run_git(
                work, "commit", "--quiet", "--allow-empty", "-m", f"{store_name(template)} template {current}"
            )
            run_git(work, "tag", "--force", f"v{current}")
            recorded[current] = expected[current]
        (work / ".git" / _MARKER).write_text(json.dumps(recorded, sort_keys=True), encoding="utf-8")
        if fresh:
            shutil.rmtree(store, ignore_errors=True)
            os.replace(work, store)
    except BaseException:
        if fresh:
            shutil.rmtree(work, ignore_errors=True)
        raise


def _add_past_versions(work: Path, base: Path, past: list[TemplateVersion]) -> None:
    """Commit every past version, oldest first, in a store that has no commit yet."""
    template = past[0].template
    _replace_tree(work, template_folder(base, template))
    trees = rebuild_trees(template, past_versions(base, template), work)
    parent: list[str] = []
    for version in past:
        message = f"{store_name(template)} template {version.version}"
        commit = run_git(work, "commit-tree", trees[version.version], *parent, "-m", message).strip()
        run_git(work, "tag", "--force", version.tag, commit)
        parent = ["-p", commit]
    run_git(work, "update-ref", "refs/heads/main", commit)


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
    copy_files(source, work)


@contextlib.contextmanager
def _locked(lock_path: Path) -> Iterator[None]:
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "w", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
