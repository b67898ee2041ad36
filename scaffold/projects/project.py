"""An existing scaffold project on disk: its answers, manifest, recorded spec and kind."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from scaffold.errors import ProjectError
from scaffold.projects.kinds import ProjectKind, kind_named
from scaffold.projects.manifest import SPEC_COPY_PATH, Manifest
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file

ANSWERS_FILE = ".copier-answers.yml"


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

    def recorded_spec(self) -> SpecDocument:
        """The exact spec the contract-owned files were generated from (kept in the project)."""
        path = self.root / SPEC_COPY_PATH
        if not path.is_file():
            raise ProjectError(
                f"{path} is missing; scaffold keeps the project's contract spec there",
                hint="Restore it from git, or run `scaffold upgrade --to VERSION` to record one.",
            )
        spec = load_spec_file(path)
        if spec.sha256 != self.manifest.spec_sha256:
            raise ProjectError(
                f"{path} is not the spec recorded in the manifest (sha256 differs)",
                hint="Restore it from git; contract specs in a project are never edited by hand.",
            )
        return spec


def find_project_root(start: Path) -> Path:
    """`start` or the nearest parent holding a scaffold manifest."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / ".scaffold" / "manifest.json").is_file():
            return folder
    raise ProjectError(
        f"{start} is not inside a scaffold project (no .scaffold/manifest.json here or above)",
        hint="Pass the project folder, or run the command inside a project made by scaffold new-plugin/new-module.",
    )


def open_project(path: Path) -> Project:
    root = find_project_root(path)
    manifest = Manifest.read(root)
    kind = kind_named(manifest.kind)
    answers_path = root / ANSWERS_FILE
    try:
        recorded = yaml.safe_load(answers_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProjectError(
            f"{answers_path} is missing; it records the template version and your answers",
            hint="Restore it from git (git checkout -- .copier-answers.yml).",
        ) from None
    except (OSError, yaml.YAMLError) as exc:
        raise ProjectError(f"{answers_path} cannot be read ({exc})", hint="Restore it from git.") from exc
    if not isinstance(recorded, dict):
        raise ProjectError(f"{answers_path} is not a mapping of answers", hint="Restore it from git.")
    return Project(root=root, kind=kind, manifest=manifest, recorded_answers=recorded)
