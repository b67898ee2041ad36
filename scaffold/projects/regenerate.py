"""`scaffold regenerate`: rewrite contract-owned files from the spec the project records.

A contract-owned file whose hash no longer matches the manifest was edited by hand; rewriting it
would lose that edit, so it is reported and left alone unless the user forces it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scaffold.errors import HandEditedFilesError, StaleFilesError
from scaffold.projects.contract_files import FileState, compare, plan_contract_files, render_contract_files
from scaffold.projects.project import Project, find_project_root, open_project
from scaffold.projects.state.transaction import apply_changes, project_lock
from scaffold.specs.document import SpecDocument


@dataclass(frozen=True)
class RegenerateResult:
    project: Path
    contract: str
    contract_version: str
    written: list[str]
    removed: list[str]
    unchanged: int


def file_diff(state: FileState) -> str:
    import difflib  # only a failed check prints a diff

    current = (state.current or b"").decode("utf-8", errors="replace")
    before = current.splitlines(keepends=True)
    after = (state.expected or "").splitlines(keepends=True)
    label = state.path
    return "".join(
        difflib.unified_diff(
            before,
            after,
            f"a/{label}" if state.current is not None else "/dev/null",
            f"b/{label}" if state.expected is not None else "/dev/null",
        )
    )


def hand_edited_error(project: Project, edited: list[FileState]) -> HandEditedFilesError:
    paths = [s.path for s in edited]
    return HandEditedFilesError(
        f"{len(paths)} contract-owned file(s) in {project.root} were edited by hand: {', '.join(paths)}",
        paths=paths,
        hint="Move your changes into your own files (contract-owned files are rewritten from the spec), "
        "then run `scaffold regenerate --force` to overwrite them.",
    )


def check_project(project: Project) -> RegenerateResult:
    """`scaffold regenerate --check` on a project already opened (without recovery).

    `scaffold status` opens the project itself and asks this, so the project and its spec are
    read once. Raises StaleFilesError when a contract-owned file differs from fresh output.
    """
    spec, _, states = _states(project)
    edited = [s for s in states if s.hand_edited and s.stale]
    stale = [s for s in states if s.stale]
    if stale or edited:
        raise _stale_error(spec.identity(), stale, edited)
    return RegenerateResult(project.root, spec.contract, spec.version, [], [], len(states))


def _states(project: Project) -> tuple[SpecDocument, dict[str, str], list[FileState]]:
    """The recorded spec, fresh output from it, and how every contract-owned file compares."""
    spec = project.recorded_spec()
    expected = render_contract_files(project.kind, spec, project.answers)
    return spec, expected, compare(project.root, project.manifest, expected)


def regenerate(path: Path, *, check: bool = False, force: bool = False) -> RegenerateResult:
    if check:
        return check_project(open_project(path, recover=False))
    # The lock is taken before anything is read, so what is compared is what gets replaced.
    with project_lock(find_project_root(path)):
        return _regenerate(open_project(path), force=force)


def _regenerate(project: Project, *, force: bool) -> RegenerateResult:
    spec, expected, states = _states(project)
    edited = [s for s in states if s.hand_edited and s.stale]
    stale = [s for s in states if s.stale]
    if edited and not force:
        raise hand_edited_error(project, edited)
    changes, _ = plan_contract_files(project.root, project.kind, spec, expected, project.manifest)
    apply_changes(project.root, changes, action="regenerate")
    return RegenerateResult(
        project=project.root,
        contract=spec.contract,
        contract_version=spec.version,
        written=[s.path for s in stale if s.expected is not None],
        removed=[s.path for s in stale if s.expected is None],
        unchanged=len(states) - len(stale),
    )


def _stale_error(identity: str, stale: list[FileState], edited: list[FileState]) -> StaleFilesError:
    diff = "".join(file_diff(s) for s in stale)
    parts = []
    if edited:
        parts.append(f"edited by hand: {', '.join(s.path for s in edited)}")
    outdated = [s.path for s in stale if s not in edited]
    if outdated:
        parts.append(f"out of date: {', '.join(outdated)}")
    hint = (
        "Move your edits into your own files, then run `scaffold regenerate --force` to rewrite them."
        if edited
        else "Run `scaffold regenerate` to rewrite them."
    )
    return StaleFilesError(
        f"contract-owned files differ from {identity} ({'; '.join(parts)})", diff=diff, hint=hint
    )
