"""How `scaffold dev` runs the parts written in TypeScript: a plugin's service or a module's backend, a module's frontend.

A plugin service (templates/plugin-typescript) is two processes, each in the watch mode its own
tool has, and nothing of scaffold's in between:

- the build: `tsc -p tsconfig.build.json --watch` recompiles src/ to dist/ on every save (what
  `npm run build` does once);
- the service: `node --watch-path dist --watch-path locales dist/main.js` (what `npm start` runs)
  restarts when anything in dist/ or locales/ changes, so a saved `src/*.ts` reaches it through the
  build, and a saved `locales/*.json`, which the service reads once at start, directly. It listens
  on HOST:PORT from its environment, which scaffold.dev.project_runner sets.

Both compile with `--incremental` and the build info in `dist/.tsbuildinfo`: `prepare_service`
brings dist/ up to date once before anything starts (a project that does not compile is one
sentence, not a service that never answers), and the watch build then starts without rewriting
dist/, so the service does not restart right after its first start. The build info lives inside
dist/ so that deleting dist/ forgets it too (tsc --incremental does not write again an output it
believes unchanged). Node's watch mode restarts the service after 200 ms without changes, so one
compile that writes several files is one restart. Checked first (node on PATH and new enough,
node_modules with TypeScript, tsconfig.build.json), each problem one sentence naming the fix.

A module's frontend: `npm run dev` (`vite build --watch`) rewrites `frontend/dist/` on every
source change; the backend serves that folder, so the page sees each rebuilt bundle. Checked
first (package.json's `dev` script, node_modules, npm on PATH).
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
from collections.abc import Mapping
from pathlib import Path

from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.runners.runner import FrontendRunner, ServiceRunner
from scaffold.errors import DevServiceError, InterruptedByUser, ProjectError, ToolMissingError

NODE_MINIMUM = (20, 19)  # the TypeScript template's package.json engines: node >=20.19.0
BUILD_CONFIG = "tsconfig.build.json"  # src/ -> dist/, as `npm run build` compiles it
ENTRY = "dist/main.js"  # what `npm start` runs
BUILD_INFO = "dist/.tsbuildinfo"  # tsc --incremental's record of what it wrote (see the docstring)
# What the service restarts on: its compiled code, and the data files it reads once at start.
WATCHED = ("dist", "locales")
TSC = "node_modules/typescript/bin/tsc"
_BUILD_TIMEOUT = 300.0
_VERSION_TIMEOUT = 30.0
_DETAIL_LIMIT = 200
_VERSION = re.compile(r"v(\d+)\.(\d+)\.\d+")


# --- a plugin's service ----------------------------------------------------------------------


def choose_node(explicit: Path | None, environ: Mapping[str, str]) -> Path:
    """The node on the PATH the service gets; --python has no say over a TypeScript service."""
    if explicit is not None:
        raise DevServiceError(
            f"--python {explicit} chooses the Python of a Python service, and this project's service "
            "is TypeScript, run by the node on PATH; drop --python"
        )
    found = shutil.which("node", path=environ.get("PATH"))
    if found is None:
        raise ToolMissingError(
            "node is not on PATH, and a TypeScript service runs on it; install Node.js 20.19+ (with npm)"
        )
    return Path(found)


def check_node(node: Path, environ: Mapping[str, str]) -> None:
    """Raise (one sentence) unless `node` runs and is at least NODE_MINIMUM (watch mode, engines)."""
    try:
        result = subprocess.run(
            [str(node), "--version"],
            env=dict(environ),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=_VERSION_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
        raise ToolMissingError(
            f"{node} cannot be run ({reason}); install Node.js 20.19+ and put it first on PATH"
        ) from None
    text = result.stdout.decode("utf-8", errors="replace").strip()
    match = _VERSION.match(text)
    if result.returncode != 0 or match is None:
        raise ToolMissingError(
            f"{node} --version does not answer a Node.js version ({text[:40] or 'no output'}); "
            "install Node.js 20.19+ and put it first on PATH"
        )
    if (int(match[1]), int(match[2])) < NODE_MINIMUM:
        minimum = ".".join(map(str, NODE_MINIMUM))
        raise ToolMissingError(
            f"{node} is Node.js {text}, and a TypeScript service needs {minimum}+ (its package.json "
            f"engines); install Node.js {minimum}+ and put it first on PATH"
        )


def check_installed(layout: ProjectLayout) -> None:
    """Raise ProjectError (one sentence) unless the project's dependencies and build config are there."""
    folder = layout.service_dir
    if not (folder / "node_modules").is_dir():
        raise ProjectError(
            f"{folder} has no node_modules, so the service cannot be built; run `npm ci` in {folder}"
        )
    if not (folder / TSC).is_file():
        raise ProjectError(
            f"{folder / 'node_modules'} has no TypeScript compiler ({TSC}), so the service cannot be "
            f"built; run `npm ci` in {folder}"
        )
    if not (folder / BUILD_CONFIG).is_file():
        raise ProjectError(
            f"{folder / BUILD_CONFIG} is missing, and it says how src/ compiles to dist/; restore it "
            f"from git (git checkout -- {BUILD_CONFIG})"
        )


