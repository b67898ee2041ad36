"""Remembers which spec texts (by sha256) already passed full OpenAPI validation.

Full validation costs more than generating models from a spec; a spec's bytes do not change
under the same hash, so a pass is recorded once per user and reused.
"""

from __future__ import annotations

import contextlib

from scaffold import __version__
from scaffold.resources import user_data_home


def _marker(sha256: str) -> str:
    """Keyed by scaffold's version too: a later release may validate more strictly."""
    return f"{sha256}-{__version__}.ok"


def is_known_valid(sha256: str) -> bool:
    return (user_data_home() / "cache" / "valid-specs" / _marker(sha256)).is_file()


def remember_valid(sha256: str) -> None:
    folder = user_data_home() / "cache" / "valid-specs"
    with contextlib.suppress(OSError):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / _marker(sha256)).touch()
