"""A scaffolded project's third-party dependencies, installed once per run and shared by the tests.

Several end-to-end tests install a scaffolded project into a fresh venv with
`pip install -e "<project>[test]"`; pip resolving, downloading and unpacking the same ~40
packages was most of each such test (35-40 s). A dependency layer is made once per run, per
project kind, by a real fresh install: a fresh venv, `pip install -e "<default project>[test]"`
(a module's backend folder), then the project itself uninstalled, so only its dependencies and
pip remain.

A test's venv is then made without pip, and a `.pth` file in its site-packages puts the layer's
site-packages after its own on sys.path. `<venv>/bin/python -m pip install -e "<project>[test]"`
(pip imported from the layer) installs into the test's venv, finds the dependencies satisfied and
only builds and installs the project. Whatever the project needs that the layer lacks (a later
template adding a dependency or raising a version) pip installs into the test's venv, which comes
first on sys.path; pip never removes anything from the layer (it is outside the test's venv).

The session fixtures (tests/e2e/conftest.py) make a layer in a background thread from the moment
a test asks for it, so its pip install runs beside the test's other setup (wheels, npm install);
`.result()` waits for it. A layer is read-only once made: xdist workers use it at the same time.

tests/e2e/test_new_plugin.py keeps the fully fresh install a new user does (and
test_readme_first_command.py the README's own commands), so a dependency that only installs on its
own is still caught there.
"""

from __future__ import annotations

import subprocess
import tomllib
import venv
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from tests.cli_runner import run_scaffold
from tests.e2e.conftest import make_venv, pip_install

PTH_NAME = "_dependency_layer.pth"
Kind = Literal["plugin", "module"]


@dataclass(frozen=True)
class DependencyLayer:
    venv: Path
    site_packages: Path
    without: str  # the distribution name of the project the layer was made from (uninstalled)

    def as_json(self) -> dict[str, str]:
        return {"venv": str(self.venv), "site_packages": str(self.site_packages), "without": self.without}

    @classmethod
    def from_json(cls, made: dict[str, str]) -> DependencyLayer:
        return cls(
            venv=Path(made["venv"]), site_packages=Path(made["site_packages"]), without=made["without"]
        )


def distribution_name(project: Path) -> str:
    """`[project] name` of the project's pyproject.toml."""
    data = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))
    return str(data["project"]["name"])


def purelib(python: Path) -> Path:
    result = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(result.stdout.strip())


def make_layer(project: Path, folder: Path) -> DependencyLayer:
    """A fresh venv holding pip and `project[test]`'s dependencies, without the project itself."""
    environment = make_venv(folder)
    python = environment / "bin" / "python"
    pip_install(python, "-e", f"{project}[test]")
    name = distribution_name(project)
    result = subprocess.run(
        [str(python), "-m", "pip", "uninstall", "--yes", "--disable-pip-version-check", name],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return DependencyLayer(venv=environment, site_packages=purelib(python), without=name)


def make_default_layer(kind: Kind, folder: Path) -> DependencyLayer:
    """The layer of a `--defaults` project of that kind, scaffolded by the repository's scaffold."""
    project = folder / f"default-{kind}"
    result = run_scaffold(
        [f"new-{kind}", str(project), "--defaults"],
        cwd=folder,
        env={"SCAFFOLD_HOME": str(folder / "scaffold-home")},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return make_layer(project / "backend" if kind == "module" else project, folder / "venv")


def layered_venv(folder: Path, layer: DependencyLayer) -> Path:
    """A venv without pip that sees the layer after its own site-packages; returns its python.

    Install into it with `<python> -m pip install ...` (pip comes from the layer).
    """
    venv.EnvBuilder(with_pip=False, clear=True).create(folder)
    site_packages = folder / layer.site_packages.relative_to(layer.venv)  # the same Python made both
    assert site_packages.is_dir(), f"no {site_packages}: the layer was made by another Python"
    (site_packages / PTH_NAME).write_text(f"{layer.site_packages}\n", encoding="utf-8")
    return folder / "bin" / "python"
