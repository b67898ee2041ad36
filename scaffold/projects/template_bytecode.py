"""A jinja bytecode cache for the project templates, kept in the per-user data folder.

Why: compiling the ~50 templates of a project kind costs about 0.2 s of CPU on every
`scaffold new-plugin`/`new-module`, for templates that only change with scaffold itself. The
compiled code is stored per template source, so a later run only unmarshals it.

Safety rules (shared by every scaffold cache):
- one file per (jinja version, scaffold version, Python bytecode magic, environment options,
  template name and path, source checksum): an entry is never served for another source or
  another interpreter (jinja also checks its own magic header and the source checksum);
- each file starts with the sha256 of the rest: a damaged or truncated file is ignored (the
  template is compiled again and the file rewritten), never trusted, never a crash;
- written to a temp file and moved into place with os.replace, so two processes at once
  (pytest-xdist workers sharing one SCAFFOLD_HOME) never see half a file;
- read only up to a size bound; any OSError (read-only or full data folder) just means no cache.
- it stores compiled templates only, never anything that depends on the answers.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import sys
import tempfile
from pathlib import Path

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

from scaffold import __version__

FOLDER_NAME = "jinja-bytecode"
_MAX_BYTES = 8 * 1024 * 1024
_DIGEST = 32


class TemplateBytecodeCache(BytecodeCache):
    """Compiled templates keyed by everything they depend on; see the module docstring."""

    def __init__(self, folder: Path, environment_key: str) -> None:
        self.folder = folder
        self._prefix = "\0".join(
            (
                jinja2.__version__,
                __version__,
                importlib.util.MAGIC_NUMBER.hex(),
                sys.implementation.cache_tag or "",
                environment_key,
            )
        )

    def _path(self, bucket: Bucket) -> Path:
        material = "\0".join((self._prefix, bucket.key, bucket.checksum))
        return self.folder / (hashlib.sha256(material.encode("utf-8", "surrogatepass")).hexdigest() + ".jbc")

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            with open(self._path(bucket), "rb") as handle:
                data = handle.read(_MAX_BYTES + 1)
        except OSError:
            return
        digest, payload = data[:_DIGEST], data[_DIGEST:]
        if len(data) > _MAX_BYTES or hashlib.sha256(payload).digest() != digest:
            return
        try:
            bucket.bytecode_from_string(payload)
        except Exception:  # a damaged entry is ignored: the template is compiled again
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            payload = bucket.bytecode_to_string()
        except (TypeError, ValueError):  # nothing compiled, or code marshal cannot write
            return
        target = self._path(bucket)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".tmp-", suffix=".jbc", dir=self.folder)
        except OSError:
            return
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(hashlib.sha256(payload).digest())
                handle.write(payload)
            os.replace(temp, target)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(temp)

    def clear(self) -> None:
        for entry in self.folder.glob("*.jbc"):
            with contextlib.suppress(OSError):
                entry.unlink()
