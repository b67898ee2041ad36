"""Which requests the page server accepts: its own address, its own pages, JSON for its API.

The page server listens on the developer's machine while their browser visits other sites, so
two kinds of request reach it that it must not serve:

- **DNS rebinding.** A hostile site points its own name at 127.0.0.1; the browser then treats the
  page server as part of that site and lets its script read the answers. Such a request carries
  the hostile name in `Host`, so only the names the server is really reached by are accepted:
  the loopback names (127.0.0.1, localhost, [::1]) and the address it was bound to, each with the
  served port. An IP literal cannot be rebound (the browser's origin is the address itself), so
  a server bound to every address (0.0.0.0, ::) also accepts any IP literal with its port: that
  stands for "every address of this machine" without enumerating interfaces, which the standard
  library cannot do portably.
- **Cross-site requests.** Any page may send a "simple" request (a form-like POST, `text/plain`)
  to any address without asking; the browser only hides the answer. On the API and the proxy a
  request is refused when its `Origin` is another origin than the one it is sent to (a `null`
  Origin included), when `Sec-Fetch-Site` says another site or origin sent it, and, on the API,
  when a body-carrying request is not `application/json`, a type no page may send to another
  origin without the CORS preflight this server never grants.

A request without Origin (curl, a same-origin GET) is not a cross-site request and passes.
Refusals are answered before the body is read, with one sentence: 421 for a foreign Host (400
without one), 403 for a foreign Origin or fetch site, 415 for a body that is not JSON.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
ANY_ADDRESS = ("", "0.0.0.0", "::")  # noqa: S104 - compared against, never bound here
Kind = Literal["file", "api", "proxy"]
_SAME_SITE_VALUES = ("same-origin", "none")  # "none": typed into the address bar, a bookmark
_BODYLESS = ("GET", "HEAD")
_SINGLE = ("host", "origin", "sec-fetch-site", "content-type")
_OWN_PAGES = "the API and the proxy answer only the pages this server serves"


@dataclass(frozen=True)
class Refusal:
    """Why a request is not served: the status and the one sentence answered."""

    status: int
    message: str


@dataclass(frozen=True)
class ServedAddress:
    """The names and port the page server is reached by; see the module docstring."""

    names: frozenset[str]
    port: int
    any_ip: bool = False

    def accepts(self, authority: tuple[str, int] | None) -> bool:
        if authority is None:
            return False
        name, port = authority
        if port != self.port:
            return False
        return name in self.names or (self.any_ip and _is_ip(name))

    def shown(self) -> str:
        """The accepted Host values, for the refusal's sentence."""
        listed = [_authority_text(name, self.port) for name in sorted(self.names)]
        if self.any_ip:
            listed.append(f"any IP address with port {self.port}")
        return ", ".join(listed[:-1]) + " or " + listed[-1] if len(listed) > 1 else listed[0]


def served_address(bind_host: str, port: int) -> ServedAddress:
    """What `Host` may name for a server bound to `bind_host` on `port` (the port actually served)."""
    names = {_normal_name(name) for name in LOOPBACK_NAMES}
    wildcard = bind_host in ANY_ADDRESS
    if not wildcard:
        names.add(_normal_name(bind_host))
    return ServedAddress(frozenset(names), port, any_ip=wildcard)


def refusal(
    address: ServedAddress, method: str, headers: Iterable[tuple[str, str]], kind: Kind
) -> Refusal | None:
    """The refusal for one request (None: serve it). `headers` are the request's, names in any case."""
    lowered: dict[str, str] = {}
    for key, value in headers:
        name = key.lower()
        if name in lowered and name in _SINGLE:  # which one would count is the attacker's choice
            return Refusal(400, f"the request has more than one {key} header")
        lowered[name] = value
    host = lowered.get("host")
    if host is None or not host.strip():
        return Refusal(400, "the request has no Host header")
    authority = parse_authority(host)
    if not address.accepts(authority):
        return Refusal(
            421,
            f"Host {host[:200]!r} is not an address of this scaffold page server; "
            f"open it as {address.shown()}",
        )
    if kind == "file":
        return None
    site = lowered.get("sec-fetch-site")
    if site is not None and site.strip().lower() not in _SAME_SITE_VALUES:
        return Refusal(
            403, f"a request another site made (Sec-Fetch-Site: {site[:40]}) is refused: {_OWN_PAGES}"
        )
    origin = lowered.get("origin")
    if origin is not None and _origin_authority(origin) != authority:
        return Refusal(403, f"a request from the origin {origin[:200]!r} is refused: {_OWN_PAGES}")
    if kind == "api" and method.upper() not in _BODYLESS:
        media = lowered.get("content-type", "").split(";", 1)[0].strip().lower()
        if media != "application/json":
            shown = media or "no Content-Type"
            return Refusal(415, f"the API takes a body only as application/json, not {shown[:100]}")
    return None


def parse_authority(text: str, default_port: int = 80) -> tuple[str, int] | None:
    """`name[:port]` or `[v6][:port]` as (normal name, port); None when it is not one."""
    text = text.strip()
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        name, rest = text[1:end], text[end + 1 :]
        if not _is_ip(name) or ":" not in name:
            return None
    else:
        name, colon, port_text = text.partition(":")
        rest = colon + port_text
        if not name:
            return None
    if rest and (not rest.startswith(":") or not rest[1:].isdigit() or not rest[1:].isascii()):
        return None
    port = int(rest[1:]) if rest else default_port
    if not 0 < port < 65536:
        return None
    return _normal_name(name), port


def _origin_authority(origin: str) -> tuple[str, int] | None:
    """The (name, port) of an http Origin; None for `null`, another scheme or a malformed one."""
    try:
        parts = urlsplit(origin.strip())
    except ValueError:
        return None
    if parts.scheme.lower() != "http" or parts.path or parts.query or parts.fragment:
        return None
    return parse_authority(parts.netloc)


def _normal_name(name: str) -> str:
    """Lower case; an IP literal in its one spelling (so ::1 and 0:0:0:0:0:0:0:1 compare equal)."""
    name = name.strip().lower()
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1]
    try:
        return ipaddress.ip_address(name).compressed
    except ValueError:
        return name


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


def _authority_text(name: str, port: int) -> str:
    return f"[{name}]:{port}" if ":" in name else f"{name}:{port}"
