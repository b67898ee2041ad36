"""`scaffold dev` in a TypeScript plugin: tsc and node in watch mode, a saved file reaching the service.

One project per module (`npm ci` is the slow part): made by scaffold, first without node_modules
(`dev` says to run `npm ci`, in one sentence), then installed. A real `scaffold dev` then builds it,
starts `tsc --watch` and `node --watch-path …` and the page; a saved `src/datasource.ts` (the
metadata's version) changes what GET /api/v1/well-known answers, and a saved `locales/en-US.json`
(read once at start) too, with no restart by hand. Ctrl-C (SIGINT to the terminal's group) and a
SIGTERM to scaffold alone each stop both processes, whole, and nothing is left running.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from scaffold.dev.children import live_group_members
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.cli_runner import run_scaffold
from tests.conftest import REPO
from tests.e2e.dev_process import processes_under
from tests.node_install import install_node_modules

pytestmark = pytest.mark.slow

URL_LINE = re.compile(r"^(service|page):\s+(http://\S+)")
# A compiled language's service has a watch build beside it (TypeScript); a Go service has none (its
# reload loop rebuilds); a module has its frontend's build: the closing line names what was started.
CLOSING = re.compile(
    r"^scaffold dev stopped: the service \(pid (\d+)\)(?:, the service's watch build \(pid (\d+)\))?"
    r"(?:, the frontend build \(pid (\d+)\))? and the page are stopped\.$"
)
EDITED_VERSION = "9.9.9-dev"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """acme-sales in TypeScript, as scaffold makes it (no node_modules yet)."""
    assert shutil.which("npm") and shutil.which("node"), "Node.js 20.19+ and npm are needed"
    root = tmp_path_factory.mktemp("tsdev") / "acme-sales"
    kind = KINDS["plugin"].for_language("typescript")
    create_project(NewProjectOptions(kind=kind, destination=root, answers={"project_name": "acme-sales"}))
    return root


@pytest.fixture(scope="module")
def installed(project: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    install_node_modules(project, tmp_path_factory)  # `npm ci`, once per run for this lock file
    return project


def dev_env(project: Path, log_level: str = "warn") -> dict[str, str]:
    """The environment of `scaffold dev`; `log_level` in the service's own names (a TypeScript
    plugin's: fatal, error, warn, info, debug, trace; a module backend's: Python's, warning)."""
    env = {key: value for key, value in os.environ.items() if key not in ("VIRTUAL_ENV", "PORT", "HOST")}
    return env | {
        "PYTHONPATH": str(REPO),
        "PLUGIN_STATE_DIR": str(project.parent / "state"),
        "LOG_LEVEL": log_level,
    }


@dataclass
class Dev:
    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)

    def urls(self) -> dict[str, str]:
        return dict(match.groups() for line in list(self.lines) if (match := URL_LINE.match(line)))

    def output(self) -> str:
        return "\n".join(self.lines)


