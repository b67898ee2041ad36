"""`scaffold status`: where each project stands, found out without changing a byte.

For each project: its kind, the contract version its contract-owned files were generated from and
the newest this scaffold ships, its template version and the newest, the contract-owned files that
no longer match the manifest (edited by hand or deleted), an interrupted upgrade or regenerate, and
whether `scaffold regenerate --check` would pass, answered by running that very check.

Reading only: projects are opened with `recover=False`, so an interrupted change is reported rather
than rolled back (rolling back is `scaffold regenerate`'s job, when the user asks for it), and no
lock is taken (holding it, even briefly, would make a concurrent upgrade refuse to start).
Everything read is project state a pull request can change, so it goes through the same confined,
bounded readers as every other command, and a project that cannot be read becomes a status with a
`problem` sentence: one broken project must not hide the rest of a fleet.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from packaging.version import InvalidVersion, Version

from scaffold import __version__
from scaffold.errors import ProjectError, ScaffoldError
from scaffold.projects.contract_files import compare
from scaffold.projects.fleet import Candidate, fleet_candidates
from scaffold.projects.kinds import kind_named
from scaffold.projects.project import Project, open_project
from scaffold.projects.state import transaction
from scaffold.projects.state.manifest import MANIFEST_PATH, Manifest
from scaffold.projects.templates.store import current_version
from scaffold.specs.catalog import versions_of
from scaffold.specs.spec_versions import sort_key

# 2: `behind` counts a newer scaffold release too, a behind project is never `stale`, and the
# regenerate check is not run for a project a newer scaffold would upgrade (issue 41).
FORMAT = 2
# From fine to most in the way; a project's state is the most serious that applies.
STATES = ("ok", "stale", "behind", "edited", "interrupted", "problem")


@dataclass(frozen=True)
class ProjectStatus:
    """One project's standing. A field is None when it could not be known (see `problem`)."""

    path: Path  # the project folder
    shown: str  # how reports name it: relative to the current folder when inside it
    name: str | None = None
    kind: str | None = None
    language: str | None = None  # the service's
    template: str | None = None  # the template's folder name, e.g. plugin-go
    contract: str | None = None
    contract_version: str | None = None
    newest_contract_version: str | None = None
    template_version: str | None = None
    newest_template_version: str | None = None
    scaffold_version: str | None = None  # the release that made or last upgraded it (answers)
    newest_scaffold_version: str = __version__
    edited: tuple[str, ...] | None = None  # contract-owned files changed since written, or gone
    interrupted: bool = False  # an upgrade or regenerate left its journal behind
    regenerate_ok: bool | None = None  # would `scaffold regenerate --check` pass
    regenerate_problem: str | None = None  # why it would not
    problem: str | None = None  # why the folder could not be read as a project

    @property
    def contract_behind(self) -> bool | None:
        if self.contract_version is None or self.newest_contract_version is None:
            return None
        return sort_key(self.contract_version) < sort_key(self.newest_contract_version)

    @property
    def template_behind(self) -> bool | None:
        if self.template_version is None or self.newest_template_version is None:
            return None
        return Version(self.template_version) < Version(self.newest_template_version)

    @property
    def scaffold_behind(self) -> bool | None:
        """This scaffold is a newer release than the one the project records (its contract-owned
        runtime may have moved under the same template version: only `upgrade` moves both)."""
        if self.template_version is None:
            return None
        if self.scaffold_version is None:  # made before projects recorded it (template < 1.4.0)
            return True
        try:
            return Version(self.scaffold_version) < Version(self.newest_scaffold_version)
        except InvalidVersion:
            return True

    @property
    def behind(self) -> bool | None:
        parts = (self.contract_behind, self.template_behind, self.scaffold_behind)
        known = [b for b in parts if b is not None]
        return any(known) if known else None

    @property
    def state(self) -> str:
        if self.problem is not None:
            return "problem"
        if self.interrupted:
            return "interrupted"
        if self.edited:
            return "edited"
        if self.behind:  # `upgrade` brings it all; regenerate would mix releases (issue 41)
            return "behind"
        if self.regenerate_ok is False:
            return "stale"
        return "ok"

    @property
    def ok(self) -> bool:
        return self.state == "ok"

    def as_json(self) -> dict[str, Any]:
        return {
            "path": self.shown,
            "name": self.name,
            "kind": self.kind,
            "language": self.language,
            "template": self.template,
            "contract": self.contract,
            "contract_version": self.contract_version,
            "newest_contract_version": self.newest_contract_version,
            "contract_behind": self.contract_behind,
            "template_version": self.template_version,
            "newest_template_version": self.newest_template_version,
            "template_behind": self.template_behind,
            "scaffold_version": self.scaffold_version,
            "newest_scaffold_version": self.newest_scaffold_version,
            "scaffold_behind": self.scaffold_behind,
            "behind": self.behind,
            "edited": None if self.edited is None else list(self.edited),
            "interrupted": self.interrupted,
            "regenerate_ok": self.regenerate_ok,
            "regenerate_problem": self.regenerate_problem,
            "problem": self.problem,
            "state": self.state,
            "ok": self.ok,
        }


