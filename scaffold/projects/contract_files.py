"""Writing a project's contract-owned files, the spec they came from, and the manifest.

This is the only code that writes contract-owned files, for new projects, regenerate and upgrade
alike, so all three leave a project in exactly the same state for the same spec and answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scaffold.fsutil import write_bytes_atomic, write_text_atomic
from scaffold.projects.kinds import Answers, ProjectKind
from scaffold.projects.manifest import MANIFEST_PATH, SPEC_COPY_PATH, Manifest, text_hash
from scaffold.specs.document import SpecDocument


@dataclass(frozen=True)
class FileState:
    """How one contract-owned file on disk compares with the manifest and with fresh output."""

    path: str
    expected: str | None  # fresh generator output; None when the file is no longer generated
    current: str | None  # text on disk; None when missing
    recorded_hash: str | None  # hash in the manifest; None when the file is new

    @property
    def hand_edited(self) -> bool:
        return (
            self.current is not None
            and self.recorded_hash is not None
            and text_hash(self.current) != self.recorded_hash
        )

    @property
    def stale(self) -> bool:
        return self.current != self.expected


def render_contract_files(kind: ProjectKind, spec: SpecDocument, answers: Answers) -> dict[str, str]:
    return dict(sorted(kind.contract_files(spec, answers).items()))


def compare(project: Path, manifest: Manifest | None, expected: dict[str, str]) -> list[FileState]:
    """State of every file that is or was contract-owned, in path order."""
    recorded = manifest.files if manifest else {}
    states = []
    for path in sorted(set(expected) | set(recorded)):
        target = project / path
        current = target.read_text(encoding="utf-8") if target.is_file() else None
        states.append(FileState(path, expected.get(path), current, recorded.get(path)))
    return states


def write_contract_files(
    project: Path,
    kind: ProjectKind,
    spec: SpecDocument,
    files: dict[str, str],
    previous: Manifest | None,
) -> Manifest:
    """Write `files`, remove files no longer generated, store the spec and the manifest."""
    for path, text in files.items():
        target = project / path
        if not target.is_file() or target.read_text(encoding="utf-8") != text:
            write_text_atomic(target, text)
    if previous is not None:
        for path in set(previous.files) - set(files):
            (project / path).unlink(missing_ok=True)
    spec_copy = project / SPEC_COPY_PATH
    spec_bytes = spec.path.read_bytes()
    if not spec_copy.is_file() or spec_copy.read_bytes() != spec_bytes:
        write_bytes_atomic(spec_copy, spec_bytes)
    manifest = Manifest(
        kind=kind.name,
        contract=spec.contract,
        contract_version=spec.version,
        spec_sha256=spec.sha256,
        files={path: text_hash(text) for path, text in files.items()},
    )
    manifest_path = project / MANIFEST_PATH
    if not manifest_path.is_file() or manifest_path.read_text(encoding="utf-8") != manifest.to_json():
        write_text_atomic(manifest_path, manifest.to_json())
    return manifest
