"""`scaffold dev` from the installed wheel, typed as a plugin team would type it.

`scaffold new-plugin acme-sales --defaults`, the project installed into its own `.venv` (as its
README says), then `scaffold dev --port P` inside it: the printed URLs, the page and its API
against the plugin, a saved source file reaching the plugin through reload, and Ctrl-C (SIGINT to
scaffold's process group, as a terminal sends it) stopping every process it started, with one
closing line. `scaffold dev plugin URL` against a plugin started elsewhere, and the inputs a user
gets wrong: each is exit 1 with one sentence and no traceback.
"""

from __future__ import annotations

import hashlib
import os
import re
import signal
import socket
import subprocess
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from scaffold.host.runtime import pinned_files
from tests.e2e.conftest import InstalledScaffold, pip_install, project_venv
from tests.e2e.dev_process import Dev, processes_under, start_dev, stop_with_ctrl_c, wait_for
from tests.served_process import free_port, serve_package

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class PluginProject:
    root: Path
    python: Path
    env: dict[str, str]


def user_env(home: Path) -> dict[str, str]:
    """The user's shell: no virtual environment active (scaffold must find the project's .venv)."""
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["SCAFFOLD_HOME"] = str(home)
    return env


@pytest.fixture(scope="module")
def plugin_project(
    installed_scaffold: InstalledScaffold, tmp_path_factory: pytest.TempPathFactory
) -> PluginProject:
    base = tmp_path_factory.mktemp("dev-cli")
    env = user_env(tmp_path_factory.mktemp("dev-home"))
    result = subprocess.run(
        [*installed_scaffold.scaffold, "new-plugin", "acme-sales", "--defaults"],
        cwd=base,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    root = base / "acme-sales"
    python = project_venv(root / ".venv")
    pip_install(python, "-e", str(root))
    return PluginProject(root=root, python=python, env=env)


def test_dev_in_a_plugin_project_serves_the_page_reloads_and_ctrl_c_stops_everything(
    installed_scaffold: InstalledScaffold, plugin_project: PluginProject, dev_runs: list[Dev]
) -> None:
    port = free_port()
    dev = start_dev(installed_scaffold, ["--port", str(port)], plugin_project.root, plugin_project.env)
    dev_runs.append(dev)
    urls = dev.urls()
    assert urls["page"] == f"http://127.0.0.1:{port}/"
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/api/v1", urls["service"])
    assert any(str(plugin_project.python) in line for line in dev.lines if line.startswith("service:"))
    assert any(line.startswith("[service] ") for line in dev.lines)  # uvicorn's log, prefixed

    page = httpx.get(urls["page"], timeout=10)
    assert page.status_code == 200 and "<title>scaffold dev — plugin " in page.text
    metadata = httpx.get(urls["page"] + "dev-api/plugin/metadata", timeout=30).json()["entry"]
    assert metadata["status"] == 200 and metadata["response"]["name"] == "acme-sales"
    assert metadata["response"]["version"] != "9.9.9-dev"

    init = plugin_project.root / "acme_sales" / "__init__.py"
    original = init.read_text(encoding="utf-8")
    try:
        init.write_text(
            re.sub(r'__version__ = "[^"]*"', '__version__ = "9.9.9-dev"', original), encoding="utf-8"
        )

        def reloaded() -> bool:
            try:
                entry = httpx.get(urls["page"] + "dev-api/plugin/metadata", timeout=10).json()["entry"]
            except (httpx.HTTPError, ValueError):
                return False
            return entry["status"] == 200 and entry["response"]["version"] == "9.9.9-dev"

        wait_for(reloaded, 60, "the reload with the saved __init__.py")
    finally:
        init.write_text(original, encoding="utf-8")

    stop_with_ctrl_c(dev, urls["service"])
    assert processes_under(plugin_project.root) == []


def test_dev_plugin_url_shows_a_running_plugin_and_starts_nothing(
    installed_scaffold: InstalledScaffold, plugin_project: PluginProject, dev_runs: list[Dev], tmp_path: Path
) -> None:
    env = {**plugin_project.env, "PLUGIN_STATE_DIR": str(tmp_path / "state")}
    # Offline, with an empty cache: the page's React and uPlot can only come from the wheel.
    env |= {
        "SCAFFOLD_HOME": str(tmp_path / "fresh-home"),
        "npm_config_registry": "http://127.0.0.1:9/",
        "npm_config_offline": "true",
    }
    with serve_package(
        plugin_project.python,
        "acme_sales",
        cwd=plugin_project.root,
        env=env,
        probe_path="/api/v1/well-known",
        log_path=tmp_path / "plugin.log",
    ) as origin:
        dev = start_dev(installed_scaffold, ["plugin", f"{origin}/api/v1", "--port", "0"], tmp_path, env)
        dev_runs.append(dev)
        urls = dev.urls()
        assert urls["service"] == f"{origin}/api/v1"
        entry = httpx.get(urls["page"] + "dev-api/plugin/metadata", timeout=30).json()["entry"]
        assert entry["status"] == 200 and entry["response"]["name"] == "acme-sales"
        pins = {Path(key[2]).name: digest for key, digest in pinned_files().items()}
        for served, name in (("react.js", "react.production.min.js"), ("uplot.js", "uPlot.iife.min.js")):
            body = httpx.get(urls["page"] + "vendor/" + served, timeout=30).content
            assert hashlib.sha256(body).hexdigest() == pins[name], served
        assert not (tmp_path / "fresh-home" / "cache" / "host-runtime").exists()  # nothing was fetched
        assert dev.interrupt(signal.SIGTERM) == 0
        assert dev.lines[-1] == "scaffold dev stopped: the page is closed (it started nothing else)."
        assert httpx.get(f"{origin}/api/v1/well-known", timeout=5).status_code == 200  # not ours to stop


def run_dev(
    installed: InstalledScaffold, args: list[str], cwd: Path, env: dict[str, str]
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*installed.scaffold, "dev", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def one_sentence_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode == 1, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def test_a_page_port_in_use_names_port_and_starts_no_service(
    installed_scaffold: InstalledScaffold, plugin_project: PluginProject
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        message = one_sentence_error(
            run_dev(installed_scaffold, ["--port", str(busy)], plugin_project.root, plugin_project.env)
        )
        assert f"port {busy} on 127.0.0.1 is already in use" in message and "--port" in message
        url_message = one_sentence_error(
            run_dev(
                installed_scaffold,
                ["plugin", "http://127.0.0.1:1/api/v1", "--port", str(busy)],
                plugin_project.root,
                plugin_project.env,
            )
        )
        assert "already in use" in url_message
    assert processes_under(plugin_project.root) == []


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("ftp://example.org/api/v1", "not an http(s) URL"),
        ("http://exa mple.org", "whitespace"),
        ("http://h:99999", "port"),
    ],
)
def test_a_bad_url_is_one_sentence(
    installed_scaffold: InstalledScaffold,
    plugin_project: PluginProject,
    tmp_path: Path,
    url: str,
    expected: str,
) -> None:
    message = one_sentence_error(run_dev(installed_scaffold, ["plugin", url], tmp_path, plugin_project.env))
    assert expected in message and "e.g. http://127.0.0.1:8080/api/v1" in message


def test_outside_a_project(
    installed_scaffold: InstalledScaffold, plugin_project: PluginProject, tmp_path: Path
) -> None:
    message = one_sentence_error(run_dev(installed_scaffold, [], tmp_path, plugin_project.env))
    assert "is not inside a scaffold project" in message and "scaffold dev plugin URL" in message


def test_a_python_without_the_project_names_the_fix(
    installed_scaffold: InstalledScaffold, plugin_project: PluginProject
) -> None:
    result = run_dev(
        installed_scaffold,
        ["--python", str(installed_scaffold.python)],
        plugin_project.root,
        plugin_project.env,
    )
    message = one_sentence_error(result)
    assert "cannot import uvicorn" in message and f"pip install -e {plugin_project.root}" in message


def test_a_module_without_node_modules_names_npm_install(
    installed_scaffold: InstalledScaffold, plugin_project: PluginProject, tmp_path: Path
) -> None:
    made = subprocess.run(
        [*installed_scaffold.scaffold, "new-module", "acme-map", "--defaults"],
        cwd=tmp_path,
        env=plugin_project.env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    message = one_sentence_error(
        run_dev(installed_scaffold, [], tmp_path / "acme-map" / "backend", plugin_project.env)
    )
    assert (
        "has no node_modules" in message
        and f"run `npm install` in {tmp_path / 'acme-map' / 'frontend'}" in message
    )


def test_a_typescript_plugin_without_node_modules_names_npm_ci(
    installed_scaffold: InstalledScaffold, plugin_project: PluginProject, tmp_path: Path
) -> None:
    """The runner follows the language the project records: node's checks, not Python's."""
    made = subprocess.run(
        [*installed_scaffold.scaffold, "new-plugin", "acme-ts", "--language", "typescript", "--defaults"],
        cwd=tmp_path,
        env=plugin_project.env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert made.returncode == 0, made.stderr
    root = tmp_path / "acme-ts"
    message = one_sentence_error(run_dev(installed_scaffold, [], root / "src", plugin_project.env))
    assert (
        message
        == f"error: {root} has no node_modules, so the service cannot be built; run `npm ci` in {root}"
    )
    python = one_sentence_error(
        run_dev(installed_scaffold, ["--python", str(installed_scaffold.python)], root, plugin_project.env)
    )
    assert "is TypeScript, run by the node on PATH; drop --python" in python
    assert processes_under(root) == []
