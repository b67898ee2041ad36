"""Remembers which spec texts (by sha256) already passed full OpenAPI validation.

Full validation costs more than generating models from a spec; a spec's bytes do not change
under the same hash, so a pass is recorded once per user and reused. The record is a sealed
entry of scaffold's per-user cache (scaffold.user_cache), not a bare marker file: a marker
anyone who can write the cache folder could create would let a spec that fails validation skip
it; a sealed entry cannot be made without the user's cache secret.

The spec files scaffold ships are known valid without either: they are part of scaffold, and its
own tests validate every one of them in full (tests/unit/test_shipped_specs_valid.py). So the
first run after an install, with an empty cache, does not pay for validating them (about a
quarter of a second of CPU), and neither does a project's recorded copy with the same bytes.
"""

from __future__ import annotations

import hashlib
from functools import cache

from scaffold import __version__, user_cache
from scaffold.resources import specs_root

KIND = "valid-specs"


def _key(sha256: str) -> str:
    """Keyed by scaffold's version too: a later release may validate more strictly."""
    return hashlib.sha256(f"{sha256}\n{__version__}".encode()).hexdigest()


def _record(sha256: str) -> str:
    return f"passed OpenAPI validation: {sha256} (scaffold {__version__})\n"


@cache
def shipped_hashes() -> frozenset[str]:
    """The sha256 of every spec file scaffold ships."""
    return frozenset(
        hashlib.sha256(path.read_bytes()).hexdigest()
        for path in specs_root().glob("*/*.yaml")
        if path.is_file()
    )


def is_known_valid(sha256: str) -> bool:
    return sha256 in shipped_hashes() or user_cache.read_entry(KIND, _key(sha256)) == _record(sha256)


def remember_valid(sha256: str) -> None:
    user_cache.write_entry(KIND, _key(sha256), _record(sha256))
