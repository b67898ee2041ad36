"""Which private scopes a frontend actually depends on, from its package.json."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from scaffold.errors import RegistryConfigError
from scaffold.registry.files import read_json

MAX_PACKAGE_JSON_BYTES = 4 * 1024 * 1024
DEPENDENCY_FIELDS = ("dependencies", "devDependencies", "optionalDependencies", "peerDependencies")


def read_package_json(path: Path) -> dict[str, Any]:
    data = read_json(
        path, MAX_PACKAGE_JSON_BYTES, missing_hint="Pass the module project or its frontend folder."
    )
    if not isinstance(data, dict):
        raise RegistryConfigError(f"{path} is not a JSON object")
    return data


def dependency_names(package: dict[str, Any]) -> list[str]:
    names: list[str] = []
    for field in DEPENDENCY_FIELDS:
        section = package.get(field)
        if isinstance(section, dict):
            names.extend(str(name) for name in section)
    return sorted(set(names))


def needed_scopes(package: dict[str, Any], scopes: Iterable[str]) -> dict[str, list[str]]:
    """Private scope -> the packages of that scope the project depends on (only scopes in use)."""
    names = dependency_names(package)
    needed: dict[str, list[str]] = {}
    for scope in scopes:
        users = [name for name in names if name.startswith(f"{scope}/")]
        if users:
            needed[scope] = users
    return needed
