"""Scaffolded projects shared by the hostile tests: made once, copied for each test."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.projects import committed_project, copy_of


@pytest.fixture(scope="session")
def pristine_plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return committed_project(tmp_path_factory, "plugin", "acme-sales")


@pytest.fixture(scope="session")
def pristine_module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return committed_project(tmp_path_factory, "module", "acme-map")


@pytest.fixture
def plugin(pristine_plugin: Path, tmp_path: Path) -> Path:
    """A committed plugin project of this test's own, in `tmp_path/work/acme-sales`."""
    return copy_of(pristine_plugin, tmp_path)
