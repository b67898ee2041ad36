"""Import names a generated project's own package must not take, derived from the template's dependencies.

A package called `pydantic` inside a project that depends on pydantic shadows the real one and the
project's tests fail with an ImportError far from the cause. The names come from the requirement
lists in each template's pyproject files, closed over their dependencies and mapped to import names
with the installed distributions' metadata. That closure is recorded in `dependency_imports.json`
(refresh: `python -m scaffold.projects.dependency_names`), because the user's machine need not have
the project's dependencies installed; a test keeps the file in step with the templates.

Every command that opens a project validates its package name, so the template's own requirement
names are remembered per user (keyed by the pyproject files' bytes, this module's bytes and the
versions of scaffold and packaging): a hit costs no import of packaging or importlib.metadata.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import scaffold
from scaffold import user_cache
from scaffold.contracts import KIND_NAMES
from scaffold.resources import templates_root

if TYPE_CHECKING:
    from importlib import metadata

    from packaging.requirements import Requirement

CACHE_KIND = "template-requirement-names"

RECORD = Path(__file__).with_name("dependency_imports.json")
_QUOTED = re.compile(r'"([A-Za-z0-9][A-Za-z0-9._-]*(?:\[[A-Za-z0-9_,\s-]+\])?[^"]*)"')
_SECTION = re.compile(r"^\[([^\]\n]+)\]\s*$", re.MULTILINE)
_LIST = re.compile(r"^([a-z][a-z0-9_-]*)\s*=\s*\[(.*?)\]\s*(?:#.*)?$", re.MULTILINE | re.DOTALL)
# Distributions whose import name is not their own name, for when they are not installed here.
_KNOWN_IMPORTS = {"pyyaml": ["yaml"], "python-dotenv": ["dotenv"], "python-multipart": ["multipart"]}


def template_requirements(kind: str, root: Path | None = None) -> list[Requirement]:
    """The requirements listed in the pyproject files of `kind`'s current templates."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    found: dict[str, Requirement] = {}
    for pyproject in _pyprojects(kind, root):
        for block in _requirement_lists(pyproject.read_text(encoding="utf-8")):
            for quoted in _QUOTED.findall(block):
                try:
                    requirement = Requirement(quoted)
                except InvalidRequirement:
                    continue
                found.setdefault(
                    f"{canonicalize_name(requirement.name)}{sorted(requirement.extras)}", requirement
                )
    return list(found.values())


def _requirement_lists(text: str) -> list[str]:
    """`[project] dependencies` and every `[project.optional-dependencies]` list of a pyproject."""
    headers = list(_SECTION.finditer(text))
    blocks = []
    for index, header in enumerate(headers):
        end = headers[index + 1].start() if index + 1 < len(headers) else len(text)
        body = text[header.end() : end]
        for key, block in _LIST.findall(body):
            if (header[1] == "project" and key == "dependencies") or header[
                1
            ] == "project.optional-dependencies":
                blocks.append(block)
    return blocks


def import_closure(requirements: list[Requirement]) -> list[str]:
    """Top-level import names of `requirements` and everything they need, as installed here."""
    from importlib import metadata

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    names: set[str] = set()
    seen: set[str] = set()
    pending = list(requirements)
    while pending:
        requirement = pending.pop()
        key = f"{canonicalize_name(requirement.name)}{sorted(requirement.extras)}"
        if key in seen:
            continue
        seen.add(key)
        try:
            distribution = metadata.distribution(requirement.name)
        except metadata.PackageNotFoundError:
            names.update(
                _KNOWN_IMPORTS.get(canonicalize_name(requirement.name), [_as_import(requirement.name)])
            )
            continue
        names.update(_top_level(distribution))
        for text in distribution.requires or []:
            child = Requirement(text)
            extras = requirement.extras or {""}
            if child.marker is None or any(child.marker.evaluate({"extra": extra}) for extra in extras):
                pending.append(child)
    return sorted(n for n in names if n.isidentifier() and not n.startswith("_"))


def _as_import(name: str) -> str:
    from packaging.utils import canonicalize_name

    return canonicalize_name(name).replace("-", "_")


def _pyprojects(kind: str, root: Path | None = None) -> list[Path]:
    """The pyproject files of every template of `kind` (one per language of its service)."""
    base = root or templates_root()
    folders = [base / template.folder / "project" for template in KIND_NAMES[kind].templates]
    return sorted(path for folder in folders for path in folder.rglob("pyproject.toml*"))


def _top_level(distribution: metadata.Distribution) -> set[str]:
    listed = distribution.read_text("top_level.txt")
    if listed:
        return {line.strip() for line in listed.splitlines() if line.strip()}
    found = set()
    for file in distribution.files or []:
        first = file.parts[0]
        if first.endswith((".dist-info", ".data")) or first in ("..", "bin"):
            continue
        found.add(first.removesuffix(".py").split(".")[0])
    return found or {_as_import(distribution.metadata["Name"])}


@cache
def shadowed_imports(kind: str | None = None) -> frozenset[str]:
    """Names a project's package may not take (every kind's when `kind` is None)."""
    recorded: dict[str, list[str]] = json.loads(RECORD.read_text(encoding="utf-8"))
    kinds = [kind] if kind is not None else sorted(recorded)
    names: set[str] = set()
    for name in kinds:
        names.update(recorded.get(name, []))
        names.update(_template_import_names(name))
    return frozenset(names)


def _template_import_names(kind: str) -> list[str]:
    """`_as_import` of every requirement name in `kind`'s template, remembered per user."""
    key = _names_key(kind)
    if key is not None:
        cached = user_cache.read_entry(CACHE_KIND, key)
        if cached is not None:
            try:
                names = json.loads(cached)
            except ValueError:
                names = None
            if isinstance(names, list) and all(isinstance(n, str) for n in names):
                return names
    found = sorted({_as_import(r.name) for r in template_requirements(kind)})
    if key is not None:
        user_cache.write_entry(CACHE_KIND, key, json.dumps(found))
    return found


def _names_key(kind: str) -> str | None:
    """sha256 over the inputs of `_template_import_names(kind)`; None when one is unreadable."""
    packaging_version = user_cache.installed_version("packaging")
    if packaging_version is None:
        return None
    digest = hashlib.sha256()
    digest.update(f"{kind}\nscaffold=={scaffold.__version__}\npackaging=={packaging_version}\n".encode())
    try:
        digest.update(hashlib.sha256(Path(__file__).read_bytes()).digest())
        for pyproject in _pyprojects(kind):
            digest.update(pyproject.name.encode("utf-8", errors="surrogatepass") + b"\0")
            digest.update(hashlib.sha256(pyproject.read_bytes()).digest())
    except OSError:
        return None
    return digest.hexdigest()


def refresh() -> dict[str, list[str]]:
    data = {kind: import_closure(template_requirements(kind)) for kind in sorted(KIND_NAMES)}
    RECORD.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return data


if __name__ == "__main__":
    for kind, names in refresh().items():
        sys.stdout.write(f"{kind}: {len(names)} import names\n")
