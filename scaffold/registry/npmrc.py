"""Reading a project-level `.npmrc` the way npm 11 does, as far as registries and credentials go.

npm parses the file with the `ini` package (v4/v5) and then expands variables in every key and in
every text value (`env_expand`). What that means, and what this module reproduces (the node twin,
`frontend/scripts/check-registry.mjs`, has the same port):

- lines split at any run of CR/LF; a line whose first non-blank is `#` or `;` is a comment;
- `key = value`, key up to the first `=`; a line without `=` sets the key to `true`;
- a value (or key) in double quotes is JSON; in single quotes it is the inner text, itself JSON
  when it parses as JSON; otherwise an unescaped `;` or `#` starts a comment (`a#b` is `a`), and
  `\\;`, `\\#`, `\\\\` are escapes for `;`, `#`, `\\`;
- `true`, `false`, `null` are not text, and neither is anything JSON turned into a number, list or
  object: npm does not expand variables in them (kept here as their text, never as a URL);
- `key[] = v` lines build a list; a later line with the same key wins, in the first one's place;
- after a `[section]` header, keys belong to that section, not to npm's top level: ignored.

Own code rather than a library: no Python package parses npm's dialect (configparser and
`ini`-alikes differ on comments, quotes and sections), and the rules above are the contract.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from scaffold.registry.env_expand import Reference, expand, references
from scaffold.registry.files import read_limited

MAX_NPMRC_BYTES = 256 * 1024  # a project .npmrc is a few lines; refuse anything far larger

# JavaScript's `\s` and `String.prototype.trim` set (Python's differs, e.g. on U+FEFF).
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
_NOT_JS_DOT = "\n\r\u2028\u2029"  # what `.` does not match in a JavaScript regular expression
_LINE = re.compile(rf"\[([^\]]*)\][{_JS_SPACE}]*|([^=]+)(=([^{_NOT_JS_DOT}]*))?")
_COMMENT = re.compile(rf"[{_JS_SPACE}]*[;#]")
_BREAKS = re.compile(r"\r\n|\r|\n")
_NOT_TEXT = ("true", "false", "null")


@dataclass(frozen=True)
class NpmrcEntry:
    """One top-level setting as written (after `ini` unquoting, before variables are expanded)."""

    key: str
    value: str
    line: int
    text: bool = True  # False when npm does not read the value as text, so never expands it

    @property
    def references(self) -> list[Reference]:
        """Variables npm replaces in the key and the value, key first."""
        found = references(self.key)
        if self.text:
            found += references(self.value)
        return found


@dataclass(frozen=True)
class Setting:
    """An entry as npm sees it: its expanded key (the dict key) and expanded value."""

    entry: NpmrcEntry
    value: str


def read_npmrc(path: Path) -> list[NpmrcEntry]:
    """Top-level entries of `path` in npm's order; refuses a missing, unreadable or huge file."""
    data = read_limited(
        path,
        MAX_NPMRC_BYTES,
        missing_hint="It must map the private scopes to their registry; restore it from the template "
        "(scaffold upgrade) or git.",
    )
    return parse_npmrc(data.decode("utf-8", errors="replace"))  # as node's readFile(path, 'utf8')


def parse_npmrc(text: str) -> list[NpmrcEntry]:
    """npm's `ini.parse`, top level only: one entry per key, in the place of its first line."""
    found: dict[str, NpmrcEntry] = {}
    lists: dict[str, list[str]] = {}
    line_number, position = 1, 0
    for match in re.finditer(r"[^\r\n]+", text):
        line_number += len(_BREAKS.findall(text, position, match.start()))
        position = match.start()
        line = match[0]
        if _COMMENT.match(line) or not line.strip(_JS_SPACE):
            continue
        parsed = _LINE.fullmatch(line)
        if parsed is None:
            continue
        if parsed[1] is not None:
            break  # a [section]: what follows is not top-level configuration
        key, _ = _unsafe(parsed[2])
        is_list = len(key) > 2 and key.endswith("[]")
        if is_list:
            key = key[:-2]
        if key == "__proto__":
            continue
        value, is_text = _unsafe(parsed[4]) if parsed[3] else ("true", False)
        if is_text and value in _NOT_TEXT:
            is_text = False
        if is_list or key in lists:
            items = lists.setdefault(key, [found[key].value] if key in found else [])
            items.append(value)
            value, is_text = ",".join(items), False  # a list is not text: npm leaves it alone
        elif is_text:
            value = value.strip(_JS_SPACE)  # npm's parseField trims text before expanding it
            is_text = value not in (*_NOT_TEXT, "undefined")
        found[key] = NpmrcEntry(key, value, line_number, is_text)
    return list(found.values())


def npm_settings(entries: Iterable[NpmrcEntry], environ: Mapping[str, str]) -> dict[str, Setting]:
    """Expanded key -> setting, as npm loads them (a later key that expands the same way wins)."""
    settings: dict[str, Setting] = {}
    for entry in entries:
        value = expand(entry.value, environ) if entry.text else entry.value
        settings[expand(entry.key, environ)] = Setting(entry, value)
    return settings


def _unsafe(raw: str) -> tuple[str, bool]:
    """`ini`'s unquoting of a key or value: (text, whether it is still text after JSON)."""
    value = raw.strip(_JS_SPACE)
    if len(value) >= 1 and value[0] == value[-1] and value[0] in "\"'":
        inner = value[1:-1] if value[0] == "'" else value
        try:
            parsed = json.loads(inner, parse_constant=_no_constant)
        except (ValueError, RecursionError):
            return inner, True
        if isinstance(parsed, str):
            return parsed, True
        return inner, False
    kept: list[str] = []
    escaped = False
    for char in value:
        if escaped:
            kept.append(char if char in "\\;#" else "\\" + char)
            escaped = False
        elif char in ";#":
            break
        elif char == "\\":
            escaped = True
        else:
            kept.append(char)
    if escaped:
        kept.append("\\")
    return "".join(kept).strip(_JS_SPACE), True


def _no_constant(name: str) -> object:
    raise ValueError(f"{name} is not JSON")  # JSON.parse refuses NaN and Infinity; so do we
