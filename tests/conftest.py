"""Shared fixtures: an isolated scaffold home for every test, and repository paths."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
# How long the tests wait for headless Chromium to start. `check module` and `dev` wait 30 s
# (scaffold.host.browser.open_browser); the slow stage runs three workers on two cores, and a launch
# took longer than 30 s in 8c980e1's clean-clone run while the other workers built projects.
BROWSER_LAUNCH_SECONDS = 120.0
FIXTURES = REPO / "tests" / "fixtures"
SPECS = REPO / "specs"
PLUGIN_SPEC = SPECS / "datasource-plugin" / "1.2.0.yaml"
MODULE_SPEC = SPECS / "dashboard-module" / "2026.1.1.yaml"
FUTURE_PLUGIN_SPEC = FIXTURES / "specs" / "datasource-plugin-1.3.0.yaml"
FUTURE_MODULE_SPEC = FIXTURES / "specs" / "dashboard-module-2026.2.0.yaml"
TEST_CACHE_KEY = "tests-only-cache-key-0123456789abcdef"
# Also for what runs while tests are collected (module-level spec loads), before any fixture: a
# cache key read then would be a key file made in the real home folder.
os.environ.setdefault("SCAFFOLD_CACHE_KEY", TEST_CACHE_KEY)

pytest_plugins = ["tests.cpu_accounting"]


@pytest.fixture(autouse=True)
def isolated_scaffold_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """Keep the per-user template store, caches and cache key out of the real home directory."""
    home = tmp_path_factory.getbasetemp() / "scaffold-home"
    monkeypatch.setenv("SCAFFOLD_HOME", str(home))
    # The secret that seals cache entries (scaffold/cache_secret.py); otherwise a key file is made
    # in the user's own state folder.
    monkeypatch.setenv("SCAFFOLD_CACHE_KEY", TEST_CACHE_KEY)
    yield home


@pytest.fixture(autouse=True)
def worker_mypy_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """One mypy cache per test worker for the mypy runs tests start in generated projects.

    A fresh project's `mypy --strict` spent about 11 s of CPU of its 12 analysing its
    dependencies (FastAPI, pydantic, Starlette, the standard library) and about 1 s on the
    project's own code; a dozen tests run it. mypy keys its cache by module and source hash and
    re-checks a module whose source or options differ, so a project is checked as thoroughly with
    a cache as a team's CI with a kept cache checks it. One per worker (not one per run): mypy's
    SQLite cache is not made for several processes writing at once. MYPY_CACHE_DIR wins over a
    project's configured cache_dir; a test that passes --cache-dir keeps its own.
    """
    if "MYPY_CACHE_DIR" not in os.environ:
        monkeypatch.setenv("MYPY_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "mypy-cache"))


@pytest.fixture
def fresh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """An empty data folder for one test: nothing another test cached can answer (cache tests)."""
    home = tmp_path / "scaffold-home"
    monkeypatch.setenv("SCAFFOLD_HOME", str(home))
    yield home


# --- Order and grouping of the tests (what `.ci/run` relies on to be fast and to fail early) ----

# Fast folders first, so a broken change shows within minutes (`.ci/run` runs them as a stage of
# their own): unit, golden and hostile tests. Then the slow ones: functional (real servers, npm,
# Chromium), conformance, third-party tools, end to end (the wheel in a fresh venv).
_FAST = ("unit", "golden", "hostile")
_SLOW = ("functional", "conformance", "third_party", "e2e")

# Among the slow tests, the longest start first (a file, or one test of a SPREAD file):
# under `pytest -n N` they then run beside the many short ones instead of last and alone. Seconds
# are the file's summed test time in one `pytest -n 3` run of the slow stage on a shared 2-core
# machine (the clean-clone CI of f0b6ca4, 2026-12-02: setup included, so a test that waits for a
# wheel another worker is building counts that wait). The order changes wall time only, never what
# runs; a name missing here only runs later. With -n 3 each worker starts with one of the first
# three; the files that run on one worker (not SPREAD) come first, as the longest of them set the
# stage's tail: test_upgrade_matrix_compiled ran last and alone for minutes before it was spread.
_LONG_FIRST = (
    "tests/functional/test_ci_files.py",  # 628 s: Python, TypeScript and Go projects, their CI steps
    "tests/e2e/test_new_module.py",  # 542 s: npm install + build, a venv, the project's tests
    "tests/e2e/test_upgrade_plugin.py",  # 455 s: both wheels, a venv, the upgraded project's tests
    "tests/functional/test_deploy_files.py",  # 322 s: every kind and language built and served
    "tests/functional/test_plugin_typescript.py",  # 285 s
    "tests/functional/test_plugin_go.py",  # 248 s
    "tests/functional/test_upgrade_matrix.py",  # 752 s before the unedited service parts were compared (SPREAD)
    "tests/functional/test_upgrade_matrix_compiled.py",  # 377 s, likewise (SPREAD)
    "tests/functional/test_longest_names.py",  # 234 s + 87 s (SPREAD)
    "tests/functional/test_plugin_starters.py",  # 275 s in three tests (SPREAD)
    "tests/functional/test_check_fuzz.py",  # 305 s (SPREAD)
    "tests/e2e/test_new_plugin.py",  # 201 s: a venv with the project, its tests, its server
    "tests/functional/test_regenerate_upgrade.py",  # 176 s
    "tests/functional/test_check_module.py",  # 168 s, many short tests
    "tests/conformance/test_schemathesis.py",  # 127 s, three child processes
    "tests/e2e/test_new_plugin_typescript.py",  # 119 s
    "tests/e2e/test_dev_cli.py",  # 105 s
    "tests/e2e/test_upgrade_plugin_typescript.py",  # 103 s
    "tests/e2e/test_readme_first_command.py",  # 100 s
    "tests/e2e/test_upgrade_module.py",  # 94 s
    "tests/functional/test_plugin_project.py",  # 82 s
    "tests/functional/test_check_scaffolded.py",  # 78 s (SPREAD)
    "tests/e2e/test_new_plugin_go.py",  # 73 s
    "tests/functional/test_secrets_go.py",  # 71 s
    "tests/functional/test_check_plugin.py",  # 70 s
    "tests/functional/test_secrets_across_languages.py",  # 68 s
    "tests/third_party/test_generated_clients.py",  # 68 s
    "tests/e2e/test_upgrade_plugin_go.py",  # 65 s
)


def _order(item: pytest.Item) -> tuple[int, int, int]:
    """(fast or slow, place among the long ones, folder): a sort key that keeps file order otherwise."""
    parts = item.path.relative_to(REPO).parts
    folder = parts[1] if len(parts) > 2 and parts[0] == "tests" else ""
    if folder in _FAST:
        return (0, 0, _FAST.index(folder))
    name = item.nodeid.split("[", 1)[0]
    long = [i for i, prefix in enumerate(_LONG_FIRST) if name == prefix or name.startswith(prefix + "::")]
    place = long[0] if long else len(_LONG_FIRST)
    return (1, place, _SLOW.index(folder) if folder in _SLOW else len(_SLOW))


# Under `pytest -n N` the tests of one file run on one worker, in file order, as they do without
# xdist (module fixtures are made once, and a test that relies on an earlier one's page or server
# state still finds it). The files listed here are spread test by test instead: long ones whose
# tests are independent (each works in its own tmp_path or copy, or asks a stateless server).
# A file listed here must not use session fixtures of its own (collection stops if it does).
SPREAD = frozenset(
    {
        "tests/hostile/test_hostile_specs.py",  # 55 s
        "tests/hostile/test_upgrade_atomic.py",  # 49 s
        "tests/hostile/test_ownership.py",  # 11 s
        "tests/hostile/test_project_state.py",  # 10 s
        "tests/functional/test_check_fuzz.py",  # 151 s; fuzz_server is a stateless app
        "tests/functional/test_check_scaffolded.py",  # 53 s
        "tests/functional/test_upgrade_matrix.py",  # about 4 min: each case in its own tmp_path
        "tests/functional/test_upgrade_matrix_compiled.py",  # likewise (node_modules: once per run)
        "tests/functional/test_longest_names.py",  # each kind in its own tmp_path
        "tests/functional/test_plugin_starters.py",  # each project in its own tmp_path
    }
)


# Files whose tests start `scaffold dev` in a plugin project: its service takes the kind's usual
# port (8080) when that is free, so two such tests at once on two workers can both find it free and
# the second's page then drives the first's service (seen in CI: the Python reload test read the
# Go example's form). They run on one worker, one after another. What a developer who starts two
# `dev` sessions at once meets is the same race: noted for the hostile round (dev must know the
# service that answers is its own child).
DEV_SERVICE_PORT_GROUP = "scaffold-dev-on-the-usual-port"
DEV_SERVICE_PORT_USERS = frozenset(
    {
        "tests/functional/test_dev_reload.py",
        "tests/functional/test_dev_reload_typescript.py",
        "tests/functional/test_dev_reload_go.py",
        "tests/e2e/test_dev_cli.py",
        "tests/e2e/test_new_plugin_go.py",
    }
)


def _file_session_fixtures(item: pytest.Item) -> list[str]:
    """The session fixtures defined in the test's own file that the test uses."""
    info = getattr(item, "_fixtureinfo", None)
    module = item.nodeid.split("::", 1)[0]
    return sorted(
        name
        for name, definitions in (info.name2fixturedefs.items() if info is not None else ())
        if any(d.scope == "session" and d.baseid == module for d in definitions)
    )


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Fast stages first, the longest slow tests first; SPREAD files own no session fixtures."""
    items.sort(key=_order)  # a stable sort: file order is kept otherwise
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        if path in SPREAD and (names := _file_session_fixtures(item)):
            raise pytest.UsageError(
                f"{item.nodeid} uses session fixtures of its own file ({', '.join(names)}): remove "
                f"{path} from SPREAD in tests/conftest.py, so xdist runs its tests on one worker"
            )


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: object) -> object | None:
    """`--dist loadgroup` (pyproject's addopts): a file's tests on one worker, SPREAD ones one by one,
    the DEV_SERVICE_PORT_USERS files all on one worker.

    xdist's own loadgroup reads `xdist_group` marks by renaming each test's nodeid, which pytest 9.2
    no longer allows (the rename is silently lost), so the grouping is done here, by path.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class _Scheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path in DEV_SERVICE_PORT_USERS:
                return DEV_SERVICE_PORT_GROUP
            return nodeid if path in SPREAD else path

    return _Scheduling(config, log)
