"""Each test's CPU seconds in the JUnit XML report: what trims a CPU-bound CI stage.

Both CI stages keep the two cores busy, so a test's wall time says little about what it costs the
run: a test that waits 30 s on a service costs the other workers nothing, one that builds a
project for 30 s takes a core from them. Around every test (setup, call and teardown) this adds a
`cpu_seconds` property: the worker's own CPU and its finished children's (npm, go, pip, the
servers a fixture started and stopped), user plus system. A child still running when the test
ends is counted in the test that reaps it. scripts/test_times.py sums it per file.
"""

from __future__ import annotations

import resource
from collections.abc import Iterator

import pytest

_STARTED = pytest.StashKey[float]()


def cpu_seconds() -> float:
    """User + system CPU of this process and of its children it has waited for."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    item.stash[_STARTED] = cpu_seconds()
    yield


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Iterator[None]:
    yield
    started = item.stash.get(_STARTED, None)
    if started is not None:  # the teardown report carries it into the XML
        item.user_properties.append(("cpu_seconds", f"{cpu_seconds() - started:.2f}"))
