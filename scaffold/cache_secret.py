"""The secret that seals scaffold's per-user cache entries, kept where the cache is not.

Why a secret: a cache entry is output scaffold would otherwise compute (generated models that
`regenerate --check` compares a project against, compiled templates that are executed). Whoever
can write the cache folder can also recompute any checksum stored beside an entry, so a checksum
proves nothing against them; a shared CI cache would make one poisoned entry an attack on every
project built with it. An entry is therefore trusted only with a valid HMAC-SHA256 under a key
the cache folder does not hold (scaffold.user_cache), taken from, in order:

1. `SCAFFOLD_CACHE_KEY`: a secret of at least 32 characters (for CI: a secret of the CI system,
   so jobs that do not get the secret, such as pull requests from forks, cannot write entries
   that trusted jobs would use);
2. `<state home>/scaffold/cache-key` (`$XDG_STATE_HOME`, else `~/.local/state`): 32 random bytes
   made on first use, readable and writable by the user alone. It lives outside the data folder
   (`SCAFFOLD_HOME`, which holds the cache and which CI setups cache and restore) on purpose.

A key file that is not a regular file owned by the user, or that others may read or write, is
never used: the cache is then off (everything is generated, nothing stored) rather than trusted.
"""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path

from scaffold.errors import ScaffoldError

ENVIRONMENT_VARIABLE = "SCAFFOLD_CACHE_KEY"
MINIMUM_LENGTH = 32  # characters of SCAFFOLD_CACHE_KEY
_KEY_BYTES = 32
_KEY_TEXT = 2 * _KEY_BYTES  # the file holds the key as hex
_FILE_KEYS: dict[Path, bytes | None] = {}  # key file -> its key (None: not to be trusted)


def key_file() -> Path:
    state = os.environ.get("XDG_STATE_HOME")
    base = Path(state).expanduser() if state else Path.home() / ".local" / "state"
    return base / "scaffold" / "cache-key"


def cache_secret() -> bytes | None:
    """The key entries are sealed with, or None when there is none to trust (the cache is off).

    Read from the environment on every call, so a process whose environment changes (a test, an
    embedding tool) never seals or checks entries with a key it no longer has; a key file is read
    once per path.
    """
    given = os.environ.get(ENVIRONMENT_VARIABLE)
    if given:
        if len(given) < MINIMUM_LENGTH:
            raise ScaffoldError(
                f"{ENVIRONMENT_VARIABLE} is {len(given)} characters long, too short to protect "
                f"scaffold's cache; set it to a random secret of at least {MINIMUM_LENGTH} characters "
                f"(e.g. the output of `openssl rand -hex 32`) or unset it"
            )
        return given.encode("utf-8", "surrogateescape")
    path = key_file()
    if path not in _FILE_KEYS:
        try:
            _FILE_KEYS[path] = _read_private_key(path) or _create_key(path)
        except OSError:
            _FILE_KEYS[path] = None  # an unusable state folder: generate everything, as with no cache
    return _FILE_KEYS[path]


def forget_key_files() -> None:
    """Read key files afresh on the next call (after one was created, replaced or removed)."""
    _FILE_KEYS.clear()


def _read_private_key(path: Path) -> bytes | None:
    """The key in `path`, None when there is no such file.

    A file that is not the user's own private regular file holding a key raises PermissionError
    (an OSError, so the caller turns the cache off: such a file is never used, nor replaced).
    """
    try:
        descriptor = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        return None
    folder = os.stat(path.parent)
    if folder.st_uid != os.geteuid() or folder.st_mode & 0o022:
        os.close(descriptor)  # others could swap the file: its key proves nothing
        raise PermissionError(f"{path.parent} is writable by others")
    with os.fdopen(descriptor, "rb") as handle:
        info = os.fstat(handle.fileno())
        private = stat.S_ISREG(info.st_mode) and info.st_uid == os.geteuid() and not info.st_mode & 0o077
        if not private:
            raise PermissionError(f"{path} is not private to this user")
        text = handle.read(_KEY_TEXT + 1)
    try:
        key = bytes.fromhex(text.decode("ascii"))
    except ValueError:
        raise PermissionError(f"{path} does not hold a key") from None
    if len(key) != _KEY_BYTES:
        raise PermissionError(f"{path} does not hold a key")
    return key


def _create_key(path: Path) -> bytes | None:
    """Make the key file: a private temporary file linked into place, so concurrent first runs
    agree on one key (os.link never replaces a file another process linked first)."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.parent / f".cache-key-{os.urandom(8).hex()}"
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(os.urandom(_KEY_BYTES).hex())  # the OS's CSPRNG, as secrets uses
        with contextlib.suppress(FileExistsError):
            os.link(temporary, path)
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
    return _read_private_key(path)
