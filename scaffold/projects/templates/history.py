"""Past template versions, rebuilt from the current template and one set of changes per release.

scaffold ships each project template once (`templates/<template>/`, the current version; a
template is named <kind>-<service language> in scaffold.contracts). For every released version V
it ships `templates/history/<template>/V.changes` (scaffold.projects.templates.changes: what turns
the next newer version into V) and one line of `templates/history/<template>/trees.yaml`: the git
tree id V's files must have. Rebuilding walks from the current template down through the changes
and compares each result with its tree id, so changes that no longer fit (the working template
was edited and the newest changes not refreshed, a damaged install) are refused by name instead of
giving users' upgrades a wrong base. Why changes rather than copies or git patches:
docs/design/template-history.md.
"""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import yaml
from packaging.version import InvalidVersion, Version

from scaffold.errors import TemplateError
from scaffold.projects.templates.store_git import run_git, run_git_bytes
from scaffold.projects.templates.integrity import git_tree_id
from scaffold.projects.templates.changes import ChangesError, TemplateFile, apply_changes, describe_changes

MANIFEST = "trees.yaml"
_MANIFEST_LIMIT = 256 * 1024
_TREE_ID = re.compile(r"[0-9a-f]{40}")


@dataclass(frozen=True)
class PastVersion:
    """A released template version: the tree id its files must have and the changes that make it."""

    version: str
    tree: str
    changes: Path


def template_files(folder: Path) -> Iterator[Path]:
    """The files a template consists of (what the store commits): no bytecode caches."""
    for path in folder.rglob("*"):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc":
            yield path


def tree_of(folder: Path) -> str:
    """The git tree id of a template folder's files, as the store's commit of it will have."""
    return git_tree_id(folder, template_files(folder))


def history_folder(root: Path, template: str) -> Path:
    return root / "history" / template


def read_manifest(root: Path, template: str) -> dict[str, str]:
    """Released version -> tree id, from templates/history/<template>/trees.yaml (empty if none)."""
    manifest = history_folder(root, template) / MANIFEST
    problem = f"templates/history/{template}/{MANIFEST} is not a list of template versions and tree ids"
    try:
        if not manifest.is_file():
            return {}
        if manifest.stat().st_size > _MANIFEST_LIMIT:
            raise TemplateError(problem, hint="Reinstall scaffold; this file ships with it.")
        data = yaml.safe_load(manifest.read_text(encoding="utf-8")) or {}
        trees = {str(version): str(tree) for version, tree in data.items()}
        for version, tree in trees.items():
            Version(version)
            if not _TREE_ID.fullmatch(tree):
                raise ValueError(tree)
    except (OSError, AttributeError, ValueError, yaml.YAMLError, InvalidVersion) as exc:
        raise TemplateError(problem, hint="Reinstall scaffold; this file ships with it.") from exc
    return trees


def past_versions(root: Path, template: str) -> list[PastVersion]:
    """Every released version of `template` before the current one, newest first."""
    folder = history_folder(root, template)
    return [
        PastVersion(version, tree, folder / f"{version}.changes")
        for version, tree in sorted(
            read_manifest(root, template).items(), key=lambda item: Version(item[0]), reverse=True
        )
    ]


def rebuild_trees(template: str, past: list[PastVersion], work: Path) -> dict[str, str]:
    """The git tree of each version in `past` (newest first, contiguous from the version whose
    files are in the git work tree `work`), each checked against its released id.

    The changes are applied to the work tree one after the other and each result is staged and
    written as a tree object; the caller commits the trees (oldest first) and puts the files it
    wants back into the work tree. Why not a folder per version: one copy of the template is
    enough, and git hashes the files once.
    """
    trees: dict[str, str] = {}
    for item in past:
        _apply(template, item, work)
        # Without an index git trusts nothing it cached: a patched file of the same size and
        # mtime as before is still re-hashed.
        (work / ".git" / "index").unlink(missing_ok=True)
        run_git(work, "add", "--all", "--force")
        tree = run_git(work, "write-tree").strip()
        if tree != item.tree:
            raise _not_rebuilt(template, item, f"{item.changes.name} gives other files than were released")
        trees[item.version] = tree
    return trees


def _apply(template: str, item: PastVersion, work: Path) -> None:
    """Apply `item`'s changes to the work tree (which holds the next newer version)."""
    try:
        text = item.changes.read_bytes()
    except OSError as exc:
        raise _not_rebuilt(template, item, f"{item.changes.name} is missing") from exc
    try:
        apply_changes(text, work)
    except ChangesError as exc:
        raise _not_rebuilt(template, item, f"{item.changes.name} does not apply ({exc})") from exc


def _not_rebuilt(template: str, item: PastVersion, why: str) -> TemplateError:
    return TemplateError(
        f"scaffold cannot rebuild its {template} template {item.version}, which upgrades start from: {why}",
        hint=(
            "Reinstall scaffold. In a scaffold checkout where templates/"
            f"{template}/ was edited, run `python scripts/release_template.py --refresh {template}`."
        ),
    )


def make_changes(newer: Path, older: Path, scratch: Path, comment: str) -> bytes:
    """The changes text that turns the template files of `newer` into those of `older`; git's
    rename detection (`git diff -M`) tells which files moved."""
    run_git(scratch, "init", "--quiet")
    copy_files(newer, scratch / "newer")
    copy_files(older, scratch / "older")
    # --force: a template's own .gitignore must not keep its files out of the comparison
    run_git(scratch, "add", "--all", "--force", "newer", "older")
    tree = run_git(scratch, "write-tree").strip()
    listing = run_git_bytes(
        scratch, "diff", "--name-status", "-M", "-z", "--no-color", "--no-ext-diff",
        f"{tree}:newer", f"{tree}:older",
    ).split(b"\0")  # fmt: skip
    renames: dict[str, str] = {}
    at = 0
    while at < len(listing) - 1:
        status = listing[at]
        if status.startswith(b"R"):
            renames[listing[at + 2].decode("utf-8")] = listing[at + 1].decode("utf-8")
            at += 3
        else:
            at += 2
    return describe_changes(_files(newer), _files(older), renames, comment)


def _files(folder: Path) -> dict[str, TemplateFile]:
    return {
        path.relative_to(folder).as_posix(): TemplateFile(
            path.read_bytes(), bool(path.stat().st_mode & 0o100)
        )
        for path in template_files(folder)
    }


def copy_files(source: Path, target: Path) -> None:
    """The template files of `source` copied into `target` (which may exist), modes included."""
    target.mkdir(parents=True, exist_ok=True)
    for path in template_files(source):
        destination = target / path.relative_to(source)
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)
