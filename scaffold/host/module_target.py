"""The module as the platform knows it: its baseUrl, well-known answer and artifact URLs.

The JS URL is entryPoint resolved against frontendHost (urllib.parse.urljoin, as a browser
resolves a relative URL). The platform appends `version` (from well-known) and `buildTimestamp`
(its record's build mark: well-known's `buildTimestamp` when the module returns one, else a fixed
stand-in) as query parameters for cache busting. The CSS is tried at the same path with `.css`
when entryPoint ends with `.js`. `check` fetches and judges these URLs; `dev` loads them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit, urlunsplit

WELL_KNOWN_PATH = "/api/v1/well-known"
BUILD_TIMESTAMP = "2026-03-14T09:30:00.000Z"


@dataclass(frozen=True)
class ModuleTarget:
    """The module as the platform knows it after reading well-known and fetching artifacts."""

    base_url: str
    metadata: Mapping[str, Any]
    js_url: str
    css_url: str | None
    build_timestamp: str = BUILD_TIMESTAMP
    js_headers: Mapping[str, str] = field(default_factory=dict)  # as served to the platform, lower-case names

    @property
    def scope(self) -> str:
        return str(self.metadata["scope"])

    @property
    def components(self) -> list[str]:
        return [str(c) for c in self.metadata.get("components") or []]


def module_base(url: str) -> str:
    """BASE_URL is the module's baseUrl; a trailing /api/v1 (a common slip) is tolerated."""
    base = url.rstrip("/")
    return base[: -len("/api/v1")] if base.endswith("/api/v1") else base


@dataclass(frozen=True)
class ArtifactUrls:
    """The JS as entryPoint resolves, the same with the cache parameters, and the CSS to try."""

    js: str
    cacheable_js: str
    css: str | None


def build_mark(metadata: Mapping[str, Any]) -> str:
    """The buildTimestamp the platform appends: the module's own when well-known has one."""
    given = metadata.get("buildTimestamp")
    return given if isinstance(given, str) and given.strip() else BUILD_TIMESTAMP


def artifact_urls(metadata: Mapping[str, Any], build_timestamp: str | None = None) -> ArtifactUrls:
    """The artifact URLs as the platform builds them."""
    resolved = urljoin(str(metadata["frontendHost"]), str(metadata["entryPoint"]))
    parts = urlsplit(resolved)
    mark = build_mark(metadata) if build_timestamp is None else build_timestamp
    extra = urlencode({"version": str(metadata.get("version", "")), "buildTimestamp": mark})
    cacheable = urlunsplit(parts._replace(query=f"{parts.query}&{extra}" if parts.query else extra))
    css_url = None
    # The contract's condition is literal: "when entryPoint ends with .js".
    if str(metadata["entryPoint"]).endswith(".js") and parts.path.endswith(".js"):
        css_url = urlunsplit(parts._replace(path=parts.path[: -len(".js")] + ".css", query=""))
    return ArtifactUrls(js=resolved, cacheable_js=cacheable, css=css_url)