@contextmanager
def scaffold_dev(project: Path, log_level: str = "warn") -> Iterator[Dev]:
    """`python -m scaffold dev --port 0` in `project`, in its own process group, until both URLs are
    printed; killed (the whole group) at the end if the test did not stop it."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scaffold", "dev", "--port", "0"],
        cwd=project,
        env=dev_env(project, log_level),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own group, like a shell job: killpg below is Ctrl-C
    )
    dev = Dev(process)

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            dev.lines.append(line.rstrip("\n"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        wait_until(lambda: "page" in dev.urls() or process.poll() is not None, 180, "the URLs printed")
        assert "page" in dev.urls(), "scaffold dev exited:\n" + dev.output()
        yield dev
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        reader.join(timeout=10)


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    event = threading.Event()
    for _ in range(int(seconds * 10)):
        if condition():
            return
        event.wait(0.1)
    raise AssertionError(f"{what} did not happen within {seconds:g} s")


def well_known(service: str) -> dict[str, object]:
    """GET /api/v1/well-known in en-US ({} while the service restarts)."""
    try:
        answer = httpx.get(f"{service}/well-known", headers={"Accept-Language": "en-US"}, timeout=5)
        return dict(answer.json()) if answer.status_code == 200 else {}
    except (httpx.HTTPError, ValueError):
        return {}


def en_title(service: str) -> str:
    titles = well_known(service).get("title")
    found = [t["value"] for t in titles if t.get("lang") == "en-US"] if isinstance(titles, list) else []
    return str(found[0]) if found else ""


def stop_and_check(dev: Dev, project: Path, signum: int, *, group: bool) -> None:
    """Send `signum` (to the whole group, as a terminal does, or to scaffold alone): exit 0, one closing
    line naming both processes, and nothing of either left."""
    service = dev.urls()["service"]
    if group:
        os.killpg(dev.process.pid, signum)
    else:
        dev.process.send_signal(signum)
    assert dev.process.wait(timeout=60) == 0, dev.output()
    wait_until(lambda: bool(dev.lines) and CLOSING.match(dev.lines[-1]) is not None, 10, "the closing line")
    closing = CLOSING.match(dev.lines[-1])
    assert closing is not None and sum(1 for line in dev.lines if CLOSING.match(line)) == 1, dev.output()
    for pid in filter(None, closing.groups()):
        assert live_group_members(int(pid)) == []
    assert processes_under(project) == [], dev.output()
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"{service}/well-known", timeout=2)
    assert "Traceback" not in dev.output()


def test_without_node_modules_dev_names_npm_ci(project: Path) -> None:
    assert not (project / "node_modules").exists()
    result = run_scaffold(["dev", "--port", "0"], cwd=project, env=dev_env(project), timeout=120)
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.strip().splitlines() == [
        f"error: {project} has no node_modules, so the service cannot be built; run `npm ci` in {project}"
    ]
    assert "Traceback" not in result.stdout + result.stderr


def test_saved_source_and_locale_reach_the_service_and_ctrl_c_stops_both(installed: Path) -> None:
    datasource = installed / "src" / "datasource.ts"
    catalogue = installed / "locales" / "en-US.json"
    originals = {path: path.read_text(encoding="utf-8") for path in (datasource, catalogue)}
    try:
        with scaffold_dev(installed) as dev:
            urls = dev.urls()
            service = urls["service"]
            assert re.fullmatch(r"http://127\.0\.0\.1:\d+/api/v1", service)
            service_line = next(line for line in dev.lines if line.startswith("service:"))
            assert "(reloads on changes; Node.js: " in service_line, dev.output()
            assert any(line.startswith("[build] ") for line in dev.lines)  # tsc's own output, prefixed
            assert httpx.get(service.removesuffix("/api/v1") + "/healthz", timeout=10).status_code == 200
            assert httpx.get(urls["page"], timeout=10).status_code == 200
            before = well_known(service)
            assert before["name"] == "acme-sales" and before["version"] != EDITED_VERSION

            edited, count = re.subn(
                r"version: '[^']*'", f"version: '{EDITED_VERSION}'", originals[datasource]
            )
            assert count == 1, "the starter's getMetadata names its version once"
            datasource.write_text(edited, encoding="utf-8")
            wait_until(
                lambda: well_known(service).get("version") == EDITED_VERSION,
                60,
                "the restart after datasource.ts",
            )

            title = en_title(service)
            assert title and f'"{title}"' in originals[catalogue]
            catalogue.write_text(
                originals[catalogue].replace(f'"{title}"', f'"{title} (edited)"'), encoding="utf-8"
            )
            wait_until(lambda: en_title(service) == f"{title} (edited)", 60, "the restart after en-US.json")

            stop_and_check(dev, installed, signal.SIGINT, group=True)
    finally:
        for path, text in originals.items():
            path.write_text(text, encoding="utf-8")


def test_sigterm_to_scaffold_alone_stops_both(installed: Path) -> None:
    """What a process manager or `kill` sends: to scaffold only, which stops its children's groups."""
    with scaffold_dev(installed) as dev:
        assert well_known(dev.urls()["service"]).get("name") == "acme-sales"
        stop_and_check(dev, installed, signal.SIGTERM, group=False)
