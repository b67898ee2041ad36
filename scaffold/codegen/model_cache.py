"""A per-user cache of generated pydantic models, so a project does not pay for the model generator.

Importing and running datamodel-code-generator costs about 0.85 s of CPU, yet its output depends
only on the spec, never on a project's answers: every project made from one spec gets the same
models.py. The formatted output is therefore kept in `<user data folder>/cache/python-models/`,
one file per key, and reused by `scaffold new-plugin`, `new-module`, `regenerate` and `upgrade`.

The key is the sha256 of everything that shapes the output: the exact schemas and prepared
document handed to the generator, the header (contract, version, spec sha256), the scope, scaffold's
version, the versions of datamodel-code-generator, pydantic and ruff, the Python version, and the
bytes of scaffold's own generating modules (so an edited checkout never gets stale output). An
input that is not plain JSON data makes the output uncacheable rather than keyed by less.

An entry is trusted only after it proves itself: it is read without following a symlink, only if
it is a regular file no larger than ENTRY_LIMIT, and its header must name the key it was looked
up by and the sha256 and length of its body. Anything else (damaged, truncated, oversized,
foreign) is ignored and rewritten. Entries are written to a temporary file and moved into place
with os.replace, so concurrent processes (pytest-xdist workers sharing one data folder) only ever
see a whole entry; two writers of one key write identical bytes. The cache is an optimisation:
every failure to read or write it falls back to generating, never to an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import stat
import sys
import tempfile
from collections.abc import Mapping
from functools import cache
from importlib import metadata
from pathlib import Path
from typing import Any

import scaffold
from scaffold.resources import user_data_home

FOLDER = ("cache", "python-models")
ENTRY_LIMIT = 4 * 1024 * 1024  # bytes; larger output is generated every time instead
FORMAT = "scaffold-python-models 1"
# Packages whose behaviour shapes the output: the generator, the models it targets, the formatter.
_PACKAGES = ("datamodel-code-generator", "pydantic", "ruff")
# scaffold's own modules that shape the output, relative to the scaffold package.
_SOURCES = (
    "codegen/python_models.py",
    "codegen/class_names.py",
    "codegen/formatting.py",
    "codegen/header.py",
    "codegen/model_cache.py",
    "specs/shapes.py",
    "specs/references.py",
    "specs/document.py",
)
_PACKAGE_DIR = Path(__file__).resolve().parent.parent


@cache
def package_versions() -> tuple[str, ...] | None:
    """`name==version` of each package that shapes the output, from its metadata (no import)."""
    try:
        return tuple(f"{name}=={metadata.version(name)}" for name in _PACKAGES)
    except metadata.PackageNotFoundError:
        return None


@cache
def source_fingerprint() -> str | None:
    """sha256 over scaffold's generating modules; None when one of them cannot be read."""
    digest = hashlib.sha256()
    try:
        for relative in _SOURCES:
            data = (_PACKAGE_DIR / relative).read_bytes()
            digest.update(f"{relative}:{hashlib.sha256(data).hexdigest()}\n".encode())
    except OSError:
        return None
    return digest.hexdigest()


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


def cache_folder() -> Path:
    return user_data_home().joinpath(*FOLDER)


def _entry_path(key: str) -> Path:
    return cache_folder() / f"{key}.txt"


def _header(key: str, body: bytes) -> bytes:
    return f"{FORMAT}\nkey {key}\nsha256 {hashlib.sha256(body).hexdigest()}\nlength {len(body)}\n\n".encode(
        "ascii"
    )


def read_entry(key: str) -> str | None:
    """The cached output for `key`, or None when there is no entry that proves itself."""
    try:
        data = _read_regular_file(_entry_path(key))
    except (OSError, ValueError):
        return None
    if data is None:
        return None
    head, separator, body = data.partition(b"\n\n")
    if not separator or head + b"\n\n" != _header(key, body):
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _read_regular_file(path: Path) -> bytes | None:
    """The bytes of `path` if it is a regular file (not a symlink) within ENTRY_LIMIT."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        descriptor = os.open(path, flags)
    except FileNotFoundError:
        return None
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode) or info.st_size > ENTRY_LIMIT:
            return None
        data = handle.read(ENTRY_LIMIT + 1)
    return None if len(data) > ENTRY_LIMIT else data


def write_entry(key: str, text: str) -> None:
    """Store `text` under `key`, whole or not at all; a failure leaves the cache as it was."""
    body = text.encode("utf-8")
    entry = _header(key, body) + body
    if len(entry) > ENTRY_LIMIT:
        return
    folder = cache_folder()
    temporary: str | None = None
    try:
        folder.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".txt")
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(entry)
        os.replace(temporary, _entry_path(key))
        temporary = None
    except OSError:
        pass
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
