"""`scaffold new-module --language go` end to end, as a Go team would type it.

With scaffold installed from its wheel: `new-module acme-map --language go --defaults`, then what the
CLI prints: the frontend's `npm install && npm run build`, the backend's `go test ./... && go run
./cmd/acme-map`. The backend is started as printed (`go run`), on a free port, serving the real
built frontend; scaffold's module checker plays the platform against it in headless Chromium with
the project's own data; the README's endpoint of one's own is added as written (in a file of its
own beside endpoints.go, with its test) and `go vet` and `go test` pass; `regenerate --check` and
`status` read the project.

As tests/e2e/test_new_module_typescript.py: the frontend is byte for byte a Python module's (every
check of it runs in tests/e2e/test_new_module.py), and the backend byte for byte the one
tests/built_module_backends.py takes through every check of its registry (gofmt, go vet,
go test -race, go build) once per run, so `go test ./...` is not run twice on it.
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
from tests.e2e.test_new_module_typescript import tree
from tests.go_toolchain import go_environment
from tests.node_install import install_node_modules
from tests.served_process import serve_command

pytestmark = pytest.mark.slow


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 900) -> str:
    result = subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=timeout, env={**os.environ, **(env or {})}
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} failed in {cwd}:\n{result.stdout[-4000:]}\n{result.stderr[-3000:]}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def made(installed_scaffold: InstalledScaffold, tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("new-module-go")
    home = {"SCAFFOLD_HOME": str(tmp_path_factory.mktemp("scaffold-home-module-go"))}
    command = [*installed_scaffold.scaffold, "new-module", NAME, "--language", "go", "--defaults"]
    printed = run(command, base, env=home)
    expected = (
        f"next: cd {NAME}/frontend && npm install && npm run build && cd ../backend && "
        f"go test ./... && go run ./cmd/{NAME}"
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
    built = built_module("go", tmp_path_factory) / "backend"
    assert tree(root / "backend") == {k: v for k, v in tree(built).items() if not k.startswith("bin/")}
    install_node_modules(root / "frontend", tmp_path_factory)  # the lock of test_new_module's install
    run(["npm", "run", "build"], root / "frontend")
    return root


@pytest.fixture(scope="module")
def origin(made: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`go run ./cmd/acme-map` in backend/, as printed; the frontend found from there."""
    log = tmp_path_factory.mktemp("module-go-log") / "backend.log"
    with serve_command(
        ["go", "run", f"./cmd/{NAME}"],
        cwd=made / "backend",
        env={**os.environ, **go_environment()},
        probe_path="/healthz",
        log_path=log,
        timeout=180,
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
    """scaffold's module checker with the project's own data, as its CI runs it: every check passes."""
    from scaffold.check.module_checks import ModuleCheckOptions, check_module
    from scaffold.host.host_data import HOST_DATA_FILE, read_host_data
    from scaffold.host.report import Status, render_text

    data = read_host_data(made / HOST_DATA_FILE, HOST_DATA_FILE)
    report = check_module(origin, ModuleCheckOptions(data=data), browser=chromium)
    text = render_text(report)
    assert report.ok and report.count(Status.WARN) == 0 and report.count(Status.SKIP) == 0, text


def test_regenerate_check_and_status_read_the_project(
    made: Path, installed_scaffold: InstalledScaffold
) -> None:
    assert "up to date" in run([*installed_scaffold.scaffold, "regenerate", "--check"], made)
    (project,) = json.loads(run([*installed_scaffold.scaffold, "status", "--json"], made))["projects"]
    assert (project["kind"], project["language"]) == ("module", "go")


def test_readme_recipe_for_an_own_proxied_endpoint_works_as_written(made: Path, tmp_path: Path) -> None:
    """The README's endpoint in internal/module/series.go and its test in series_test.go, as the README
    names them: gofmt, go vet and go test pass, the seeded conformance test included."""
    backend = shutil.copytree(made / "backend", tmp_path / "backend")
    readme = (made / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Your own proxied endpoints") : readme.index("## Developing")]
    endpoint, test = re.findall(r"```go\n(.*?)```", section, re.S)[:2]
    (backend / "internal" / "module" / "series.go").write_text(endpoint, encoding="utf-8")
    (backend / "internal" / "module" / "series_test.go").write_text(test, encoding="utf-8")
    env = go_environment()
    assert run(["gofmt", "-l", "."], backend, env) == ""
    run(["go", "vet", "./..."], backend, env)
    output = run(["go", "test", "-count=1", "-v", "./internal/module/"], backend, env)
    assert "--- PASS: TestSeries" in output
