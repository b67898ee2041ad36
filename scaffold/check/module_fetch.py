"""What the platform does before any browser runs: read well-known, resolve and fetch artifacts.

The JS URL is entryPoint resolved against frontendHost (urllib.parse.urljoin, as a browser
resolves a relative URL) with `version` and `buildTimestamp` appended as query parameters, as
the platform may do; the CSS is tried at the same path with `.css` when entryPoint ends with
`.js`, and a missing CSS is not an error.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode, urljoin, urlsplit, urlunsplit

from scaffold.check.http_client import HttpClient
from scaffold.check.report import CheckReport
from scaffold.check.spec_validation import SpecValidator
from scaffold.specs.document import SpecDocument

WELL_KNOWN_PATH = "/api/v1/well-known"
RULE_WELL_KNOWN = (
    "contract: Endpoints / GET {baseUrl}/api/v1/well-known returns module metadata (minimum set: name, title, "
    "description, version, entryPoint, frontendHost, scope, components)"
)
RULE_FULL_SET = "contract: Module metadata (always returning the full set is recommended)"
RULE_COMPONENTS = (
    "contract: Limits (at most three frontend components: Settings, WidgetEditor, Widget) and Minimal "
    "checklist 3 (registry contains at least Widget when the module must appear on a dashboard)"
)
RULE_JS = (
    "contract: Frontend artifacts 1 (the JS URL is entryPoint resolved against frontendHost; version and "
    "buildTimestamp may be added)"
)
RULE_JS_TYPE = "contract: the platform loads the module as a classic script (served as JavaScript)"
RULE_CSS = "contract: Frontend artifacts 2 (CSS at the same path with .css; a missing CSS is not an error)"
BUILD_TIMESTAMP = "2026-03-14T09:30:00.000Z"


@dataclass(frozen=True)
class ModuleTarget:
    """The module as the platform knows it after reading well-known and fetching artifacts."""

    base_url: str
    metadata: Mapping[str, Any]
    js_url: str
    css_url: str | None
    build_timestamp: str = BUILD_TIMESTAMP

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


def artifact_urls(
    metadata: Mapping[str, Any], build_timestamp: str = BUILD_TIMESTAMP
) -> tuple[str, str | None]:
    """(JS URL, CSS URL or None) as the platform builds them."""
    resolved = urljoin(str(metadata["frontendHost"]), str(metadata["entryPoint"]))
    parts = urlsplit(resolved)
    extra = urlencode({"version": str(metadata.get("version", "")), "buildTimestamp": build_timestamp})
    js_url = urlunsplit(parts._replace(query=f"{parts.query}&{extra}" if parts.query else extra))
    css_url = None
    # The contract's condition is literal: "when entryPoint ends with .js".
    if str(metadata["entryPoint"]).endswith(".js") and parts.path.endswith(".js"):
        css_url = urlunsplit(parts._replace(path=parts.path[: -len(".js")] + ".css"))
    return js_url, css_url


def check_well_known(
    client: HttpClient, spec: SpecDocument, validator: SpecValidator, base_url: str, report: CheckReport
) -> Mapping[str, Any] | None:
    """Fetch and validate well-known; returns the metadata when the browser part can go on."""
    exchange = client.get(base_url + WELL_KNOWN_PATH)
    name = "well-known"
    if exchange.failure is not None or exchange.status != 200 or not exchange.is_json:
        problem = exchange.failure or f"expected 200 JSON, got {exchange.summary()}"
        report.failed(name, f"{problem} ({exchange.url})", RULE_WELL_KNOWN)
        return None
    errors = validator.errors_for_schema("ModuleMetadata", exchange.body)
    metadata = exchange.body if isinstance(exchange.body, dict) else {}
    if errors:
        report.failed(name, "; ".join(errors), RULE_WELL_KNOWN)
    else:
        report.passed(
            name, f"{metadata.get('name')} {metadata.get('version')}, scope {metadata.get('scope')!r}"
        )
    properties = spec.data["components"]["schemas"]["ModuleMetadata"].get("properties", {})
    missing = [key for key in properties if key not in metadata]
    if missing:
        report.warned("well-known.full-set", f"not returned: {', '.join(missing)}", RULE_FULL_SET)
    else:
        report.passed("well-known.full-set", "every metadata field is returned")
    usable = all(isinstance(metadata.get(key), str) and metadata.get(key) for key in ("scope", "entryPoint"))
    if not usable or not isinstance(metadata.get("frontendHost"), str):
        report.skipped(
            "remaining checks", "well-known lacks scope, entryPoint or frontendHost, so nothing can load"
        )
        return None
    return metadata


def check_components(spec: SpecDocument, metadata: Mapping[str, Any], report: CheckReport) -> None:
    policy = spec.data.get("x-components", {})
    allowed = [str(a) for a in policy.get("allowed", [])]
    limit = int(policy.get("maxCount", len(allowed)))
    required = str(policy.get("requiredForDashboard", "Widget"))
    names = [str(c) for c in metadata.get("components") or []]
    problems = []
    unknown = [n for n in names if n not in allowed]
    if unknown:
        problems.append(f"not a contract component: {', '.join(unknown)} (allowed: {', '.join(allowed)})")
    if len(names) > limit:
        problems.append(f"{len(names)} components, at most {limit}")
    if len(set(names)) != len(names):
        problems.append("a component is listed twice")
    on_dashboard = metadata.get("canAddToDashboard")
    if on_dashboard is True and required not in names:
        problems.append(f"canAddToDashboard is true but {required} is not listed")
    if problems:
        report.failed("components", "; ".join(problems), RULE_COMPONENTS)
    elif required not in names and on_dashboard is not False:
        report.warned(
            "components", f"no {required}: the module cannot appear on a dashboard", RULE_COMPONENTS
        )
    else:
        report.passed("components", ", ".join(names) or "none")


def check_artifacts(
    client: HttpClient, metadata: Mapping[str, Any], base_url: str, report: CheckReport
) -> ModuleTarget | None:
    """Fetch the JS (must exist) and the CSS (optional); returns the target for the browser part."""
    js_url, css_url = artifact_urls(metadata)
    js = client.get(js_url)
    if js.failure is not None or js.status != 200 or not js.text.strip():
        report.failed("frontend.js", f"{js_url}: {js.failure or js.summary()}", RULE_JS)
        return None
    report.passed("frontend.js", f"{js_url} ({len(js.text.encode())} bytes)")
    kind = js.content_type.split(";")[0].strip().lower()
    if "javascript" in kind or kind == "application/ecmascript":
        report.passed("frontend.js-content-type", kind)
    else:
        report.warned(
            "frontend.js-content-type", f"served as {kind or 'no content-type'}, not JavaScript", RULE_JS_TYPE
        )
    attached = _check_css(client, css_url, report)
    return ModuleTarget(
        base_url=base_url, metadata=metadata, js_url=js_url, css_url=css_url if attached else None
    )


def _check_css(client: HttpClient, css_url: str | None, report: CheckReport) -> bool:
    if css_url is None:
        report.passed("frontend.css", "no CSS (entryPoint does not end with .js, so none is tried)")
        return False
    css = client.get(css_url)
    if css.failure is None and css.status in (404, 410):
        report.passed(
            "frontend.css", f"no CSS ({css_url} answered {css.status}; a missing CSS is not an error)"
        )
        return False
    if css.failure is not None or css.status != 200:
        report.warned(
            "frontend.css", f"{css_url}: {css.failure or css.summary()}; treated as missing", RULE_CSS
        )
        return False
    kind = css.content_type.split(";")[0].strip().lower()
    if kind != "text/css":
        report.warned(
            "frontend.css",
            f"served as {kind or 'no content-type'}; browsers ignore a cross-origin stylesheet "
            "that is not text/css",
            RULE_CSS,
        )
        return False
    report.passed("frontend.css", f"{css_url} ({len(css.text.encode())} bytes)")
    return True
