"""An upgraded project compared with the project a fresh render of today's template would be.

The upgrade matrices upgrade projects of every past template version. Where the user edited
nothing of a part (its starter moves whole to the new version), the upgraded part must be, byte
for byte and file for file, what a fresh render of the current template with the project's
answers plus the contract-owned files of its spec would be. That fresh project's checks (the
project's own tests, linters and compilers, as its CI runs them) are run by the tests of fresh
projects (tests/functional/test_plugin_project.py, test_plugin_typescript.py, test_plugin_go.py,
test_module_backend.py and the end-to-end tests), so a part proven equal to it needs no second
run of its toolchain: the comparison is the stronger statement and costs a fraction of a second
instead of a whole toolchain run (issue 39, point 8).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from pathlib import Path

from scaffold.projects.contract_files import render_contract_files
from scaffold.projects.project import ANSWERS_FILE, open_project
from scaffold.projects.templates.merge import rendered_template
from scaffold.projects.templates.store import current_version, ensure_store
from scaffold.specs.catalog import load_shipped

# What a project holds that no render makes: git's folder, installed packages and build output.
NOT_RENDERED = (".git/", "node_modules/", "dist/", "bin/", ".scaffold/")


def fresh_files(project: Path) -> dict[str, bytes]:
    """Every file a fresh project with `project`'s recorded answers has: today's template rendered
    with them and the contract-owned files generated from the shipped spec they name."""
    opened = open_project(project)
    answers = {**opened.answers}
    template = opened.kind.template
    rendered = rendered_template(answers, ensure_store(template), current_version(template))
    files = {path: item.data for path, item in rendered.items()}
    spec = load_shipped(opened.kind.contract, str(answers["contract_version"]))
    for path, text in render_contract_files(opened.kind, spec, answers).items():
        files[path] = text.encode("utf-8")
    return files


def project_files(project: Path) -> dict[str, bytes]:
    """The project's own files (relative POSIX paths), without what no render makes."""
    found: dict[str, bytes] = {}
    for path in sorted(project.rglob("*")):
        relative = path.relative_to(project).as_posix()
        if path.is_file() and not any(relative.startswith(prefix) for prefix in NOT_RENDERED):
            found[relative] = path.read_bytes()
    return found


def differences_from_fresh(
    project: Path, *, under: str = "", edited: frozenset[str] = frozenset()
) -> list[str]:
    """One line per file under `under` that differs from a fresh project's (missing, extra or other
    bytes), leaving out the files in `edited` (the team's own edits, checked by the caller)."""
    expected = {p: d for p, d in fresh_files(project).items() if p.startswith(under) and p not in edited}
    actual = {p: d for p, d in project_files(project).items() if p.startswith(under) and p not in edited}
    lines = [f"{path}: missing" for path in sorted(expected.keys() - actual.keys())]
    lines += [f"{path}: not in a fresh project" for path in sorted(actual.keys() - expected.keys())]
    lines += [
        f"{path}: differs"
        for path in sorted(expected.keys() & actual.keys())
        if expected[path] != actual[path]
    ]
    return lines


def tree_digest(project: Path, *, read: Callable[[str], bool] = lambda relative: True) -> str:
    """The project's files that `read` keeps (relative POSIX paths, without .git and node_modules,
    which its lock file decides) as one hash: a check that reads no other file of the project passes
    or fails alike on two projects of one digest. The answers file's `_src_path` (where this
    worker's template store is) is left out."""
    digest = hashlib.sha256()
    for path in sorted(project.rglob("*")):
        relative = path.relative_to(project).as_posix()
        if not path.is_file() or relative.startswith((".git/", "node_modules/")):
            continue
        if read(relative):
            data = without_src_path(relative, path.read_bytes())
            digest.update(b"%s\0%o\0" % (relative.encode(), path.stat().st_mode & 0o777))
            digest.update(hashlib.sha256(data).digest())
    return digest.hexdigest()[:20]


def without_src_path(relative: str, data: bytes) -> bytes:
    """A file's bytes as they compare between two projects of the same answers: the answers file
    without `_src_path`, the template store of the scaffold home that made it (which only `scaffold
    upgrade` reads, and which differs between two workers or two machines)."""
    return re.sub(rb"(?m)^_src_path: .*$", b"", data) if relative == ANSWERS_FILE else data
