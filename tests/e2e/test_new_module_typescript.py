"""`scaffold new-module --language typescript` end to end, as a TypeScript team would type it.

With scaffold installed from its wheel: `new-module acme-map --language typescript --defaults`, then
what the CLI prints: the frontend's `npm install && npm run build`, the backend's `npm ci && npm
test && npm start`. The backend is started as printed, on a free port, serving the real built
frontend; scaffold's module checker plays the platform against it in headless Chromium with the
project's own data; the README's recipe for an endpoint of one's own is added as written
and passes the project's checks; `regenerate --check` and `status` read the project.

What is not typed again here stands on the same bytes elsewhere: the frontend is byte for byte a
Python module's (asserted), whose every check runs in tests/e2e/test_new_module.py; the backend is
byte for byte the one tests/built_module_backends.py takes through every check of its registry
(eslint and prettier, tsc, vitest, the build) once per run, so `npm test` is not run twice on it.
`npm ci` and `npm start` stay as a user types them.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from scaffold.host.browser import BrowserSession
from tests.built_module_backends import NAME, built_module
from tests.conftest import BROWSER_LAUNCH_SECONDS
from tests.e2e.conftest import InstalledScaffold
from tests.node_install import install_node_modules
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

NOT_COMPARED = ("node_modules/", "dist/", "coverage/")


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 900) -> str:
    result = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})}
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} failed in {cwd}:\n{result.stdout[-4000:]}\n{result.stderr[-3000:]}"
    )
    return result.stdout


def tree(folder: Path) -> dict[str, bytes]:
    """Every file of `folder` a render makes (no installed packages, no build output)."""
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file() and not path.relative_to(folder).as_posix().startswith(NOT_COMPARED)
    }


@pytest.fixture(scope="module")
def made(installed_scaffold: InstalledScaffold, tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("new-module-ts")
    home = {"SCAFFOLD_HOME": str(tmp_path_factory.mktemp("scaffold-home-module-ts"))}
    command = [*installed_scaffold.scaffold, "new-module", NAME, "--language", "typescript", "--defaults"]
    printed = run(command, base, env=home)
    expected = (
        f"next: cd {NAME}/frontend && npm install && npm run build && cd ../backend && "
        "npm ci && npm test && npm start"
    )
    assert expected in printed, printed
    root = base / NAME
    assert run(["git", "status", "--porcelain"], root) == ""  # its first commit holds every file
    python_module = base / "python-module"
    run(
        [*installed_scaffold.scaffold, "new-module", str(python_module), "--name", NAME, "--defaults"],
        base,
        env=home,
    )
    assert tree(root / "frontend") == tree(python_module / "frontend"), (
        "the frontend is not a Python module's"
    )
    assert tree(root / "backend") == tree(built_module("typescript", tmp_path_factory) / "backend")
    install_node_modules(root / "frontend", tmp_path_factory)  # the lock of test_new_module's install
    run(["npm", "run", "build"], root / "frontend")
    run(["npm", "ci", "--no-audit", "--no-fund"], root / "backend")
    return root


@pytest.fixture(scope="module")
def origin(made: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`npm start` in backend/ (it builds first), as printed; the frontend found from there."""
    log = tmp_path_factory.mktemp("module-ts-log") / "backend.log"
    with serve_command(
        ["npm", "start"], cwd=made / "backend", env=dict(os.environ), probe_path="/healthz", log_path=log
    ) as served:
        yield served


def test_well_known_serves_the_built_frontend(origin: str) -> None:
    metadata = httpx.get(f"{origin}/api/v1/well-known").json()
    assert metadata["frontendHost"] == f"{origin}/" and metadata["buildTimestamp"]
    query = {"version": metadata["version"], "buildTimestamp": metadata["buildTimestamp"]}
    script = httpx.get(f"{origin}/static/module.js", params=query)
    assert script.status_code == 200 and "registry" in script.text
    assert script.headers["cache-control"] == "public, max-age=31536000, immutable"


@pytest.fixture(scope="module")
def chromium() -> Iterator[BrowserSession]:
    """Headless Chromium, given up to BROWSER_LAUNCH_SECONDS to start (as test_new_module.py's)."""
    from scaffold.host.browser import open_browser

    with open_browser(launch_timeout=BROWSER_LAUNCH_SECONDS) as session:
        yield session


def test_check_module_passes_with_the_project_s_own_data(
    made: Path, origin: str, chromium: BrowserSession
) -> None:
    """scaffold's module checker (the machinery of `scaffold check module`; the installed wheel has
    no `check` extra) with the project's own data, as its CI runs it: every check passes, none warns."""
    from scaffold.check.module_checks import ModuleCheckOptions, check_module
    from scaffold.host.host_data import HOST_DATA_FILE, read_host_data
    from scaffold.host.report import Status, render_text

    data = read_host_data(made / HOST_DATA_FILE, HOST_DATA_FILE)
    report = check_module(origin, ModuleCheckOptions(data=data), browser=chromium)
    text = render_text(report)
    assert report.ok and report.count(Status.WARN) == 0 and report.count(Status.SKIP) == 0, text
    assert report.find("component.Widget.render") is not None, text


def test_regenerate_check_and_status_read_the_project(
    made: Path, installed_scaffold: InstalledScaffold
) -> None:
    assert "up to date" in run([*installed_scaffold.scaffold, "regenerate", "--check"], made)
    status = run([*installed_scaffold.scaffold, "status", "--json"], made)
    (project,) = json.loads(status)["projects"]
    assert (project["kind"], project["language"]) == ("module", "typescript")


def readme_recipe(root: Path) -> tuple[str, str]:
    """The README's endpoint of one's own and its test, as written there."""
    readme = (root / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Your own proxied endpoints") : readme.index("## Developing with")]
    endpoint, test = re.findall(r"```ts\n(.*?)```", section, re.S)[:2]
    return endpoint, test


def test_readme_recipe_for_an_own_proxied_endpoint_works_as_written(made: Path, tmp_path: Path) -> None:
    """Pasted where the README says, the endpoint and its test pass the project's own checks, and
    the backend publishes the endpoint in /openapi.json (held there by conformance.test.ts)."""
    backend = shutil.copytree(
        made / "backend", tmp_path / "backend", symlinks=True, ignore=shutil.ignore_patterns("node_modules")
    )
    subprocess.run(
        ["cp", "-al", str(made / "backend" / "node_modules"), str(backend / "node_modules")], check=True
    )
    endpoint, test = readme_recipe(made)
    (backend / "src" / "endpoints.ts").write_text(endpoint, encoding="utf-8")
    (backend / "test" / "series.test.ts").write_text(test, encoding="utf-8")
    run(["npm", "run", "lint"], backend)
    run(["npm", "run", "typecheck"], backend)
    output = run(["npx", "vitest", "run", "test/series.test.ts", "test/conformance.test.ts"], backend)
    assert "series.test.ts" in output and "conformance.test.ts" in output
