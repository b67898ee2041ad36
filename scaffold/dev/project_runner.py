"""Run a scaffolded project's service for `scaffold dev`: reload on code changes, ready when well-known is.

What runs, per kind (the service always on 127.0.0.1; the page reaches it from the same machine):

- plugin: `<python> -m uvicorn <package>.app:create_app --factory --reload --reload-dir <package>`
  in the project folder, as `python -m <package>` would run it there (same state folder, same
  settings from the environment, HOST/PORT set to where it listens);
- module: the backend the same way in `backend/` (reload-dir `backend/<package>`), plus
  `npm run dev` in `frontend/` (`vite build --watch`), which rewrites `frontend/dist/` on every
  source change; the backend serves that folder, so the page sees each rebuilt bundle.

The Python that runs the service is `--python`, else the active virtual environment's, else the
project's `.venv` (`backend/.venv` too for a module), else the interpreter running scaffold. It
must import uvicorn and the project's app factory; that is tried first, so a wrong environment is
one sentence naming the fix instead of a traceback from a reloader. The service gets its kind's
usual port (8080 plugin, 8090 module) when that is free, any free port otherwise.

Nothing here writes a project file; nothing here prints (output goes to a sink, see children.py).
"""

from __future__ import annotations

import contextlib
import errno
import json
import shutil
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import httpx

from scaffold.contracts import KIND_NAMES, MODULE, PLUGIN, KindName
from scaffold.dev.children import Child, ChildCommand, ChildGroup, OutputSink
from scaffold.errors import DevServiceError, ProjectError, ToolMissingError
from scaffold.host.bounded_http import ReadInterrupted, ReadProblem, bounded_client, read_answer

SERVICE_LABEL = "service"
FRONTEND_LABEL = "frontend"
SERVICE_HOST = "127.0.0.1"
DEFAULT_SERVICE_PORTS = {PLUGIN.name: 8080, MODULE.name: 8090}
READY_TIMEOUT = 60.0
_PROBE_INTERVAL = 0.1
_PROBE_TIMEOUT = 2.0
_PROBE_MAX_BYTES = 1024 * 1024  # well-known of the project's own service: a few hundred bytes
_IMPORT_CHECK_TIMEOUT = 60.0
_DETAIL_LIMIT = 200

# Run by the chosen Python in the service's folder: can it run the service at all?
_IMPORT_CHECK = """\
import importlib, json, sys
def fail(what, exc):
    print(json.dumps([what, f"{type(exc).__name__}: {exc}"]))
    sys.exit(3)
try:
    import uvicorn
except BaseException as exc:
    fail("uvicorn", exc)
try:
    factory = importlib.import_module(sys.argv[1] + ".app").create_app
except BaseException as exc:
    fail("app", exc)
if not callable(factory):
    fail("app", TypeError("create_app is not callable"))
"""


@dataclass(frozen=True)
class ProjectLayout:
    """Where a project's parts are: what `scaffold dev` needs of a scaffold.projects Project."""

    root: Path
    kind: KindName
    package: str

    @property
    def service_dir(self) -> Path:
        """The folder the service runs in (its package is importable from there)."""
        return self.root / KIND_NAMES[self.kind].service().folder

    @property
    def package_dir(self) -> Path:
        return self.service_dir / self.package

    @property
    def frontend_dir(self) -> Path | None:
        frontend = KIND_NAMES[self.kind].frontend()
        return None if frontend is None else self.root / frontend.folder


@dataclass(frozen=True)
class ServicePlan:
    """Everything to start: the commands, and the URLs the page and the readiness probe use."""

    layout: ProjectLayout
    python: Path
    port: int
    commands: tuple[ChildCommand, ...]

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


def python_candidates(layout: ProjectLayout, environ: Mapping[str, str]) -> list[Path]:
    """Where the service's Python is looked for, in order (the first that exists is used)."""
    candidates: list[Path] = []
    virtual_env = environ.get("VIRTUAL_ENV", "").strip()
    if virtual_env:
        candidates.append(Path(virtual_env) / "bin" / "python")
    candidates.append(layout.root / ".venv" / "bin" / "python")
    if layout.service_dir != layout.root:
        candidates.append(layout.service_dir / ".venv" / "bin" / "python")
    return candidates


def choose_python(explicit: Path | None, layout: ProjectLayout, environ: Mapping[str, str]) -> Path:
    """`--python`, else the first existing candidate, else the interpreter running scaffold."""
    if explicit is not None:
        if not explicit.exists():
            raise DevServiceError(
                f"--python {explicit} does not exist; give the path of the Python that has your project installed"
            )
        return explicit
    for candidate in python_candidates(layout, environ):
        if candidate.exists():
            return candidate
    return Path(sys.executable)


