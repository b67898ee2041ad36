"""What the platform does before any browser runs: read well-known, resolve and fetch artifacts.

The JS URL is entryPoint resolved against frontendHost (urllib.parse.urljoin, as a browser
resolves a relative URL). The platform appends `version` (from well-known) and `buildTimestamp`
(its record's build mark: well-known's `buildTimestamp` when the module returns one, else a fixed
stand-in) as query parameters for cache busting, so both URLs are fetched: `frontend.js` without
and `frontend.js-cacheable` with them, and the browser loads the one the platform loads. The CSS
is tried at the same path with `.css` when entryPoint ends with `.js`; a missing CSS is not an
error. Artifacts may be larger than API answers, so they get their own size cap.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scaffold.host.http_client import MIB, Exchange, HttpClient
from scaffold.host.module_target import WELL_KNOWN_PATH, ModuleTarget, artifact_urls, build_mark
from scaffold.host.report import CheckReport
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.document import SpecDocument

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
RULE_JS_CACHEABLE = (
    "contract: Frontend artifacts 1 and Versioning (the platform may append version and buildTimestamp as "
    "query parameters to the JS URL)"
)
RULE_JS_TYPE = "contract: the platform loads the module as a classic script (served as JavaScript)"
RULE_CSS = "contract: Frontend artifacts 2 (CSS at the same path with .css; a missing CSS is not an error)"
ARTIFACT_MAX_BYTES = 32 * MIB
NAMES = (
    "well-known",
    "well-known.full-set",
    "components",
    "frontend.js",
    "frontend.js-cacheable",
    "frontend.js-content-type",
    "frontend.css",
)


def check_well_known(
    client: HttpClient, spec: SpecDocument, validator: SpecValidator, base_url: str, report: CheckReport
) -> Mapping[str, Any] | None:
    """Fetch and validate well-known; returns the metadata when the run can go on.

    When it returns None it has already skipped every planned check with the reason: without a
    JSON object from well-known (no answer, not HTTP, not 200, not JSON) nothing else is called,
    and without scope, entryPoint and frontendHost nothing can be loaded.
    """
    exchange = client.get(base_url + WELL_KNOWN_PATH)
    name = "well-known"
    unusable = exchange.not_a_json_object()
    if unusable is not None:
        report.failed(name, f"{unusable} ({exchange.url})", RULE_WELL_KNOWN)
        report.skip_unfinished(
            f"well-known got no usable answer, so no other request was made (is a module backend at {base_url}?)"
        )
        return None
    errors = validator.errors_for_schema("ModuleMetadata", exchange.body)
    metadata: Mapping[str, Any] = exchange.body
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
        report.skip_unfinished("well-known lacks scope, entryPoint or frontendHost, so nothing can load")
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
    """Fetch the JS with and without the cache parameters (both must be served) and the CSS
    (optional); returns the target for the browser part, or None when no JS could be fetched."""
    urls = artifact_urls(metadata)
    plain = _fetch_js(client, urls.js, "frontend.js", RULE_JS, report)
    cacheable = _fetch_js(client, urls.cacheable_js, "frontend.js-cacheable", RULE_JS_CACHEABLE, report)
    served = cacheable or plain
    if served is None:
        report.skipped("frontend.js-content-type", "no JS was served, so there is no content type to judge")
    else:
        kind = served.content_type.split(";")[0].strip().lower()
        if "javascript" in kind or kind == "application/ecmascript":
            report.passed("frontend.js-content-type", kind)
        else:
            report.warned(
                "frontend.js-content-type",
                f"served as {kind or 'no content-type'}, not JavaScript",
                RULE_JS_TYPE,
            )
    attached = _check_css(client, urls.css, report)
    if served is None:
        return None
    return ModuleTarget(
        base_url=base_url,
        metadata=metadata,
        # The browser loads what the platform loads; the plain URL only when that one failed.
        js_url=urls.cacheable_js if cacheable is not None else urls.js,
        css_url=urls.css if attached else None,
        build_timestamp=build_mark(metadata),
        js_headers=dict(served.headers),
    )


def _fetch_js(client: HttpClient, url: str, name: str, rule: str, report: CheckReport) -> Exchange | None:
    js = client.get(url, max_body=ARTIFACT_MAX_BYTES)
    if js.failure is not None or js.status != 200 or not js.raw.strip():
        report.failed(name, f"{url}: {js.failure or js.summary()}", rule)
        return None
    report.passed(name, f"{url} ({len(js.raw)} bytes)")
    return js


def _check_css(client: HttpClient, css_url: str | None, report: CheckReport) -> bool:
    if css_url is None:
        report.skipped("frontend.css", "not applicable: entryPoint does not end with .js, so no CSS is tried")
        return False
    css = client.get(css_url, max_body=ARTIFACT_MAX_BYTES)
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
    report.passed("frontend.css", f"{css_url} ({len(css.raw)} bytes)")
    return True
