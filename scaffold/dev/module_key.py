"""The development key `scaffold dev` gives a module backend for the secrets its Settings saves.

A module's Settings has its secrets encrypted by the module's own backend (POST /api/v1/secrets)
and saves the `enc:v1:` token; the backend decrypts it with MODULE_SECRET_KEY. Under `scaffold dev`
the developer has set no key, and the dev page keeps saved settings across reloads (and across
restarts of `scaffold dev`) when asked to, so the key must stay the same from one run to the next
without being written into the project, where it could be committed. It is derived, one way
(HMAC-SHA256), from the per-user secret scaffold already keeps outside every project
(scaffold.cache_secret: SCAFFOLD_CACHE_KEY, else a private key file in the user's state folder):
the same user gets the same development key, nobody learns that secret from it, and no second key
file is kept. Where that secret cannot be had (no usable state folder), a key for this run only
is made: settings saved with secrets then answer 400 after a restart until they are saved again
(README, "Secrets in the module's settings").

A MODULE_SECRET_KEY the developer exported is passed on untouched.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from collections.abc import Mapping
from dataclasses import dataclass

from scaffold.cache_secret import cache_secret
from scaffold.errors import ScaffoldError

KEY_ENV = "MODULE_SECRET_KEY"
_PURPOSE = b"scaffold dev: MODULE_SECRET_KEY of a module backend"


@dataclass(frozen=True)
class DevModuleKey:
    """The key's text in the MODULE_SECRET_KEY format, and whether it lasts beyond this run."""

    text: str
    lasting: bool


def dev_module_key(environ: Mapping[str, str]) -> DevModuleKey | None:
    """The key to give the backend, or None when the environment already names one."""
    if environ.get(KEY_ENV, "").strip():
        return None
    try:
        secret = cache_secret()
    except ScaffoldError:  # SCAFFOLD_CACHE_KEY too short: the cache says so on its own use
        secret = None
    if secret is None:
        return DevModuleKey(_text(os.urandom(32)), lasting=False)
    return DevModuleKey(_text(hmac.new(secret, _PURPOSE, hashlib.sha256).digest()), lasting=True)


def _text(key: bytes) -> str:
    return base64.urlsafe_b64encode(key).decode("ascii")
