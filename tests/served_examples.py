"""The example plugin of each language, served side by side with its defaults, for tests that send
the three the same bytes (tests/functional/test_idle_uploads.py, test_http_framing.py).

Python is served from the session's harness project with this interpreter; TypeScript and Go from
the projects tests/built_plugins.py makes and builds once per run (read only here).
"""

from __future__ import annotations

import contextlib
import os
import socket
import sys
from collections.abc import Iterator

import pytest

from tests.built_plugins import built_plugin
from tests.functional.test_plugin_harness import KEY, project
from tests.go_toolchain import go_environment
from tests.served_process import read_to_the_end, serve_command


@contextlib.contextmanager
def served_examples(factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """language -> origin (`http://127.0.0.1:PORT`) of each example plugin, while the block runs."""
    typescript = built_plugin("typescript", factory)
    go = built_plugin("go", factory)
    python = project()
    folder = factory.mktemp("served-examples")
    commands = {
        "python": ([sys.executable, "-m", "acme_sales"], python, {**os.environ, "PYTHONPATH": str(python)}),
        "typescript": (["node", "dist/main.js"], typescript, dict(os.environ)),
        "go": ([str(go / "bin" / "plugin")], go, go_environment()),
    }
    with contextlib.ExitStack() as stack:
        served = {}
        for language, (argv, cwd, env) in commands.items():
            env = {**env, "PLUGIN_STATE_DIR": str(folder / f"{language}-state"), "PLUGIN_SECRET_KEY": KEY}
            served[language] = stack.enter_context(
                serve_command(
                    argv, cwd=cwd, env=env, probe_path="/healthz", log_path=folder / f"{language}.log"
                )
            )
        yield served


def connect(origin: str, timeout: float = 5) -> socket.socket:
    host, port = origin.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=timeout)


def read_until_closed(connection: socket.socket, within: float) -> tuple[bytes, bool]:
    """Everything the server sends, and whether it closed the connection within `within` seconds."""
    received, ending = read_to_the_end(connection, within)
    return received, ending != "open"
