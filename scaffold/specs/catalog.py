"""The contract versions scaffold ships, and how a user names one on the command line.

A spec is named either by contract (`datasource-plugin`, newest version unless one is given) or
by the path of a spec file, so a contract published before scaffold ships it can still be used.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

from scaffold.errors import SpecError, UnknownContractError
from scaffold.resources import specs_root
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from scaffold.specs.spec_versions import contract_version, sort_key


@dataclass(frozen=True)
class ShippedSpec:
    """A spec file in scaffold's specs/ folder, known by name and version before it is parsed."""

    contract: str
    version: str
    path: Path


def shipped_specs() -> list[ShippedSpec]:
    """All shipped contract versions, sorted by contract name then version."""
    found: list[ShippedSpec] = []
    root = specs_root()
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        for file in folder.glob("*.yaml"):
            found.append(ShippedSpec(folder.name, file.stem, file))
    return sorted(found, key=lambda s: (s.contract, sort_key(s.version)))


def contract_names() -> list[str]:
    return sorted({s.contract for s in shipped_specs()})


def versions_of(contract: str) -> list[str]:
    return [s.version for s in shipped_specs() if s.contract == contract]


def load_shipped(contract: str, version: str | None = None) -> SpecDocument:
    """The shipped spec of `contract` at `version` (newest when None)."""
    known = [s for s in shipped_specs() if s.contract == contract]
    if not known:
        raise UnknownContractError(
            f"unknown contract {contract!r}",
            hint=f"Known contracts: {', '.join(contract_names())} (see `scaffold specs list`).",
        )
    if version is None:
        chosen = known[-1]
    else:
        matches = [s for s in known if s.version == version]
        if not matches:
            raise UnknownContractError(
                f"{contract} has no version {version!r} in this scaffold",
                hint=f"Shipped versions: {', '.join(s.version for s in known)}; "
                "or pass the path of a spec file.",
            )
        chosen = matches[0]
    return _load_checked(chosen)


@cache
def _load_checked_cached(contract: str, version: str, path: Path) -> SpecDocument:
    spec = load_spec_file(path, shipped=True)
    if spec.contract != contract or spec.version != version:
        raise SpecError(
            f"the file declares {spec.contract} {spec.version} but is stored as {contract}/{version}.yaml",
            path=path,
            pointer="/info",
            hint="A released spec file is named <contract>/<version>.yaml after its own info.",
        )
    return spec


def _load_checked(shipped: ShippedSpec) -> SpecDocument:
    return _load_checked_cached(shipped.contract, shipped.version, shipped.path)


def newest_revision(contract: str, version: str) -> str:
    """`version`, or its newest spec revision when `version` names a bare contract version.

    A team names the platform's contract version (`1.2.0`); a new project then gets the newest
    spec of it (`1.2.0+r2`): the wire is the same, and only the newest revision documents
    everything a generated server answers, which the project's conformance test checks.
    """
    if "+" in version or looks_like_path(version):
        return version
    same = [v for v in versions_of(contract) if contract_version(v) == version]
    return same[-1] if same else version


def looks_like_path(source: str) -> bool:
    return source.endswith((".yaml", ".yml", ".json")) or "/" in source or source.startswith(".")


def load_source(source: str, version: str | None = None) -> SpecDocument:
    """Resolve a CLI spec argument: a shipped contract name, or the path of a spec file."""
    if looks_like_path(source):
        if version is not None:
            raise UnknownContractError(
                "--version applies to a contract name, not to a spec file",
                hint="Drop --version, or name the contract instead of the file.",
            )
        return load_spec_file(Path(source))
    return load_shipped(source, version)


def load_version_or_file(contract: str, version_or_path: str) -> SpecDocument:
    """For `diff` and `upgrade --to`: a version of `contract`, or a spec file of that contract."""
    if looks_like_path(version_or_path) or Path(version_or_path).is_file():
        spec = load_spec_file(Path(version_or_path))
        if spec.contract != contract:
            raise SpecError(
                f"the file is a {spec.contract} spec, not {contract}",
                path=Path(version_or_path),
                pointer="/info/x-contract",
            )
        return spec
    return load_shipped(contract, version_or_path)
