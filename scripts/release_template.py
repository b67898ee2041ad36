"""Start a new version of a project template, keeping the released one as changes in history/.

Usage:
    python scripts/release_template.py TEMPLATE NEW_VERSION   # before editing templates/TEMPLATE/
    python scripts/release_template.py --refresh TEMPLATE     # after editing it, before committing

(TEMPLATE: a folder of templates/ named in scaffold.contracts, e.g. plugin-python.) The first form
marks the current template as released: it records the git tree id of its files in
templates/history/TEMPLATE/trees.yaml, writes templates/history/TEMPLATE/<current
version>.changes with no change in it (the working template is that version right now) and sets
templates/versions.yaml to NEW_VERSION. Editing templates/TEMPLATE/ afterwards makes those
changes stale: scaffold refuses to build its template store, and CI fails naming the command,
until `--refresh` rewrites them as what turns the edited template back into the released version
(read from git by its tree id). Older changes never change. scaffold rebuilds every released
version from the current template and these changes (scaffold.projects.templates.changes), so it
can 3-way-merge template changes into projects made by any earlier scaffold. Why this format:
docs/design/template-history.md.
"""

from __future__ import annotations

import argparse
import io
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from packaging.version import Version

from scaffold.contracts import TEMPLATES
from scaffold.projects.templates.changes import describe_changes
from scaffold.projects.templates.history import (
    MANIFEST,
    copy_files,
    history_folder,
    make_changes,
    past_versions,
    read_manifest,
    rebuild_trees,
    tree_of,
)
from scaffold.projects.templates.layers import template_folder
from scaffold.projects.templates.store_git import run_git

ROOT = Path(__file__).resolve().parents[1] / "templates"


def release(template: str, new_version: str, root: Path = ROOT) -> Path:
    """Mark the current `template` template as released and start `new_version`; the new changes file."""
    versions_file = root / "versions.yaml"
    text = versions_file.read_text(encoding="utf-8")
    match = re.search(rf"^{template}:\s*(\S+)\s*$", text, re.MULTILINE)
    if match is None:
        raise SystemExit(f"{versions_file} has no version for {template}")
    current = match[1]
    if Version(new_version) <= Version(current):
        raise SystemExit(f"{new_version} is not newer than the current {template} template {current}")
    trees = read_manifest(root, template)
    if current in trees:
        raise SystemExit(
            f"{template} {current} was released before (templates/history/{template}/{MANIFEST})"
        )
    trees[current] = tree_of(template_folder(root, template))
    changes = history_folder(root, template) / f"{current}.changes"
    changes.parent.mkdir(parents=True, exist_ok=True)
    changes.write_bytes(describe_changes({}, {}, {}, _comment(template, current)))
    write_manifest(root, template, trees)
    versions_file.write_text(text[: match.start(1)] + new_version + text[match.end(1) :], encoding="utf-8")
    return changes


def _comment(template: str, version: str) -> str:
    return (
        f"Turns the {template} template's next newer version into {version}; written by "
        "scripts/release_template.py."
    )


def refresh(template: str, root: Path = ROOT, released: Path | None = None) -> Path:
    """Rewrite the newest changes so they turn the edited template back into the released version.

    `released`: a folder with that version's files; by default they are read from the git
    repository holding `root`, by the tree id the manifest records.
    """
    past = past_versions(root, template)
    if not past:
        raise SystemExit(f"the {template} template has no released version to refresh the changes of")
    newest = past[0]
    with tempfile.TemporaryDirectory() as scratch:
        if released is None:
            released = _released_folder(root, template, newest.tree, Path(scratch) / "released")
        if tree_of(released) != newest.tree:
            raise SystemExit(f"{released} is not the released {template} template {newest.version}")
        (Path(scratch) / "diff").mkdir()
        newest.changes.write_bytes(
            make_changes(
                template_folder(root, template),
                released,
                Path(scratch) / "diff",
                _comment(template, newest.version),
            )
        )
        check = Path(scratch) / "check"
        copy_files(template_folder(root, template), check)
        run_git(check, "init", "--quiet")
        rebuild_trees(template, [newest], check)  # refuses changes that miss
    return newest.changes


