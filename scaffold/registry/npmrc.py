"""Reading a project-level `.npmrc` the way npm does, as far as registries and credentials go.

Only what the check needs: `key=value` lines (npm's ini dialect: `#`/`;` comments, optional
spaces around `=`, optional quotes), `${VAR}` / `${VAR?}` references, and npm's "nerf dart" form
of a registry URL (`//host/path/`) that credentials are keyed to.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

from scaffold.errors import RegistryConfigError

_DEFAULT_PORTS = {"http": 80, "https": 443}
_REFERENCE = re.compile(r"(?<!\\)\$\{([^${}?]+)(\?)?\}")


@dataclass(frozen=True)
class NpmrcEntry:
    key: str
    value: str
    line: int

    @property
    def references(self) -> list[str]:
        """Names of the environment variables the value refers to, in order."""
        return [match[1] for match in _REFERENCE.finditer(self.value)]

    def expand(self, environ: Mapping[str, str]) -> str:
        """The value as npm sees it: set variables replaced, unset ones left as literal text."""

        def replace(match: re.Match[str]) -> str:
            name, optional = match[1], match[2]
            if name in environ:
                return environ[name]
            return "" if optional else match[0]

        return _REFERENCE.sub(replace, self.value)


def read_npmrc(path: Path) -> dict[str, NpmrcEntry]:
    """Entries of `path` by key; a later line wins, as in npm."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RegistryConfigError(
            f"{path} is missing",
            hint="It must map the private scopes to their registry; restore it from the template "
            "(scaffold upgrade) or git.",
        ) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RegistryConfigError(f"{path} cannot be read ({exc})") from exc
    return parse_npmrc(text)


def parse_npmrc(text: str) -> dict[str, NpmrcEntry]:
    entries: dict[str, NpmrcEntry] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith(("#", ";")) or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key, value = key.strip(), value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        entries[key] = NpmrcEntry(key, value, number)
    return entries


def nerf_dart(url: str) -> str:
    """npm's credential key for a registry URL: `https://H:1/a/b/` -> `//h:1/a/b/`.

    Like Node's URL (which npm uses): the host is lowercased and a default port is dropped.
    """
    parsed = urlparse(url)
    host = parsed.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    try:
        port = parsed.port
    except ValueError:
        port = None
    if port is not None and _DEFAULT_PORTS.get(parsed.scheme) != port:
        host = f"{host}:{port}"
    path = parsed.path or "/"
    if not path.endswith("/"):
        path = path[: path.rfind("/") + 1]
    return f"//{host}{path}"


def credential_prefixes(url: str) -> list[str]:
    """Nerf darts npm tries for `url`, most specific first (it walks up the path)."""
    dart = nerf_dart(url)
    prefixes = [dart]
    while dart.count("/") > 3:
        dart = dart[: dart.rstrip("/").rfind("/") + 1]
        prefixes.append(dart)
    return prefixes
