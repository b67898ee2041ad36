"""scaffold built as a wheel and installed into a fresh virtual environment outside the repository.

End-to-end tests use only this installed CLI, exactly as a new user would.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import sysconfig
import venv
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from scaffold import DISTRIBUTION
from tests.conftest import REPO
from tests.e2e.dev_process import Dev
from tests.run_once import once_per_run


@dataclass(frozen=True)
class InstalledScaffold:
    venv: Path
    wheel: Path

    @property
    def bin(self) -> Path:
        return self.venv / "bin"

    @property
    def scaffold(self) -> list[str]:
        return [str(self.bin / "scaffold")]

    @property
    def python(self) -> Path:
        return self.bin / "python"


def build_wheel(source: Path, out: Path) -> Path:
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(source)],
        check=True,
        capture_output=True,
        text=True,
    )
    wheels = sorted(out.glob(f"{DISTRIBUTION.replace('-', '_')}-*.whl"))  # a wheel's name spells - as _
    assert wheels, f"no wheel built in {out}"
    return wheels[-1]


def make_venv(folder: Path) -> Path:
    venv.EnvBuilder(with_pip=True, clear=True).create(folder)
    return folder


def pip_install(python: Path, *args: str) -> None:
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *args],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def _install(source: Path, root: Path) -> dict[str, str]:
    wheel = build_wheel(source, root / "dist")
    environment = make_venv(root / "venv")
    pip_install(environment / "bin" / "python", str(wheel))
    return {"venv": str(environment), "wheel": str(wheel)}


def _installed(factory: pytest.TempPathFactory) -> InstalledScaffold:
    _, made = once_per_run(factory, "installed-scaffold", lambda root: _install(REPO, root))
    return InstalledScaffold(venv=Path(made["venv"]), wheel=Path(made["wheel"]))


@pytest.fixture(scope="session")
def installed_scaffold(tmp_path_factory: pytest.TempPathFactory) -> InstalledScaffold:
    """Built and installed once per run (shared by xdist workers: no test changes it)."""
    return _installed(tmp_path_factory)


def _site_packages(environment: Path) -> Path:
    (found,) = environment.glob("lib/python*/site-packages")
    return found


def _venv_reading(folder: Path, dependencies: list[Path], name: str) -> Path:
    """A venv without pip whose sys.path goes on, after its own site-packages, into `dependencies`.

    A .pth file naming them is read at startup: its own site-packages stays first, so what pip
    installs into it wins; pip (`python -m pip` in it) and the packages already there are found in
    `dependencies`, and pip installs only what is missing or of another version. Returns its python.
    """
    venv.EnvBuilder(with_pip=False, clear=True).create(folder)
    lines = "".join(f"{path}\n" for path in dict.fromkeys(dependencies))
    (_site_packages(folder) / name).write_text(lines, encoding="utf-8")
    return folder / "bin" / "python"


def project_venv(folder: Path) -> Path:
    """A generated project's venv, its dependencies read from this test venv; returns its python.

    For tests whose point is not the install (the upgrade and dev tests): install the project into
    it with `pip_install(python, ...)`, editable where a team would; pip finds the requirements
    already satisfied and installs the project itself (its package, entry point and metadata, in
    this venv's site-packages) and only what the test venv lacks (uvicorn[standard]'s uvloop,
    httptools, websockets). The console scripts of packages read from the test venv are not in its
    bin/: run them as `python -m`. Measured per plugin project on the shared 2-core machine: a venv
    with pip cost 8 s of CPU and `pip install -e "acme-sales[test]"` into it 47 s; this venv costs
    none and the same install 13 s. A package missing from a project's dependency lists would go
    unnoticed here, so the installs from nothing stay where they are the point: the new plugin's
    `pip install -e ".[test]"` and the new module backend's `pip install ./backend`, then its
    `[test]` extra, each into a fresh venv (test_new_plugin.py, test_new_module.py), and the README's
    first command as written (test_readme_first_command.py).
    """
    own = [Path(sysconfig.get_path("purelib")), Path(sysconfig.get_path("platlib"))]
    return _venv_reading(folder, own, "test_venv_dependencies.pth")


# An upgrade test needs both wheels; asking for the future one first (usefixtures come before a
# test's arguments) lets its worker build that one while another worker, starting a test that
# needs only today's wheel, builds today's: the two builds run side by side instead of one after
# the other on the upgrade test's worker (each takes 25-45 s here).
FUTURE_SCAFFOLD_FIRST = pytest.mark.usefixtures("future_scaffold")


@pytest.fixture(scope="session")
def future_scaffold(tmp_path_factory: pytest.TempPathFactory) -> InstalledScaffold:
    """A later scaffold (the next template version for both kinds) installed from its own wheel."""
    from tests.e2e.future_scaffold import make_future_source

    def make(root: Path) -> dict[str, str]:
        # Its own wheel in its own venv, with today's installed scaffold's dependencies (the same
        # pyproject: only scaffold's version and a template differ) found through a .pth file
        # instead of installed a second time: pip resolving and unpacking them again cost about
        # 30 s of CPU per run. Its own site-packages comes first on sys.path, so `scaffold` and its
        # metadata are the future one's. Today's wheel, which users install, is installed whole.
        # Its pip, too, is today's (a venv with its own pip costs 8 s of CPU more).
        wheel = build_wheel(make_future_source(root / "src"), root / "dist")
        today = _installed(tmp_path_factory)
        environment = root / "venv"
        python = _venv_reading(environment, [_site_packages(today.venv)], "today_dependencies.pth")
        pip_install(python, "--no-deps", str(wheel))
        return {"venv": str(environment), "wheel": str(wheel)}

    _, made = once_per_run(tmp_path_factory, "future-scaffold", make)
    return InstalledScaffold(venv=Path(made["venv"]), wheel=Path(made["wheel"]))


@pytest.fixture
def dev_runs() -> Iterator[list[Dev]]:
    """Every `scaffold dev` a test starts is killed at the end, whatever failed."""
    runs: list[Dev] = []
    yield runs
    for dev in runs:
        if dev.process.poll() is None:
            os.killpg(dev.process.pid, signal.SIGKILL)
            dev.process.wait(timeout=10)
