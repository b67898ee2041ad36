"""Strict base64 validation of a registry password.

npm decodes `_password` with Node's lenient decoder, which silently drops characters that are not
base64, so a plain password pasted into REGISTRY_PASSWORD_BASE64 is turned into garbage and sent.
Accepting only canonical base64 (standard alphabet, padding, length a multiple of four, no
whitespace) rejects that mistake before npm makes it. Messages never echo the value: it is secret.
"""

from __future__ import annotations

import base64
import binascii
import re

_ALPHABET = re.compile(r"^[A-Za-z0-9+/]*={0,2}$")


def base64_problem(value: str) -> str | None:
    """Why `value` is not valid base64, in words that do not reveal it; None when it is valid."""
    if not value:
        return "it is empty"
    if any(ch.isspace() for ch in value):
        return "it contains whitespace or a line break (use `base64 -w0` or strip the newline)"
    if not _ALPHABET.match(value):
        return "it contains characters outside the base64 alphabet (A-Z, a-z, 0-9, +, /, = padding)"
    if len(value) % 4:
        return f"its length ({len(value)}) is not a multiple of 4, so it is not padded base64"
    try:
        decoded = base64.b64decode(value, validate=True)
    except (binascii.Error, ValueError):
        return "it does not decode as base64"
    if base64.b64encode(decoded).decode("ascii") != value:
        return "it does not decode as base64"  # padding bits set: not what any encoder writes
    if not decoded:
        return "it decodes to an empty password"
    return None
