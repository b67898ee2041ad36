"""Run a scaffolded project for `scaffold dev`: reload on code changes, ready when well-known is.

What runs is chosen by the language of each part (scaffold.contracts), through its runner in
scaffold/dev/runners/, never by the kind: the service's runner gives the command that serves it
with reload, on 127.0.0.1 (the page reaches it from the same machine), in the service's folder;
a frontend's runner gives its watch build, in the frontend's folder. Today a Python service runs
under uvicorn --reload (runners/python.py); a TypeScript service is `tsc --watch` beside
`node --watch-path dist …` (runners/typescript.py); a Go service (a plugin's, a module's backend)
runs under scaffold's rebuild-and-restart loop (runners/go.py); the module's TypeScript frontend is rebuilt by
`npm run dev` (runners/typescript.py) into `frontend/dist/`, which the backend serves.

The service gets its kind's usual port (8080 plugin, 8090 module) when that is free, any free
port otherwise.

Nothing here writes a project file; nothing here prints (output goes to a sink, see children.py).
"""

from __future__ import annotations

import contextlib
import errno
import socket
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import httpx

from scaffold.contracts import MODULE, PLUGIN, KindName
from scaffold.dev.children import Child, ChildCommand, ChildGroup, OutputSink
from scaffold.dev.module_key import KEY_ENV as MODULE_KEY_ENV
from scaffold.dev.module_key import dev_module_key
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.runners import frontend_runner, service_runner
from scaffold.errors import DevServiceError
from scaffold.host.bounded_http import ReadInterrupted, ReadProblem, bounded_client, read_answer

SERVICE_LABEL = "service"
BUILD_LABEL = "build"  # a compiled service's watch build (ServiceRunner.watch_build)
FRONTEND_LABEL = "frontend"
SERVICE_HOST = "127.0.0.1"
DEFAULT_SERVICE_PORTS = {PLUGIN.name: 8080, MODULE.name: 8090}
READY_TIMEOUT = 60.0
_PROBE_INTERVAL = 0.1
_PROBE_TIMEOUT = 2.0
_PROBE_MAX_BYTES = 1024 * 1024  # well-known of the project's own service: a few hundred bytes


@dataclass(frozen=True)
class ServicePlan:
    """Everything to start: the commands, and the URLs the page and the readiness probe use."""

    layout: ProjectLayout
    program: Path  # what runs the service (a Python, a node)
    port: int
    commands: tuple[ChildCommand, ...]
    # A module's built frontend as its backend serves it (MODULE_FRONTEND_DIST): the dev page's
    # bundle stamp reads it there instead of asking the backend twice a second (module_api.py).
    bundle_folder: Path | None = None

    @property
    def origin(self) -> str:
        return f"http://{SERVICE_HOST}:{self.port}"

    @property
    def service_url(self) -> str:
        """The URL the page targets: a plugin's base (…/api/v1), a module's baseUrl."""
        return f"{self.origin}/api/v1" if self.layout.kind == PLUGIN.name else self.origin

    @property
    def probe_url(self) -> str:
        return f"{self.origin}/api/v1/well-known"


def port_is_free(port: int, host: str = SERVICE_HOST) -> bool:
    """Whether `host:port` can be listened on now (probed as uvicorn binds, with SO_REUSEADDR)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as exc:
            if exc.errno in (errno.EADDRINUSE, errno.EACCES):
                return False
            raise
    return True


def service_port(kind: KindName) -> int:
    """The kind's usual port when free (so README curl lines work), else an ephemeral free port."""
    default = DEFAULT_SERVICE_PORTS[kind]
    if port_is_free(default):
        return default
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((SERVICE_HOST, 0))
        return int(probe.getsockname()[1])


