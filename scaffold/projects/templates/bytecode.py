"""A jinja bytecode cache for the project templates, kept in the per-user data folder.

Why: compiling the ~50 templates of a project kind costs about 0.2 s of CPU on every
`scaffold new-plugin`/`new-module`, for templates that only change with scaffold itself. The
compiled code is stored per template source, so a later run only unmarshals it.

Entries live in scaffold's verified per-user cache (scaffold.user_cache: sealed with the user's
cache secret, since unmarshalled code is run; bounded, never through a symlink, written atomically), one per (jinja version, scaffold version, Python
bytecode magic, environment options, template name and path, source checksum): an entry is never
served for another source or another interpreter (jinja also checks its own magic header and the
source checksum). A damaged entry is ignored and the template compiled again. It stores compiled
templates only, never anything that depends on the answers.
"""

from __future__ import annotations

import hashlib
import importlib.util
import sys

import jinja2
from jinja2.bccache import Bucket, BytecodeCache

from scaffold import __version__, user_cache

KIND = "jinja-bytecode"


class TemplateBytecodeCache(BytecodeCache):
    """Compiled templates keyed by everything they depend on; see the module docstring."""

    def __init__(self, environment_key: str) -> None:
        self._prefix = "\0".join(
            (
                jinja2.__version__,
                __version__,
                importlib.util.MAGIC_NUMBER.hex(),
                sys.implementation.cache_tag or "",
                environment_key,
            )
        )

    def key(self, bucket: Bucket) -> str:
        material = "\0".join((self._prefix, bucket.key, bucket.checksum))
        return hashlib.sha256(material.encode("utf-8", "surrogatepass")).hexdigest()

    def load_bytecode(self, bucket: Bucket) -> None:
        payload = user_cache.read_bytes_entry(KIND, self.key(bucket))
        if payload is None:
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
        user_cache.write_bytes_entry(KIND, self.key(bucket), payload)
