"""npm's `${VAR}` expansion in `.npmrc` keys and values, and a form of it that is safe to print.

npm 11 (`@npmcli/config`, `lib/env-replace.js`) replaces `${NAME}` with the variable's value and
`${NAME?}` with the value or an empty string. An unset `${NAME}` stays literal text, and so does
anything npm does not recognise: `${NAME:-default}` is not a default, it is a lookup of a variable
literally named `NAME:-default`. A backslash escapes a reference (`\\${NAME}` is the text `${NAME}`);
backslashes before a reference come in pairs, half of them kept. It is applied to every key (after
`ini` parsing) and to every text value, once, without recursion. The same rules are implemented in
`frontend/scripts/check-registry.mjs`; both were checked against `npm config get` on npm 11.

Messages never show what a variable holds, and since `${NAME:-default}` would otherwise echo its
"default" (often a pasted secret), names that are not plain shell names are shortened too.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

# npm's own expression, character for character.
_ENV_EXPR = re.compile(r"(?<!\\)(\\*)\$\{([^${}?]+)(\?)?\}")
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
# What a shell user means by `${NAME:-x}`, `${NAME-x}`, `${NAME:=x}`, `${NAME:+x}`: kept in the
# shortened name so the message can say why it is not npm syntax, without the text after it.
_SHELL_OPERATOR = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?::?[-=+])?")


@dataclass(frozen=True)
class Reference:
    """One `${NAME}` or `${NAME?}` that npm replaces (escaped ones are not references)."""

    name: str
    optional: bool

    @property
    def plain(self) -> bool:
        """True for a name a shell can export; `NAME:-x` and the like cannot be."""
        return _PLAIN_NAME.fullmatch(self.name) is not None

    @property
    def shown(self) -> str:
        return shown_name(self.name)


def references(text: str) -> list[Reference]:
    """The references npm replaces in `text`, in order (an odd run of backslashes escapes one)."""
    return [
        Reference(match[2], match[3] == "?") for match in _ENV_EXPR.finditer(text) if len(match[1]) % 2 == 0
    ]


def expand(text: str, environ: Mapping[str, str]) -> str:
    """`text` as npm sees it: exactly npm's replacement, escapes included."""

    def replace(match: re.Match[str]) -> str:
        escapes, name, optional = match[1], match[2], match[3]
        if len(escapes) % 2:
            return match[0][(len(escapes) + 1) // 2 :]
        fallback = "" if optional == "?" else "${" + name + "}"
        value = environ.get(name, fallback)
        return escapes[len(escapes) // 2 :] + value

    return _ENV_EXPR.sub(replace, text)


def shown_name(name: str) -> str:
    """A variable name fit for a message: plain names as they are, others cut before their text."""
    if _PLAIN_NAME.fullmatch(name):
        return name
    match = _SHELL_OPERATOR.match(name)
    return (match[0] if match else "") + "..."


def written(text: str) -> str:
    """`text` as written in `.npmrc`, references unexpanded and odd names shortened."""

    def show(match: re.Match[str]) -> str:
        return f"{match[1]}${{{shown_name(match[2])}{match[3] or ''}}}"

    return _ENV_EXPR.sub(show, text)
