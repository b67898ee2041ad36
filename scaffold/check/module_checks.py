"""`scaffold check module`: what the platform does with a module, from well-known to a render.

Preflight first (Chromium, Playwright, the React UMD runtime), so a missing tool is one clear
error before any output; then well-known and the artifacts over HTTP; then the bundle in a
headless Chromium host page that stands in for the platform frontend.

The whole-run deadline starts after the preflight (the one-time npm fetch of the runtime has its
own timeout) and bounds every request and browser step. The plan is declared up front, and the
per-component checks as soon as well-known names the components, so a run that stops early
still reports every check: SKIP with the reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from scaffold.check.host_driver import HostDriver
from scaffold.check.module_browser import ModuleInBrowser, component_checks
from scaffold.check.run_limits import DEFAULT_MODULE_DEADLINE
from scaffold.contracts import MODULE
from scaffold.errors import ToolMissingError
from scaffold.host import module_fetch
from scaffold.host.browser import BrowserSession, chromium_executable, open_browser, sync_playwright_factory
from scaffold.host.deadline import Deadline, DeadlinePassed
from scaffold.host.host_data import HostData
from scaffold.host.http_client import DEFAULT_TIMEOUT, HttpClient
from scaffold.host.module_fetch import check_artifacts, check_components, check_well_known
from scaffold.host.module_props import realistic_values
from scaffold.host.module_target import ModuleTarget, module_base
from scaffold.host.page_server import HostConfig, serve_host
from scaffold.host.report import CheckReport, Listener, Status
from scaffold.host.runtime import RuntimeScript, ensure_runtime, runtime_text, stand_in_globals
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

CONTRACT = MODULE.contract
DEFAULT_PAGE_TIMEOUT = 15.0
BROWSER_NAMES = ("browser.script", "browser.scope", "browser.registry")
HOST_GLOBALS = "host-globals"
PLAN = (*module_fetch.NAMES, *BROWSER_NAMES, HOST_GLOBALS)


@dataclass(frozen=True)
class ModuleCheckOptions:
    """What the user can tune from the command line.

    `timeout` bounds each request, `page_timeout` each browser step, `deadline` the whole run
    (None: no whole-run bound).
    """

    timeout: float = DEFAULT_TIMEOUT
    page_timeout: float = DEFAULT_PAGE_TIMEOUT
    deadline: float | None = DEFAULT_MODULE_DEADLINE
    data: HostData = field(default_factory=HostData)  # the module's own moduleData and settings


def check_module(
    base_url: str,
    options: ModuleCheckOptions | None = None,
    *,
    spec: SpecDocument | None = None,
    browser: BrowserSession | None = None,
    on_result: Listener | None = None,
) -> CheckReport:
    """Run every module check against the module whose baseUrl is `base_url`.

    `on_result` sees each result as it is added (the CLI prints it at once).
    """
    chosen = spec or catalog.load_shipped(CONTRACT)
    opts = options or ModuleCheckOptions()
    if browser is None:
        chromium_executable()
        sync_playwright_factory()
    runtime = ensure_runtime(chosen)
    report = CheckReport(target=base_url, kind=MODULE.name, on_result=on_result)
    report.expect(PLAN)
    deadline = Deadline(opts.deadline)
    try:
        _run(module_base(base_url), chosen, runtime, opts, deadline, browser, report)
    except DeadlinePassed:
        report.stop(deadline.reason)
    return report


def _run(
    base: str,
    spec: SpecDocument,
    runtime: list[RuntimeScript],
    opts: ModuleCheckOptions,
    deadline: Deadline,
    browser: BrowserSession | None,
    report: CheckReport,
) -> None:
    validator = SpecValidator(spec)
    with HttpClient(opts.timeout, deadline=deadline) as client:
        metadata = check_well_known(client, spec, validator, base, report)
        if metadata is None:
            return
        check_components(spec, metadata, report)
        target = check_artifacts(client, metadata, base, report)
    if target is None:
        report.skip_unfinished(
            "no JS was served (frontend.js and frontend.js-cacheable failed), so nothing can load"
        )
        return
    report.expect(component_checks(spec, target), before=HOST_GLOBALS)
    with _browser(browser, deadline) as session:
        _in_browser(session, spec, validator, target, runtime, opts, deadline, report)
    report.skip_unfinished(_why_no_components(report))


def _why_no_components(report: CheckReport) -> str:
    """The reason for component checks that never ran: the first browser check that failed."""
    for name in BROWSER_NAMES:
        result = report.find(name)
        if result is not None and result.status is Status.FAIL:
            return f"{name} failed, so no component could be loaded"
    return "the registry offered no loader for it"


@contextmanager
def _browser(given: BrowserSession | None, deadline: Deadline) -> Iterator[BrowserSession]:
    if given is not None:
        yield given
        return
    try:
        with open_browser(launch_timeout=deadline.limit(30.0)) as session:
            yield session
    except ToolMissingError:
        if deadline.expired:  # the launch (or the host page) ran into the deadline, not a missing tool
            raise DeadlinePassed(deadline.reason) from None
        raise


def _in_browser(
    session: BrowserSession,
    spec: SpecDocument,
    validator: SpecValidator,
    target: ModuleTarget,
    runtime: list[RuntimeScript],
    opts: ModuleCheckOptions,
    deadline: Deadline,
    report: CheckReport,
) -> None:
    settings = realistic_values(spec, target, opts.data)["settings"]
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
            driver = HostDriver(context.new_page(), int(opts.page_timeout * 1000), deadline)
            touched = ModuleInBrowser(driver, spec, validator, target, report, opts.data).run(host.url)
        finally:
            context.close()
    if touched is None:
        report.skipped(HOST_GLOBALS, "browser.script failed, so no bundle ran against the host globals")
        return
    proxied = ", ".join(f"{c.method} /{c.path} -> {c.status}" for c in host.proxy_calls[:5])
    # The host versions as the contract's "Host runtime globals" table states them (the page of
    # `scaffold dev module` shows the same rows), then the exact file loaded where that differs.
    detail = f"host runtime {runtime_text(spec, runtime)}; stand-ins touched: {', '.join(touched) or 'none'}"
    if proxied:
        detail += f"; proxied: {proxied}"
    report.passed(HOST_GLOBALS, detail)
