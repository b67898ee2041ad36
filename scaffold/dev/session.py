"""One `scaffold dev` run: what to show (a project's own service, or any running service) and for how long.

Inside a project: the project is opened read-only (an interrupted upgrade is reported, not rolled
back: dev changes no project file), its recorded spec is the page's contract, the service's runner
(by the language the project records) checks it can run (a Python service: the chosen Python is
tried; a TypeScript one: node and node_modules, and dist/ is compiled), a module's frontend is
checked, the page port is bound (so a taken --port fails before anything starts), then the
service starts and, once well-known answers 200, the URLs are announced.
With a URL: the spec is the newest shipped one (or --contract-version) and only the page runs.

Either way the run lasts until `stop` is set (the CLI sets it on Ctrl-C or SIGTERM) or a started
process exits; every process started is stopped on the way out, whatever ended the run.
"""

from __future__ import annotations

import dataclasses
import math
import os
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from scaffold.contracts import MODULE, PLUGIN
from scaffold.dev import DEFAULT_DEV_PORT
from scaffold.dev.api import DevApi
from scaffold.dev.children import OutputSink
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.project_runner import READY_TIMEOUT, plan_service, run_service
from scaffold.dev.runners import frontend_runner, service_runner
from scaffold.dev.server import DevPage, PageKind, serve_dev
from scaffold.errors import DevServiceError, InterruptedByUser, ProjectError
from scaffold.host.host_data import HOST_DATA_FILE, HostData, read_host_data
from scaffold.projects.project import open_project
from scaffold.specs.document import SpecDocument

CALL_TIMEOUT = 10.0
PROBE_TIMEOUT = 3.0
PROBE_TIMEOUT_ENV = "SCAFFOLD_DEV_PROBE_TIMEOUT"
_MIN_PROBE_TIMEOUT = 0.1  # what check's --timeout accepts
_WATCH_INTERVAL = 0.2


@dataclass(frozen=True)
class DevOptions:
    host: str = "127.0.0.1"
    port: int = DEFAULT_DEV_PORT
    python: Path | None = None
    call_timeout: float = CALL_TIMEOUT
    ready_timeout: float = READY_TIMEOUT
    # A module's own moduleData and settings for its components (scaffold.host.host_data); in a
    # project, its frontend/host-data.json when there is one.
    data: HostData | None = None
    # The folder a module's started backend serves its bundle from (ServicePlan.bundle_folder).
    bundle_folder: Path | None = None


@dataclass(frozen=True)
class DevUrls:
    """What the CLI announces once everything answers: the service's URL and the page's."""

    kind: PageKind
    service: str
    page: str
    program: Path | None = None  # what runs the service, a Python or a node (None: nothing started)
    program_name: str = "Python"  # what `program` is, as the announcement names it


@dataclass
class DevOutcome:
    """How the run ended: what was started and is now stopped, (label, pid) in start order."""

    stopped: list[tuple[str, int]] = field(default_factory=list)
    ready: bool = False


def make_api(
    kind: PageKind,
    target: str,
    spec: SpecDocument,
    timeout: float,
    data: HostData | None = None,
    bundle_folder: Path | None = None,
) -> DevApi:
    """The page's API object for `kind` (imported here: each pulls in its part of scaffold.host)."""
    if kind == PLUGIN.name:
        from scaffold.dev.plugin_api import PluginDevApi

        return PluginDevApi(target, spec, timeout)
    from scaffold.dev.module_api import ModuleDevApi

    return ModuleDevApi(target, spec, timeout, data, bundle_folder)


@contextmanager
def serve_page(kind: PageKind, target: str, spec: SpecDocument, options: DevOptions) -> Iterator[str]:
    """Serve the page of `kind` for `target`; yields the page URL (with its trailing slash)."""
    api = make_api(kind, target, spec, options.call_timeout, options.data, options.bundle_folder)
    page = DevPage(kind=kind, target=target, spec=spec, api=api)
    with serve_dev(page, host=options.host, port=options.port) as server:
        yield server.url + "/"


def project_host_data(root: Path, kind: PageKind) -> HostData | None:
    """A module project's own data for its components (`frontend/host-data.json`), if it keeps one."""
    path = root / HOST_DATA_FILE
    if kind != MODULE.name or not path.is_file():
        return None
    return read_host_data(path, HOST_DATA_FILE)


def probe_timeout(environ: Mapping[str, str] | None = None) -> float:
    """Seconds the start-up probe of `scaffold dev plugin|module URL` waits: SCAFFOLD_DEV_PROBE_TIMEOUT, else 3.

    The probe only decides whether the page starts with a warning, so it is short; a service whose
    first answer takes longer (a slow link, a cold start) would warn needlessly, and the tests of
    the probe's bounds need not wait 3 s a case. Read here only; an unusable value is one sentence.
    """
    given = (os.environ if environ is None else environ).get(PROBE_TIMEOUT_ENV, "").strip()
    if not given:
        return PROBE_TIMEOUT
    try:
        seconds = float(given)
    except ValueError:
        seconds = math.nan
    if not (math.isfinite(seconds) and seconds >= _MIN_PROBE_TIMEOUT):
        raise DevServiceError(
            f"{PROBE_TIMEOUT_ENV} is {given!r}, not a number of seconds of at least {_MIN_PROBE_TIMEOUT:g}",
            hint=f"Set it to e.g. 10 for a service that is slow to answer, or unset it for {PROBE_TIMEOUT:g} s.",
        )
    return seconds


