"""The private-registry rules of the module contract (`x-package-registries`), as data.

The generator writes them into the project as `frontend/src/contract/registry.json`, which both
checks read: scaffold's command and the project's own `scripts/check-registry.mjs`. So a contract
version that adds a scope or renames a variable changes both checks on `scaffold regenerate`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from scaffold.contracts import MODULE
from scaffold.errors import GenerationError, RegistryConfigError
from scaffold.registry.files import read_json

CONFIG_PATH = "src/contract/registry.json"
MAX_RULES_BYTES = 64 * 1024


@dataclass(frozen=True)
class RegistryRules:
    scopes: tuple[str, ...]
    username_var: str
    password_var: str
    email_var: str
    encoding: str = "base64"

    def to_json(self, stamp: str) -> str:
        data = {
            "//": stamp,
            "scopes": list(self.scopes),
            "credentials": {
                "username": self.username_var,
                "password": self.password_var,
                "email": self.email_var,
            },
            "passwordEncoding": self.encoding,
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def rules_from_spec(spec_data: Mapping[str, Any]) -> RegistryRules:
    """Read `x-package-registries` of a module spec; a spec without it is a generator error."""
    section = spec_data.get("x-package-registries")
    try:
        credentials = section["credentials"]  # type: ignore[index]
        return RegistryRules(
            scopes=tuple(str(scope) for scope in section["scopes"]),  # type: ignore[index]
            username_var=str(credentials["username"]),
            password_var=str(credentials["password"]),
            email_var=str(credentials["email"]),
            encoding=str(section.get("passwordEncoding", "base64")),  # type: ignore[union-attr]
        )
    except (KeyError, TypeError) as exc:
        raise GenerationError(
            f"the module spec's x-package-registries lacks {exc} (scopes and credentials "
            "username/password/email are needed)"
        ) from exc


def rules_from_file(path: Path) -> RegistryRules:
    """Read the rules a project carries (`frontend/src/contract/registry.json`)."""
    restore = "Run `scaffold regenerate` in the project to restore it."
    data = read_json(path, MAX_RULES_BYTES, missing_hint=restore)
    try:
        credentials = data["credentials"]
        return RegistryRules(
            scopes=tuple(str(scope) for scope in data["scopes"]),
            username_var=str(credentials["username"]),
            password_var=str(credentials["password"]),
            email_var=str(credentials["email"]),
            encoding=str(data.get("passwordEncoding", "base64")),
        )
    except (KeyError, TypeError, AttributeError) as exc:
        raise RegistryConfigError(
            f"{path} is not a valid registry rules file ({exc})", hint=restore
        ) from None


def load_rules(frontend: Path) -> RegistryRules:
    """The project's own rules file, or the newest shipped module spec's rules when it has none."""
    path = frontend / CONFIG_PATH
    if path.exists():
        return rules_from_file(path)
    from scaffold.specs.catalog import load_shipped

    return rules_from_spec(load_shipped(MODULE.contract, None).data)
