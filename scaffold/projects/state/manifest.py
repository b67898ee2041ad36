"""`.scaffold/manifest.json`: which files of a project are contract-owned, and their hashes.

The hashes are what lets regenerate and upgrade tell a stale generated file (safe to rewrite)
from a hand-edited one (reported, never silently overwritten).
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from scaffold.errors import ProjectError
from scaffold.projects.state.paths import confined, decode_state_text, is_plain_relative, read_bounded
from scaffold.specs.spec_versions import SPEC_VERSION

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
        """Read and check the manifest; every value is untrusted (a pull request can change it)."""
        path = project / MANIFEST_PATH
        if not path.is_file() and not path.is_symlink():
            raise ProjectError(
                f"{project} is not a scaffold project (no {MANIFEST_PATH})",
                hint="Run the command inside a project made by `scaffold new-plugin` or `scaffold new-module`.",
            )
        confined(project, MANIFEST_PATH, source=MANIFEST_PATH, key="the manifest itself")
        text = decode_state_text(read_bounded(path, source=MANIFEST_PATH), source=MANIFEST_PATH)
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ProjectError(f"{MANIFEST_PATH} is not valid JSON; {_RESTORE}") from None
        if not isinstance(data, dict):
            raise ProjectError(f"{MANIFEST_PATH} is not a JSON object; {_RESTORE}")
        files = data.get("files")
        if not isinstance(files, dict):
            raise ProjectError(f"{MANIFEST_PATH}: files is missing or not an object; {_RESTORE}")
        checked: dict[str, str] = {}
        for key, value in files.items():
            if not is_plain_relative(key):
                confined(project, key, source=MANIFEST_PATH, key="the files entry")
            if not isinstance(value, str) or not _SHA256.match(value):
                raise ProjectError(f"{MANIFEST_PATH}: the hash of {key:.120} is not a sha256; {_RESTORE}")
            checked[key] = value
        return cls(
            kind=_text_entry(data, "kind", _NAME),
            contract=_text_entry(data, "contract", _NAME),
            contract_version=_text_entry(data, "contract_version", SPEC_VERSION),
            spec_sha256=_text_entry(data, "spec_sha256", _SHA256),
            files=checked,
        )


_RESTORE = f"restore it from git (git checkout -- {MANIFEST_PATH})"
_NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def _text_entry(data: dict[str, object], key: str, pattern: re.Pattern[str]) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > 200 or not pattern.match(value):
        raise ProjectError(f"{MANIFEST_PATH}: {key} is missing or malformed; {_RESTORE}")
    return value
