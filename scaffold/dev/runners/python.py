"""How `scaffold dev` runs a service written in Python: uvicorn with reload, in the service's folder.

`<python> -m uvicorn <package>.app:create_app --factory --reload --reload-dir <package>
--reload-include '*.json' …`, as `python -m <package>` would run it there (same state folder, same
settings from the environment, HOST/PORT set to where it listens). A plugin and a module backend
run the same way.

uvicorn reloads on `*.py` only, but a package also reads data files once at start (a plugin's
`locales/*.json` catalogue, SQL, sample data): RELOAD_INCLUDES adds their patterns, so saving one
of them reloads the service as saving code does (a service must then not write such files into its
own package; the generated ones keep state in PLUGIN_STATE_DIR, outside it). uvicorn honours the
patterns only with watchfiles installed (a project on `uvicorn[standard]` has it); without it, the
patterns are left out and it reloads on `*.py` only. Every pattern names a file type: uvicorn also
globs each pattern in the service's folder and watches the folders it matches, so a bare `*` would
watch the whole project, `.venv` included.

The Python that runs the service is `--python`, else the active virtual environment's, else the
project's `.venv` (the service folder's `.venv` too, e.g. `backend/.venv` of a module), else the
interpreter running scaffold. It must import uvicorn and the project's app factory; that is tried
first, so a wrong environment is one sentence naming the fix instead of a traceback from a
reloader.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path

from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.runners.runner import ServiceRunner
from scaffold.errors import DevServiceError

_IMPORT_CHECK_TIMEOUT = 60.0
# Data files a package reads at run time, besides its *.py (which uvicorn always watches).
RELOAD_INCLUDES = ("*.json", "*.yaml", "*.yml", "*.toml", "*.sql", "*.csv", "*.txt")
_DETAIL_LIMIT = 200
# Whether a checked Python has watchfiles, so that uvicorn honours RELOAD_INCLUDES. Without it the
# patterns are left out: uvicorn would only print a warning at every start (a module backend on
# plain `uvicorn` has none) and still reload on *.py.
_WATCHES_DATA_FILES: dict[Path, bool] = {}

# Run by the chosen Python in the service's folder: can it run the service at all?
_IMPORT_CHECK = """\
import importlib, importlib.util, json, sys
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
print(json.dumps({"watchfiles": importlib.util.find_spec("watchfiles") is not None}))
"""


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
        _WATCHES_DATA_FILES[python] = b'"watchfiles": true' in result.stdout
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


def prepare_service(layout: ProjectLayout, explicit: Path | None, environ: Mapping[str, str]) -> Path:
    """The Python that runs the service, checked: it imports uvicorn and the app factory."""
    python = choose_python(explicit, layout, environ)
    check_python(python, layout, environ)
    return python


def service_argv(layout: ProjectLayout, program: Path, host: str, port: int) -> tuple[str, ...]:
    """uvicorn serving the app factory, reloading when the package's code or data files change."""
    watches = _WATCHES_DATA_FILES.get(program, True)
    includes = [arg for pattern in RELOAD_INCLUDES if watches for arg in ("--reload-include", pattern)]
    return (
        *(str(program), "-m", "uvicorn", f"{layout.package}.app:create_app", "--factory", "--reload"),
        *("--reload-dir", str(layout.package_dir), *includes, "--host", host, "--port", str(port)),
    )


SERVICE_RUNNER = ServiceRunner(prepare=prepare_service, argv=service_argv, program_name="Python")
