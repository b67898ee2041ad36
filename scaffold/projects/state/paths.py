"""Paths and bytes taken from a project's own files, which a pull request can change.

`.scaffold/manifest.json`, `.copier-answers.yml` and `.scaffold/contract.yaml` are untrusted: a
manifest key of `../../victim.txt` must never make `regenerate` delete or print a file outside
the project. Every path scaffold derives from project state passes `confined()` (relative,
normalised, inside the project once symlinks are resolved) and every state file is read through
`read_bounded()` (a regular file of bounded size), so the rest of the code can trust both.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from scaffold.errors import ProjectError

# Generous for the files scaffold writes (a manifest is ~3 KB, answers ~0.5 KB, a contract file
# ~200 KB); a bound so that a hostile or corrupt file cannot exhaust memory.
STATE_FILE_LIMIT = 1 << 20
CONTRACT_FILE_LIMIT = 8 << 20
_MAX_PATH = 1024


def _restore_hint(source: str) -> str:
    return f"restore it from git (git checkout -- {source})"


def is_plain_relative(relative: str) -> bool:
    """A POSIX path of named parts only: no root, no `.`/`..`, no empty part, no backslash or NUL."""
    if not relative or len(relative) > _MAX_PATH or "\\" in relative or "\0" in relative:
        return False
    return all(part not in ("", ".", "..") for part in relative.split("/"))


def confined(root: Path, relative: object, *, source: str, key: str) -> Path:
    """`root / relative`, refused unless it is a plain relative path that stays inside `root`.

    `source` (the project file it came from) and `key` (the entry in it) name the culprit in the
    message, so the user knows what to restore.
    """
    if not isinstance(relative, str) or not is_plain_relative(relative):
        shown = relative if isinstance(relative, str) else f"a {type(relative).__name__} value"
        raise ProjectError(
            f"{source}: {key} is {shown!s:.120}, which is not a relative path inside the project; "
            f"{_restore_hint(source)}"
        )
    target = root / relative
    try:
        inside = target.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):
        inside = False
    if not inside:
        raise ProjectError(
            f"{source}: {key} {relative} leads outside the project (through a symbolic link); "
            f"{_restore_hint(source)}"
        )
    return target


def require_under(
    relative: str, roots: Iterable[str], *, source: str, key: str, files: Iterable[str] = ()
) -> None:
    """Refuse a path the generator itself would never produce (outside its contract-owned places)."""
    allowed = tuple(roots)
    single = tuple(files)
    if relative not in single and not any(relative.startswith(root.rstrip("/") + "/") for root in allowed):
        raise ProjectError(
            f"{source}: {key} {relative:.120} is not a file scaffold generates (those live under "
            f"{', '.join(allowed)}{''.join(', and ' + f for f in single)}); {_restore_hint(source)}"
        )


def read_bounded(path: Path, *, limit: int = STATE_FILE_LIMIT, source: str) -> bytes:
    """The bytes of a regular file of at most `limit` bytes, or a ProjectError naming `source`."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise ProjectError(f"{source} is not a regular file; {_restore_hint(source)}")
        if info.st_size > limit:
            raise ProjectError(
                f"{source} is larger than {limit >> 10} KiB, far more than scaffold ever writes there; "
                f"{_restore_hint(source)}"
            )
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise ProjectError(f"{source} cannot be read ({exc.strerror}); {_restore_hint(source)}") from exc
    if len(data) > limit:
        raise ProjectError(f"{source} grew past {limit >> 10} KiB while being read; {_restore_hint(source)}")
    return data


def decode_state_text(data: bytes, *, source: str) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ProjectError(
            f"{source} is not UTF-8 text (byte {exc.start}); {_restore_hint(source)}"
        ) from None
