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


# --- Order and grouping of the tests (what `.ci/run` relies on to be fast and to fail early) ----

# Fast parts first, so a broken change shows in the first minute: unit, golden and hostile
# tests, then the functional ones (real servers, npm, Chromium), then end to end (wheel + venv).
_STAGES = ("unit", "golden", "hostile", "functional", "conformance", "third_party", "e2e")

# Inside a stage, files whose tests share one long setup (npm install + build, a venv) start first:
# with `pytest -n 2` the long ones then run beside the short ones instead of last and alone.
# The order changes wall time only, never what runs; measured with `--durations=0`.
_LONG_FIRST = (
    "tests/functional/test_dev_module_page.py",
    "tests/functional/test_check_scaffolded.py",
    "tests/e2e/test_new_module.py",
    "tests/e2e/test_new_plugin.py",
    "tests/e2e/test_upgrade_module.py",
    "tests/e2e/test_upgrade_plugin.py",
    "tests/e2e/test_readme_first_command.py",
)


def _stage(item: pytest.Item) -> int:
    parts = item.path.relative_to(REPO).parts
    folder = parts[1] if len(parts) > 2 and parts[0] == "tests" else ""
    return _STAGES.index(folder) if folder in _STAGES else len(_STAGES)


def _long_first(item: pytest.Item) -> int:
    path = item.path.relative_to(REPO).as_posix()
    return _LONG_FIRST.index(path) if path in _LONG_FIRST else len(_LONG_FIRST)


def _shares_setup_in_its_file(item: pytest.Item) -> bool:
    """True if the test uses a session fixture that its own file defines.

    Such a fixture is a long setup (a venv with the project installed, an npm install and build, a
    running server): its tests stay on one xdist worker, so it is made once. Session fixtures of a
    conftest.py are cheap or made once per run (tests/run_once.py). Module fixtures are cheap here
    (at most ~3 s of setup, measured with `--durations=0`), so their tests are spread one by one
    and each worker makes its own.
    """
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    module = item.nodeid.split("::", 1)[0]
    for definitions in info.name2fixturedefs.values():
        for definition in definitions:
            if definition.scope == "session" and definition.baseid == module:
                return True
    return False


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Fast stages first; under `pytest -n N --dist loadgroup`, a file's shared setup on one worker."""
    items.sort(key=lambda item: (_stage(item), _long_first(item)))  # stable: file order otherwise kept
    if not config.pluginmanager.hasplugin("xdist"):
        return
    for item in items:
        if _shares_setup_in_its_file(item):
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
