"""`scaffold upgrade`: move a project to another contract version and to this scaffold's template.

Order matters: check everything that can refuse (not a project, not git, dirty tree, hand-edited
contract files, unknown template version) before changing anything. Then the whole upgrade (the
3-way merge of template-owned files, scaffold.projects.templates.update; the contract-owned files
from the new spec) runs in a throwaway
clone of the repository, where a failure or Ctrl-C harms nothing. What it changed there is copied
into the project as one set (scaffold.projects.state.transaction): all files or none.

`--dry-run` stops after the clone and reports what changed there, so what it shows is what a real
run would do.
"""

from __future__ import annotations

import dataclasses
import os
import shlex
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from scaffold import __version__
from scaffold.contracts import TEMPLATES
from scaffold.errors import InterruptedByUser, TemplateError
from scaffold.interrupts import signals_interrupt
from scaffold.projects import upgrade_git
from scaffold.projects.project import Project, find_project_root, open_project
from scaffold.projects.state import git
from scaffold.projects.state.manifest import SPEC_COPY_PATH
from scaffold.projects.state.transaction import Change, apply_changes, project_lock
from scaffold.projects.templates.store import (
    TemplateSource,
    current_version,
    ensure_store,
    rebuild_if_damaged,
)
from scaffold.specs.catalog import load_shipped, load_version_or_file, versions_of
from scaffold.specs.diff import SpecDiff, diff_specs
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations

if TYPE_CHECKING:
    from scaffold.codegen.service_statuses import UndocumentedStatus
    from scaffold.projects.starter_files import StarterPlan

# What only an upgrade with work to do needs (the generators, the template renderers and their
# Jinja) is imported where it is used: an up-to-date project is answered without it (issue 41:
# a fleet's no-op upgrades cost what `regenerate --check` costs).

_CONFLICT_MARKER = b"<<<<<<< before updating"


@dataclass(frozen=True)
class UpgradeNotice:
    """What `upgrade` tells the user before it applies anything (only the CLI prints it)."""

    starters: StarterPlan
    contract_version: str  # the target spec's version
    # statuses the generated service answers that the target spec does not document: the
    # project's conformance test reports each as "Undocumented status code" when it provokes it
    undocumented: tuple[UndocumentedStatus, ...] = ()
    stay_command: str = ""  # moves the template only, keeping the current contract ("" if it is the target)


Announce = Callable[[UpgradeNotice], None]


@dataclass(frozen=True)
class UpgradeReport:
    project: Path
    dry_run: bool
    contract_diff: SpecDiff
    template_from: str
    template_to: str
    kind: str = ""
    language: str = ""
    scaffold_from: str | None = None  # the scaffold release the answers record (None: not recorded)
    commit: str | None = None  # the commit `--commit` made (None: not asked, or nothing to commit)
    changed: list[str] = field(default_factory=list)
    conflicts: list[str] = field(default_factory=list)
    new_operations: list[str] = field(default_factory=list)
    kept: dict[str, str] = field(default_factory=dict)
    starters: StarterPlan | None = None
    undocumented: tuple[UndocumentedStatus, ...] = ()

    @property
    def nothing_to_do(self) -> bool:
        return not self.changed

    @property
    def changed_paths(self) -> list[str]:
        """`changed` without git's status codes."""
        return [line.split(" ", 1)[1] for line in self.changed]

    @property
    def new_files(self) -> list[str]:
        """Paths the upgrade adds (a pull request step must see them: `git diff` alone does not)."""
        return [line.split(" ", 1)[1] for line in self.changed if line.startswith(("A ", "?? "))]


@dataclass(frozen=True)
class UpgradePlan:
    """The upgrade as computed in the clone: the file set to apply and what to tell the user."""

    changes: list[Change]
    changed: list[str]
    conflicts: list[str]
    kept: dict[str, str]  # path -> who now owns it ("template" or "contract"); the user's file stays
    starters: StarterPlan


@dataclass(frozen=True)
class UpgradeOptions:
    """How to upgrade: the target contract, and the fleet options of `scaffold upgrade`."""

    to: str | None = None  # a shipped contract version or a spec file (None: the newest shipped)
    dry_run: bool = False
    commit: bool = False  # one commit of the changed paths (scaffold.projects.upgrade_git)
    force: bool = False  # upgrade a project with uncommitted changes, starting from its files as they are


