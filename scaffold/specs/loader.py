"""Reading a spec file into a validated SpecDocument, or one clear error naming file and pointer.

Validation has two layers: OpenAPI 3.1 validity (openapi-spec-validator) and scaffold's own
conventions (specs/CONVENTIONS.md) that generators rely on: contract identity in `info`, local
`$ref`s only, an operationId on every operation.

A spec file is untrusted input, so the order matters: the bytes are read bounded
(scaffold.specs.reading), the YAML is checked for anchors and depth before it is built
(scaffold.specs.yaml_reader), and the references are checked (scaffold.specs.references) before
openapi-spec-validator sees the document; the validator is also given no way to fetch anything.
Patterns a backtracking matcher would take exponential time on are refused for every language
(scaffold.specs.patterns), whether or not the document is remembered as valid.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from scaffold.contracts import PLUGIN
from scaffold.errors import SpecError
from scaffold.specs import pointers
from scaffold.specs.document import SpecDocument
from scaffold.specs.parsed_cache import parse_spec_text
from scaffold.specs.patterns import check_patterns
from scaffold.specs.reading import read_spec_bytes
from scaffold.specs.references import check_references
from scaffold.specs.spec_versions import SPEC_VERSION_FORM, contract_version, is_spec_version, spec_revision
from scaffold.specs.validation_cache import is_known_valid, remember_valid
from scaffold.specs.wording import describe

_CONTRACT = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def load_spec_file(path: Path, *, shipped: bool = False) -> SpecDocument:
    """Load and validate one spec file; raise SpecError with the file and JSON pointer if invalid."""
    path = path.expanduser()
    raw = read_spec_bytes(path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(
            f"not UTF-8 text (byte {exc.start})", path=path, hint="Save the spec as UTF-8."
        ) from exc
    data = parse_spec_text(raw, text, path)
    sha256 = hashlib.sha256(raw).hexdigest()
    if not isinstance(data, dict):
        raise SpecError(
            "the document is not a mapping", path=path, hint="A spec is an OpenAPI 3.1 YAML object."
        )
    contract, version, label = _check_identity(data, path)
    check_references(data, path)
    check_patterns(data, path)
    if not is_known_valid(sha256):
        _check_openapi(data, path)
        remember_valid(sha256)
    _check_operations(data, path)
    return SpecDocument(
        contract=contract,
        version=version,
        release_label=label,
        path=path.resolve(),
        sha256=sha256,
        data=data,
        shipped=shipped,
        raw=raw,
    )


def _check_identity(data: dict[str, Any], path: Path) -> tuple[str, str, str]:
    openapi = data.get("openapi")
    if not isinstance(openapi, str) or not openapi.startswith("3.1."):
        raise SpecError(
            f"openapi is {describe(openapi)}, but scaffold reads OpenAPI 3.1 specs",
            path=path,
            pointer="/openapi",
            hint="Set openapi: 3.1.0 and use 3.1 syntax.",
        )
    info = data.get("info")
    if not isinstance(info, dict):
        raise SpecError(
            "info is missing or not a mapping",
            path=path,
            pointer="/info",
            hint="Add info with title, version and x-contract.",
        )
    version = info.get("version")
    if not isinstance(version, str) or not is_spec_version(version):
        raise SpecError(
            f"info.version is {describe(version)}; a spec version is {SPEC_VERSION_FORM}",
            path=path,
            pointer="/info/version",
        )
    _check_revision(info, version, path)
    contract = info.get("x-contract")
    if not isinstance(contract, str) or not _CONTRACT.match(contract):
        raise SpecError(
            f"info.x-contract is {describe(contract)}; it must name the contract, e.g. {PLUGIN.contract}",
            path=path,
            pointer="/info/x-contract",
            hint="A contract name is lowercase letters and digits in words joined by single dashes.",
        )
    label = info.get("x-release-label", "")
    if not isinstance(label, str):
        raise SpecError(
            f"info.x-release-label is {describe(label)}; it must be text, e.g. 2026H1",
            path=path,
            pointer="/info/x-release-label",
        )
    return contract, version, label


def _check_revision(info: dict[str, Any], version: str, path: Path) -> None:
    """A revised spec says which contract version and revision it is, matching info.version."""
    expected: dict[str, object] = {
        "x-contract-version": contract_version(version),
        "x-spec-revision": spec_revision(version),
    }
    for key, value in expected.items():
        if key not in info and spec_revision(version) == 1:
            continue
        if info.get(key) != value:
            raise SpecError(
                f"info.{key} is {describe(info.get(key))}; for info.version {version} it must be {value}",
                path=path,
                pointer=f"/info/{key}",
                hint="A spec revision X.Y.Z+rN carries x-contract-version X.Y.Z and x-spec-revision N.",
            )


def _check_openapi(data: dict[str, Any], path: Path) -> None:
    validator = _offline_validator()(data)
    for error in validator.iter_errors():
        relative = list(getattr(error, "absolute_path", []))
        instance = getattr(error, "instance", None)
        pointer = pointers.locate(data, relative, instance) if relative else ""
        message = _plain(str(getattr(error, "message", "the value breaks the OpenAPI 3.1 schema")))
        raise SpecError(
            f"not valid OpenAPI 3.1: {message}",
            path=path,
            pointer=pointer,
            hint="Fix that value; `scaffold specs show FILE` re-checks the file.",
        )


def _offline_validator() -> Any:
    """openapi-spec-validator's 3.1 validator with no URL handlers: it cannot read a file or fetch.

    check_references already refuses every non-local reference; this makes a reference the check
    missed fail to resolve instead of reaching the file system or the network.
    """
    from openapi_spec_validator import OpenAPIV31SpecValidator

    class OfflineValidator(OpenAPIV31SpecValidator):
        resolver_handlers: dict[str, Any] = {}  # noqa: RUF012 - replaces the class-level default

    return OfflineValidator


def _check_operations(data: dict[str, Any], path: Path) -> None:
    for route, item in (data.get("paths") or {}).items():
        if not isinstance(item, dict):
            continue
        for method in _METHODS:
            operation = item.get(method)
            if isinstance(operation, dict) and not isinstance(operation.get("operationId"), str):
                raise SpecError(
                    "the operation has no operationId",
                    path=path,
                    pointer=pointers.to_pointer(("paths", route, method)),
                    hint="Generated method names come from operationId; add one in camelCase.",
                )


def _plain(message: str) -> str:
    """A validator message cut to one readable line (it quotes the offending value in full)."""
    line = " ".join(message.split())
    return line if len(line) <= 200 else line[:199] + "…"
