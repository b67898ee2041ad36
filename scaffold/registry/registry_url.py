"""How npm turns a registry URL into the `.npmrc` keys its credentials may be stored under.

npm parses the URL with Node's WHATWG `URL` and, for every request, looks for credentials under
`//host[:port]/path...` keys (npm-registry-fetch's `regFromURI`): it starts at the request URL and
walks up by removing either the last segment or the trailing slash, so `//h/a/b/`, `//h/a/b`,
`//h/a/`, `//h/a`, `//h/` and `//h` are all tried. A package's metadata URL is the registry URL
with trailing slashes removed, then `/@scope%2fname`, so the walk starts at the registry's own
folder. Python has no WHATWG URL parser in the standard library; `_parse` does the part of it npm's
key depends on (scheme, default port, lowercase host, dot segments, percent-encoding of the path)
and the node twin of this check uses Node's `URL` itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_DEFAULT_PORTS = {"http": "80", "https": "443"}
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.\-]*):")
# WHATWG's path percent-encode set, beyond controls and non-ASCII.
_PATH_ENCODE = frozenset(' "#<>?`{}')
_DOUBLE_DOT = ("..", ".%2e", "%2e.", "%2e%2e")
_SINGLE_DOT = (".", "%2e")


@dataclass(frozen=True)
class RegistryUrl:
    """The parts of an http(s) registry URL npm's credential lookup uses."""

    scheme: str
    userinfo: str  # empty when the URL carries no `user[:password]@`
    host: str  # lowercase, with a port unless it is the scheme's default
    path: str  # normalised as Node's URL does

    def auth_keys(self) -> list[str]:
        """Keys npm tries for this registry's packages, most specific first."""
        key = f"//{self.host}{self.path.rstrip('/')}/"
        keys = []
        while len(key) > len("//"):
            keys.append(key)
            key = re.sub(r"(?:[^/]+|/)\Z", "", key)
        return keys


def parse_registry_url(url: str) -> RegistryUrl | None:
    """The URL's parts, or None when Node's URL would not give an http(s) URL with a host."""
    url = re.sub(r"[\t\n\r]", "", url).strip("".join(chr(code) for code in range(0x21)))
    scheme = _SCHEME.match(url)
    if scheme is None or scheme[1].lower() not in _DEFAULT_PORTS:
        return None
    rest = url[scheme.end() :].replace("\\", "/")
    rest = rest.lstrip("/")
    authority, _, after = _split_once(rest, "/?#")
    userinfo, at, hostport = authority.rpartition("@")
    if not at:
        userinfo = ""
    host, port = _host_and_port(hostport)
    if not host or port is None:
        return None
    name = scheme[1].lower()
    if port and port != _DEFAULT_PORTS[name]:
        host = f"{host}:{port}"
    path = after if after.startswith("/") else ""
    path, _, _ = _split_once(path, "?#", keep_separator=False)
    return RegistryUrl(name, userinfo, host, _normal_path(path))


def _split_once(text: str, separators: str, *, keep_separator: bool = True) -> tuple[str, str, str]:
    for index, char in enumerate(text):
        if char in separators:
            return text[:index], char, text[index:] if keep_separator else text[index + 1 :]
    return text, "", ""


def _host_and_port(hostport: str) -> tuple[str, str | None]:
    """(lowercase host, port digits or ""); port None when the port is not a number below 65536."""
    host, port = hostport, ""
    colon = hostport.rfind(":")
    if colon != -1 and "]" not in hostport[colon:]:
        host, port = hostport[:colon], hostport[colon + 1 :]
    if port and (not port.isascii() or not port.isdigit() or int(port) > 65535):
        return host, None
    host = host.lower()
    if not host.isascii():
        try:
            host = host.encode("idna").decode("ascii")
        except UnicodeError:
            return "", None
    return host, str(int(port)) if port else ""


def _normal_path(path: str) -> str:
    """Dot segments resolved and the path percent-encode set encoded, as Node's URL does."""
    if not path:
        return "/"
    segments = path.split("/")[1:]
    kept: list[str] = []
    for index, segment in enumerate(segments):
        last = index == len(segments) - 1
        if segment.lower() in _DOUBLE_DOT:
            if kept:
                kept.pop()
            if last:
                kept.append("")
        elif segment.lower() in _SINGLE_DOT:
            if last:
                kept.append("")
        else:
            kept.append("".join(_encoded(char) for char in segment))
    return "/" + "/".join(kept)


def _encoded(char: str) -> str:
    if char in _PATH_ENCODE or ord(char) < 0x20 or ord(char) >= 0x7F:
        if 0xD800 <= ord(char) <= 0xDFFF:
            char = "\ufffd"  # a lone surrogate is not a character: Node's URL sees U+FFFD
        return "".join(f"%{byte:02X}" for byte in char.encode("utf-8"))
    return char


def suggested_key(written_url: str) -> str:
    """The credential key to write for a registry URL as written (its `${VAR}`s kept).

    npm expands variables in keys too, so `//host/${TOKEN}/acme/` matches the URL
    `https://host/${TOKEN}/acme/` whatever TOKEN holds; the user never writes the value.
    """
    scheme = _SCHEME.match(written_url)
    default_port = _DEFAULT_PORTS.get(scheme[1].lower(), "") if scheme else ""
    rest = written_url[scheme.end() if scheme else 0 :].lstrip("/")
    authority, _, after = _split_once(rest, "/?#")
    authority = authority.rpartition("@")[2]
    if "${" not in authority:
        authority = authority.lower().removesuffix(f":{default_port}")
    path, _, _ = _split_once(after, "?#", keep_separator=False)
    return f"//{authority}{path.rstrip('/')}/"
