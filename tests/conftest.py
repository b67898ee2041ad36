"""Shared fixtures: an isolated scaffold home for every test, and repository paths."""

from __future__ import annotations

import os
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
# are from one `pytest -n 3` run of the slow stage on the shared 2-core machine (setup included,
# so a test that waits for a wheel another worker is building counts that wait). The order changes
# wall time only, never what runs; a name missing here only runs later. With -n 3 each worker
# starts with one of the first three (xdist queues a worker's next one once fewer than three of
# its tests are left): the conformance run needs no wheel, so its worker computes while the two
# beside it wait for the first wheel to be built (one worker builds it, the others wait).
_LONG_FIRST = (
    "tests/e2e/test_new_module.py",  # 221 s: npm install + build, a venv, the project's tests
    "tests/e2e/test_upgrade_plugin.py",  # 279 s: both wheels, a venv, the upgraded project's tests
    "tests/conformance/test_schemathesis.py",  # 95 s, three child processes
    "tests/e2e/test_new_plugin.py",  # 155 s: a venv with the project, its tests, its server
    "tests/functional/test_check_module.py",  # 83 s, many short tests
    "tests/e2e/test_upgrade_module.py",  # 52 s
    "tests/functional/test_upgrade_matrix.py",  # 14 cases of 10-30 s each, spread (SPREAD)
    "tests/e2e/test_readme_first_command.py",  # 45 s
    "tests/e2e/test_dev_cli.py",  # 43 s
    "tests/functional/test_plugin_project.py",  # 38 s
    "tests/functional/test_check_scaffolded.py::test_new_module_project_passes",  # 34 s
    "tests/functional/test_check_fuzz.py::test_a_generated_plugin_passes_fuzz_25",  # 30 s
    "tests/functional/test_check_fuzz.py::test_cli_prints_lines_curl_and_exits_1_without_echoing_the_service",
    "tests/functional/test_check_fuzz.py::test_strict_plugin_passes_every_operation",  # 28 s
    "tests/functional/test_dev_module_page.py",  # 27 s
    "tests/functional/test_module_backend.py",  # 20 s
    "tests/functional/test_longest_names.py",  # 27 s + 20 s: npm ci, lint, typecheck, test, build
    "tests/third_party/test_generated_clients.py",  # 16 s
    "tests/functional/test_dev_plugin_page.py",  # 14 s
    "tests/functional/test_observability.py",  # 12 s
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
    """`--dist loadgroup` (pyproject's addopts): a file's tests on one worker, SPREAD ones one by one.

    xdist's own loadgroup reads `xdist_group` marks by renaming each test's nodeid, which pytest 9.2
    no longer allows (the rename is silently lost), so the grouping is done here, by path.
    """
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadGroupScheduling

    class _Scheduling(LoadGroupScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return nodeid if path in SPREAD else path

    return _Scheduling(config, log)
