"""Expensive session setup made once per test run, also when pytest-xdist runs it in several workers.

A session fixture runs once per process; with `pytest -n 2` each worker is a process, so a
session fixture that builds a wheel and a venv would build two, at the same time, in the same
checkout. `once_per_run` makes the folder once for the whole run: the first worker to take the
lock builds it, the others wait and reuse it. Without xdist it is a plain `mktemp`. Either way a
process asks once: a second call (another test file's fixture, in the same worker or in one
`pytest -n 0`) gets the first call's folder and answer without making anything again.

Only folders that no test changes may be shared this way (tests get their own copies otherwise).
"""

from __future__ import annotations

import copy
import fcntl
import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

_DONE = "run-once.json"
# What this process was given, by (its basetemp, name): several fixtures may ask for one folder.
_MADE: dict[tuple[Path, str], tuple[Path, dict[str, Any]]] = {}


def run_root(factory: pytest.TempPathFactory) -> Path | None:
    """The folder all xdist workers of this run share (the parent of each worker's basetemp)."""
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        return None
    return factory.getbasetemp().parent


def once_per_run(
    factory: pytest.TempPathFactory, name: str, make: Callable[[Path], dict[str, Any]]
) -> tuple[Path, dict[str, Any]]:
    """`make(folder)` once per run, asked once per process; returns the folder and what `make`
    returned (JSON-able)."""
    key = (factory.getbasetemp(), name)
    if key not in _MADE:  # a failed make() is not kept: the next call tries again
        _MADE[key] = _made(factory, name, make)
    folder, result = _MADE[key]
    return folder, copy.deepcopy(result)  # a caller that changes its answer changes no other's


def _made(
    factory: pytest.TempPathFactory, name: str, make: Callable[[Path], dict[str, Any]]
) -> tuple[Path, dict[str, Any]]:
    shared = run_root(factory)
    if shared is None:
        folder = factory.mktemp(name)
        return folder, make(folder)
    folder = shared / f"shared-{name}"
    with (shared / f"shared-{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes, also if make() fails
        done = folder / _DONE
        if done.is_file():
            return folder, json.loads(done.read_text(encoding="utf-8"))
        if folder.exists():  # a worker failed half-way: start again from nothing
            shutil.rmtree(folder)
        folder.mkdir()
        result = make(folder)
        temporary = folder / (_DONE + ".tmp")
        temporary.write_text(json.dumps(result), encoding="utf-8")
        temporary.replace(done)
        return folder, result