def probe_target(
    kind: PageKind, target: str, timeout: float = PROBE_TIMEOUT, stop: threading.Event | None = None
) -> str | None:
    """Why `target`'s well-known does not answer 200 right now (a warning: it may start later), or None.

    The answer is read like every answer from a service (scaffold.host.bounded_http): at most
    `timeout` seconds for the whole of it and MAX_BODY_BYTES decoded, so an endless, trickling or
    compressed-bomb answer is a warning, not a hang or a MemoryError. Raises InterruptedByUser
    when `stop` is set meanwhile (Ctrl-C or SIGTERM): the page line is never printed then.
    """
    import httpx

    from scaffold.host.bounded_http import ReadInterrupted, ReadProblem, bounded_client, read_answer
    from scaffold.host.http_client import MAX_BODY_BYTES

    url = f"{target}/well-known" if kind == PLUGIN.name else f"{target}/api/v1/well-known"
    failing = "the page shows every call failing until it does"
    try:
        with bounded_client(timeout) as client:
            answer = read_answer(client, "GET", url, max_bytes=MAX_BODY_BYTES, seconds=timeout, stop=stop)
    except ReadInterrupted:
        raise InterruptedByUser(
            f"interrupted while waiting for {url} to answer: the page is closed and nothing was started"
        ) from None
    except ReadProblem as exc:
        return f"{url} does not answer usably ({exc}); {failing}"
    except httpx.HTTPError as exc:
        reason = type(exc).__name__ if not str(exc) else " ".join(str(exc).split())[:160]
        return f"{url} does not answer ({reason}); {failing}"
    redirect = answer.redirect_target()
    if redirect is not None:
        return (
            f"{url} answers {answer.status}, a redirect to {redirect}, which the page does not follow; "
            f"give scaffold dev {kind} the URL the service answers at"
        )
    if answer.status != 200:
        return f"{url} answers {answer.status}, not 200; is this a {kind}'s URL?"
    return None


def run_target(
    kind: PageKind,
    target: str,
    spec: SpecDocument,
    options: DevOptions,
    stop: threading.Event,
    on_ready: Callable[[DevUrls], None],
) -> DevOutcome:
    """`scaffold dev plugin|module URL`: serve the page until `stop`; nothing is started."""
    with serve_page(kind, target, spec, options) as page_url:
        on_ready(DevUrls(kind=kind, service=target, page=page_url))
        stop.wait()
    return DevOutcome(ready=True)


def run_project(
    start: Path,
    options: DevOptions,
    stop: threading.Event,
    sink: OutputSink,
    on_ready: Callable[[DevUrls], None],
    environ: Mapping[str, str] | None = None,
) -> DevOutcome:
    """`scaffold dev` in a project: start its service (and frontend build), serve the page until `stop`.

    Raises DevServiceError when a started process exits while the page is up (its output, prefixed,
    tells why); everything started is stopped first.
    """
    env = dict(os.environ if environ is None else environ)
    if not _inside_project(start):
        raise ProjectError(
            f"{start} is not inside a scaffold project (no .scaffold/manifest.json here or above)",
            hint="Run scaffold dev in a project made by scaffold new-plugin/new-module, or show a running "
            "service with scaffold dev plugin URL / scaffold dev module URL.",
        )
    project = open_project(start, recover=False)
    kind: PageKind = project.kind.name
    # The service's language is the project's own (its answers), not the registry's default.
    language = project.kind.service_language
    layout = ProjectLayout(root=project.root, kind=kind, package=project.package, language=language)
    spec = project.recorded_spec()
    frontend = frontend_runner(layout)
    if frontend is not None and layout.frontend_dir is not None:
        frontend.prepare(layout.frontend_dir)  # file checks: before the slower service check
    runner = service_runner(layout)
    program = runner.prepare(layout, options.python, env)
    plan = plan_service(layout, program, env)
    if options.data is None:
        options = dataclasses.replace(options, data=project_host_data(project.root, kind))
    options = dataclasses.replace(options, bundle_folder=plan.bundle_folder)
    outcome = DevOutcome()
    with ExitStack() as stack:
        page_url = stack.enter_context(serve_page(kind, plan.service_url, spec, options))
        running = stack.enter_context(run_service(plan, sink, stop, ready_timeout=options.ready_timeout))
        outcome.stopped = [(child.label, child.pid) for child in running.children]
        if not running.ready:  # stopped while the service was starting
            return outcome
        outcome.ready = True
        urls = DevUrls(kind, plan.service_url, page_url, program=program, program_name=runner.program_name)
        on_ready(urls)
        while not stop.wait(_WATCH_INTERVAL):
            gone = running.exited()
            if gone is not None:
                raise DevServiceError(
                    f"the {gone.label} process exited with code {gone.exit_code()}, so scaffold dev stopped; "
                    f"its output is above, prefixed [{gone.label}]"
                )
    return outcome


def _inside_project(start: Path) -> bool:
    """Whether `start` or a parent holds a manifest (open_project words every other problem)."""
    try:
        folder = start.resolve()
        return any((parent / ".scaffold" / "manifest.json").is_file() for parent in (folder, *folder.parents))
    except OSError:
        return True  # let open_project say what is wrong with the folder
