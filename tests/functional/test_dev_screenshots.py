"""The README's screenshots come from a script that drives the real dev pages; it must keep working."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

pytestmark = pytest.mark.slow

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def test_the_screenshot_script_drives_both_pages_and_writes_both_images(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "dev_screenshots.py"), str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr[-3000:]
    for name in ("dev-plugin.png", "dev-module.png"):
        image = (tmp_path / name).read_bytes()
        assert image.startswith(PNG_MAGIC) and len(image) > 20_000, name
        assert "![" in (REPO / "README.md").read_text(encoding="utf-8") and f"docs/images/{name}" in (
            REPO / "README.md"
        ).read_text(encoding="utf-8")
