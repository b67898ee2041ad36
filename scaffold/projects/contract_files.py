"""Writing a project's contract-owned files, the spec they came from, and the manifest.

This is the only code that writes contract-owned files, for new projects, regenerate and upgrade
alike, so all three leave a project in exactly the same state for the same spec and answers.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from scaffold.errors import GenerationError, ProjectError
from scaffold.fsutil import write_bytes_atomic
from scaffold.projects.kinds import Answers, ProjectKind
from scaffold.projects.state.manifest import MANIFEST_PATH, SPEC_COPY_PATH, Manifest, text_hash
from scaffold.projects.state.paths import CONTRACT_FILE_LIMIT, confined, is_plain_relative, read_bounded
from scaffold.projects.state.transaction import Change
from scaffold.specs.document import SpecDocument


@dataclass(frozen=True)
class FileState:
    """How one contract-owned file on disk compares with the manifest and with fresh output."""

    path: str
    expected: str | None  # fresh generator output; None when the file is no longer generated
    current: bytes | None  # bytes on disk (not necessarily UTF-8); None when missing
    recorded_hash: str | None  # hash in the manifest; None when the file is new

    @property
    def hand_edited(self) -> bool:
        return (
            self.current is not None
            and self.recorded_hash is not None
            and hashlib.sha256(self.current).hexdigest() != self.recorded_hash
        )

    @property
    def stale(self) -> bool:
        expected = None if self.expected is None else self.expected.encode("utf-8")
        return self.current != expected


def render_contract_files(kind: ProjectKind, spec: SpecDocument, answers: Answers) -> dict[str, str]:
    """The generator's output, with every path checked: a spec name must never steer a write."""
    files = dict(sorted(kind.contract_files(spec, answers).items()))
    package = str(answers["package_name"])
    for path in files:
        if not is_plain_relative(path) or not kind.owns_contract_path(path, package):
            raise GenerationError(
                f"{spec.identity()} would make scaffold write {path[:120]}, outside the contract-owned "
                f"places ({kind.contract_places(package)}); rename the schema or package in the spec "
                "that produces it"
            )
    return files


def read_current(project: Path, path: str) -> bytes | None:
    """A contract-owned file's bytes, confined to the project and bounded in size."""
    target = confined(project, path, source=MANIFEST_PATH, key="the files entry")
    if not target.exists() and not target.is_symlink():
        return None
    try:
        return read_bounded(target, limit=CONTRACT_FILE_LIMIT, source=path)
    except FileNotFoundError:
        return None


def compare(project: Path, manifest: Manifest | None, expected: dict[str, str]) -> list[FileState]:
    """State of every file that is or was contract-owned, in path order."""
    recorded = manifest.files if manifest else {}
    return [
        FileState(path, expected.get(path), read_current(project, path), recorded.get(path))
        for path in sorted(set(expected) | set(recorded))
    ]


def plan_contract_files(
    project: Path,
    kind: ProjectKind,
    spec: SpecDocument,
    files: dict[str, str],
    previous: Manifest | None,
    *,
    keep: frozenset[str] = frozenset(),
) -> tuple[list[Change], Manifest]:
    """Every write and removal that brings the project to `files`, plus the spec copy and manifest.

    Paths in `keep` are left as they are on disk (a user's file where the contract now generates
    one); the manifest still records the generated hash, so later runs report them as edited.
    """
    changes: list[Change] = []
    for path, text in files.items():
        data = text.encode("utf-8")
        if path not in keep and read_current(project, path) != data:
            changes.append(Change(path, data))
    if previous is not None:
        for path in sorted(set(previous.files) - set(files)):
            if read_current(project, path) is not None:
                changes.append(Change(path, None))
    spec_bytes = spec_file_bytes(spec)
    if read_current(project, SPEC_COPY_PATH) != spec_bytes:
        changes.append(Change(SPEC_COPY_PATH, spec_bytes))
    manifest = Manifest(
        kind=kind.name,
        contract=spec.contract,
        contract_version=spec.version,
        spec_sha256=spec.sha256,
        files={path: text_hash(text) for path, text in files.items()},
    )
    manifest_bytes = manifest.to_json().encode("utf-8")
    if read_current(project, MANIFEST_PATH) != manifest_bytes:
        changes.append(Change(MANIFEST_PATH, manifest_bytes))
    return changes, manifest


def spec_file_bytes(spec: SpecDocument) -> bytes:
    """The exact bytes the loader read and validated (never the file again: it may have changed)."""
    if hashlib.sha256(spec.raw).hexdigest() != spec.sha256:
        raise ProjectError(f"{spec.path}: the spec's bytes do not match its recorded sha256")
    return spec.raw


def write_contract_files(
    project: Path,
    kind: ProjectKind,
    spec: SpecDocument,
    files: dict[str, str],
    previous: Manifest | None,
    *,
    keep: frozenset[str] = frozenset(),
) -> Manifest:
    """Write the set directly: for a folder nobody sees yet (a staging folder or a throwaway clone)."""
    changes, manifest = plan_contract_files(project, kind, spec, files, previous, keep=keep)
    for change in changes:
        target = project / change.path
        if change.data is None:
            target.unlink(missing_ok=True)
        else:
            write_bytes_atomic(target, change.data)
    return manifest
