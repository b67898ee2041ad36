"""`scaffold upgrade`: move a project to another contract version and to this scaffold's template.

Order matters: check everything that can refuse (not a project, not git, dirty tree, hand-edited
contract files, unknown template version) before changing anything; then let copier 3-way-merge
the template-owned files; then rewrite the contract-owned files from the new spec. User-owned
files are copier `_skip_if_exists` entries, so copier never touches them.

`--dry-run` performs the same upgrade on a throwaway clone of the repository and reports what
changed there, so what it shows is what a real run would do.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from scaffold.errors import TemplateError
from scaffold.projects import git
from scaffold.projects.contract_files import compare, render_contract_files, write_contract_files
from scaffold.projects.project import ANSWERS_FILE, Project, open_project
from scaffold.projects.regenerate import hand_edited_error
from scaffold.projects.template_store import TemplateSource, ensure_store
from scaffold.specs.catalog import load_shipped, load_version_or_file, versions_of
from scaffold.specs.diff import SpecDiff, diff_specs
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations

_CONFLICT_MARKER = "<<<<<<< before updating"


@dataclass(frozen=True)
class UpgradeReport:
    project: Path
    dry_run: bool
    contract_diff: SpecDiff
    template_from: str
    template_to: str
    changed: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    new_operations: list[str] = field(default_factory=list)

    @property
    def nothing_to_do(self) -> bool:
        return not self.changed


def upgrade(path: Path, *, to: str | None = None, dry_run: bool = False) -> UpgradeReport:
    project = open_project(path)
    repo = git.repository_root(project.root)
    git.require_clean(project.root)
    current = project.recorded_spec()
    target = _target_spec(project, current, to)
    expected_now = render_contract_files(project.kind, current, project.answers)
    edited = [s for s in compare(project.root, project.manifest, expected_now) if s.hand_edited and s.stale]
    if edited:
        raise hand_edited_error(project, edited)
    source = ensure_store(project.kind.template)
    _require_known_template(project, source)
    contract_diff = diff_specs(current, target)
    if dry_run:
        with _throwaway_clone(repo) as clone:
            copy = clone / project.root.relative_to(repo)
            changed, conflicts = _apply(open_project(copy), target, source)
    else:
        changed, conflicts = _apply(project, target, source)
    return UpgradeReport(
        project=project.root,
        dry_run=dry_run,
        contract_diff=contract_diff,
        template_from=project.template_version,
        template_to=source.version,
        changed=changed,
        conflicts=conflicts,
        new_operations=_new_operations(current, target),
    )


def _target_spec(project: Project, current: SpecDocument, to: str | None) -> SpecDocument:
    contract = project.manifest.contract
    if to is not None:
        return load_version_or_file(contract, to)
    shipped = versions_of(contract)
    if current.version in shipped and shipped and shipped[-1] != current.version:
        return load_shipped(contract, shipped[-1])
    return current


def _require_known_template(project: Project, source: TemplateSource) -> None:
    recorded = project.template_version
    tags = git.git(source.path, "tag", "--list").split()
    if f"v{recorded}" not in tags:
        raise TemplateError(
            f"the project was made with template {project.kind.template} {recorded or '(unknown)'}, "
            f"which this scaffold does not know (it knows {', '.join(sorted(tags))})",
            hint="Upgrade with a scaffold release that ships that template version in templates/history/.",
        )


def _apply(project: Project, target: SpecDocument, source: TemplateSource) -> tuple[list[str], list[str]]:
    """Run the template update and contract regeneration in `project`; return changed and conflicted paths."""
    _update_template(project, target, source)
    refreshed = open_project(project.root)
    files = render_contract_files(refreshed.kind, target, refreshed.answers)
    write_contract_files(refreshed.root, refreshed.kind, target, files, refreshed.manifest)
    entries = git.status(project.root)
    conflicts = sorted(
        {e.path for e in entries if e.conflicted}
        | _files_with_markers(project.root, [e.path for e in entries])
    )
    repo = git.repository_root(project.root)
    prefix = project.root.relative_to(repo).as_posix()
    changed = sorted(f"{e.code.strip() or 'M'} {_relative(e.path, prefix)}" for e in entries)
    return changed, [_relative(c, prefix) for c in conflicts]


def _relative(path: str, prefix: str) -> str:
    return path[len(prefix) + 1 :] if prefix not in ("", ".") and path.startswith(prefix + "/") else path


def _files_with_markers(project: Path, paths: list[str]) -> set[str]:
    repo = git.repository_root(project)
    found = set()
    for relative in paths:
        candidate = repo / relative
        if candidate.is_file() and candidate.stat().st_size < 2_000_000:
            with contextlib.suppress(UnicodeDecodeError, OSError):
                if _CONFLICT_MARKER in candidate.read_text(encoding="utf-8"):
                    found.add(relative)
    return found


def _update_template(project: Project, target: SpecDocument, source: TemplateSource) -> None:
    """copier update to this scaffold's template version, recording the target contract version."""
    import copier
    from copier.errors import CopierError

    with _answers_pointing_at(project, source):
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                copier.run_update(
                    project.root,
                    data={"contract_version": target.version},
                    vcs_ref=source.tag,
                    defaults=True,
                    overwrite=True,
                    quiet=True,
                    conflict="inline",
                    skip_answered=True,
                    unsafe=False,
                )
        except CopierError as exc:
            raise TemplateError(f"the template update failed in {project.root}: {exc}") from exc


@contextlib.contextmanager
def _answers_pointing_at(project: Project, source: TemplateSource) -> Iterator[None]:
    """Make the recorded `_src_path` this machine's template store for the time of the update.

    A project records `~/...` paths, which resolve on any machine; a project made with another
    SCAFFOLD_HOME records an absolute path that may not exist here. copier refuses a dirty tree,
    so the rewritten answers file is hidden from `git status` (skip-worktree) while copier runs.
    """
    recorded = str(project.recorded_answers.get("_src_path", ""))
    if recorded == source.src_path:
        yield
        return
    answers_path = project.root / ANSWERS_FILE
    original = answers_path.read_text(encoding="utf-8")
    data = yaml.safe_load(original)
    data["_src_path"] = source.src_path
    header = "".join(line for line in original.splitlines(keepends=True) if line.startswith("#"))
    answers_path.write_text(
        header + yaml.safe_dump(data, sort_keys=True, allow_unicode=True), encoding="utf-8"
    )
    git.git(project.root, "update-index", "--skip-worktree", ANSWERS_FILE)
    try:
        yield
    finally:
        git.git(project.root, "update-index", "--no-skip-worktree", ANSWERS_FILE, check=False)


def _new_operations(current: SpecDocument, target: SpecDocument) -> list[str]:
    before = {op.key for op in operations(current)}
    return [f"{op.method_name} ({op.key})" for op in operations(target) if op.key not in before]


@contextlib.contextmanager
def _throwaway_clone(repo: Path) -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="scaffold-dry-run-"))
    try:
        subprocess.run(
            ["git", "clone", "--quiet", "--no-hardlinks", str(repo), str(folder / "repo")],
            check=True,
            capture_output=True,
        )
        yield folder / "repo"
    finally:
        shutil.rmtree(folder, ignore_errors=True)
