"""Verified per-user cache entries: read safely, written atomically; every scaffold cache uses them.

Output that depends only on its exact inputs (the models of a spec, the formatter's output for a
source text, a parsed spec, compiled project templates) is kept in
`<user data folder>/cache/<kind>/<key>.entry`, where the key is a sha256 of every input. An entry is
trusted only after it proves itself: it is opened without following a symlink, only if it is a
regular file no larger than ENTRY_LIMIT, and its header must name its kind, the key it was looked
up by, the length of its body, and an HMAC-SHA256 of all three under the cache secret
(scaffold.cache_secret), a key kept outside the cache folder. Anyone who can write the folder
can recompute a plain checksum, never that HMAC; so an entry edited, forged, copied from another
machine's cache, damaged, truncated, oversized or foreign is ignored: the output is generated
again and the entry rewritten. Without a usable secret nothing is read or stored.

Entries are written to a temporary file and moved into place with os.replace, so concurrent
processes (pytest-xdist workers sharing one data folder) only ever see a whole entry; two writers
of one key write identical bytes. A cache is an optimisation: every failure to read or write one
falls back to generating, never to an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import re
import stat
import sys
import tempfile
from functools import cache
from pathlib import Path

from scaffold.cache_secret import cache_secret
from scaffold.resources import user_data_home

ENTRY_LIMIT = 4 * 1024 * 1024  # bytes; larger output is generated every time instead
_METADATA_LIMIT = 1024 * 1024
_VERSION_LINE = re.compile(rb"^Version:[ \t]*(\S+)[ \t]*\r?$", re.MULTILINE)


def folder(kind: str) -> Path:
    return user_data_home() / "cache" / kind


def entry_path(kind: str, key: str) -> Path:
    return folder(kind) / f"{key}.entry"


def seal(kind: str, key: str, body: bytes, secret: bytes) -> bytes:
    """The whole entry for `body`: a header naming kind, key and length, sealed with `secret`."""
    mac = hmac.new(secret, f"{kind}\n{key}\n{len(body)}\n".encode("ascii"), hashlib.sha256)
    mac.update(body)
    header = f"scaffold-cache {kind} 2\nkey {key}\nlength {len(body)}\nhmac-sha256 {mac.hexdigest()}\n\n"
    return header.encode("ascii") + body


def read_entry(kind: str, key: str) -> str | None:
    """The cached text for `key`, or None when there is no entry that proves itself."""
    body = read_bytes_entry(kind, key)
    if body is None:
        return None
    try:
        return body.decode("utf-8")
    except UnicodeDecodeError:
        return None


def read_bytes_entry(kind: str, key: str) -> bytes | None:
    """The cached bytes for `key`, or None when there is no entry that proves itself."""
    secret = cache_secret()
    if secret is None:
        return None
    try:
        data = _read_regular_file(entry_path(kind, key))
    except (OSError, ValueError):
        return None
    if data is None:
        return None
    _, separator, body = data.partition(b"\n\n")
    if not separator or not hmac.compare_digest(data, seal(kind, key, body, secret)):
        return None
    return body


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


def write_entry(kind: str, key: str, text: str) -> None:
    """Store `text` under `key`, whole or not at all; a failure leaves the cache as it was."""
    write_bytes_entry(kind, key, text.encode("utf-8"))


def write_bytes_entry(kind: str, key: str, body: bytes) -> None:
    """Store `body` under `key`, whole or not at all; a failure leaves the cache as it was."""
    secret = cache_secret()
    if secret is None:
        return
    entry = seal(kind, key, body, secret)
    if len(entry) > ENTRY_LIMIT:
        return
    target = folder(kind)
    temporary: str | None = None
    try:
        target.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(dir=target, prefix=".tmp-", suffix=".entry")
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(entry)
        os.replace(temporary, entry_path(kind, key))
        temporary = None
    except OSError:
        pass
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


@cache
def installed_version(distribution: str) -> str | None:
    """The installed version of `distribution`, as importlib.metadata.version reports it.

    Read from the first `<name>-<version>.dist-info/METADATA` on sys.path, the way
    importlib.metadata finds it, without importing importlib.metadata (about 20 ms with the email
    package it loads); anything unusual (no dist-info, two in one folder) asks importlib.metadata.
    """
    wanted = re.sub(r"[-_.]+", "_", distribution).lower() + "-"
    for entry in sys.path:
        try:
            names = [n for n in os.listdir(entry or ".") if n.lower().startswith(wanted)]
        except OSError:
            continue
        if not names:
            continue
        found = [n for n in names if n.endswith(".dist-info")]
        if len(found) == 1 and len(names) == 1:
            version = _metadata_version(Path(entry or ".") / found[0] / "METADATA")
            if version is not None:
                return version
        break
    return _version_from_importlib(distribution)


def _metadata_version(path: Path) -> str | None:
    try:
        with path.open("rb") as handle:
            head = handle.read(_METADATA_LIMIT).split(b"\n\n", 1)[0]
    except OSError:
        return None
    match = _VERSION_LINE.search(head)
    return match[1].decode("ascii", errors="replace") if match else None


def _version_from_importlib(distribution: str) -> str | None:
    from importlib import metadata

    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def source_fingerprint(package_dir: Path, relatives: tuple[str, ...]) -> str | None:
    """sha256 over the bytes of these files of the scaffold package; None when one is unreadable."""
    digest = hashlib.sha256()
    try:
        for relative in relatives:
            data = (package_dir / relative).read_bytes()
            digest.update(f"{relative}:{hashlib.sha256(data).hexdigest()}\n".encode())
    except OSError:
        return None
    return digest.hexdigest()


def environment(package_dir: Path, sources: tuple[str, ...], distributions: tuple[str, ...]) -> str | None:
    """Everything besides an entry's own input that shapes a cached output, as lines of text.

    The versions of `distributions` and the bytes of scaffold's modules that make the output
    (`sources`, relative to `package_dir`); None when one is unknown, and nothing is cached then:
    an output is never served for inputs it was not made from. Callers add scaffold's version to
    each key (read per key, so it is never stale).
    """
    versions = [installed_version(name) for name in distributions]
    source = source_fingerprint(package_dir, sources)
    if source is None or any(version is None for version in versions):
        return None
    lines = [f"{name.lower()}=={version}" for name, version in zip(distributions, versions, strict=True)]
    return "\n".join([*lines, source]) + "\n"
