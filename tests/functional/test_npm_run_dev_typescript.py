"""`npm run dev` serves a TypeScript plugin and reloads it on a save (issue 40 point 10).

Found: a TypeScript plugin had no `npm run dev`; its README's first steps named `npm start`, which
compiles once, and `scaffold dev`, which needs scaffold. Now `npm run dev` (dev.mjs: `tsc --watch`
beside `node --watch-path dist`, the project's own tools) serves on HOST:PORT; here the built
starter is copied, served so, and its getMetadata's version edited: /api/v1/well-known answers the
new one without a restart by hand.
"""

from __future__ import annotations

import os
import signal
import subprocess
import time

import httpx
import pytest

from tests.built_plugins import built_plugin, copy_project
from tests.served_process import free_port

pytestmark = pytest.mark.slow


def _answer(url: str) -> httpx.Response | None:
    try:
        return httpx.get(url, timeout=2)
    except httpx.HTTPError:
        return None


def test_npm_run_dev_serves_and_reloads_after_an_edit(tmp_path_factory: pytest.TempPathFactory) -> None:
    root = copy_project(
        built_plugin("typescript", tmp_path_factory, example=False),
        tmp_path_factory.mktemp("dev") / "acme-sales",
    )
    port = free_port()
    origin = f"http://127.0.0.1:{port}"
    log_path = root / "dev.log"
    env = {
        **os.environ,
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "PLUGIN_STATE_DIR": str(root / ".plugin-state"),
    }
    with log_path.open("w", encoding="utf-8") as log:
        process = subprocess.Popen(
            ["npm", "run", "dev"],
            cwd=root,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 120
        while (ready := _answer(origin + "/readyz")) is None or ready.status_code != 200:
            assert process.poll() is None and time.monotonic() < deadline, log_path.read_text(
                encoding="utf-8"
            )
            time.sleep(0.2)
        assert httpx.get(origin + "/api/v1/well-known").json()["version"] == "0.1.0"
        source = root / "src" / "datasource.ts"
        text = source.read_text(encoding="utf-8")
        assert text.count("version: '0.1.0',") == 1
        source.write_text(text.replace("version: '0.1.0',", "version: '0.2.0',"), encoding="utf-8")
        deadline = time.monotonic() + 120
        while True:
            answer = _answer(origin + "/api/v1/well-known")
            if answer is not None and answer.status_code == 200 and answer.json()["version"] == "0.2.0":
                break
            assert process.poll() is None and time.monotonic() < deadline, log_path.read_text(
                encoding="utf-8"
            )
            time.sleep(0.2)
        ready = _answer(origin + "/readyz")
        assert ready is not None and ready.status_code == 200
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    assert "Restarting" in log_path.read_text(encoding="utf-8"), log_path.read_text(encoding="utf-8")
