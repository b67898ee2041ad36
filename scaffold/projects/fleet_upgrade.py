"""`scaffold upgrade PATH...`: every project the paths name or hold, upgraded in turn, one report.

A platform team owns dozens of projects (a monorepo's subfolders, or a folder of checkouts), found
as `scaffold status` finds them (scaffold.projects.fleet). Each is upgraded by
scaffold.projects.upgrade, which changes all of a project's files or none: so one project's
conflict or failure never stops the others, and a failed project is exactly as it was.

The outcome of each project is one of OUTCOMES, and the exit code says the worst of them
(`exit_code`): a scheduled CI job must tell "nothing to review", "a pull request with conflicts to
resolve" and "broken" apart without reading text (copier's update exits 0 with unmerged files, so
the pull-request step of a workflow never fires: issue 41).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from scaffold import __version__
from scaffold.errors import InterruptedByUser, ScaffoldError
from scaffold.projects.fleet import Candidate

if TYPE_CHECKING:
    from scaffold.projects.upgrade import UpgradeReport

FORMAT = 1
OUTCOMES = ("upgraded", "up-to-date", "conflicts", "failed")
# Exit codes: 0 every project upgraded or up to date; EXIT_CONFLICTS some have conflicts to resolve
# and none failed; 1 some failed. 2 stays the command line's own usage error (click's).
EXIT_CONFLICTS = 3
EXIT_FAILED = 1


@dataclass(frozen=True)
class Versions:
    """Where a project stands: its contract, template and scaffold versions (None: not known)."""

    contract: str | None = None
    template: str | None = None
    scaffold: str | None = None

    def as_json(self) -> dict[str, str | None]:
        return {"contract": self.contract, "template": self.template, "scaffold": self.scaffold}


@dataclass(frozen=True)
class ProjectUpgrade:
    """One project's line of the report."""

    path: Path
    shown: str  # relative to the current folder when inside it, as `status` shows it
    outcome: str  # one of OUTCOMES
    message: str  # one sentence
    kind: str | None = None
    language: str | None = None
    before: Versions = field(default_factory=Versions)
    after: Versions = field(default_factory=Versions)
    changed: tuple[str, ...] = ()  # every path the upgrade changes, adds or removes
    new_files: tuple[str, ...] = ()
    # files with conflict markers, and files of the user's kept where the template now has one
    conflicts: tuple[str, ...] = ()
    commit: str | None = None  # the commit `--commit` made of this project's changes

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.shown,
            "kind": self.kind,
            "language": self.language,
            "from": self.before.as_json(),
            "to": self.after.as_json(),
            "outcome": self.outcome,
            "changed": list(self.changed),
            "new_files": list(self.new_files),
            "conflicts": list(self.conflicts),
            "commit": self.commit,
            "message": self.message,
        }


@dataclass(frozen=True)
class FleetUpgrade:
    dry_run: bool
    projects: tuple[ProjectUpgrade, ...]

    def counts(self) -> dict[str, int]:
        return {outcome: sum(1 for p in self.projects if p.outcome == outcome) for outcome in OUTCOMES}

    @property
    def exit_code(self) -> int:
        counts = self.counts()
        if counts["failed"]:
            return EXIT_FAILED
        return EXIT_CONFLICTS if counts["conflicts"] else 0

    def summary(self) -> str:
        counts = self.counts()
        noun = "project" if len(self.projects) == 1 else "projects"
        parts = [f"{counts[outcome]} {outcome}" for outcome in OUTCOMES if counts[outcome]]
        dry = " (dry run: nothing was changed)" if self.dry_run else ""
        return f"{len(self.projects)} {noun}: {', '.join(parts)}{dry}"

    def as_json(self) -> dict[str, Any]:
        """The `--json` report; `format` changes only when a field changes meaning or goes away."""
        return {
            "format": FORMAT,
            "scaffold_version": __version__,
            "dry_run": self.dry_run,
            "exit_code": self.exit_code,
            "message": self.summary(),
            "summary": {"projects": len(self.projects), **self.counts()},
            "projects": [p.as_json() for p in self.projects],
        }


