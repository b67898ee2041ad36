"""Where a project's parts are, as `scaffold dev` and its runners need them."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path

from scaffold.contracts import KIND_NAMES, LANGUAGES, KindName, Part


@dataclass(frozen=True)
class ProjectLayout:
    """Where a project's parts are: what `scaffold dev` needs of a scaffold.projects Project."""

    root: Path
    kind: KindName
    package: str
    # The language of the service, as the project's answers record it (the opened project's
    # `kind.service_language`); "" is the registry's default for the kind (its service Part's).
    language: str = ""

    @property
    def service_dir(self) -> Path:
        """The folder the service runs in (its package is importable from there)."""
        return self.root / KIND_NAMES[self.kind].service().folder

    @property
    def package_dir(self) -> Path:
        return self.service_dir / self.package

    @property
    def service(self) -> Part:
        """The service part, in the project's own language (a plugin's may be TypeScript)."""
        part = KIND_NAMES[self.kind].service()
        return (
            part if not self.language else dataclasses.replace(part, language=LANGUAGES[self.language].name)
        )

    @property
    def frontend(self) -> Part | None:
        return KIND_NAMES[self.kind].frontend()

    @property
    def frontend_dir(self) -> Path | None:
        frontend = KIND_NAMES[self.kind].frontend()
        return None if frontend is None else self.root / frontend.folder
