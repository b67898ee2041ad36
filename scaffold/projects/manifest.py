"""`.scaffold/manifest.json`: which files of a project are contract-owned, and their hashes.

The hashes are what lets regenerate and upgrade tell a stale generated file (safe to rewrite)
from a hand-edited one (reported, never silently overwritten).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from scaffold.errors import ProjectError

MANIFEST_PATH = ".scaffold/manifest.json"
SPEC_COPY_PATH = ".scaffold/contract.yaml"
_FORMAT = 1


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Manifest:
    """The contract-owned state of a project as scaffold last wrote it."""

    kind: str
    contract: str
    contract_version: str
    spec_sha256: str
    files: dict[str, str] = field(default_factory=dict)

    def to_json(self) -> str:
        data = {
            "format": _FORMAT,
            "kind": self.kind,
            "contract": self.contract,
            "contract_version": self.contract_version,
            "spec_sha256": self.spec_sha256,
            "spec_file": SPEC_COPY_PATH,
            "files": dict(sorted(self.files.items())),
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    @classmethod
    def read(cls, project: Path) -> Manifest:
        path = project / MANIFEST_PATH
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ProjectError(
                f"{project} is not a scaffold project (no {MANIFEST_PATH})",
                hint="Run the command inside a project made by `scaffold new-plugin` or `scaffold new-module`.",
            ) from None
        except (OSError, ValueError) as exc:
            raise ProjectError(
                f"{path} is unreadable or not JSON ({exc})",
                hint="Restore it from git (git checkout -- .scaffold/manifest.json).",
            ) from exc
        try:
            files = data["files"]
            if not isinstance(files, dict):
                raise TypeError("files")
            return cls(
                kind=str(data["kind"]),
                contract=str(data["contract"]),
                contract_version=str(data["contract_version"]),
                spec_sha256=str(data["spec_sha256"]),
                files={str(k): str(v) for k, v in files.items()},
            )
        except (KeyError, TypeError) as exc:
            raise ProjectError(
                f"{path} lacks the entry {exc}",
                hint="Restore it from git (git checkout -- .scaffold/manifest.json).",
            ) from exc
