"""A module's backend in each language scaffold writes it in, checked, built and served, once per run.

The same module (`acme-map`, `--defaults`) is made once per run and backend language, with a
stand-in frontend build (a module.js, a module.css and the build's mark: the backend serves
whatever frontend/dist holds, and building the real one is the frontend tests' business). Its
backend passes what its CI runs: the registry's install and checks of the language, then the build
its contract job runs before it starts the service. Tests then serve it (`serve_backend`) and talk
to it over HTTP exactly as the platform does, so one set of tests holds every language to the same
answers (tests/functional/test_module_backends.py).

A Python backend needs no install here (its dependencies are scaffold's test dependencies; the
package runs from the project's folder), and its checks (ruff, mypy --strict, its own pytest) run in
tests/functional/test_module_backend.py and tests/e2e/test_new_module.py.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

from scaffold.contracts import LANGUAGES, MODULE
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.templates.store import current_version
from tests.functional.test_plugin_harness import scaffold_home
from tests.go_toolchain import go_environment
from tests.node_install import install_node_modules
from tests.run_once import once_per_run
from tests.served_process import serve_command

NAME = "acme-map"
PACKAGE = "acme_map"
BUILD_MARK = "2026-03-14T09:30:00.000Z"
# What the CI of a compiled backend runs before it starts the service, after the registry's install.
BUILD = {"typescript": "npm run build", "go": f"go build -o bin/module ./cmd/{NAME}"}
# How the CI starts the backend, in backend/.
START = {
    "python": (sys.executable, "-m", PACKAGE),
    "typescript": ("node", "dist/main.js"),
    "go": ("./bin/module",),
}


def _run(command: str, cwd: Path, language: str) -> None:
    result = subprocess.run(
        command.split(),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=go_environment() if language == "go" else None,
    )
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-4000:]}{result.stderr[-3000:]}"


def _stand_in_frontend(root: Path) -> None:
    dist = root / "frontend" / "dist"
    dist.mkdir(parents=True, exist_ok=True)
    (dist / "module.js").write_text("window.acme_map = {registry: {}};\n", encoding="utf-8")
    (dist / "module.css").write_text(".acme-map-widget{color:red}\n", encoding="utf-8")
    (dist / "build-info.json").write_text(json.dumps({"buildTimestamp": BUILD_MARK}), encoding="utf-8")


def built_module(language: str, factory: pytest.TempPathFactory) -> Path:
    """acme-map with its backend in `language`, its CI's install, checks and build passed, and a
    stand-in frontend build; made once per run. Read it and serve it; never change it."""
    kind = KINDS["module"].for_language(language)
    named = LANGUAGES[language]

    def make(folder: Path) -> dict[str, str]:
        root = folder / NAME
        with scaffold_home(factory.getbasetemp() / "scaffold-home"):
            create_project(NewProjectOptions(kind=kind, destination=root, answers={"project_name": NAME}))
        backend = root / "backend"
        if language != MODULE.service().language:
            if language == "typescript":
                install_node_modules(backend, factory)
            else:
                _run(named.install, backend, language)
            build = BUILD[language]
            for command in [*named.checks, *([] if build in named.checks else [build])]:
                _run(command, backend, language)
        _stand_in_frontend(root)
        return {}

    version = current_version(kind.template)
    return once_per_run(factory, f"module-{language}-{version}", make)[0] / NAME


@contextlib.contextmanager
def serve_backend(
    root: Path, language: str, log_path: Path, env: Mapping[str, str] | None = None
) -> Iterator[str]:
    """The backend of `root` started as its CI starts it, serving root/frontend/dist; its origin."""
    settings = {
        **os.environ,
        "MODULE_FRONTEND_DIST": str(root / "frontend" / "dist"),
        "LOG_LEVEL": "warning",  # the same level names in every language's module backend
        **(go_environment() if language == "go" else {}),
        **(env or {}),
    }
    if language == "python":
        settings["PYTHONPATH"] = str(root / "backend")
    with serve_command(
        START[language], cwd=root / "backend", env=settings, probe_path="/healthz", log_path=log_path
    ) as origin:
        yield origin
