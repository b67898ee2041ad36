# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/module_secrets.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Secrets in a module's settings: `enc:v1:` tokens in moduleContext, and the endpoint that makes them.

The contract says moduleContext "may contain secret values in encrypted form" and leaves the
rest unsaid; scaffold decides (README, "Secrets in the module's settings"): the module's Settings
asks its own backend, through the platform's proxy, to encrypt a secret before it saves it
(`POST /api/v1/secrets`, which endpoints.py serves beside the module's own), so the platform stores, shows and sends
back only the token; the backend decrypts every token in moduleContext before an endpoint that
takes moduleContext sees it (`reveal_context`). The token is the plugins' (`secrets.py`,
AES-256-GCM), bound to the name of the property that holds it, so a token copied into another
setting does not decrypt; an array's items, at any depth, take the name of the array's property.

The key is MODULE_SECRET_KEY (32 random bytes, base64url), the same on every replica;
MODULE_OLD_SECRET_KEYS still decrypt, so a key can be rotated. A module without a key runs (most
modules keep no secret) and answers 503 where a secret is needed; `scaffold dev` gives its
backend a development key. scaffold/codegen/cases/module_secrets.json holds the cases every
language's module backend reads alike.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from .errors import ConfigurationError
from .envelope import BodyError
from .module_texts import module_text
from .runtime_constants import MODULE_KEY_ENV as MODULE_KEY_ENV
from .runtime_constants import MODULE_MAX_SECRET_CHARS as MODULE_MAX_SECRET_CHARS
from .runtime_constants import MODULE_MAX_SECRET_NAME_CHARS as MODULE_MAX_SECRET_NAME_CHARS
from .runtime_constants import MODULE_NO_KEY_STATUS as MODULE_NO_KEY_STATUS
from .runtime_constants import MODULE_OLD_KEYS_ENV as MODULE_OLD_KEYS_ENV
from .runtime_constants import MODULE_SECRETS_PATH as MODULE_SECRETS_PATH
from .secrets import SecretBox, SecretError, is_token, parse_key


def module_secret_box(environ: Mapping[str, str]) -> SecretBox | None:
    """The box of MODULE_SECRET_KEY (and MODULE_OLD_SECRET_KEYS); None when no key is set.

    A key that is not one, or old keys without a current one, stop the backend at its start
    (ConfigurationError, one sentence naming the variable), never at the first secret.
    """
    key_text = environ.get(MODULE_KEY_ENV, "").strip()
    old_text = environ.get(MODULE_OLD_KEYS_ENV, "")
    old_keys = [parse_key(part, source=MODULE_OLD_KEYS_ENV) for part in old_text.split(",") if part.strip()]
    if not key_text:
        if old_keys:
            raise ConfigurationError(module_text("secrets.oldWithoutKey"))
        return None
    return SecretBox(parse_key(key_text, source=MODULE_KEY_ENV), old_keys=old_keys)


def reveal_context(context: dict[str, Any], box: SecretBox | None) -> dict[str, Any]:
    """`context` with every `enc:v1:` value decrypted; BodyError 400 or 503 when one cannot be.

    Nothing is copied unless a token is found (as module-secrets.ts and the Go backend walk it): a
    moduleContext without a secret, the common case, comes back as the same object, and only the
    dicts and lists on the way to a token are copied, so the parsed body is never changed. The
    body's depth is bounded before it is parsed (MODULE_MAX_JSON_DEPTH), so the walk is too.
    """
    revealed = _reveal(context, "", box)
    assert isinstance(revealed, dict)
    return revealed


def _reveal(value: Any, name: str, box: SecretBox | None) -> Any:
    if isinstance(value, dict):
        copied: dict[str, Any] | None = None
        for key, item in value.items():
            seen = _reveal(item, key, box)
            if seen is not item:
                if copied is None:
                    copied = dict(value)
                copied[key] = seen
        return value if copied is None else copied
    if isinstance(value, list):
        items: list[Any] | None = None
        for index, item in enumerate(value):
            seen = _reveal(item, name, box)  # an array's items take its property's name
            if seen is not item:
                if items is None:
                    items = list(value)
                items[index] = seen
        return value if items is None else items
    if not is_token(value):
        return value
    if box is None:
        raise BodyError(MODULE_NO_KEY_STATUS, module_text("secrets.noKey"))
    try:
        return box.decrypt(value, field=name)
    except SecretError:
        raise BodyError(400, module_text("secrets.undecryptable")) from None


class SecretToSeal(BaseModel):
    """The secret the module's Settings has encrypted before it saves it, and the property it is for.

    The descriptions in the published document are module_backend_texts.py's (`sealing.*`), as
    every language's backend documents this route alike.
    """

    model_config = ConfigDict(
        extra="forbid", strict=True, json_schema_extra={"description": module_text("sealing.toSeal")}
    )

    name: str = Field(
        min_length=1,
        max_length=MODULE_MAX_SECRET_NAME_CHARS,
        description=module_text("sealing.toSeal.name"),
    )
    value: str = Field(max_length=MODULE_MAX_SECRET_CHARS, description=module_text("sealing.toSeal.value"))


class SealedSecret(BaseModel):
    """The enc:v1: token that the Settings saves instead of the secret (described as `sealing.sealed`)."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"description": module_text("sealing.sealed")}
    )

    value: str = Field(description=module_text("sealing.sealed.value"))
