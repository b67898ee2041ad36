"""The README's first command, run as written in a fresh copy of the checkout: it serves the plugin
and leaves the checkout clean (the project and its state folder land beside it, not inside)."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import REPO
from tests.e2e.future_scaffold import copy_repository
from tests.git_helpers import git


def first_command() -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.+?)\n```", text, re.DOTALL)
    assert block is not None, "the README starts with a bash block"
    return block[1].strip()


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.slow
def test_first_command_serves_the_plugin_and_leaves_the_checkout_clean(tmp_path: Path) -> None:
    checkout = copy_repository(tmp_path / "scaffold")
    git(checkout, "init", "--quiet")
    git(checkout, "add", "-A")
    git(checkout, "commit", "--quiet", "-m", "checkout")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PORT"] = str(port)
    process = subprocess.Popen(
        ["bash", "-c", first_command()],
        cwd=checkout,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 600
        answer = None
        while time.monotonic() < deadline and process.poll() is None:
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/api/v1/well-known", timeout=2)
                break
            except httpx.HTTPError:
                time.sleep(0.5)
        assert answer is not None, (
            process.communicate(timeout=5)[0] if process.poll() is not None else "timeout"
        )
        assert answer.status_code == 200
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.communicate(timeout=60)
    assert git(checkout, "status", "--porcelain", "--untracked-files=all") == ""
    assert (tmp_path / "acme-sales" / ".plugin-state").is_dir(), "the state folder lives in the project"
