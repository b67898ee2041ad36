"""The generated Python module backend, in-process: what only an in-process app shows, and its lint.

A `--defaults` project is made once per module; its backend package is imported from the
generated folder and driven with Starlette's test client, which can give the app a proxy's root
path. ruff and mypy --strict run on the generated code. How the backend answers the platform (the
well-known answer, the bundle and its caching, every example, bad bodies, the bytes held at once)
is held in tests/functional/test_module_backends.py over HTTP, for every backend language alike;
the project's own tests run, conformance included, in
tests/e2e/test_new_module.py::test_backend_own_tests_pass.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from fastapi.testclient import TestClient

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.conftest import REPO

PACKAGE = "acme_map"
BUILD_MARK = "2026-03-14T09:30:00.000Z"
MIB = 1024 * 1024


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("home")
    previous = os.environ.get("SCAFFOLD_HOME")
    os.environ["SCAFFOLD_HOME"] = str(home)
    try:
        root = tmp_path_factory.mktemp("module") / "acme-map"
        create_project(NewProjectOptions(kind=KINDS["module"], destination=root, answers={}))
    finally:
        if previous is None:
            os.environ.pop("SCAFFOLD_HOME", None)
        else:
            os.environ["SCAFFOLD_HOME"] = previous
    dist = root / "frontend" / "dist"
    dist.mkdir()
    (dist / "module.js").write_text("window.acme_map = {registry: {}};\n", encoding="utf-8")
    (dist / "module.css").write_text(".acme-map-widget{color:red}\n", encoding="utf-8")
    (dist / "build-info.json").write_text(json.dumps({"buildTimestamp": BUILD_MARK}), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def backend(project: Path) -> Iterator[ModuleType]:
    """The generated `acme_map.app` module, imported from the project; unloaded afterwards."""
    sys.path.insert(0, str(project / "backend"))
    try:
        yield importlib.import_module(f"{PACKAGE}.app")
    finally:
        sys.path.remove(str(project / "backend"))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def client(backend: ModuleType, project: Path) -> TestClient:
    """The backend app in-process, serving the project's frontend/dist (test_module_spec_fidelity.py's too)."""
    settings_module = importlib.import_module(f"{PACKAGE}.settings")
    settings = settings_module.Settings(frontend_dist=project / "frontend" / "dist")
    return TestClient(backend.create_app(settings))


def test_frontend_host_includes_a_proxy_path_prefix(backend: ModuleType, project: Path) -> None:
    settings = importlib.import_module(f"{PACKAGE}.settings").Settings(
        frontend_dist=project / "frontend" / "dist"
    )
    prefixed = TestClient(backend.create_app(settings), root_path="/modules/acme")
    assert prefixed.get("/api/v1/well-known").json()["frontendHost"] == "http://testserver/modules/acme/"


def test_generated_backend_is_ruff_and_mypy_strict_clean(project: Path) -> None:
    tools = Path(sys.executable).parent
    backend = project / "backend"
    ruff = subprocess.run(
        [str(tools / "ruff"), "check", "--no-cache", "."], cwd=backend, capture_output=True, text=True
    )
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    formatted = subprocess.run(
        [str(tools / "ruff"), "format", "--check", "--no-cache", "."],
        cwd=backend,
        capture_output=True,
        text=True,
    )
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
    # With the test worker's mypy cache (tests/conftest.py, worker_mypy_cache), as mypy is run on
    # every other generated project: 1.1 s of CPU instead of 9.5 once the worker has checked
    # FastAPI and pydantic for another project (measured on the shared 2-core machine).
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", PACKAGE],
        cwd=backend,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "MYPYPATH": str(backend)},
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


def test_repository_layout_assumption() -> None:
    assert (REPO / "templates" / "module-python" / "project" / "backend").is_dir()
