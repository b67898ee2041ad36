"""`scaffold dev` in a module whose backend is TypeScript: the backend's watch build and node's
watch, the frontend's Vite watch build, a saved source reaching the backend, secrets working.

A real `scaffold dev` in acme-map made with `--language typescript` (both packages installed with
`npm ci`, once per run for their lock files): the backend serves the frontend's watch build at
/static/module.js, a saved `backend/src/texts.ts` (the en-US title) changes what GET
/api/v1/well-known answers with no restart by hand, the backend has the development
MODULE_SECRET_KEY `scaffold dev` gives it (POST /api/v1/secrets makes a token, where a backend
started without a key answers 503), and Ctrl-C stops all three processes, whole.
"""

from __future__ import annotations

import re
import shutil
import signal
from pathlib import Path

import httpx
import pytest

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.functional.test_dev_reload_typescript import en_title, scaffold_dev, stop_and_check, wait_until
from tests.node_install import install_node_modules

pytestmark = pytest.mark.slow


@pytest.fixture
def ts_module(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """acme-map with its backend in TypeScript, both packages' node_modules installed."""
    assert shutil.which("npm") and shutil.which("node"), "Node.js 20.19+ and npm are needed"
    root = tmp_path / "acme-map"
    kind = KINDS["module"].for_language("typescript")
    create_project(NewProjectOptions(kind=kind, destination=root, answers={"project_name": "acme-map"}))
    install_node_modules(root / "backend", tmp_path_factory)
    install_node_modules(root / "frontend", tmp_path_factory)
    return root


def test_a_typescript_module_backend_rebuilds_on_save_and_has_a_development_key(ts_module: Path) -> None:
    texts = ts_module / "backend" / "src" / "texts.ts"
    with scaffold_dev(ts_module, log_level="warning") as dev:  # a module backend's level names
        origin = dev.urls()["service"]
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+", origin)
        wait_until(
            lambda: httpx.get(f"{origin}/static/module.js", timeout=5).status_code == 200,
            180,
            "the frontend's watch build served by the backend",
        )
        sealed = httpx.post(
            f"{origin}/api/v1/secrets", json={"payload": {"name": "apiKey", "value": "s3cret"}}
        )
        assert sealed.status_code == 200 and sealed.json()["value"].startswith("enc:v1:"), sealed.text
        title = en_title(f"{origin}/api/v1")
        assert title
        original = texts.read_text(encoding="utf-8")
        edited, count = re.subn(r"('en-US': \{\n    title: )'[^']*'", rf"\1'{title} (edited)'", original)
        assert count == 1, "texts.ts gives the en-US title once"
        texts.write_text(edited, encoding="utf-8")
        wait_until(
            lambda: en_title(f"{origin}/api/v1") == f"{title} (edited)", 120, "the rebuild after texts.ts"
        )
        stop_and_check(dev, ts_module, signal.SIGINT, group=True)
