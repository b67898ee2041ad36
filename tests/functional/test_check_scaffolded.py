"""Projects made by `scaffold new-plugin` and `scaffold new-module` pass `scaffold check` with no FAIL.

The projects are created with the CLI as a user would, then run from their folders with this
repository's virtual environment (it has FastAPI, uvicorn, pydantic and cryptography, the
projects' runtime dependencies); the module's frontend is built with npm. The plugin must pass
with no WARN either; the module with nothing but PASS.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from scaffold.check.module_checks import ModuleCheckOptions, check_module
from scaffold.check.plugin_checks import check_plugin
from scaffold.check.plugin_session import PluginCheckOptions
from scaffold.check.report import Status, render_text
from tests.cli_runner import run_scaffold
from tests.fixtures.check.servers import closed_port

pytestmark = pytest.mark.slow


def _new_project(command: str, destination: Path, home: Path) -> Path:
    result = run_scaffold([command, str(destination), "--defaults"], env={"SCAFFOLD_HOME": str(home)})
    assert result.returncode == 0, result.stdout + result.stderr
    return destination


@contextmanager
def _serving(module: str, cwd: Path, pythonpath: Path, env: dict[str, str], probe: str) -> Iterator[str]:
    """Run `python -m <module>` on a free port until the block ends; yield its origin."""
    port = closed_port()
    log = cwd / "server.log"
    with log.open("w", encoding="utf-8") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", module],
            cwd=cwd,
            env={**os.environ, **env, "HOST": "127.0.0.1", "PORT": str(port), "PYTHONPATH": str(pythonpath)},
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    origin = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(origin + probe, timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert process.poll() is None, log.read_text(encoding="utf-8")
            assert time.monotonic() < deadline, "the project did not start:\n" + log.read_text(
                encoding="utf-8"
            )
            time.sleep(0.2)
        yield origin
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def test_new_plugin_project_passes(tmp_path: Path) -> None:
    project = _new_project("new-plugin", tmp_path / "acme-sql", tmp_path / "home")
    env = {"PLUGIN_STATE_DIR": str(tmp_path / "state"), "LOG_LEVEL": "warning"}
    with _serving("acme_sql", project, project, env, "/api/v1/well-known") as origin:
        report = check_plugin(f"{origin}/api/v1", PluginCheckOptions(timeout=15))
    text = render_text(report)
    assert report.ok, text
    assert report.count(Status.WARN) == 0 and report.count(Status.SKIP) == 0, text
    assert report.find("code-mode.offered").status is Status.PASS, text  # type: ignore[union-attr]
    assert report.find("health-check.encrypted-accepted").status is Status.PASS, text  # type: ignore[union-attr]


def test_new_module_project_passes(tmp_path: Path) -> None:
    assert shutil.which("npm"), "npm is needed to build the module's frontend (install Node.js 20 and npm)"
    project = _new_project("new-module", tmp_path / "acme-map", tmp_path / "home")
    frontend = project / "frontend"
    for command in (["npm", "install", "--no-audit", "--no-fund"], ["npm", "run", "build"]):
        built = subprocess.run(
            command, cwd=frontend, capture_output=True, text=True, timeout=900, check=False
        )
        assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    env = {"LOG_LEVEL": "warning"}
    with _serving("acme_map", project, project / "backend", env, "/api/v1/well-known") as origin:
        report = check_module(origin, ModuleCheckOptions(timeout=15, page_timeout=15))
    text = render_text(report)
    assert report.ok, text
    assert report.count(Status.WARN) == 0 and report.count(Status.SKIP) == 0, text
    for component in ("Widget", "WidgetEditor", "Settings"):
        assert report.find(f"component.{component}.render").status is Status.PASS, text  # type: ignore[union-attr]
