"""An existing scaffold project on disk: its answers, manifest, recorded spec and kind.

Everything here is read from files a pull request can change, so `open_project` checks all of it
before any command uses it: answers obey the same rules as `new-plugin`/`new-module`, every
manifest path is one the generator itself would produce, and state files are bounded reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scaffold.errors import InvalidNameError, ProjectError, ScaffoldError
from scaffold.projects.kinds import ProjectKind, kind_named
from scaffold.projects.state import transaction
from scaffold.projects.state.manifest import MANIFEST_PATH, SPEC_COPY_PATH, Manifest
from scaffold.projects.state.paths import (
    confined,
    decode_state_text,
    read_bounded,
    require_under,
)
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from scaffold.specs.spec_versions import is_spec_version

ANSWERS_FILE = ".copier-answers.yml"
_TEMPLATE_REF = re.compile(r"^v\d+\.\d+\.\d+$")
_MAX_YAML_DEPTH = 16


@dataclass(frozen=True)
class Project:
    root: Path
    kind: ProjectKind
    manifest: Manifest
    recorded_answers: dict[str, Any]

    @property
    def answers(self) -> dict[str, Any]:
        """The user's answers, without copier's private `_` keys."""
        return {k: v for k, v in self.recorded_answers.items() if not k.startswith("_")}

    @property
    def template_version(self) -> str:
        return str(self.recorded_answers.get("_commit", "")).removeprefix("v")

    @property
    def package(self) -> str:
        return str(self.recorded_answers["package_name"])

    def recorded_spec(self) -> SpecDocument:
        """The exact spec the contract-owned files were generated from (kept in the project).

        When the copy is missing but the manifest's hash is that of a spec this scaffold ships,
        the shipped file is the same bytes, so it stands in (and `regenerate` writes the copy back).
        """
        path = confined(self.root, SPEC_COPY_PATH, source=SPEC_COPY_PATH, key="the spec copy")
        if not path.exists() and not path.is_symlink():
            shipped = _shipped_with_hash(self.manifest)
            if shipped is not None:
                return shipped
            raise ProjectError(
                f"{SPEC_COPY_PATH} is missing in {self.root}; scaffold keeps the project's contract spec there",
                hint=f"Restore it from git (git checkout -- {SPEC_COPY_PATH}).",
            )
        spec = load_spec_file(path)  # bounded: a small regular file, no aliases, local refs only
        if spec.sha256 != self.manifest.spec_sha256:
            raise ProjectError(
                f"{SPEC_COPY_PATH} in {self.root} is not the spec recorded in the manifest (sha256 differs)",
                hint=f"Restore it from git (git checkout -- {SPEC_COPY_PATH}); "
                "contract specs in a project are never edited by hand.",
            )
        return spec


def _shipped_with_hash(manifest: Manifest) -> SpecDocument | None:
    from scaffold.specs.catalog import load_shipped, versions_of

    if manifest.contract_version not in versions_of(manifest.contract):
        return None
    shipped = load_shipped(manifest.contract, manifest.contract_version)
    return shipped if shipped.sha256 == manifest.spec_sha256 else None


def find_project_root(start: Path) -> Path:
    """`start` or the nearest parent holding a scaffold manifest."""
    try:
        start = start.resolve()
        for folder in (start, *start.parents):
            if (folder / ".scaffold" / "manifest.json").is_file():
                return folder
    except OSError as exc:
        raise ProjectError(f"{start} cannot be used as a project folder ({exc.strerror})") from exc
    raise ProjectError(
        f"{start} is not inside a scaffold project (no .scaffold/manifest.json here or above)",
        hint="Pass the project folder, or run the command inside a project made by scaffold new-plugin/new-module.",
    )


def open_project(path: Path, *, recover: bool = True) -> Project:
    """Open and check the project at or above `path`.

    An interrupted upgrade or regenerate (its journal still in `.scaffold/`) is rolled back first
    when `recover` is true; otherwise the user is told how (read-only commands write nothing).
    """
    root = find_project_root(path)
    transaction.journal_folder(root)  # `.scaffold` and the journal are real folders, or nothing is read
    if transaction.pending(root):
        if not recover:
            with transaction.project_lock(root):  # a journal of a command still running: say so
                pass
            raise ProjectError(
                f"{root} holds an interrupted upgrade or regenerate ({transaction.JOURNAL_DIR}); "
                f"run `scaffold regenerate {root}` to restore the files it had changed"
            )
        transaction.recover(root)
    manifest = Manifest.read(root)
    kind = kind_named(manifest.kind)
    if manifest.contract != kind.contract:
        raise ProjectError(
            f"{MANIFEST_PATH}: contract {manifest.contract} does not belong to a {kind.name} project; "
            f"restore it from git (git checkout -- {MANIFEST_PATH})"
        )
    recorded = read_answers(root)
    try:
        kind.validate_answers(recorded)
    except InvalidNameError as exc:
        raise ProjectError(
            f"{ANSWERS_FILE}: {exc.message.rstrip('.')}; fix that answer or restore the file from git "
            f"(git checkout -- {ANSWERS_FILE})"
        ) from None
    try:
        kind = kind.for_answers(recorded)
    except ProjectError as exc:
        raise ProjectError(
            f"{ANSWERS_FILE}: {exc.message.rstrip('.')}; restore the file from git (git checkout -- {ANSWERS_FILE})"
        ) from None
    _check_recorded_versions(recorded, manifest)
    project = Project(root=root, kind=kind, manifest=manifest, recorded_answers=recorded)
    roots = kind.contract_roots(project.package)
    for relative in manifest.files:
        require_under(relative, roots, source=MANIFEST_PATH, key="the files entry", files=kind.owned_files)
        confined(root, relative, source=MANIFEST_PATH, key="the files entry")
    return project


def _check_recorded_versions(recorded: dict[str, Any], manifest: Manifest) -> None:
    commit = recorded.get("_commit")
    if not isinstance(commit, str) or not _TEMPLATE_REF.match(commit):
        raise ProjectError(
            f"{ANSWERS_FILE}: _commit must be a template version such as v1.0.0; "
            f"restore the file from git (git checkout -- {ANSWERS_FILE})"
        )
    version = recorded.get("contract_version")
    if not is_spec_version(version):
        raise ProjectError(
            f"{ANSWERS_FILE}: contract_version must be a version such as {manifest.contract_version}; "
            f"restore the file from git (git checkout -- {ANSWERS_FILE})"
        )
    source = recorded.get("_src_path")
    if source is not None and not isinstance(source, str):
        raise ProjectError(
            f"{ANSWERS_FILE}: _src_path must be text; restore the file from git (git checkout -- {ANSWERS_FILE})"
        )


def read_answers(root: Path) -> dict[str, Any]:
    """`.copier-answers.yml` as a mapping: a bounded, alias-free, shallow YAML file."""
    path = confined(root, ANSWERS_FILE, source=ANSWERS_FILE, key="the answers file")
    try:
        data = read_bounded(path, limit=64 << 10, source=ANSWERS_FILE)
    except FileNotFoundError:
        raise ProjectError(
            f"{ANSWERS_FILE} is missing in {root}; it records the template version and your answers",
            hint=f"Restore it from git (git checkout -- {ANSWERS_FILE}).",
        ) from None
    text = decode_state_text(data, source=ANSWERS_FILE)
    recorded = parse_shallow_yaml(text, source=ANSWERS_FILE)
    if not isinstance(recorded, dict) or not all(isinstance(k, str) for k in recorded):
        raise ProjectError(
            f"{ANSWERS_FILE} is not a mapping of answers; restore it from git (git checkout -- {ANSWERS_FILE})"
        )
    return recorded


def parse_shallow_yaml(text: str, *, source: str) -> Any:
    """Parse YAML that has no anchors or aliases and at most a few levels of nesting.

    Aliases let a few hundred bytes expand into gigabytes when walked; project state never needs
    them, so they are refused before anything is built.
    """
    restore = f"restore it from git (git checkout -- {source})"
    try:
        depth = 0
        for event in yaml.parse(text, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
                raise ProjectError(
                    f"{source} uses YAML anchors or aliases, which scaffold never writes; {restore}"
                )
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
                if depth > _MAX_YAML_DEPTH:
                    raise ProjectError(
                        f"{source} is nested more than {_MAX_YAML_DEPTH} levels deep; {restore}"
                    )
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
        return yaml.safe_load(text)
    except ScaffoldError:
        raise
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        raise ProjectError(f"{source} is not valid YAML{where}; {restore}") from None
