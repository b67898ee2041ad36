"""scaffold.dev's process handling: start, wait for well-known, relay output, stop whole groups.

A tiny fake service (tests/unit below, written to tmp) stands in for uvicorn --reload: it starts a
grandchild in its own process group (as the reloader starts its worker), answers well-known on
PORT, and can exit early, never get ready, or ignore SIGTERM.
"""

from __future__ import annotations

import os
import socket
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from scaffold.codegen.python.runtime_files.secrets import parse_key
from scaffold.dev import project_runner
from scaffold.dev.children import ChildCommand, live_group_members
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.project_runner import ServicePlan, plan_service, run_service
from scaffold.dev.runners import typescript as typescript_runner
from scaffold.dev.runners.python import RELOAD_INCLUDES, check_python, choose_python, service_argv
from scaffold.dev.runners.typescript import check_frontend
from scaffold.errors import DevServiceError, ProjectError, ToolMissingError

FAKE_SERVICE = textwrap.dedent(
    """
    import http.server, os, signal, subprocess, sys

    mode, pid_file = sys.argv[1], sys.argv[2]
    stubborn = mode == "stubborn"
    grandchild_code = "import signal, time\\n"
    if stubborn:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        grandchild_code += "signal.signal(signal.SIGTERM, signal.SIG_IGN)\\n"
    grandchild = subprocess.Popen([sys.executable, "-c", grandchild_code + "time.sleep(600)"])
    with open(pid_file, "w") as out:
        out.write(f"{os.getpid()} {grandchild.pid}")
    print("fake service starting", flush=True)
    print("second line with ünïcode", flush=True)
    if mode == "exit":
        sys.exit(4)

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            ok = self.path == "/api/v1/well-known" and mode != "never"
            self.send_response(200 if ok else 503)
            self.end_headers()

        def log_message(self, *args):
            pass

    http.server.HTTPServer(("127.0.0.1", int(os.environ["PORT"])), Handler).serve_forever()
    """
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


class Lines:
    """A thread-safe OutputSink that keeps (label, line) pairs."""

    def __init__(self) -> None:
        self.items: list[tuple[str, str]] = []
        self._lock = threading.Lock()

    def __call__(self, label: str, line: str) -> None:
        with self._lock:
            self.items.append((label, line))

    def wait_for(self, text: str, timeout: float = 10) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._lock:
                if any(text in line for _, line in self.items):
                    return
            time.sleep(0.02)
        raise AssertionError(f"{text!r} never arrived: {self.items}")


def fake_plan(tmp_path: Path, mode: str, *, extra: tuple[ChildCommand, ...] = ()) -> tuple[ServicePlan, Path]:
    script = tmp_path / "fake_service.py"
    script.write_text(FAKE_SERVICE, encoding="utf-8")
    pid_file = tmp_path / f"{mode}.pids"
    port = free_port()
    env = {**os.environ, "PORT": str(port)}
    layout = ProjectLayout(root=tmp_path, kind="plugin", package="fake")
    command = ChildCommand(
        label="service", argv=(sys.executable, str(script), mode, str(pid_file)), cwd=tmp_path, env=env
    )
    return ServicePlan(
        layout=layout, program=Path(sys.executable), port=port, commands=(command, *extra)
    ), pid_file


def pids(pid_file: Path) -> list[int]:
    deadline = time.monotonic() + 10
    while not pid_file.exists() or len(pid_file.read_text().split()) < 2:
        assert time.monotonic() < deadline, "the fake service never wrote its pids"
        time.sleep(0.02)
    return [int(p) for p in pid_file.read_text().split()]


def test_service_ready_output_relayed_and_every_process_of_its_group_stopped(tmp_path: Path) -> None:
    plan, pid_file = fake_plan(tmp_path, "ok")
    lines = Lines()
    with run_service(plan, lines, threading.Event(), ready_timeout=20) as running:
        assert running.ready
        service, grandchild = pids(pid_file)
        assert alive(service) and alive(grandchild)
        child = running.children[0]
        assert child.pid == service and os.getpgid(grandchild) == service  # one group per child
        lines.wait_for("ünïcode")
        assert ("service", "fake service starting") in lines.items
        assert running.exited() is None
    assert not alive(service) and not alive(grandchild)
    assert live_group_members(service) == []


def test_a_group_that_ignores_sigterm_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("scaffold.dev.children.STOP_GRACE_SECONDS", 0.5)
    plan, pid_file = fake_plan(tmp_path, "stubborn")
    started = time.monotonic()
    with run_service(plan, Lines(), threading.Event(), ready_timeout=20) as running:
        assert running.ready
        service, grandchild = pids(pid_file)
        started = time.monotonic()
    assert not alive(service) and not alive(grandchild)
    assert time.monotonic() - started < 5


def test_a_service_that_exits_before_ready_is_one_sentence_naming_its_exit_code(tmp_path: Path) -> None:
    plan, pid_file = fake_plan(tmp_path, "exit")
    with (
        pytest.raises(DevServiceError) as caught,
        run_service(plan, Lines(), threading.Event(), ready_timeout=20),
    ):
        pytest.fail("must not be ready")
    message = str(caught.value)
    assert "exited with code 4" in message and "[service]" in message and "\n" not in message
    _service, grandchild = pids(pid_file)
    assert not alive(grandchild)  # the orphaned grandchild of the exited service is stopped too


def test_a_service_that_never_answers_200_times_out_and_is_stopped(tmp_path: Path) -> None:
    plan, pid_file = fake_plan(tmp_path, "never")
    expected = r"did not answer .*/api/v1/well-known with 200 within 1\.5 s"
    with (
        pytest.raises(DevServiceError, match=expected),
        run_service(plan, Lines(), threading.Event(), ready_timeout=1.5),
    ):
        pytest.fail("must not be ready")
    assert not any(alive(pid) for pid in pids(pid_file))


def _stop_once_started(pid_file: Path, stop: threading.Event) -> None:
    """Set `stop` once the fake service wrote its pids (it and its grandchild run), or after 30 s.

    Found in a clean-clone CI run: a fixed 0.8 s timer stopped a service that, on a loaded machine,
    had not started its grandchild yet; it never wrote its pids and the test failed at `pids`."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if pid_file.exists() and len(pid_file.read_text().split()) >= 2:
            break
        time.sleep(0.02)
    stop.set()


def test_stop_requested_while_waiting_yields_not_ready_and_stops_everything(tmp_path: Path) -> None:
    plan, pid_file = fake_plan(tmp_path, "never")
    stop = threading.Event()
    threading.Thread(target=_stop_once_started, args=(pid_file, stop), daemon=True).start()
    with run_service(plan, Lines(), stop, ready_timeout=30) as running:
        assert not running.ready and [child.label for child in running.children] == ["service"]
    assert not any(alive(pid) for pid in pids(pid_file))


def processes_started_from(folder: Path) -> list[int]:
    """Running processes whose command line mentions `folder` (the fake service and its grandchild)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and alive(int(entry.name)):
            try:
                if str(folder) in (entry / "cmdline").read_bytes().decode(errors="replace"):
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def test_every_child_is_stopped_when_a_second_one_cannot_start(tmp_path: Path) -> None:
    missing = ChildCommand(label="frontend", argv=(str(tmp_path / "no-such-npm"),), cwd=tmp_path, env={})
    plan, _ = fake_plan(tmp_path, "ok", extra=(missing,))
    failing = pytest.raises(DevServiceError, match="cannot start .*no-such-npm")
    with failing, run_service(plan, Lines(), threading.Event(), ready_timeout=20):
        pytest.fail("must not be ready")
    assert processes_started_from(tmp_path) == []


# --- which Python, and can it run the service ------------------------------------------------


def make_python(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\n", encoding="utf-8")
    path.chmod(0o755)
    return path


def test_python_order_flag_then_virtual_env_then_project_venv_then_scaffolds_own(tmp_path: Path) -> None:
    layout = ProjectLayout(root=tmp_path / "proj", kind="module", package="acme")
    explicit = make_python(tmp_path / "explicit" / "python")
    active = make_python(tmp_path / "active" / "bin" / "python")
    project = make_python(tmp_path / "proj" / ".venv" / "bin" / "python")
    environ = {"VIRTUAL_ENV": str(tmp_path / "active")}
    assert choose_python(explicit, layout, environ) == explicit
    assert choose_python(None, layout, environ) == active
    assert choose_python(None, layout, {}) == project
    project.unlink()
    backend = make_python(tmp_path / "proj" / "backend" / ".venv" / "bin" / "python")
    assert choose_python(None, layout, {}) == backend
    backend.unlink()
    assert choose_python(None, layout, {"VIRTUAL_ENV": str(tmp_path / "gone")}) == Path(sys.executable)
    with pytest.raises(DevServiceError, match="--python .*missing does not exist"):
        choose_python(tmp_path / "missing", layout, {})


def write_package(root: Path, package: str, app_text: str) -> None:
    (root / package).mkdir(parents=True)
    (root / package / "__init__.py").write_text("", encoding="utf-8")
    (root / package / "app.py").write_text(app_text, encoding="utf-8")


def test_check_python_accepts_an_interpreter_with_uvicorn_and_the_factory(tmp_path: Path) -> None:
    write_package(tmp_path, "acme", "def create_app():\n    return None\n")
    check_python(Path(sys.executable), ProjectLayout(tmp_path, "plugin", "acme"), dict(os.environ))


def test_check_python_names_the_package_and_the_install_command(tmp_path: Path) -> None:
    write_package(tmp_path, "acme", "import no_such_dependency_xyz\n")
    with pytest.raises(DevServiceError) as caught:
        check_python(Path(sys.executable), ProjectLayout(tmp_path, "plugin", "acme"), dict(os.environ))
    message = str(caught.value)
    assert "cannot import acme.app:create_app" in message and "no_such_dependency_xyz" in message
    assert f"pip install -e {tmp_path}" in message and "--python" in message and "\n" not in message


def test_check_python_without_uvicorn_says_so(tmp_path: Path) -> None:
    backend = tmp_path / "backend"
    write_package(backend, "acme", "def create_app():\n    return None\n")
    (backend / "uvicorn.py").write_text(
        "raise ImportError('uvicorn is not installed here')\n", encoding="utf-8"
    )
    with pytest.raises(
        DevServiceError, match=r"cannot import uvicorn, which runs the service .*pip install -e .*backend"
    ):
        check_python(Path(sys.executable), ProjectLayout(tmp_path, "module", "acme"), dict(os.environ))


def test_check_python_that_is_not_a_program(tmp_path: Path) -> None:
    text = tmp_path / "python"
    text.write_text("not a program", encoding="utf-8")
    with pytest.raises(DevServiceError, match="cannot be run"):
        check_python(text, ProjectLayout(tmp_path, "plugin", "acme"), {})


# --- the module's frontend and the planned commands -------------------------------------------


def module_layout(tmp_path: Path, scripts: dict[str, str] | None, node_modules: bool) -> ProjectLayout:
    frontend = tmp_path / "frontend"
    frontend.mkdir()
    if scripts is not None:
        import json

        (frontend / "package.json").write_text(json.dumps({"scripts": scripts}), encoding="utf-8")
    if node_modules:
        (frontend / "node_modules").mkdir()
    return ProjectLayout(tmp_path, "module", "acme")


def test_frontend_without_node_modules_names_npm_install(tmp_path: Path) -> None:
    layout = module_layout(tmp_path, {"dev": "vite build --watch"}, node_modules=False)
    with pytest.raises(ProjectError, match=r"has no node_modules.*run `npm install` in .*frontend"):
        check_frontend(tmp_path / "frontend")
    assert layout.frontend_dir == tmp_path / "frontend"


def test_frontend_of_an_older_template_without_a_dev_script(tmp_path: Path) -> None:
    module_layout(tmp_path, {"build": "vite build"}, node_modules=True)
    with pytest.raises(ProjectError, match=r"no `dev` script.*scaffold upgrade"):
        check_frontend(tmp_path / "frontend")


def test_frontend_without_npm_on_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    module_layout(tmp_path, {"dev": "vite build --watch"}, node_modules=True)
    monkeypatch.setattr(typescript_runner.shutil, "which", lambda name: None)
    with pytest.raises(ToolMissingError, match="npm is not on PATH"):
        check_frontend(tmp_path / "frontend")


def test_module_plan_runs_the_backend_with_reload_in_backend_and_npm_run_dev(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    layout = module_layout(tmp_path, {"dev": "vite build --watch"}, node_modules=True)
    monkeypatch.setattr(typescript_runner.shutil, "which", lambda name: f"/usr/bin/{name}")
    plan = plan_service(layout, Path("/py/bin/python"), {"KEEP": "1"}, port=9123)
    service, frontend = plan.commands
    includes = [arg for pattern in RELOAD_INCLUDES for arg in ("--reload-include", pattern)]
    assert list(service.argv) == [
        "/py/bin/python", "-m", "uvicorn", "acme.app:create_app", "--factory", "--reload",
        "--reload-dir", str(tmp_path / "backend" / "acme"), *includes, "--host", "127.0.0.1", "--port", "9123",
    ]  # fmt: skip
    assert (
        service.cwd == tmp_path / "backend" and service.env["PORT"] == "9123" and service.env["KEEP"] == "1"
    )
    assert list(frontend.argv) == ["/usr/bin/npm", "run", "dev"] and frontend.cwd == tmp_path / "frontend"
    assert service.env["MODULE_FRONTEND_DIST"] == str(
        tmp_path / "frontend" / "dist"
    )  # before the first build
    given = plan_service(
        layout, Path("/py"), {"MODULE_FRONTEND_DIST": "/elsewhere", "MODULE_SECRET_KEY": "mine"}, port=9123
    )
    assert given.commands[0].env["MODULE_FRONTEND_DIST"] == "/elsewhere"
    # a development key for the Settings' secrets (module_key.py), unless one is exported
    assert given.commands[0].env["MODULE_SECRET_KEY"] == "mine"
    assert len(parse_key(service.env["MODULE_SECRET_KEY"], source="MODULE_SECRET_KEY")) == 32
    assert plan.service_url == "http://127.0.0.1:9123"
    assert plan.probe_url == "http://127.0.0.1:9123/api/v1/well-known"


def test_plugin_plan_runs_in_the_project_and_targets_api_v1(tmp_path: Path) -> None:
    plan = plan_service(ProjectLayout(tmp_path, "plugin", "acme_sales"), Path("/py"), {}, port=9124)
    (service,) = plan.commands
    assert service.cwd == tmp_path and str(tmp_path / "acme_sales") in service.argv
    assert plan.service_url == "http://127.0.0.1:9124/api/v1"


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_the_service_reloads_on_the_data_files_its_package_reads_too(kind: str, tmp_path: Path) -> None:
    # uvicorn watches *.py only: a saved locales/en-US.json must reload the service as code does.
    layout = ProjectLayout(tmp_path, kind, "acme")  # type: ignore[arg-type]
    argv = list(service_argv(layout, Path("/py"), "127.0.0.1", 9125))
    included = [argv[i + 1] for i, arg in enumerate(argv) if arg == "--reload-include"]
    assert {"*.json", "*.yaml", "*.yml", "*.toml", "*.sql", "*.csv", "*.txt"} <= set(included)
    # uvicorn globs each pattern in the service's folder and watches matching folders: never a bare *.
    assert all(pattern.startswith("*.") and len(pattern) > 2 for pattern in included)
    assert argv[argv.index("--reload-dir") + 1] == str(layout.package_dir)


def test_a_python_without_watchfiles_gets_no_include_patterns(tmp_path: Path) -> None:
    """uvicorn honours --reload-include only with watchfiles, and warns at every start without it
    (a module backend on plain `uvicorn`): the import check finds out, and the patterns stay out."""
    program = tmp_path / "bin" / "python"
    program.parent.mkdir()
    program.write_text("#!/bin/sh\necho '{\"watchfiles\": false}'\n", encoding="utf-8")
    program.chmod(0o755)
    layout = ProjectLayout(tmp_path, "module", "acme")
    layout.service_dir.mkdir(parents=True)
    check_python(program, layout, {})
    argv = service_argv(layout, program, "127.0.0.1", 9126)
    assert "--reload-include" not in argv and "--reload" in argv


def test_the_kinds_usual_port_when_free_else_another(monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        free = free_port()
        monkeypatch.setitem(project_runner.DEFAULT_SERVICE_PORTS, "plugin", free)
        assert project_runner.service_port("plugin") == free
        monkeypatch.setitem(project_runner.DEFAULT_SERVICE_PORTS, "plugin", busy)
        other = project_runner.service_port("plugin")
        assert other != busy and project_runner.port_is_free(other)
