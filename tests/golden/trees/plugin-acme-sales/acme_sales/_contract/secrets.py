# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/secrets.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Encryption of sensitive configuration values (password fields) with AES-256-GCM: the `enc:v1:` token.

The contract: the health check returns password fields encrypted, and afterwards the platform
uses and sends them only in encrypted form. A token is `enc:v1:` + base64url(nonce | ciphertext
| tag): the prefix makes an encrypted value recognisable (so it is never encrypted twice and is
decrypted only when it is one), the version leaves room for another scheme, the random 96-bit
nonce makes two encryptions of one password differ, and GCM's tag makes any change to a token
detectable. The field code is bound in as associated data, so a token copied into another field
does not decrypt.

A key is 32 random bytes, base64url-encoded (`parse_key` reads one, naming the setting it came
from). A SecretBox holds the current key and old keys that still decrypt, so a key can be rotated
without invalidating saved values at once. This file is the token alone, shared by plugins and
module backends (module_secrets.py, MODULE_SECRET_KEY); where a plugin's key comes from
(PLUGIN_SECRET_KEY, or a development key file) is secret_keys.py, which only plugins carry.
"""

from __future__ import annotations

import base64
import binascii
import os
from collections.abc import Sequence
from typing import TypeGuard

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from .errors import ConfigurationError
from .runtime_constants import ENCRYPTED_PREFIX as ENCRYPTED_PREFIX
from .runtime_constants import KEY_BYTES as _KEY_BYTES
from .runtime_constants import KEY_ENV as KEY_ENV
from .runtime_constants import MAX_TOKEN_CHARS as _MAX_TOKEN_CHARS
from .runtime_constants import NONCE_BYTES as _NONCE_BYTES
from .runtime_constants import TAG_BYTES as _TAG_BYTES

# The command the messages about a malformed or missing key give: it prints a key in the format
# parse_key reads.
GENERATE_HINT = (
    'generate one with: python -c "import base64, os; '
    'print(base64.urlsafe_b64encode(os.urandom(32)).decode())"'
)


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
