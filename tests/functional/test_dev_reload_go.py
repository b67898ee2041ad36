"""`scaffold dev` in a Go plugin and a Go module: a saved file rebuilds and restarts the service.

A real `scaffold dev` builds the project once (a project that does not compile is one sentence),
then runs scaffold's reload loop (scaffold/dev/runners/go_reload.py) around the binary: a saved
`internal/datasource/datasource.go` (the metadata's version) and a saved `locales/en-US.json`
(embedded in the binary) each change what GET /api/v1/well-known answers with no restart by hand;
a save that does not compile prints the compiler's message and keeps the running service. Ctrl-C
(SIGINT to the terminal's group) stops everything and nothing is left running. A module's Go
backend runs the same way in backend/ (its binary in backend/.scaffold/dev/), beside the frontend's
`npm run dev`, and serves the build that writes.
"""

from __future__ import annotations

import re
import signal
from pathlib import Path

import httpx
import pytest

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.cli_runner import run_scaffold
from tests.functional.test_dev_reload_typescript import (
    EDITED_VERSION,
    dev_env,
    en_title,
    scaffold_dev,
    stop_and_check,
    wait_until,
    well_known,
)
from tests.go_toolchain import go_environment
from tests.node_install import install_node_modules

pytestmark = pytest.mark.slow


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name, value in go_environment().items():  # go on PATH, offline, the shared build cache
        monkeypatch.setenv(name, value)
    root = tmp_path / "acme-sales"
    kind = KINDS["plugin"].for_language("go")
    create_project(NewProjectOptions(kind=kind, destination=root, answers={"project_name": "acme-sales"}))
    return root


def test_a_project_that_does_not_compile_is_one_sentence(project: Path) -> None:
    datasource = project / "internal" / "datasource" / "datasource.go"
    datasource.write_text(datasource.read_text(encoding="utf-8") + "\nthis is not Go\n", encoding="utf-8")
    result = run_scaffold(["dev", "--port", "0"], cwd=project, env=dev_env(project), timeout=300)
    assert result.returncode == 1, result.stdout + result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith(f"error: go cannot build {project} (internal/datasource/datasource.go:"), line
    assert line.endswith(f"`go build ./...` in {project} shows every message)"), line


def test_saved_source_and_locale_rebuild_and_a_broken_save_keeps_the_service(project: Path) -> None:
    datasource = project / "internal" / "datasource" / "datasource.go"
    catalogue = project / "internal" / "datasource" / "locales" / "en-US.json"
    original = datasource.read_text(encoding="utf-8")
    with scaffold_dev(project) as dev:
        service = dev.urls()["service"]
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/api/v1", service)
        assert "(reloads on changes; Go: " in next(line for line in dev.lines if line.startswith("service:"))
        assert well_known(service).get("version") == "0.1.0"

        edited, count = re.subn(r'"0\.1\.0"', f'"{EDITED_VERSION}"', original)
        assert count == 1, "the data source names its version once (the example's options)"
        datasource.write_text(edited, encoding="utf-8")
        wait_until(
            lambda: well_known(service).get("version") == EDITED_VERSION,
            120,
            "the rebuild after datasource.go",
        )

        title = en_title(service)
        text = catalogue.read_text(encoding="utf-8")
        catalogue.write_text(text.replace(f'"{title}"', f'"{title} (edited)"'), encoding="utf-8")
        wait_until(lambda: en_title(service) == f"{title} (edited)", 120, "the rebuild after en-US.json")

        datasource.write_text(edited + "\nthis is not Go\n", encoding="utf-8")
        wait_until(lambda: any("the build failed" in line for line in dev.lines), 120, "the failed build")
        assert well_known(service).get("version") == EDITED_VERSION, "the running service was kept"

        stop_and_check(dev, project, signal.SIGINT, group=True)
    with pytest.raises(httpx.HTTPError):
        httpx.get(f"{service}/well-known", timeout=2)


@pytest.fixture
def go_module(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Path:
    """acme-map with its backend in Go, its frontend's node_modules installed (`npm ci`, once per run)."""
    for name, value in go_environment().items():
        monkeypatch.setenv(name, value)
    root = tmp_path / "acme-map"
    kind = KINDS["module"].for_language("go")
    create_project(NewProjectOptions(kind=kind, destination=root, answers={"project_name": "acme-map"}))
    install_node_modules(root / "frontend", tmp_path_factory)
    return root


def module_well_known(origin: str) -> dict[str, object]:
    """A module backend's GET /api/v1/well-known in en-US ({} while it restarts)."""
    return well_known(f"{origin}/api/v1")


def test_a_go_module_backend_serves_the_watch_build_and_rebuilds_on_save(go_module: Path) -> None:
    texts = go_module / "backend" / "internal" / "module" / "texts.go"
    with scaffold_dev(go_module, log_level="warning") as dev:  # a module backend's level names
        origin = dev.urls()["service"]
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", origin)
        assert "(reloads on changes; Go: " in next(line for line in dev.lines if line.startswith("service:"))
        assert (go_module / "backend" / ".scaffold" / "dev" / "acme-map").is_file()
        wait_until(
            lambda: httpx.get(f"{origin}/static/module.js", timeout=5).status_code == 200,
            180,
            "the frontend's watch build served by the backend",
        )
        # the development MODULE_SECRET_KEY scaffold dev gives the backend (without one: 503)
        sealed = httpx.post(
            f"{origin}/api/v1/secrets", json={"payload": {"name": "apiKey", "value": "s3cret"}}
        )
        assert sealed.status_code == 200 and sealed.json()["value"].startswith("enc:v1:"), sealed.text
        title = en_title(f"{origin}/api/v1")
        assert title
        original = texts.read_text(encoding="utf-8")
        edited, count = re.subn(r'("en-US": \{\n\t\t"title": +)"[^"]*"', rf'\1"{title} (edited)"', original)
        assert count == 1, "texts.go gives the en-US title once"
        texts.write_text(edited, encoding="utf-8")
        wait_until(
            lambda: en_title(f"{origin}/api/v1") == f"{title} (edited)", 120, "the rebuild after texts.go"
        )
        assert module_well_known(origin).get("name") == "acme-map"
        stop_and_check(dev, go_module, signal.SIGINT, group=True)