def plan_service(
    layout: ProjectLayout,
    program: Path,
    environ: Mapping[str, str],
    *,
    port: int | None = None,
) -> ServicePlan:
    """The commands to run, `program` running the service; the frontend's runner checks it first."""
    frontend = frontend_runner(layout)
    frontend_argv = frontend.prepare(layout.frontend_dir) if frontend and layout.frontend_dir else None
    chosen = service_port(layout.kind) if port is None else port
    env = {
        **environ,
        "HOST": SERVICE_HOST,
        "PORT": str(chosen),
        "PYTHONUNBUFFERED": "1",  # a Python service's log reaches the terminal as it is written
    }
    module_key = dev_module_key(environ) if layout.kind == MODULE.name else None
    if module_key is not None:  # the Settings' secrets decrypt as on the platform (module_key.py)
        env[MODULE_KEY_ENV] = module_key.text
    if layout.frontend_dir is not None and not environ.get("MODULE_FRONTEND_DIST", "").strip():
        # The backend picks the first candidate folder that already holds module.js when it starts,
        # which is before the first watch build has written frontend/dist: name the folder instead.
        env["MODULE_FRONTEND_DIST"] = str(layout.frontend_dir / "dist")
    given_dist = env.get("MODULE_FRONTEND_DIST", "").strip()
    bundle_folder = (layout.service_dir / given_dist) if given_dist else None  # relative: the backend's cwd
    runner = service_runner(layout)
    service = ChildCommand(
        label=SERVICE_LABEL,
        argv=runner.argv(layout, program, SERVICE_HOST, chosen),
        cwd=layout.service_dir,
        env=env,
    )
    commands = [service]
    if runner.watch_build is not None:
        build_argv = runner.watch_build(layout, program)
        commands.append(ChildCommand(label=BUILD_LABEL, argv=build_argv, cwd=layout.service_dir, env=env))
    if frontend_argv is not None and layout.frontend_dir is not None:
        commands.append(
            ChildCommand(label=FRONTEND_LABEL, argv=tuple(frontend_argv), cwd=layout.frontend_dir, env=env)
        )
    return ServicePlan(
        layout=layout, program=program, port=chosen, commands=tuple(commands), bundle_folder=bundle_folder
    )


@dataclass
class RunningService:
    """The started children, and the URL the page should target."""

    plan: ServicePlan
    group: ChildGroup
    ready: bool

    @property
    def children(self) -> list[Child]:
        return self.group.children

    def exited(self) -> Child | None:
        return self.group.exited()


def wait_ready(
    plan: ServicePlan, group: ChildGroup, stop: threading.Event, *, timeout: float = READY_TIMEOUT
) -> bool:
    """Poll well-known until it answers 200: True then, False when `stop` was set meanwhile.

    Raises DevServiceError when a child exits first or `timeout` passes.
    """
    deadline = time.monotonic() + timeout
    with bounded_client(_PROBE_TIMEOUT) as client:
        while not stop.is_set():
            gone = group.exited()
            if gone is not None:
                raise DevServiceError(
                    f"the {gone.label} ({' '.join(gone.command.argv[:4])} …) exited with code "
                    f"{gone.exit_code()} before {plan.probe_url} answered; its output is above, "
                    f"prefixed [{gone.label}]"
                )
            # Read like any service's answer (bounded in bytes, codings and time), and ended by `stop`.
            with contextlib.suppress(httpx.HTTPError, ReadProblem, ReadInterrupted):
                answer = read_answer(
                    client,
                    "GET",
                    plan.probe_url,
                    max_bytes=_PROBE_MAX_BYTES,
                    seconds=_PROBE_TIMEOUT,
                    stop=stop,
                )
                if answer.status == 200:
                    return True
            if time.monotonic() >= deadline:
                raise DevServiceError(
                    f"the service did not answer {plan.probe_url} with 200 within {timeout:g} s; "
                    f"its output is above, prefixed [{SERVICE_LABEL}]"
                )
            stop.wait(_PROBE_INTERVAL)
    return False


@contextlib.contextmanager
def run_service(
    plan: ServicePlan,
    sink: OutputSink,
    stop: threading.Event,
    *,
    ready_timeout: float = READY_TIMEOUT,
) -> Iterator[RunningService]:
    """Start every command of `plan`, wait for well-known, yield; always stop every group after.

    The yielded `ready` is False when `stop` was set before the service answered (the caller ends).
    """
    group = ChildGroup(sink)
    try:
        for command in plan.commands:
            try:
                group.start(command)
            except OSError as exc:
                raise DevServiceError(
                    f"cannot start {command.argv[0]} in {command.cwd} ({exc.strerror or exc})"
                ) from None
        ready = wait_ready(plan, group, stop, timeout=ready_timeout)
        yield RunningService(plan=plan, group=group, ready=ready)
    finally:
        group.stop_all()
