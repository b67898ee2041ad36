"""scaffold's template merge (scaffold.projects.templates.update) gives what `copier update` gives.

Up to scaffold 1.7.0 the template part of an upgrade was `copier.run_update` (the call kept here as
`copier_update`, with the arguments scaffold gave it). Each case makes a project of a past template
version (every template's oldest and newest past version), commits it, then edits it as teams do:
a template-owned file appended to (merges cleanly), one rewritten where the new version changed it
too (an inline conflict), one deleted, one made executable, a file of the user's where the new
version adds one, a starter file edited and one deleted. Two clones of that commit are upgraded
to the current template version, one by copier and one by the merge, and their trees are compared
(paths, bytes, executable bits), the answers file included. The upgrade matrices
(tests/functional/test_upgrade_matrix*.py) check the whole upgrade from every past version.
"""

from __future__ import annotations

import re
import subprocess
import warnings
from pathlib import Path
from typing import Any

import pytest
import yaml

from scaffold import __version__
from scaffold.contracts import KIND_NAMES
from scaffold.projects.project import ANSWERS_FILE
from scaffold.projects.starter_files import RenderedFile, starter_matcher
from scaffold.projects.templates.merge import rendered_template
from scaffold.projects.templates.render import current_template_folder
from scaffold.projects.templates.store import (
    TemplateSource,
    ensure_store,
    known_versions,
    record_portable_source,
)
from scaffold.projects.templates.update import LABELS, merge_file, merge_template_update
from scaffold.specs.catalog import versions_of
from tests.git_helpers import git
from tests.unit.test_template_render_history import _templates

NAMES = {"plugin": "acme-sales", "module": "acme-map"}


def _kind(template: str) -> str:
    return next(k for k, names in KIND_NAMES.items() if template in (t.folder for t in names.templates))


def _cases() -> list[Any]:
    cases = []
    for template in _templates():
        past = [v.version for v in known_versions(template)[:-1]]
        if not past:  # a template's first version has nothing to update from yet
            continue
        for version in sorted({past[0], past[-1]}, key=past.index):
            cases.append(pytest.param(template, version, id=f"{template}-{version}"))
    return cases


def _tree(root: Path) -> dict[str, tuple[str, bytes]]:
    """Every file below root but .git: path -> (executable or not, bytes); symlinks by target."""
    found: dict[str, tuple[str, bytes]] = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if relative == ".git" or relative.startswith(".git/") or (path.is_dir() and not path.is_symlink()):
            continue
        if path.is_symlink():
            found[relative] = ("link", str(path.readlink()).encode())
        else:
            found[relative] = ("x" if path.stat().st_mode & 0o111 else "-", path.read_bytes())
    return found


def _edit_as_a_team(
    project: Path, old: dict[str, RenderedFile], new: dict[str, RenderedFile], is_starter: Any
) -> list[str]:
    """The edits of the module docstring, on files picked by how the versions differ; what was done."""
    owned = sorted(p for p in old if not is_starter(p) and p != ANSWERS_FILE and b"\0" not in old[p].data)
    same = [p for p in owned if p in new and new[p] == old[p]]
    changed = [p for p in owned if p in new and new[p].data != old[p].data]
    starters = sorted(p for p in old if is_starter(p))
    added = sorted(p for p in new if p not in old and not is_starter(p) and p != ANSWERS_FILE)
    done = []
    with (project / ".gitignore").open("a", encoding="utf-8") as gitignore:
        gitignore.write("\n# our team's local files\n.idea/\n")
    done.append(".gitignore appended to")
    if changed:
        path = project / changed[0]
        lines = path.read_bytes().splitlines(keepends=True)
        theirs = new[changed[0]].data.splitlines(keepends=True)
        first = next(
            (i for i, (a, b) in enumerate(zip(lines, theirs)) if a != b), min(len(lines), len(theirs))
        )
        lines[first : first + 1] = [b"ours, where the new version changed it\n"]
        path.write_bytes(b"".join(lines))
        done.append(f"{changed[0]} rewritten where the new version changed it")
    for picked, action in ((same, "deleted"), (changed[1:], "deleted")):
        if picked and picked[-1] != ".gitignore":
            (project / picked[-1]).unlink()
            done.append(f"{picked[-1]} {action}")
    executable = next((p for p in reversed(same) if (project / p).is_file()), None)
    if executable is not None:
        (project / executable).chmod(0o755)
        done.append(f"{executable} made executable")
    if added:
        (project / added[0]).parent.mkdir(parents=True, exist_ok=True)
        (project / added[0]).write_text("ours, before the template had it\n", encoding="utf-8")
        done.append(f"{added[0]} added by the user")
    if len(starters) >= 2:
        with (project / starters[0]).open("ab") as starter:
            starter.write(b"\n")
        (project / starters[-1]).unlink()
        done.append(f"{starters[0]} edited, {starters[-1]} deleted")
    return done


def copier_update(project: Path, source: TemplateSource, contract_version: str) -> None:
    """What scaffold 1.7.0 and before ran (scaffold.projects.templates.merge.update_template).

    copier renders the old version from the recorded `_src_path`, which scaffold now records the
    same on every machine (the default store place): pointed at this run's store for copier first,
    recorded back as scaffold records it after."""
    import copier

    answers = project / ANSWERS_FILE
    text = answers.read_text(encoding="utf-8")
    answers.write_text(
        re.sub(r"(?m)^_src_path: .*$", f"_src_path: {source.src_path}", text), encoding="utf-8"
    )
    git(project, "commit", "--quiet", "-am", "copier reads the store where this run keeps it")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        copier.run_update(
            project,
            data={"contract_version": contract_version, "scaffold_version": __version__},
            vcs_ref=source.tag,
            defaults=True,
            overwrite=True,
            quiet=True,
            conflict="inline",
            skip_answered=True,
            unsafe=False,
        )
    record_portable_source(answers, source)