def check_python(python: Path, layout: ProjectLayout, environ: Mapping[str, str]) -> None:
    """Raise DevServiceError (one sentence) unless `python` can import uvicorn and the app factory."""
    where = layout.service_dir
    install = f"pip install -e {where}"  # the service folder: the root of a plugin
    try:
        result = subprocess.run(
            [str(python), "-c", _IMPORT_CHECK, layout.package],
            cwd=where,
            env=dict(environ),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=_IMPORT_CHECK_TIMEOUT,
            check=False,
        )
    except OSError as exc:
        raise DevServiceError(
            f"{python} cannot be run ({exc.strerror or exc}); pass --python with the path of a Python 3 "
            "interpreter that has your project installed"
        ) from None
    except subprocess.TimeoutExpired:
        raise DevServiceError(
            f"{python} took more than {_IMPORT_CHECK_TIMEOUT:g} s to import {layout.package}.app; "
            "check what the app does at import time"
        ) from None
    if result.returncode == 0:
        return
    what, detail = _import_failure(result.stdout, result.stderr)
    if what == "uvicorn":
        raise DevServiceError(
            f"{python} cannot import uvicorn, which runs the service ({detail}); install your project "
            f"into that environment ({install}) or pass --python"
        )
    raise DevServiceError(
        f"{python} cannot import {layout.package}.app:create_app from {where} ({detail}); "
        f"install your project into that environment ({install}) or pass --python"
    )


def _import_failure(stdout: bytes, stderr: bytes) -> tuple[str, str]:
    try:
        what, detail = json.loads(stdout.decode("utf-8", errors="replace").strip().splitlines()[-1])
    except (ValueError, IndexError, TypeError):
        lines = stderr.decode("utf-8", errors="replace").strip().splitlines()
        what, detail = "python", (lines[-1] if lines else "it exited with an error")
    text = " ".join(str(detail).split())
    return str(what), text if len(text) <= _DETAIL_LIMIT else text[: _DETAIL_LIMIT - 1] + "…"


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


def check_frontend(frontend: Path) -> list[str]:
    """The `npm run dev` command line; one sentence when the frontend cannot be built in watch mode."""
    package_json = frontend / "package.json"
    try:
        scripts = json.loads(package_json.read_text(encoding="utf-8")).get("scripts") or {}
    except (OSError, ValueError, AttributeError):
        raise ProjectError(
            f"{package_json} cannot be read as JSON; restore it from git (git checkout -- frontend/package.json)"
        ) from None
    if not isinstance(scripts, dict) or "dev" not in scripts:
        raise ProjectError(
            f"{package_json} has no `dev` script (module template 1.3.0 adds it); run `scaffold upgrade`, "
            'or add "dev": "vite build --watch" to its scripts'
        )
    if not (frontend / "node_modules").is_dir():
        raise ProjectError(
            f"{frontend} has no node_modules, so the frontend cannot be built; run `npm install` in {frontend}"
        )
    npm = shutil.which("npm")
    if npm is None:
        raise ToolMissingError(
            "npm is not on PATH, and a module's frontend is built with it; install Node.js 20.19+ (with npm)"
        )
    return [npm, "run", "dev"]


def plan_service(
    layout: ProjectLayout,
    python: Path,
    environ: Mapping[str, str],
    *,
    port: int | None = None,
) -> ServicePlan:
    """The commands to run; the frontend is checked (node_modules, npm, dev script) first."""
    frontend_argv = check_frontend(layout.frontend_dir) if layout.frontend_dir is not None else None
    chosen = service_port(layout.kind) if port is None else port
    env = {
        **environ,
        "HOST": SERVICE_HOST,
        "PORT": str(chosen),
        "PYTHONUNBUFFERED": "1",  # the service's log reaches the terminal as it is written
    }
    if layout.frontend_dir is not None and not environ.get("MODULE_FRONTEND_DIST", "").strip():
        # The backend picks the first candidate folder that already holds module.js when it starts,
        # which is before the first watch build has written frontend/dist: name the folder instead.
        env["MODULE_FRONTEND_DIST"] = str(layout.frontend_dir / "dist")
    service = ChildCommand(
        label=SERVICE_LABEL,
        argv=(
            *(str(python), "-m", "uvicorn", f"{layout.package}.app:create_app", "--factory", "--reload"),
            *("--reload-dir", str(layout.package_dir), "--host", SERVICE_HOST, "--port", str(chosen)),
        ),
        cwd=layout.service_dir,
        env=env,
    )
    commands = [service]
    if frontend_argv is not None and layout.frontend_dir is not None:
        commands.append(
            ChildCommand(label=FRONTEND_LABEL, argv=tuple(frontend_argv), cwd=layout.frontend_dir, env=env)
        )
    return ServicePlan(layout=layout, python=python, port=chosen, commands=tuple(commands))


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
