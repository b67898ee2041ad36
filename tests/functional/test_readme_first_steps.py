"""The README's first steps work as written, in every language (issue 40 point 10).

For each language of the registry (scaffold.codegen.languages), a plugin project is made with the
installed `scaffold` command, its README's first-steps section is read (the first fenced `sh` block
under FIRST_STEPS_HEADING) and its commands are run as written, one after the other, in one shell
session of their own (what a step exports, such as `. .venv/bin/activate`, holds for the next), in
the project's folder. Every step must exit 0, except the one that starts the service: it is the
step still running when GET /readyz answers 200 on the service's port, and it keeps running (as in
the terminal beside) while the later steps (a `curl`, `scaffold check plugin`) talk to it; it is
stopped, with its children, at the end. A README without such a step fails: its first steps
should end with a running service.

The only change to what is written: the port. The README says 8080, the service's default; this
machine runs other services, so PORT is a free port and `127.0.0.1:8080` in a step is that port.
Nothing is downloaded but from the npm registry (npm ci) and the Python package index pip is set
up with; Go builds offline (GOPROXY=off, the standard library only).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import httpx
import pytest

from scaffold.codegen.languages import descriptors
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.go_toolchain import go_environment

pytestmark = pytest.mark.slow

FIRST_STEPS_HEADING = "## Quick start"
README_PORT = "127.0.0.1:8080"
STEP_SECONDS = 900.0
STOP_SECONDS = 30.0
LANGUAGES = sorted(descriptors())


def first_steps(readme: str) -> list[str]:
    """The commands of the README's first-steps section: its first ```sh block, one a line."""
    assert readme.count(f"\n{FIRST_STEPS_HEADING}\n") == 1, f"the README has no one {FIRST_STEPS_HEADING!r}"
    section = readme.split(f"\n{FIRST_STEPS_HEADING}\n", 1)[1].split("\n## ", 1)[0]
    found = re.search(r"```sh\n(.*?)```", section, re.DOTALL)
    assert found, f"no ```sh block under {FIRST_STEPS_HEADING!r}"
    steps = [line.strip() for line in found[1].splitlines()]
    return [step for step in steps if step and not step.startswith("#")]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _ready(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200
    except httpx.HTTPError:
        return False


def _stop(process: subprocess.Popen[bytes]) -> None:
    """SIGTERM to the step's whole process group (`go run`'s binary, `npm start`'s node), then SIGKILL."""
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGTERM)
        with suppress(subprocess.TimeoutExpired):
            process.wait(STOP_SECONDS)
    with suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # whatever of the group is left
    process.wait()


def _read_env(path: Path) -> dict[str, str]:
    pairs = (entry.split("=", 1) for entry in path.read_bytes().decode().split("\0") if "=" in entry)
    return dict(pairs)


@contextmanager
def _session() -> Iterator[list[subprocess.Popen[bytes]]]:
    """The steps' processes still running (the service), stopped however the test ends."""
    running: list[subprocess.Popen[bytes]] = []
    try:
        yield running
    finally:
        for process in running:
            _stop(process)


def _run_steps(root: Path, steps: list[str], env: dict[str, str], port: int, logs: Path) -> list[str]:
    """Run `steps` as one shell session (each step's output in `logs`); the step that started the
    service, stopped at the end."""
    logs.mkdir(parents=True, exist_ok=True)
    state = logs / "session.env"
    servers: list[str] = []
    with _session() as running:
        for number, written in enumerate(steps, 1):
            step = written.replace(README_PORT, f"127.0.0.1:{port}")
            script = f'{step}\n__status=$?\nenv -0 > "{state}"\nexit $__status\n'
            out = logs / f"step-{number}.log"
            with out.open("wb") as sink:
                process = subprocess.Popen(
                    ["bash", "-c", script],
                    cwd=root,
                    env=env,
                    stdin=subprocess.DEVNULL,
                    stdout=sink,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
            running.append(process)
            deadline = time.monotonic() + STEP_SECONDS
            while process.poll() is None and time.monotonic() < deadline:
                if not servers and _ready(port):
                    servers.append(written)  # it serves: it keeps running for the next steps
                    break
                time.sleep(0.5)
            if servers and servers[-1] == written:
                continue
            if process.poll() is None:
                pytest.fail(f"step {number} `{written}` neither ended nor served within {STEP_SECONDS:g} s")
            running.remove(process)
            tail = out.read_text(encoding="utf-8", errors="replace")[-3000:]
            assert process.returncode == 0, f"step {number} `{written}` exited {process.returncode}:\n{tail}"
            env = _read_env(state)
        assert servers, f"no step started the service (GET /readyz on the port PORT names): {steps}"
        assert _ready(port), "the service stopped answering /readyz while the later steps ran"
    return servers


def _step_env(tmp: Path, port: int) -> dict[str, str]:
    """The user's environment: the installed scaffold and its Python first on PATH, Go offline."""
    env = {**os.environ, **go_environment(), "PORT": str(port)}
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env["PATH"]])
    env["GOCACHE"] = env.get("GOCACHE") or str(tmp / "gocache")
    return env


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_readme_first_steps_work_as_written(language: str, tmp_path: Path) -> None:
    scaffold = shutil.which("scaffold", path=str(Path(sys.executable).parent))
    assert scaffold, f"the installed scaffold command is not beside {sys.executable}"
    port = _free_port()
    env = _step_env(tmp_path, port)
    root = tmp_path / "acme-sales"
    made = subprocess.run(
        [scaffold, "new-plugin", str(root), "--language", language, "--defaults"],
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert made.returncode == 0, made.stdout + made.stderr
    steps = first_steps((root / "README.md").read_text(encoding="utf-8"))
    package = root / "package.json"
    scripts = json.loads(package.read_text(encoding="utf-8")).get("scripts", {}) if package.exists() else {}
    for step in steps:  # a script the README names exists (`npm run dev` only once package.json has it)
        for script in re.findall(r"\bnpm run ([\w:-]+)", step):
            assert script in scripts, (
                f"the README's `{step}` names no script of package.json ({sorted(scripts)})"
            )
    # The project's own pytest (Python) runs its conformance test: at E2E_EXAMPLES, without the
    # boundary cases, which run at the template's depth on the same fresh code in tests/conformance
    # (tests/e2e/conformance_depth.py says why). Only the depth setting moves, never a step.
    with fewer_conformance_examples(root, boundary_cases=False):
        servers = _run_steps(root, steps, env, port, tmp_path / "steps")
    assert len(servers) == 1, servers


def test_every_plugin_readme_names_its_first_steps_alike() -> None:
    """The heading the test reads is every template's (one heading for one kind of section)."""
    templates = Path(__file__).resolve().parents[2] / "templates"
    for language in LANGUAGES:
        readme = (templates / f"plugin-{language}" / "project" / "README.md.jinja").read_text(
            encoding="utf-8"
        )
        assert first_steps(readme), language