def upgrade(
    path: Path,
    *,
    to: str | None = None,
    dry_run: bool = False,
    announce: Announce | None = None,
    options: UpgradeOptions | None = None,
) -> UpgradeReport:
    """Upgrade the project at `path`; `announce` hears what it will do before anything is applied."""
    chosen = options or UpgradeOptions(to=to, dry_run=dry_run)
    if chosen.dry_run:
        return _upgrade(open_project(path), chosen, announce)
    # The lock is taken before anything is read: a second upgrade, a regenerate or a `new-* --force`
    # into this folder refuses at once instead of racing this one.
    with project_lock(find_project_root(path)):
        return _upgrade(open_project(path), chosen, announce)


def _upgrade(project: Project, options: UpgradeOptions, announce: Announce | None) -> UpgradeReport:
    to, dry_run = options.to, options.dry_run
    current = project.recorded_spec()
    target = _target_spec(project, current, to)
    newest_template = current_version(project.kind.template)
    if _up_to_date(project, current, target, newest_template):
        # Recognised before anything is rendered or cloned: a fleet's up-to-date projects cost
        # what `regenerate --check` costs (issue 41: 6 s of CPU each when this came after the merge).
        return UpgradeReport(
            project=project.root,
            dry_run=dry_run,
            contract_diff=SpecDiff(current, target, ()),
            template_from=project.template_version,
            template_to=newest_template,
            kind=project.kind.name,
            language=project.kind.service_language,
            scaffold_from=_recorded_scaffold(project),
        )
    repo = git.repository_root(project.root)
    if not options.force:
        git.require_clean(project.root)
    if options.commit and not dry_run:
        upgrade_git.require_identity(repo)
    from scaffold.codegen.service_statuses import undocumented_statuses
    from scaffold.projects.contract_files import compare, render_contract_files
    from scaffold.projects.regenerate import hand_edited_error

    expected_now = render_contract_files(project.kind, current, project.answers)
    edited = [s for s in compare(project.root, project.manifest, expected_now) if s.hand_edited and s.stale]
    if edited:
        raise hand_edited_error(project, edited)
    target_files = render_contract_files(
        project.kind, target, project.answers
    )  # a spec that cannot generate stops here
    source = ensure_store(project.kind.template)
    rebuild_if_damaged(source)
    _require_known_template(project, source)
    contract_diff = diff_specs(current, target)
    undocumented = tuple(undocumented_statuses(project.kind.service_language, target))
    plan = _plan_in_clone(project, repo, target, source, target_files, carry=options.force)
    if announce is not None:
        announce(
            UpgradeNotice(
                plan.starters, target.version, undocumented, _stay_command(project, current, target)
            )
        )
    made: list[str] = []
    if not dry_run and plan.changes:
        commit = None
        if options.commit:
            message = upgrade_git.upgrade_message(
                project, repo, current.version, target.version, source.version, plan.conflicts
            )
            paths = [upgrade_git.in_repo(project.root, repo, change.path) for change in plan.changes]
            commit = partial(upgrade_git.commit_upgrade, project.root, repo, paths, message, made)
        apply_changes(project.root, plan.changes, action="the upgrade", before_done=commit)
    return UpgradeReport(
        project=project.root,
        dry_run=dry_run,
        contract_diff=contract_diff,
        template_from=project.template_version,
        template_to=source.version,
        kind=project.kind.name,
        language=project.kind.service_language,
        scaffold_from=_recorded_scaffold(project),
        commit=made[0] if made else None,
        changed=plan.changed,
        conflicts=plan.conflicts,
        new_operations=_new_operations(current, target, project.kind.service_language),
        kept=plan.kept,
        starters=plan.starters,
        undocumented=undocumented,
    )


def _recorded_scaffold(project: Project) -> str | None:
    recorded = project.answers.get("scaffold_version")
    return recorded if isinstance(recorded, str) and recorded else None


def _up_to_date(project: Project, current: SpecDocument, target: SpecDocument, newest_template: str) -> bool:
    """Nothing an upgrade could move: the same spec text, the newest template, this scaffold release
    (a newer release may bring new contract-owned runtime files under the same template version)."""
    return (
        current.sha256 == target.sha256
        and project.template_version == newest_template
        and _recorded_scaffold(project) == __version__
    )