def write_manifest(root: Path, template: str, trees: dict[str, str]) -> None:
    lines = [
        f"# Each released version of the {template} template and the git tree id of its files,",
        f"# which the rebuild from templates/{template}/ and <version>.changes must give. Written by",
        "# scripts/release_template.py; see docs/design/template-history.md.",
        *(f'"{version}": {trees[version]}' for version in sorted(trees, key=Version)),
    ]
    (history_folder(root, template) / MANIFEST).write_text("\n".join(lines) + "\n", encoding="utf-8")


def _released_folder(root: Path, template: str, tree: str, target: Path) -> Path:
    """The files of the released template whose tree id is `tree`, in a folder under `target`.

    A template that takes shared layers (templates/_shared/) has a tree id git never stored:
    the merged folder's. Its files are then rebuilt from the commit that recorded the id, the
    way the release built them.
    """
    top = Path(_git(root, "rev-parse", "--show-toplevel").decode().strip())
    if _git(top, "cat-file", "-t", tree, check=False).strip() == b"tree":
        _extract_tree(root, tree, target)
        return target
    manifest = history_folder(root, template) / MANIFEST
    commits = _git(top, "log", "--format=%H", "-S", tree, "--", str(manifest.relative_to(top))).split()
    if not commits:
        raise SystemExit(f"git does not know tree {tree}: refresh in a clone holding the release commit")
    # The release commit holds the released files, unless the edit was committed with it:
    # then its parent does.
    for commit in (commits[-1].decode(), commits[-1].decode() + "^"):
        folder = target / commit.replace("^", "-parent")
        archive = _git(top, "archive", "--format=tar", commit, str(root.relative_to(top)))
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(folder, filter="data")
        released = template_folder(folder / root.relative_to(top), template)
        if tree_of(released) == tree:
            return released
    raise SystemExit(f"neither commit {commits[-1].decode()[:12]} nor its parent holds tree {tree}")


def _extract_tree(root: Path, tree: str, target: Path) -> None:
    """The files of git tree `tree` from the repository holding `root`, written to `target`."""
    top = _git(root, "rev-parse", "--show-toplevel").decode().strip()
    if _git(Path(top), "cat-file", "-t", tree, check=False).strip() != b"tree":
        raise SystemExit(f"git does not know tree {tree}: refresh in a clone holding the release commit")
    archive = _git(Path(top), "archive", "--format=tar", tree)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(target, filter="data")


def _git(cwd: Path, *args: str, check: bool = True) -> bytes:
    result = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    if check and result.returncode != 0:
        raise SystemExit(f"git {args[0]} failed in {cwd}: {result.stderr.decode(errors='replace').strip()}")
    return result.stdout


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("template", choices=sorted(TEMPLATES))
    parser.add_argument("new_version", nargs="?")
    parser.add_argument("--refresh", action="store_true", help="rewrite the newest changes (see above)")
    parser.add_argument(
        "--templates", type=Path, default=ROOT, help="templates folder (default: this repo's)"
    )
    args = parser.parse_args()
    if args.refresh == (args.new_version is not None):
        parser.error("give either NEW_VERSION or --refresh")
    if args.refresh:
        changes = refresh(args.template, args.templates)
        print(f"rewrote {changes} ({changes.stat().st_size} bytes)")
        return
    changes = release(args.template, args.new_version, args.templates)
    print(f"released {args.template} {changes.stem}; templates/{args.template}/ is now {args.new_version}")
    print(f"edit the template, then: python scripts/release_template.py --refresh {args.template}")
    print("refresh the golden trees (python -m tests.golden.refresh) and run the tests")


if __name__ == "__main__":
    sys.exit(main())
