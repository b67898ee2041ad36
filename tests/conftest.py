"""Shared fixtures: an isolated scaffold home for every test, and repository paths."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
FIXTURES = REPO / "tests" / "fixtures"
SPECS = REPO / "specs"
PLUGIN_SPEC = SPECS / "datasource-plugin" / "1.2.0.yaml"
MODULE_SPEC = SPECS / "dashboard-module" / "2026.1.1.yaml"
FUTURE_PLUGIN_SPEC = FIXTURES / "specs" / "datasource-plugin-1.3.0.yaml"
FUTURE_MODULE_SPEC = FIXTURES / "specs" / "dashboard-module-2026.2.0.yaml"


@pytest.fixture(autouse=True)
def isolated_scaffold_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Keep the per-user template store and caches out of the real home directory."""
    home = tmp_path_factory.getbasetemp() / "scaffold-home"
    monkeypatch.setenv("SCAFFOLD_HOME", str(home))
    yield home