def _target_spec(project: Project, current: SpecDocument, to: str | None) -> SpecDocument:
    contract = project.manifest.contract
    if to is not None:
        return load_version_or_file(contract, to)
    shipped = versions_of(contract)
    if current.version in shipped and shipped and shipped[-1] != current.version:
        return load_shipped(contract, shipped[-1])
    return current


def _stay_command(project: Project, current: SpecDocument, target: SpecDocument) -> str:
    """`scaffold upgrade <project> --to <the current contract>`: the template moves, the contract stays."""
    if target.version == current.version:
        return ""
    shipped = current.version in versions_of(project.manifest.contract)
    where = current.version if shipped else str(project.root / SPEC_COPY_PATH)
    return f"scaffold upgrade {shlex.quote(str(project.root))} --to {shlex.quote(where)}"


def _require_known_template(project: Project, source: TemplateSource) -> None:
    recorded = project.template_version
    tags = git.git(source.path, "tag", "--list").split()
    if f"v{recorded}" not in tags:
        raise TemplateError(
            f"the project was made with template {project.kind.name} {recorded or '(unknown)'}, "
            f"which this scaffold does not know (it knows {', '.join(sorted(tags))})",
            hint="Upgrade with a scaffold release that ships that template version.",
        )


def _plan_in_clone(
    project: Project,
    repo: Path,
    target: SpecDocument,
    source: TemplateSource,
    target_files: dict[str, str],
    *,
    carry: bool,
) -> UpgradePlan:
    """Run the upgrade in a throwaway clone; Ctrl-C or SIGTERM here has changed nothing yet.

    With `carry` (`--force`), the project's uncommitted state is carried into the clone first."""
    try:
        with signals_interrupt(), upgrade_git.throwaway_clone(repo) as clone:
            if carry:
                upgrade_git.carry_uncommitted(project.root, repo, clone)
            copy = open_project(clone / project.root.relative_to(repo))
            return _upgrade_copy(project, copy, target, source, target_files)
    except KeyboardInterrupt:
        raise InterruptedByUser(
            f"interrupted: the upgrade had not changed anything yet, {project.root} is as it was"
        ) from None


def _upgrade_copy(
    project: Project,
    copy: Project,
    target: SpecDocument,
    source: TemplateSource,
    target_files: dict[str, str],
) -> UpgradePlan:
    """The template merge and the new contract files in `copy`; returns the set of files that changed."""
    from scaffold.projects.contract_files import render_contract_files, write_contract_files
    from scaffold.projects.starter_files import apply_starter_plan, plan_starters, starter_matcher
    from scaffold.projects.templates.merge import rendered_template
    from scaffold.projects.templates.render import current_template_folder
    from scaffold.projects.templates.update import merge_template_update

    old = rendered_template(copy.answers, source, project.template_version)
    new = rendered_template(
        {**copy.answers, "contract_version": target.version, "scaffold_version": __version__},
        source,
        source.version,
    )
    before = set(old)
    tracked = git.tracked_files(copy.root)
    wired = TEMPLATES[source.template].wired(project.package)
    is_starter = starter_matcher(current_template_folder(source), copy.answers)
    starters = plan_starters(
        project.kind.names,
        is_starter,
        tracked,
        lambda path, size: _read_if_size(copy.root / path, size),
        old,
        new,
        package=project.package,
        language=project.kind.service_language,
        from_version=project.template_version,
        to_version=source.version,
        wired=wired,
    )
    starters = dataclasses.replace(starters, compare_command=_starter_command(project, source.version))
    conflicts: set[str] = set()
    kept: dict[str, str] = {}
    # a file of the user's where the new template's own code expects its wired starter: theirs is
    # kept and reported (the template-owned code imports names from it that it may not define)
    kept.update((path, "template") for path in wired if path in tracked and path not in old)
    kept.update(merge_template_update(copy.root, old, new, is_starter))
    apply_starter_plan(
        starters, copy.root, new, lambda path: path in tracked, partial(_restore, project.root, copy.root)
    )
    for relative in _changed(copy):
        existed = (project.root / relative).is_file() or (project.root / relative).is_symlink()
        if relative not in before and existed and relative in tracked:
            # the new template brings a path the user already has: keep theirs, report it
            git.git(copy.root, "checkout", "HEAD", "--", relative)
            kept[relative] = "template"
        elif relative in before and not existed and (copy.root / relative).exists():
            (copy.root / relative).unlink()  # the user deleted it: it stays deleted
    refreshed = open_project(copy.root)
    files = (
        target_files  # rendered before anything changed, from the same answers
        if _same_answers(refreshed, project)
        else render_contract_files(refreshed.kind, target, refreshed.answers)
    )
    taken = frozenset(
        path for path in files if path not in refreshed.manifest.files and (copy.root / path).exists()
    )
    kept.update(dict.fromkeys(taken, "contract"))
    write_contract_files(refreshed.root, refreshed.kind, target, files, refreshed.manifest, keep=taken)
    changes: list[Change] = []
    changed: list[str] = []
    for code, relative in _changed_with_codes(copy):
        file = copy.root / relative
        if file.is_file():
            data = file.read_bytes()
            changes.append(Change(relative, data, os.stat(file).st_mode & 0o777))
            if _CONFLICT_MARKER in data:
                conflicts.add(relative)
        else:
            changes.append(Change(relative, None))
        changed.append(f"{code} {relative}")
    conflicts |= set(kept)
    return UpgradePlan(
        changes=changes, changed=sorted(changed), conflicts=sorted(conflicts), kept=kept, starters=starters
    )