# Runs one project's upgrade (scaffold.projects.upgrade.upgrade with the caller's announce) and
# returns its report: the CLI chooses what is printed on the way.
UpgradeOne = Callable[[Path], "UpgradeReport"]
Progress = Callable[[ProjectUpgrade], None]


def upgrade_fleet(
    candidates: Sequence[Candidate],
    upgrade_one: UpgradeOne,
    *,
    dry_run: bool,
    progress: Progress | None = None,
) -> FleetUpgrade:
    """Upgrade every candidate in turn; `progress` hears each outcome as it is known."""
    done: list[ProjectUpgrade] = []
    for candidate in candidates:
        try:
            result = _upgrade_candidate(candidate, upgrade_one, dry_run=dry_run)
        except InterruptedByUser as exc:
            raise InterruptedByUser(_interrupted(exc, done, len(candidates))) from None
        done.append(result)
        if progress is not None:
            progress(result)
    return FleetUpgrade(dry_run=dry_run, projects=tuple(done))


def _interrupted(exc: InterruptedByUser, done: Sequence[ProjectUpgrade], total: int) -> str:
    """The interrupted project's own sentence, and where the rest of the fleet stands."""
    changed = [p.shown for p in done if p.outcome in ("upgraded", "conflicts")]
    before = f"; already upgraded: {', '.join(changed)}" if changed else ""
    left = total - len(done) - 1
    after = f"; {left} more not started" if left else ""
    return f"{exc.message}{before}{after}"


def _upgrade_candidate(candidate: Candidate, upgrade_one: UpgradeOne, *, dry_run: bool) -> ProjectUpgrade:
    if candidate.problem is not None:
        return ProjectUpgrade(candidate.path, candidate.shown, "failed", candidate.problem)
    try:
        report = upgrade_one(candidate.path)
    except InterruptedByUser:
        raise
    except ScaffoldError as exc:
        return _failed(candidate, str(exc))
    except OSError as exc:
        return _failed(candidate, f"{candidate.shown} cannot be read or written ({exc.strerror})")
    return project_result(candidate, report, dry_run=dry_run)


def _failed(candidate: Candidate, message: str) -> ProjectUpgrade:
    """A project that could not be upgraded; what can still be read of it goes in the report."""
    from scaffold.projects.project import open_project

    kind: str | None
    language: str | None
    try:
        project = open_project(candidate.path, recover=False)
        kind, language = project.kind.name, project.kind.service_language
        recorded = project.answers.get("scaffold_version")
        before = Versions(
            project.manifest.contract_version,
            project.template_version or None,
            recorded if isinstance(recorded, str) else None,
        )
    except (ScaffoldError, OSError):
        kind = language = None
        before = Versions()
    return ProjectUpgrade(candidate.path, candidate.shown, "failed", message, kind, language, before, before)


def project_result(candidate: Candidate, report: UpgradeReport, *, dry_run: bool) -> ProjectUpgrade:
    """The report line of a project scaffold.projects.upgrade went through."""
    before = Versions(report.contract_diff.old.version, report.template_from, report.scaffold_from)
    moved = not report.nothing_to_do
    after = Versions(report.contract_diff.new.version, report.template_to, __version__) if moved else before
    would = "would be " if dry_run else ""
    if report.nothing_to_do:
        outcome, message = (
            "up-to-date",
            (f"already at contract {before.contract} and template {before.template}: nothing to do"),
        )
    elif report.conflicts:
        outcome = "conflicts"
        message = (
            f"{would}upgraded to contract {after.contract} and template {after.template} with "
            f"{len(report.conflicts)} conflicting file(s) to resolve: {', '.join(report.conflicts)}"
        )
    else:
        outcome = "upgraded"
        message = (
            f"{would}upgraded from contract {before.contract} and template {before.template} to contract "
            f"{after.contract} and template {after.template} ({len(report.changed)} file(s))"
        )
    return ProjectUpgrade(
        path=candidate.path,
        shown=candidate.shown,
        outcome=outcome,
        message=message,
        kind=report.kind,
        language=report.language,
        before=before,
        after=after,
        changed=tuple(report.changed_paths),
        new_files=tuple(report.new_files),
        conflicts=tuple(report.conflicts),
        commit=report.commit,
    )
