"""Where a plugin's secret key comes from: PLUGIN_SECRET_KEY, or a development key file.

The key is 32 random bytes, base64url-encoded, from PLUGIN_SECRET_KEY (the same on every replica).
Without it a development plugin keeps a generated key in its state folder and says so once;
a production plugin refuses to start, as it does with the example key the contract spec publishes
(PUBLISHED_SECRET_KEYS, which its examples are encrypted with: anyone can decrypt with it). The key
file must be its owner's alone (a regular file, not a symbolic link, that no other user may read or
write), or the plugin refuses to start. Old keys (PLUGIN_OLD_SECRET_KEYS) still decrypt, so a key
can be rotated without invalidating saved data sources at once.

What a key encrypts and decrypts is secrets.py (the `enc:v1:` token); this file is plugins' alone:
a module backend reads MODULE_SECRET_KEY from its environment (module_secrets.py) and keeps no key
file, so it is not copied into module projects.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
import tempfile
from pathlib import Path

from .errors import ConfigurationError
from .runtime_constants import KEY_ENV as KEY_ENV
from .runtime_constants import KEY_FILE_MAX_BYTES as KEY_FILE_MAX_BYTES
from .runtime_constants import KEY_FILE_NAME as KEY_FILE_NAME
from .runtime_constants import OLD_KEYS_ENV as OLD_KEYS_ENV
from .runtime_constants import PUBLISHED_KEY_REFUSAL as _PUBLISHED_KEY_REFUSAL
from .runtime_constants import PUBLISHED_SECRET_KEYS as _PUBLISHED_SECRET_KEYS
from .secrets import GENERATE_HINT, SecretBox, generate_key, parse_key

# A key file holds one 44-character key and perhaps whitespace: more than KEY_FILE_MAX_BYTES is no
# key file, and it is not read further (the file is outside input: every read is bounded).

# The development key's warning keeps the logger it had when this code was part of secrets.py
# (`<package>._contract.secrets`), so a log line and a filter on that name stay as they were.
_log = logging.getLogger(__name__.rpartition(".")[0] + ".secrets")
_warned: set[str] = set()


def load_secret_box(
    *,
    key_text: str | None,
    old_keys_text: str | None = None,
    production: bool,
    state_dir: Path,
) -> SecretBox:
    """The SecretBox for this process, from the environment's key or the development key file."""
    old_keys = [
        parse_key(part, source=OLD_KEYS_ENV) for part in (old_keys_text or "").split(",") if part.strip()
    ]
    if key_text:
        key = parse_key(key_text)
        if production and _is_published(key):
            raise ConfigurationError(_PUBLISHED_KEY_REFUSAL.replace("{hint}", GENERATE_HINT))
        return SecretBox(key, old_keys=old_keys)
    if production:
        raise ConfigurationError(
            f"{KEY_ENV} is not set and PLUGIN_ENV is production: encrypted passwords need the same "
            f"key on every replica, so the plugin will not invent one; {GENERATE_HINT}, and set "
            f"{KEY_ENV} in the environment"
        )
    path = state_dir / KEY_FILE_NAME
    key = _development_key(path)
    if str(path) not in _warned:
        _warned.add(str(path))
        _log.warning(
            "%s is not set: using the development key in %s (fine on one machine; set %s in "
            "production, where PLUGIN_ENV=production refuses to start without it)",
            KEY_ENV,
            path,
            KEY_ENV,
        )
    return SecretBox(key, old_keys=old_keys)


def _is_published(key: bytes) -> bool:
    """Whether `key` is one the contract spec publishes (its example key), however it was spelled
    (without its padding, between spaces): the key bytes are compared, not the texts. As an old
    key it is still read, so values saved with it decrypt while a new key seals them again."""
    published = []
    for text in _PUBLISHED_SECRET_KEYS:
        with contextlib.suppress(ConfigurationError):
            published.append(parse_key(text))
    return key in published


def _development_key(path: Path) -> bytes:
    """Read the key file, or create it atomically (several workers may start at once)."""
    key = _read_key_file(path, missing_ok=True)
    if key is not None:
        return key
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=".secret-", dir=path.parent)
    except OSError as exc:
        raise ConfigurationError(
            f"cannot create the development key in {path.parent}: {exc.strerror}; set {KEY_ENV} "
            "or PLUGIN_STATE_DIR to a writable folder"
        ) from exc
    try:
        with os.fdopen(fd, "w", encoding="ascii") as handle:
            handle.write(generate_key() + "\n")
        os.chmod(temporary, 0o600)
        with contextlib.suppress(FileExistsError):  # another worker won the race: use its key
            os.link(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)
    key = _read_key_file(path, missing_ok=False)
    assert key is not None  # missing_ok=False: an error rather than None
    return key


# The errors Path.is_file() reads as "no file there": the key file is then made.
_MISSING = frozenset({errno.ENOENT, errno.ENOTDIR, errno.EBADF, errno.ELOOP})


def _read_key_file(path: Path, *, missing_ok: bool) -> bytes | None:
    """The key in `path`, None when there is no file (and `missing_ok`).

    The key file must be the owner's own: a regular file, not reached through a symbolic link
    (which could lead anywhere), that no other user may read, write or run; otherwise the plugin
    does not start (ConfigurationError). O_NOFOLLOW refuses a link, and the checks are made on the
    file that was opened, so the file cannot be swapped between the checks and the reading.
    O_NONBLOCK: a named pipe is refused, not waited on.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError as exc:
        if path.is_symlink():  # O_NOFOLLOW's error: ELOOP on Linux and macOS, EMLINK on FreeBSD
            raise ConfigurationError(
                f"{path} is a symbolic link; replace it with the key file itself, or delete it and "
                "a new key is made"
            ) from None
        if missing_ok and exc.errno in _MISSING:
            return None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise ConfigurationError(
                f"{path} is not a regular file; replace it with the key file itself, or delete it "
                "and a new key is made"
            )
        if mode & 0o077:
            permissions = stat.S_IMODE(mode) & 0o777
            use = "readable" if mode & 0o044 else "writable" if mode & 0o022 else "executable"
            raise ConfigurationError(
                f"{path} is {use} by other users (mode {permissions:04o}); run chmod 600 {path}, "
                "or delete it and a new key is made"
            )
        content = b""
        while len(content) <= KEY_FILE_MAX_BYTES and (chunk := os.read(fd, KEY_FILE_MAX_BYTES + 1)):
            content += chunk
    finally:
        os.close(fd)
    # A byte that is not ASCII, or more bytes than a key file holds, makes the file a malformed
    # key, as it does in every language.
    text = content.decode("ascii") if content.isascii() and len(content) <= KEY_FILE_MAX_BYTES else ""
    return parse_key(text, source=str(path))
