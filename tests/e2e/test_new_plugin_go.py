"""`scaffold new-plugin --language go` end to end, as a Go team would type it.

With scaffold installed from its wheel: `new-plugin acme-sales --language go --defaults`, then the
commands the CLI prints (`go test ./... && go run ./cmd/acme-sales`) in the new folder, the service
on a free port, and the installed `scaffold check plugin` and `scaffold check plugin --fuzz`
against it (the example's data, with its own ci/check-config.json), `scaffold dev` with its page
and Ctrl-C; the platform's call order over HTTP with a password field: the health check answers it
as an `enc:v1:` token that the plugin then reads back. `regenerate --check` and `status` from the
installed CLI read the project. The server is always stopped, whatever fails. The name typed is
the one the module, its command folder and the metadata carry.

`go test ./...` is the one printed command not typed here: the project is made with the answers of
tests/built_plugins.py's example (the name `acme-sales`, the defaults) and asserted to be its bytes,
file for file (tests/e2e/same_bytes.py), and `built_plugin` runs the same tests on those bytes with
the race detector (`go test -race ./...`), after gofmt and `go vet`, once per run. `go run` builds
and serves what this test then checks.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.built_plugins import NAME, built_plugin
from tests.e2e.conftest import InstalledScaffold
from tests.e2e.dev_process import Dev, start_dev, stop_with_ctrl_c
from tests.e2e.same_bytes import assert_same_as_built
from tests.go_toolchain import go_environment
from tests.served_process import free_port

pytestmark = pytest.mark.slow


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 900) -> str:
    result = subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**go_environment(), **(env or {})},
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} failed in {cwd}:\n{result.stdout[-4000:]}\n{result.stderr[-3000:]}"
    )
    return result.stdout


@pytest.fixture(scope="module")
def made(installed_scaffold: InstalledScaffold, tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("new-plugin-go")
    home = {"SCAFFOLD_HOME": str(tmp_path_factory.mktemp("scaffold-home-go"))}
    printed = run(
        [*installed_scaffold.scaffold, "new-plugin", NAME, "--language", "go", "--defaults"],
        base,
        env=home,
    )
    assert f"next: cd {NAME} && go test ./... && go run ./cmd/{NAME}" in printed
    root = base / NAME
    assert (root / "go.mod").read_text(encoding="utf-8").startswith(f"module {NAME}\n")
    # its gofmt, vet, tests (with -race) and build: built_plugin's, on these very bytes
    assert_same_as_built(root, built_plugin("go", tmp_path_factory))
    # its first commit, made by new-plugin (scaffold/projects/first_commit.py): every file, clean
    assert run(["git", "status", "--porcelain"], root) == ""
    (subject,) = run(["git", "log", "--format=%s"], root).splitlines()
    assert subject.startswith(f"{NAME}: new plugin from template plugin-go "), subject
    return root


@pytest.fixture(scope="module")
def origin(made: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    port = free_port()
    state = tmp_path_factory.mktemp("go-e2e-state")
    log = (tmp_path_factory.mktemp("go-e2e-log") / "plugin.log").open("w")
    env = {**go_environment(), "PORT": str(port), "PLUGIN_STATE_DIR": str(state), "LOG_FORMAT": "json"}
    process = subprocess.Popen(
        ["go", "run", f"./cmd/{NAME}"], cwd=made, env=env, stdout=log, stderr=log, start_new_session=True
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            assert process.poll() is None, "go run exited"
            try:
                if httpx.get(f"{url}/healthz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the plugin did not answer /healthz within 300 s"
            time.sleep(0.2)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
        log.close()


def test_the_installed_check_passes_and_so_does_fuzzing(
    installed_scaffold: InstalledScaffold, origin: str, made: Path
) -> None:
    checked = run(
        [
            *installed_scaffold.scaffold,
            "check",
            "plugin",
            f"{origin}/api/v1",
            "--config-file",
            "ci/check-config.json",
        ],
        made,
    )
    assert " 0 failed, 0 warnings" in checked
    # data expected: the example's metrics, both queries as time series, and its variable's values
    assert "Timestamp: A/usage, B/usage" in checked and "3 values" in checked, checked
    # 15 per operation: this is also where `check --fuzz` is held against the Go example (the
    # functional test that ran it at 15 against the same example was merged here; found there: int64
    # at its edges)
    fuzzed = run([*installed_scaffold.scaffold, "check", "plugin", f"{origin}/api/v1", "--fuzz", "15"], made)
    assert "7 passed, 0 failed" in fuzzed


def test_a_password_travels_encrypted_and_comes_back_readable(origin: str) -> None:
    api = f"{origin}/api/v1"
    dataset = {"code": "dataset", "value": "sample"}  # the example's one dataset
    fields = [dataset, {"code": "accessKey", "type": "password", "value": "s3cret"}]
    health = httpx.post(f"{api}/datasource/health-check", json={"fields": fields}).json()
    (saved,) = [field for field in health["datasourceConfig"]["fields"] if field["code"] == "accessKey"]
    assert saved["value"].startswith("enc:v1:") and "s3cret" not in json.dumps(health)
    again = httpx.post(f"{api}/datasource/health-check", json={"fields": [dataset, saved]}).json()
    (kept,) = [field for field in again["datasourceConfig"]["fields"] if field["code"] == "accessKey"]
    assert again["status"] is True and kept["value"].startswith("enc:v1:")
    moved = {**saved, "code": "other"}  # a token copied into another field does not decrypt
    refused = httpx.post(
        f"{api}/datasource/health-check",
        json={"fields": [dataset, moved]},
        headers={"Accept-Language": "en-US"},
    )
    assert refused.status_code == 422
    assert refused.json() == {
        "error": True,
        "message": "The encrypted value cannot be decrypted; enter the value again",
        "status": False,
        "validationErrors": {"other": "The encrypted value cannot be decrypted; enter the value again"},
    }


def test_regenerate_check_and_status_from_the_installed_cli(
    installed_scaffold: InstalledScaffold, made: Path
) -> None:
    assert "up to date" in run([*installed_scaffold.scaffold, "regenerate", "--check"], made)
    (status,) = json.loads(run([*installed_scaffold.scaffold, "status", ".", "--json"], made))["projects"]
    assert status["state"] == "ok"


def test_dev_serves_the_page_for_it_and_ctrl_c_stops_everything(
    installed_scaffold: InstalledScaffold, made: Path, dev_runs: list[Dev], tmp_path: Path
) -> None:
    """`scaffold dev` typed in the project: Go built and started, the page playing the platform
    against it, Ctrl-C stopping the service and the page with one closing line."""
    port = free_port()
    env = {
        **go_environment(),
        "SCAFFOLD_HOME": str(tmp_path / "home"),
        "PLUGIN_STATE_DIR": str(tmp_path / "state"),
    }
    dev = start_dev(installed_scaffold, ["--port", str(port)], made, env)
    dev_runs.append(dev)
    urls = dev.urls(timeout=300)
    assert urls["page"] == f"http://127.0.0.1:{port}/"
    page = httpx.get(urls["page"], timeout=10)
    assert page.status_code == 200 and "<title>scaffold dev — plugin " in page.text
    metadata = httpx.get(urls["page"] + "dev-api/plugin/metadata", timeout=30).json()["entry"]
    assert metadata["status"] == 200 and metadata["response"]["name"] == NAME, metadata
    assert metadata["problems"] == [], metadata

    stop_with_ctrl_c(dev, urls["service"])
