"""`scaffold check module`: what the platform does with a module, from well-known to a render.

Preflight first (Chromium, Playwright, the React UMD runtime), so a missing tool is one clear
error before any output; then well-known and the artifacts over HTTP; then the bundle in a
headless Chromium host page that stands in for the platform frontend.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from scaffold.check.browser import BrowserSession, chromium_executable, open_browser, sync_playwright_factory
from scaffold.check.host_driver import HostDriver
from scaffold.check.host_page import HostConfig, serve_host
from scaffold.check.host_runtime import RuntimeScript, ensure_runtime
from scaffold.check.http_client import DEFAULT_TIMEOUT, HttpClient
from scaffold.check.module_browser import ModuleInBrowser
from scaffold.check.module_fetch import (
    ModuleTarget,
    check_artifacts,
    check_components,
    check_well_known,
    module_base,
)
from scaffold.check.module_props import realistic_values
from scaffold.check.report import CheckReport
from scaffold.check.spec_validation import SpecValidator
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

CONTRACT = "dashboard-module"
DEFAULT_PAGE_TIMEOUT = 15.0


@dataclass(frozen=True)
class ModuleCheckOptions:
    """What the user can tune from the command line."""

    timeout: float = DEFAULT_TIMEOUT
    page_timeout: float = DEFAULT_PAGE_TIMEOUT


def stand_in_globals(spec: SpecDocument, runtime: list[RuntimeScript]) -> list[str]:
    """Host globals from `x-host-globals` that the real runtime does not define (UiKit, ...)."""
    real = {script.global_name for script in runtime}
    names = [
        str(item.get("global"))
        for item in spec.data.get("x-host-globals", []) or []
        if isinstance(item, dict)
    ]
    return [name for name in names if name and name not in real]


def check_module(
    base_url: str,
    options: ModuleCheckOptions | None = None,
    *,
    spec: SpecDocument | None = None,
    browser: BrowserSession | None = None,
) -> CheckReport:
    """Run every module check against the module whose baseUrl is `base_url`."""
    chosen = spec or catalog.load_shipped(CONTRACT)
    opts = options or ModuleCheckOptions()
    if browser is None:
        chromium_executable()
        sync_playwright_factory()
    runtime = ensure_runtime(chosen)
    base = module_base(base_url)
    report = CheckReport(target=base_url, kind="module")
    validator = SpecValidator(chosen)
    with HttpClient(opts.timeout) as client:
        metadata = check_well_known(client, chosen, validator, base, report)
        if metadata is None:
            return report
        check_components(chosen, metadata, report)
        target = check_artifacts(client, metadata, base, report)
    if target is None:
        report.skipped("browser checks", "frontend.js failed, so there is nothing to load")
        return report
    with _browser(browser) as session:
        _in_browser(session, chosen, validator, target, runtime, opts, report)
    return report


@contextmanager
def _browser(given: BrowserSession | None) -> Iterator[BrowserSession]:
    if given is not None:
        yield given
        return
    with open_browser() as session:
        yield session


def _in_browser(
    session: BrowserSession,
    spec: SpecDocument,
    validator: SpecValidator,
    target: ModuleTarget,
    runtime: list[RuntimeScript],
    opts: ModuleCheckOptions,
    report: CheckReport,
) -> None:
    settings = realistic_values(spec, target)["settings"]
    config = HostConfig(
        stand_ins=stand_in_globals(spec, runtime),
        runtime=runtime,
        module_base_url=target.base_url,
        module_context=settings,
        proxy_timeout=opts.timeout,
    )
    with serve_host(config) as host:
        context = session.new_context()
        try:
            driver = HostDriver(context.new_page(), int(opts.page_timeout * 1000))
            touched = ModuleInBrowser(driver, spec, validator, target, report).run(host.url)
        finally:
            context.close()
    proxied = ", ".join(f"{c.method} /{c.path} -> {c.status}" for c in host.proxy_calls[:5])
    detail = f"stand-ins touched: {', '.join(touched) or 'none'}"
    if proxied:
        detail += f"; proxied: {proxied}"
    report.passed("host-globals", detail)
