# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/secrets.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Encryption of sensitive configuration values (password fields) with AES-256-GCM.

The contract: the health check returns password fields encrypted, and afterwards the platform
uses and sends them only in encrypted form. A token is `enc:v1:` + base64url(nonce | ciphertext
| tag): the prefix makes an encrypted value recognisable (so it is never encrypted twice and is
decrypted only when it is one), the version leaves room for another scheme, the random 96-bit
nonce makes two encryptions of one password differ, and GCM's tag makes any change to a token
detectable. The field code is bound in as associated data, so a token copied into another field
does not decrypt.

The key is 32 random bytes, base64url-encoded, from PLUGIN_SECRET_KEY (the same on every replica).
Without it a development plugin keeps a generated key in its state folder and says so once;
a production plugin refuses to start, as it does with the example key the contract spec publishes
(PUBLISHED_SECRET_KEYS, which its examples are encrypted with: anyone can decrypt with it). The key file must be its owner's alone (a regular file, not
a symbolic link, that no other user may read or write), or the plugin refuses to start. Old keys
(PLUGIN_OLD_SECRET_KEYS) still decrypt, so a key can be rotated without invalidating saved data
sources at once.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
import errno
import logging
import os
import stat
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TypeGuard

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from .errors import ConfigurationError
from .runtime_constants import ENCRYPTED_PREFIX as ENCRYPTED_PREFIX
from .runtime_constants import KEY_BYTES as _KEY_BYTES
from .runtime_constants import KEY_ENV as KEY_ENV
from .runtime_constants import KEY_FILE_MAX_BYTES as KEY_FILE_MAX_BYTES
from .runtime_constants import KEY_FILE_NAME as KEY_FILE_NAME
from .runtime_constants import MAX_TOKEN_CHARS as _MAX_TOKEN_CHARS
from .runtime_constants import NONCE_BYTES as _NONCE_BYTES
from .runtime_constants import OLD_KEYS_ENV as OLD_KEYS_ENV
from .runtime_constants import PUBLISHED_KEY_REFUSAL as _PUBLISHED_KEY_REFUSAL
from .runtime_constants import PUBLISHED_SECRET_KEYS as _PUBLISHED_SECRET_KEYS
from .runtime_constants import TAG_BYTES as _TAG_BYTES

# A key file holds one 44-character key and perhaps whitespace: more than KEY_FILE_MAX_BYTES is no
# key file, and it is not read further (the file is outside input: every read is bounded).
GENERATE_HINT = (
    'generate one with: python -c "import base64, os; '
    'print(base64.urlsafe_b64encode(os.urandom(32)).decode())"'
)

_log = logging.getLogger(__name__)
_warned: set[str] = set()


class SecretError(ValueError):
    """A token that cannot be decrypted: altered, truncated, or made with another key."""


def is_token(value: object) -> TypeGuard[str]:
    """Whether `value` is an encrypted token (has the `enc:v1:` prefix)."""
    return isinstance(value, str) and value.startswith(ENCRYPTED_PREFIX)


def generate_key() -> str:
    """A new random key in the PLUGIN_SECRET_KEY format."""
    return base64.urlsafe_b64encode(os.urandom(_KEY_BYTES)).decode("ascii")


def parse_key(text: str, *, source: str = KEY_ENV) -> bytes:
    """The 32 key bytes of a base64url key text; ConfigurationError naming `source` otherwise."""
    cleaned = text.strip()
    try:
        raw = base64.urlsafe_b64decode(cleaned + "=" * (-len(cleaned) % 4))
    except (binascii.Error, ValueError):
        raw = b""
    if len(raw) != _KEY_BYTES:
        raise ConfigurationError(
            f"{source} must be 32 random bytes in base64url (44 characters); {GENERATE_HINT}"
        )
    return raw


class SecretBox:
    """Encrypts and decrypts field values; `encrypt` uses the first key, `decrypt` tries each."""

    def __init__(self, key: bytes, *, old_keys: Sequence[bytes] = ()) -> None:
        for candidate in (key, *old_keys):
            if len(candidate) != _KEY_BYTES:
                raise ValueError("an AES-256-GCM key is 32 bytes")
        self._ciphers = [AESGCM(candidate) for candidate in (key, *old_keys)]

    def encrypt(self, plaintext: str, *, field: str) -> str:
        """An `enc:v1:` token for `plaintext` of the field with code `field`."""
        nonce = os.urandom(_NONCE_BYTES)
        sealed = self._ciphers[0].encrypt(nonce, plaintext.encode("utf-8"), _aad(field))
        return ENCRYPTED_PREFIX + base64.urlsafe_b64encode(nonce + sealed).decode("ascii").rstrip("=")

    def decrypt(self, token: str, *, field: str) -> str:
        """The plaintext of `token` for field `field`; SecretError when it does not decrypt."""
        if not is_token(token):
            raise SecretError("not an encrypted value")
        body = token[len(ENCRYPTED_PREFIX) :]
        if len(body) > _MAX_TOKEN_CHARS:
            raise SecretError("the encrypted value is too long")
        try:
            raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        except (binascii.Error, ValueError):
            raise SecretError("the encrypted value is not valid base64url") from None
        if len(raw) < _NONCE_BYTES + _TAG_BYTES:
            raise SecretError("the encrypted value is truncated")
        nonce, sealed = raw[:_NONCE_BYTES], raw[_NONCE_BYTES:]
        for cipher in self._ciphers:
            try:
                plain = cipher.decrypt(nonce, sealed, _aad(field))
            except InvalidTag:
                continue
            try:
                return plain.decode("utf-8")
            except UnicodeDecodeError:
                break
        raise SecretError("the encrypted value was altered or made with another key")

    def reveal(self, value: str, *, field: str) -> str:
        """Decrypt `value` when it is a token; a plain value is returned unchanged."""
        return self.decrypt(value, field=field) if is_token(value) else value

    def seal(self, value: str, *, field: str) -> str:
        """Encrypt `value` unless it already is a token (so nothing is encrypted twice)."""
        return value if is_token(value) else self.encrypt(value, field=field)


def _aad(field: str) -> bytes:
    return b"field:" + field.encode("utf-8")


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
