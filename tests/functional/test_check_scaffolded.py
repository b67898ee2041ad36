"""Projects made by `scaffold new-plugin` and `scaffold new-module` pass `scaffold check` with no FAIL.

The projects are created with the CLI as a user would, then run from their folders with this
repository's virtual environment (it has FastAPI, uvicorn, pydantic and cryptography, the
projects' runtime dependencies); the module's frontend is built with npm. The plugin must pass
with no WARN either; the module with nothing but PASS.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from contextlib import AbstractContextManager
from pathlib import Path

import httpx
import pytest
import schemathesis
import yaml

from scaffold.check.module_checks import ModuleCheckOptions, check_module
from scaffold.check.plugin_checks import check_plugin
from scaffold.check.plugin_session import PluginCheckOptions
from scaffold.codegen.python.runtime_files.module_endpoints import Endpoints
from scaffold.host.report import Status, render_text
from tests.cli_runner import run_scaffold
from tests.node_install import install_node_modules
from tests.served_process import serve_package

pytestmark = pytest.mark.slow


def _new_project(command: str, destination: Path, home: Path) -> Path:
    result = run_scaffold([command, str(destination), "--defaults"], env={"SCAFFOLD_HOME": str(home)})
    assert result.returncode == 0, result.stdout + result.stderr
    return destination


def _serving(
    module: str, cwd: Path, pythonpath: Path, env: dict[str, str], probe: str
) -> AbstractContextManager[str]:
    """`python -m <module>` with this venv's interpreter, the project on PYTHONPATH."""
    full_env = {**os.environ, **env, "PYTHONPATH": str(pythonpath)}
    return serve_package(
        sys.executable, module, cwd=cwd, env=full_env, probe_path=probe, log_path=cwd / "server.log"
    )


def _assert_publishes_its_spec(origin: str, project: Path, server_url: str) -> None:
    """GET /openapi.json is the recorded spec, `servers` naming the service relative to the document.

    Found: /openapi.json, /docs and /api/v1/openapi.json answered 404 on a generated plugin, and a
    module backend served FastAPI's own schema of its handlers and a docs page that needs a CDN.
    """
    answer = httpx.get(f"{origin}/openapi.json", timeout=15)
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/json"
    published = answer.json()
    recorded = yaml.safe_load((project / ".scaffold" / "contract.yaml").read_text(encoding="utf-8"))
    if server_url == "/":  # a module backend adds its own endpoints: a fresh one, POST /api/v1/secrets
        recorded = Endpoints().openapi(recorded)
    assert [server["url"] for server in published["servers"]] == [server_url]
    assert {**published, "servers": None} == {**recorded, "servers": None}
    assert list(published) == list(recorded), "the document keeps the spec's order"
    for path in ("/docs", "/redoc"):
        assert httpx.get(origin + path, timeout=15).status_code == 404, f"{path}: nothing that needs a CDN"
    # a tool given only the document's URL finds the service (relative servers, OpenAPI 3.1 4.6)
    loaded = schemathesis.openapi.from_url(f"{origin}/openapi.json")
    assert loaded.get_base_url().rstrip("/") == (origin + server_url).rstrip("/")


def test_new_plugin_project_passes(tmp_path: Path) -> None:
    project = _new_project("new-plugin", tmp_path / "acme-sql", tmp_path / "home")
    env = {"PLUGIN_STATE_DIR": str(tmp_path / "state"), "LOG_LEVEL": "warning"}
    with _serving("acme_sql", project, project, env, "/api/v1/well-known") as origin:
        report = check_plugin(f"{origin}/api/v1", PluginCheckOptions(timeout=15))
        _assert_publishes_its_spec(origin, project, "/api/v1")
    text = render_text(report)
    assert report.ok, text
    assert report.count(Status.WARN) == 0 and report.count(Status.SKIP) == 0, text
    assert report.find("code-mode.offered").status is Status.PASS, text  # type: ignore[union-attr]
    assert report.find("health-check.encrypted-accepted").status is Status.PASS, text  # type: ignore[union-attr]


def test_new_module_project_passes(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> None:
    assert shutil.which("npm"), "npm is needed to build the module's frontend (install Node.js 20 and npm)"
    project = _new_project("new-module", tmp_path / "acme-map", tmp_path / "home")
    frontend = project / "frontend"
    install_node_modules(frontend, tmp_path_factory)  # `npm ci`, once per run for this lock file
    # `npm run build` is `tsc --noEmit && vite build`: only vite writes dist/, the bundle checked
    # here. The type check of this very frontend (byte for byte: acme-map, `new-module --defaults`)
    # runs in tests/e2e/test_new_module.py (`npm run build` and `npm run typecheck`). Measured on the
    # shared 2-core machine: `npm run build` took 10-12 s of CPU here, `vite build` 0.5-0.7 s.
    script = json.loads((frontend / "package.json").read_text(encoding="utf-8"))["scripts"]["build"]
    typecheck, bundle = script.split(" && ")
    assert typecheck == "tsc --noEmit", script
    path = f"{frontend / 'node_modules' / '.bin'}{os.pathsep}{os.environ['PATH']}"  # as `npm run`
    built = subprocess.run(
        ["sh", "-c", bundle],
        cwd=frontend,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    env = {"LOG_LEVEL": "warning"}
    with _serving("acme_map", project, project / "backend", env, "/api/v1/well-known") as origin:
        report = check_module(origin, ModuleCheckOptions(timeout=15, page_timeout=15))
        _assert_publishes_its_spec(origin, project, "/")
    text = render_text(report)
    assert report.ok, text
    assert report.count(Status.WARN) == 0 and report.count(Status.SKIP) == 0, text
    for component in ("Widget", "WidgetEditor", "Settings"):
        assert report.find(f"component.{component}.render").status is Status.PASS, text  # type: ignore[union-attr]
