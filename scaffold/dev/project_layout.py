"""Where a project's parts are, as `scaffold dev` and its runners need them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from scaffold.contracts import KIND_NAMES, KindName, Part


@dataclass(frozen=True)
class ProjectLayout:
    """Where a project's parts are: what `scaffold dev` needs of a scaffold.projects Project."""

    root: Path
    kind: KindName
    package: str

    @property
    def service_dir(self) -> Path:
        """The folder the service runs in (its package is importable from there)."""
        return self.root / KIND_NAMES[self.kind].service().folder

    @property
    def package_dir(self) -> Path:
        return self.service_dir / self.package

    @property
    def service(self) -> Part:
        return KIND_NAMES[self.kind].service()

    @property
    def frontend(self) -> Part | None:
        return KIND_NAMES[self.kind].frontend()

    @property
    def frontend_dir(self) -> Path | None:
        frontend = KIND_NAMES[self.kind].frontend()
        return None if frontend is None else self.root / frontend.folder
