"""Reading a spec file into a validated SpecDocument, or one clear error naming file and pointer.

Validation has two layers: OpenAPI 3.1 validity (openapi-spec-validator) and scaffold's own
conventions (specs/CONVENTIONS.md) that generators rely on: contract identity in `info`, local
`$ref`s only, an operationId on every operation.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from scaffold.errors import SpecError
from scaffold.specs import pointers
from scaffold.specs.document import SpecDocument
from scaffold.specs.validation_cache import is_known_valid, remember_valid
from scaffold.specs.yaml_reader import parse_yaml

_VERSION = re.compile(r"^\d+\.\d+\.\d+$")
_CONTRACT = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
_METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def load_spec_file(path: Path, *, shipped: bool = False) -> SpecDocument:
    """Load and validate one spec file; raise SpecError with the file and JSON pointer if invalid."""
    path = path.expanduser()
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SpecError(
            "no such spec file", path=path, hint="Check the path, or name a shipped contract version."
        ) from None
    except OSError as exc:
        raise SpecError(f"cannot read the file ({exc.strerror})", path=path) from exc
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError(
            f"not UTF-8 text (byte {exc.start})", path=path, hint="Save the spec as UTF-8."
        ) from exc
    data = parse_yaml(text, path)
    sha256 = hashlib.sha256(raw).hexdigest()
    if not isinstance(data, dict):
        raise SpecError(
            "the document is not a mapping", path=path, hint="A spec is an OpenAPI 3.1 YAML object."
        )
    contract, version, label = _check_identity(data, path)
    _check_refs(data, path)
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
    )


def _check_identity(data: dict[str, Any], path: Path) -> tuple[str, str, str]:
    openapi = data.get("openapi")
    if not isinstance(openapi, str) or not openapi.startswith("3.1."):
        raise SpecError(
            f"openapi is {openapi!r}, but scaffold reads OpenAPI 3.1 specs",
            path=path,
            pointer="/openapi",
            hint="Set openapi: 3.1.0 and use 3.1 syntax.",
        )
    info = data.get("info")
    if not isinstance(info, dict):
        raise SpecError("info is missing", path=path, pointer="/info")
    version = info.get("version")
    if not isinstance(version, str) or not _VERSION.match(version):
        raise SpecError(
            f"info.version is {version!r}; a contract version must look like 1.2.0",
            path=path,
            pointer="/info/version",
        )
    contract = info.get("x-contract")
    if not isinstance(contract, str) or not _CONTRACT.match(contract):
        raise SpecError(
            f"info.x-contract is {contract!r}; it must name the contract, e.g. datasource-plugin",
            path=path,
            pointer="/info/x-contract",
            hint="See specs/CONVENTIONS.md.",
        )
    label = info.get("x-release-label", "")
    if not isinstance(label, str):
        raise SpecError("info.x-release-label must be a string", path=path, pointer="/info/x-release-label")
    return contract, version, label


def _check_refs(data: dict[str, Any], path: Path) -> None:
    for parts, node in pointers.walk(data):
        if not isinstance(node, dict) or "$ref" not in node:
            continue
        ref = node["$ref"]
        where = pointers.to_pointer((*parts, "$ref"))
        if not isinstance(ref, str) or not ref.startswith("#/"):
            raise SpecError(
                f"$ref {ref!r} is not a local reference",
                path=path,
                pointer=where,
                hint="scaffold specs are self-contained: use #/components/... references.",
            )
        found, _ = pointers.resolve_local_ref(data, ref)
        if not found:
            raise SpecError(f"$ref {ref!r} points to nothing", path=path, pointer=where)


def _check_openapi(data: dict[str, Any], path: Path) -> None:
    from openapi_spec_validator import OpenAPIV31SpecValidator

    validator = OpenAPIV31SpecValidator(data)
    for error in validator.iter_errors():
        relative = list(getattr(error, "absolute_path", []))
        instance = getattr(error, "instance", None)
        pointer = pointers.locate(data, relative, instance) if relative else ""
        message = getattr(error, "message", str(error))
        raise SpecError(
            f"not valid OpenAPI 3.1: {message}",
            path=path,
            pointer=pointer,
            hint="Fix that value; `scaffold specs show FILE` re-checks the file.",
        )


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