@pytest.mark.parametrize(("template", "version"), _cases())
def test_the_merge_gives_what_copier_update_gives(template: str, version: str, tmp_path: Path) -> None:
    kind = _kind(template)
    contract = KIND_NAMES[kind].contract
    source = ensure_store(template)
    first = {
        "project_name": NAMES[kind],
        "contract_version": versions_of(contract)[0],
        "scaffold_version": "0.1.0",
    }
    old = rendered_template(first, source, version)
    project = tmp_path / "made" / NAMES[kind]
    for relative, rendered in old.items():
        (project / relative).parent.mkdir(parents=True, exist_ok=True)
        (project / relative).write_bytes(rendered.data)
        (project / relative).chmod(rendered.mode)
    answers = {
        k: v
        for k, v in yaml.safe_load((project / ANSWERS_FILE).read_text(encoding="utf-8")).items()
        if not k.startswith("_")
    }
    target = versions_of(contract)[-1]
    new = rendered_template(
        {**answers, "contract_version": target, "scaffold_version": __version__}, source, source.version
    )
    is_starter = starter_matcher(current_template_folder(source), answers)
    git(project, "init", "--quiet")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", f"template {version}")
    done = _edit_as_a_team(project, old, new, is_starter)
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "our edits")
    assert len(done) >= 5, done

    by_copier, by_merge = tmp_path / "copier" / NAMES[kind], tmp_path / "merge" / NAMES[kind]
    for clone in (by_copier, by_merge):
        subprocess.run(["git", "clone", "--quiet", str(project), str(clone)], check=True)
    copier_update(by_copier, source, target)
    kept = merge_template_update(by_merge, old, new, is_starter)

    expected, got = _tree(by_copier), _tree(by_merge)
    # Found: copier's update writes over starter files whose `_skip_if_exists` pattern names the
    # package ("{{ package_name }}/datasource.py") whenever the user has deleted any template file:
    # it renders the patterns once, before the answers are loaded, to list the deleted files, and
    # keeps that matcher. A starter file is the user's; the merge never writes over one that exists.
    before = _tree(project)
    for path in [p for p in before if is_starter(p)]:
        assert got[path] == before[path], f"the starter file {path} was written over"
        expected[path] = before[path]
    assert sorted(got) == sorted(expected), f"after: {done}"
    differ = [path for path in expected if got[path] != expected[path]]
    assert differ == [], f"after: {done}: " + "; ".join(
        f"{p}: copier {expected[p][0]} {expected[p][1][-300:]!r}, merge {got[p][0]} {got[p][1][-300:]!r}"
        for p in differ
    )
    assert kept == {}, "no symlink or binary file was edited here"
    if any("rewritten" in step for step in done):
        assert any(f"<<<<<<< {LABELS[0]}".encode() in data for _, data in got.values()), "no conflict shown"


def test_a_symlink_or_binary_file_at_a_template_path_is_kept_and_named(tmp_path: Path) -> None:
    """Where copier's patch half applies, the merge leaves the user's entry alone and names it."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "outside.txt").write_text("someone else's\n", encoding="utf-8")
    (root / "linked.txt").symlink_to(root / "outside.txt")
    (root / "logo.bin").write_bytes(b"\0ours\0")
    old = {"linked.txt": RenderedFile(b"v1\n", 0o644), "logo.bin": RenderedFile(b"\0v1\0", 0o644)}
    new = {"linked.txt": RenderedFile(b"v2\n", 0o644), "logo.bin": RenderedFile(b"\0v2\0", 0o644)}
    kept = merge_template_update(root, old, new, lambda path: False)
    assert kept == {"linked.txt": "template", "logo.bin": "template"}
    assert (root / "linked.txt").is_symlink() and (root / "outside.txt").read_text() == "someone else's\n"
    assert (root / "logo.bin").read_bytes() == b"\0ours\0"


def test_a_removed_template_file_goes_but_a_symlink_there_and_the_users_files_stay(tmp_path: Path) -> None:
    root = tmp_path / "project"
    (root / "gone").mkdir(parents=True)
    (root / "gone" / "old.txt").write_text("edited\n", encoding="utf-8")
    (root / "gone" / "mine.txt").write_text("mine\n", encoding="utf-8")
    (root / "link.txt").symlink_to(root / "gone" / "mine.txt")
    old = {"gone/old.txt": RenderedFile(b"v1\n", 0o644), "link.txt": RenderedFile(b"v1\n", 0o644)}
    assert merge_template_update(root, old, {}, lambda path: False) == {}
    assert not (root / "gone" / "old.txt").exists(), "copier removes it, edited or not"
    assert (root / "gone" / "mine.txt").is_file() and (root / "link.txt").is_symlink()


def test_merge_file_merges_clean_edits_and_marks_conflicts() -> None:
    base = b"a\nb\nc\nd\ne\n"
    assert merge_file(b"A\nb\nc\nd\ne\n", base, b"a\nb\nc\nd\nE\n") == b"A\nb\nc\nd\nE\n"
    conflicted = merge_file(b"x\nb\nc\nd\ne\n", base, b"y\nb\nc\nd\ne\n")
    assert conflicted is not None
    assert conflicted.splitlines()[0] == f"<<<<<<< {LABELS[0]}".encode()
    assert f">>>>>>> {LABELS[2]}".encode() in conflicted
    assert merge_file(b"\0x", b"\0y", b"\0z") is None