# The answers a new project needs to seed the same starter files, as `new-<kind>` options.
_STARTER_OPTIONS = {
    "project_name": "--name",
    "package_name": "--package",
    "scope": "--scope",
    "components": "--components",
}


def _starter_command(project: Project, version: str) -> str:
    """`scaffold new-<kind> ../<folder>-starter-<version> --name ... --defaults`: the new starter, to compare."""
    options = []
    for key, option in _STARTER_OPTIONS.items():
        value = project.answers.get(key)
        if isinstance(value, list):
            value = ",".join(str(v) for v in value)
        if isinstance(value, str) and value:
            options += [option, shlex.quote(value)]
    if project.answers.get("example") is False:  # the plugin starter without the example
        options.append("--no-example")
    if project.kind.language:  # found: a TypeScript or Go project was shown a Python starter (issue 41)
        options += ["--language", project.kind.language]
    folder = shlex.quote(f"../{project.root.name}-starter-{version}")
    return " ".join(["scaffold", f"new-{project.kind.name}", folder, *options, "--defaults"])


def _restore(project: Path, copy: Path, relative: str) -> None:
    """Put back in the upgrade's copy a user's starter file that the template merge deleted."""
    source = project / relative
    if source.is_symlink() or not source.is_file():
        return
    target = copy / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


def _read_if_size(path: Path, size: int) -> bytes | None:
    """The file's bytes if it is a regular file of exactly `size` bytes (a starter's size), else None."""
    try:
        if path.is_symlink() or not path.is_file() or path.stat().st_size != size:
            return None
        return path.read_bytes()
    except OSError:
        return None


def _same_answers(a: Project, b: Project) -> bool:
    """Equal but for the contract and scaffold versions, which the merge has just moved to the target."""
    moved = {"contract_version": "", "scaffold_version": ""}
    return {**a.answers, **moved} == {**b.answers, **moved}


def _changed_with_codes(copy: Project) -> list[tuple[str, str]]:
    repo = git.repository_root(copy.root)
    prefix = copy.root.relative_to(repo).as_posix()
    found = []
    for entry in git.changed_paths(copy.root):
        relative = entry.path
        if prefix not in ("", "."):
            relative = relative.removeprefix(prefix + "/")
        code = entry.code.strip() or "M"
        found.append(("M" if "U" in code else code, relative))
    return found


def _changed(copy: Project) -> list[str]:
    return [relative for _, relative in _changed_with_codes(copy)]


def _new_operations(current: SpecDocument, target: SpecDocument, language: str) -> list[str]:
    """Each operation `target` adds, by the method a project in `language` implements for it (found:
    a TypeScript or Go project was told the Python method name, explain_query)."""
    from scaffold.codegen.languages import descriptor

    method_name = descriptor(language).method_name
    before = {op.key for op in operations(current)}
    return [f"{method_name(op.operation_id)} ({op.key})" for op in operations(target) if op.key not in before]