def fleet_status(arguments: Sequence[Path], cwd: Path | None = None) -> list[ProjectStatus]:
    """The status of every project the arguments name or hold (the current folder by default).

    An argument that holds no project is a status with a problem, so the rest is still reported;
    only when no argument holds any project is there nothing to report, and that is an error.
    """
    candidates = fleet_candidates(arguments, "status", cwd)
    return [project_status(c) for c in candidates]


def project_status(candidate: Candidate) -> ProjectStatus:
    """Read one candidate; whatever is wrong with it ends up in `problem`, never in an exception.

    What was learnt before the problem stays in the status (a project whose answers are broken
    still shows its kind).
    """
    status = ProjectStatus(path=candidate.path, shown=candidate.shown, problem=candidate.problem)
    if candidate.problem is not None:
        return status
    try:
        status = _with_kind(status)
        return _with_project(status)
    except ScaffoldError as exc:
        return replace(status, problem=str(exc))
    except OSError as exc:
        return replace(status, problem=f"{status.shown} cannot be read ({exc.strerror})")


def _with_kind(status: ProjectStatus) -> ProjectStatus:
    """The kind from the manifest, and the newest contract and template this scaffold has for it."""
    if not os.path.lexists(status.path / MANIFEST_PATH):
        raise ProjectError(
            f"{status.shown} has a .scaffold folder but no {MANIFEST_PATH}; "
            f"restore it from git (git checkout -- {MANIFEST_PATH})"
        )
    kind = kind_named(Manifest.read(status.path).kind)  # confined and bounded, like every state file
    versions = versions_of(kind.contract)
    return replace(
        status,
        kind=kind.name,
        contract=kind.contract,
        newest_contract_version=versions[-1] if versions else None,
        newest_template_version=current_version(kind.template),
    )


def _with_project(status: ProjectStatus) -> ProjectStatus:
    if transaction.pending(status.path):
        # Files are half old, half new: no version or edit read now would be true. regenerate's own
        # refusal says what the user does next.
        problem = _regenerate_problem(status.path)
        return replace(status, interrupted=True, regenerate_ok=False, regenerate_problem=problem)
    project = open_project(status.path, recover=False)
    recorded = project.answers.get("scaffold_version")
    status = replace(
        status,
        language=project.kind.service_language,
        template=project.kind.template,
        newest_template_version=current_version(project.kind.template),  # of the project's language
        name=str(project.answers["project_name"]),
        contract_version=project.manifest.contract_version,
        template_version=project.template_version,
        scaffold_version=recorded if isinstance(recorded, str) else None,
        edited=_edited(project),
    )
    if status.scaffold_behind:
        # This release's generator differs from the one that wrote the files: a failing check
        # would say nothing the upgrade does not fix, and its advice (regenerate) would mix them.
        return status
    problem = _check_problem(project)
    return replace(status, regenerate_ok=problem is None, regenerate_problem=problem)


def _edited(project: Project) -> tuple[str, ...]:
    """Recorded contract-owned files that are gone or whose sha256 differs from the manifest.

    `compare` with no fresh output reads just the recorded files (confined, bounded); whether one
    was edited is the same `hand_edited` test regenerate and upgrade apply.
    """
    states = compare(project.root, project.manifest, {})
    return tuple(s.path for s in states if s.current is None or s.hand_edited)


def _regenerate_problem(root: Path) -> str | None:
    """Why `scaffold regenerate --check` would fail here (None: it passes), by running its check."""
    from scaffold.projects.regenerate import regenerate

    try:
        regenerate(root, check=True)
    except ScaffoldError as exc:
        return str(exc)
    return None


def _check_problem(project: Project) -> str | None:
    """`_regenerate_problem` for a project status has opened already: it is not read twice."""
    from scaffold.projects.regenerate import check_project

    try:
        check_project(project)
    except ScaffoldError as exc:
        return str(exc)
    return None


def summary_counts(statuses: Sequence[ProjectStatus]) -> dict[str, int]:
    return {state: sum(1 for s in statuses if s.state == state) for state in STATES}


def fleet_counts(statuses: Sequence[ProjectStatus]) -> dict[str, dict[str, int]]:
    """How many projects stand on each contract version, template version and language."""
    found: dict[str, dict[str, int]] = {
        "by_contract_version": {},
        "by_template_version": {},
        "by_language": {},
    }
    for status in statuses:
        keys = {
            "by_contract_version": f"{status.contract} {status.contract_version}"
            if status.contract_version
            else None,
            "by_template_version": f"{status.template} {status.template_version}"
            if status.template_version
            else None,
            "by_language": status.language,
        }
        for group, key in keys.items():
            if key is not None:
                found[group][key] = found[group].get(key, 0) + 1
    return {group: dict(sorted(counts.items())) for group, counts in found.items()}


def report_json(statuses: Sequence[ProjectStatus]) -> dict[str, Any]:
    """The `--json` document; `format` changes only when a field changes meaning or goes away."""
    return {
        "format": FORMAT,
        "scaffold_version": __version__,
        "ok": all(s.ok for s in statuses),
        "summary": {"projects": len(statuses), **summary_counts(statuses), **fleet_counts(statuses)},
        "projects": [s.as_json() for s in statuses],
    }
