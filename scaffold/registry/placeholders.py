"""Registry hosts that are placeholders: names reserved for examples, never a team's registry.

`scaffold new-module` without `--registry-url` writes `https://npm.example.invalid/repository/npm/`
into the project's `.npmrc`: a fresh project needs no private package, so it builds, without
pretending to know the team's registry. Once a private package is a dependency, npm would fail on
that name (`getaddrinfo ENOTFOUND`) after every credential was found fine, so both registry checks
refuse it first. Placeholders are the names reserved for examples or for names that must never
resolve (RFC 2606, RFC 6761): a `.invalid` or `.example` top-level domain, `example.com`,
`example.net`, `example.org` and any `*.example.*` host. `localhost`, `.localhost`, `.test`, single
names and IP addresses are not: a team may run a registry proxy (Verdaccio, a Nexus in a test
network) under them. The same rule is `isPlaceholderHost` in the project's `scripts/registry-url.mjs`.
"""

from __future__ import annotations

from urllib.parse import unquote

_NEVER_RESOLVES = frozenset({"invalid", "example"})  # top-level domains (RFC 2606, RFC 6761)
_EXAMPLE_DOMAINS = frozenset({"example.com", "example.net", "example.org"})  # RFC 2606, section 3


def is_placeholder_host(host: str) -> bool:
    """True for a registry host (`name[:port]`, lowercase as in a parsed URL) reserved for examples."""
    if host.startswith("["):  # an IPv6 address
        return False
    name = unquote(host.rpartition(":")[0] if ":" in host else host)  # Node's URL decodes %xx in a host
    labels = name.lower().rstrip(".").split(".")
    if len(labels) < 2:  # a single name (`localhost`, a container's name) is a local host
        return False
    return (
        labels[-1] in _NEVER_RESOLVES
        or ".".join(labels[-2:]) in _EXAMPLE_DOMAINS
        or "example" in labels[1:-1]  # `*.example.*`: npm.example.test, registry.example.co.uk
    )