def build_argv(layout: ProjectLayout, node: Path) -> tuple[str, ...]:
    """`tsc -p tsconfig.build.json` (as `npm run build`), incremental, its build info in dist/."""
    folder = layout.service_dir
    return (
        *(str(node), str(folder / TSC), "-p", str(folder / BUILD_CONFIG)),
        *("--incremental", "--tsBuildInfoFile", str(folder / BUILD_INFO)),
    )


def build_once(layout: ProjectLayout, node: Path, environ: Mapping[str, str]) -> None:
    """Bring dist/ up to date; raise DevServiceError (one sentence) when tsc writes no dist/main.js.

    Type errors alone do not stop the start (tsc writes dist/ anyway, exit 2, as it does on every
    save in watch mode, and the watch build prints them again as it starts), as a mypy error does
    not stop a Python service; a project tsc cannot compile at all does.
    """
    folder = layout.service_dir
    entry = folder / ENTRY
    if not entry.is_file():
        (folder / BUILD_INFO).unlink(missing_ok=True)  # else tsc may think dist/ up to date
    try:
        result = subprocess.run(
            build_argv(layout, node),
            cwd=folder,
            env=dict(environ),
            stdin=subprocess.DEVNULL,
            capture_output=True,
            timeout=_BUILD_TIMEOUT,
            check=False,
        )
    except OSError as exc:
        raise DevServiceError(
            f"{node} cannot be run ({exc.strerror or exc}); install Node.js 20.19+"
        ) from None
    except subprocess.TimeoutExpired:
        raise DevServiceError(
            f"tsc took more than {_BUILD_TIMEOUT:g} s to compile {folder / 'src'}; run `npm run build` "
            f"in {folder} to see where it stops"
        ) from None
    if result.returncode in (0, 2) and entry.is_file():  # 2: errors reported, files written
        return
    if result.returncode in (-signal.SIGINT, -signal.SIGTERM):  # Ctrl-C reaches the terminal's group
        raise InterruptedByUser(f"interrupted while tsc compiled {folder / 'src'}: nothing was started")
    detail = _first_error(result.stdout + result.stderr)
    raise DevServiceError(
        f"tsc cannot compile {folder / 'src'} to {ENTRY} ({detail}); fix that and run scaffold dev "
        f"again (`npm run build` in {folder} shows every message)"
    )


def _first_error(output: bytes) -> str:
    lines = [line.strip() for line in output.decode("utf-8", errors="replace").splitlines() if line.strip()]
    found = next((line for line in lines if "error TS" in line), lines[0] if lines else "")
    text = " ".join(found.split()) or f"no {ENTRY} was written"
    return text if len(text) <= _DETAIL_LIMIT else text[: _DETAIL_LIMIT - 1] + "…"


def prepare_service(layout: ProjectLayout, explicit: Path | None, environ: Mapping[str, str]) -> Path:
    """The node that runs the service, checked, with dist/ built: `service_argv` can start at once."""
    node = choose_node(explicit, environ)
    check_node(node, environ)
    check_installed(layout)
    build_once(layout, node, environ)
    return node


def service_argv(layout: ProjectLayout, program: Path, _host: str, _port: int) -> tuple[str, ...]:
    """`node dist/main.js` restarting on changes in dist/ and locales/ (HOST and PORT: its environment)."""
    folder = layout.service_dir
    watched = [
        arg for name in WATCHED if (folder / name).is_dir() for arg in ("--watch-path", str(folder / name))
    ]
    # Each path as its own argument: node 20 keeps a `--watch-path=X` that follows another
    # `--watch-path=Y` in the restarted process's options, which makes that process a second watcher.
    return (str(program), *watched, str(folder / ENTRY))


def watch_build_argv(layout: ProjectLayout, program: Path) -> tuple[str, ...]:
    """The build of `build_once` in tsc's watch mode, its output kept (not cleared) between compiles."""
    return (*build_argv(layout, program), "--watch", "--preserveWatchOutput")


# --- a module's frontend ---------------------------------------------------------------------


def check_frontend(frontend: Path) -> tuple[str, ...]:
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
    return (npm, "run", "dev")


SERVICE_RUNNER = ServiceRunner(
    prepare=prepare_service, argv=service_argv, program_name="Node.js", watch_build=watch_build_argv
)
FRONTEND_RUNNER = FrontendRunner(prepare=check_frontend)
