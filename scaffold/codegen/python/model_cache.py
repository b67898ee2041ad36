"""A per-user cache of generated pydantic models, so a project does not pay for the model generator.

Importing and running datamodel-code-generator costs about 0.85 s of CPU, yet its output depends
only on the spec, never on a project's answers: every project made from one spec gets the same
models.py. The formatted output is therefore kept in `<user data folder>/cache/python-models/`
(entries sealed with the user's cache secret, verified on read and written atomically:
scaffold.user_cache) and reused by `scaffold new-plugin`, `new-module`, `regenerate` and `upgrade`.

The key is the sha256 of everything that shapes the output: the exact schemas and prepared
document handed to the generator, the header (contract, version, spec sha256), the scope, scaffold's
version, the versions of datamodel-code-generator, pydantic and ruff, the Python version, and the
bytes of scaffold's own generating modules (so an edited checkout never gets stale output). An
input that is not plain JSON data makes the output uncacheable rather than keyed by less.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import scaffold
from scaffold import user_cache

KIND = "python-models"
FOLDER = ("cache", KIND)
FORMAT = "scaffold-python-models 1"
# Packages whose behaviour shapes the output: the generator, the models it targets, the formatter.
_PACKAGES = ("datamodel-code-generator", "pydantic", "ruff")
# scaffold's own modules that shape the output, relative to the scaffold package.
_SOURCES = (
    "codegen/python/models.py",
    "codegen/python/source_offsets.py",
    "codegen/python/shipped_models.py",
    "codegen/python/runtime_files/contract_base.py",
    "codegen/python/attribute_names.py",
    "codegen/python/class_names.py",
    "codegen/escaping.py",
    "codegen/python/formatting.py",
    "codegen/header.py",
    "codegen/python/model_cache.py",
    "user_cache.py",
    "specs/shapes.py",
    "specs/references.py",
    "specs/document.py",
)
_PACKAGE_DIR = Path(__file__).resolve().parents[2]  # scaffold/


@cache
def package_versions() -> tuple[str, ...] | None:
    """`name==version` of each package that shapes the output, from its metadata (no import)."""
    versions = [user_cache.installed_version(name) for name in _PACKAGES]
    if any(version is None for version in versions):
        return None
    return tuple(f"{name}=={version}" for name, version in zip(_PACKAGES, versions, strict=True))


@cache
def source_fingerprint() -> str | None:
    """sha256 over scaffold's generating modules; None when one of them cannot be read."""
    return user_cache.source_fingerprint(_PACKAGE_DIR, _SOURCES)


def _environment() -> str | None:
    """Everything besides the spec that shapes the output, as one string; None if unknown."""
    packages = package_versions()
    source = source_fingerprint()
    if packages is None or source is None:
        return None
    python = ".".join(map(str, sys.version_info[:2]))
    return "\n".join([FORMAT, f"scaffold=={scaffold.__version__}", f"python=={python}", *packages, source])


def cache_key(
    *, scope: str, header: str, schemas: Mapping[str, Any], document: Mapping[str, Any]
) -> str | None:
    """The key of the models generated from exactly these inputs, or None if they cannot be keyed.

    Key order is kept (not sorted): the generator writes classes and fields in input order.
    """
    environment = _environment()
    if environment is None or not is_plain_json(schemas) or not is_plain_json(document):
        return None
    try:
        inputs = json.dumps(
            {"scope": scope, "header": header, "schemas": schemas, "document": document},
            ensure_ascii=True,
            separators=(",", ":"),
            allow_nan=False,
        )
    except (TypeError, ValueError, RecursionError):
        return None
    digest = hashlib.sha256()
    digest.update(environment.encode("utf-8"))
    digest.update(b"\0")
    digest.update(inputs.encode("ascii"))
    return digest.hexdigest()


def is_plain_json(value: object) -> bool:
    """True when `value` is JSON data json.dumps writes unambiguously (str keys, lists, no tuples).

    A spec loaded from a file always is; a SpecDocument built in code might hold a tuple or an
    integer key, which json.dumps would write like a list or a string key: such input is not cached.
    """
    stack = [value]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            if not all(type(key) is str for key in node):
                return False
            stack.extend(node.values())
        elif type(node) is list:
            stack.extend(node)
        elif node is not None and type(node) not in (str, int, float, bool):
            return False
    return True


def read_entry(key: str) -> str | None:
    """The cached models for `key`, or None (see scaffold.user_cache)."""
    return user_cache.read_entry(KIND, key)


def write_entry(key: str, text: str) -> None:
    user_cache.write_entry(KIND, key, text)
