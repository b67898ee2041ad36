"""Freshly generated projects for the conformance tests: one plugin, one module, made once.

Their package names are unique to these tests, so importing their apps in-process cannot clash
with a package another test generated.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold


@dataclass(frozen=True)
class Generated:
    root: Path  # the project folder (where .scaffold/ and schemathesis.toml are)
    package: str
    source: Path  # the folder that holds the package and tests/ (backend/ for a module)

    @property
    def contract(self) -> Path:
        return self.root / ".scaffold" / "contract.yaml"


def _generate(kind: str, name: str, base: Path, home: Path) -> Generated:
    root = base / name
    result = run_scaffold([kind, str(root), "--defaults"], env={"SCAFFOLD_HOME": str(home)})
    assert result.returncode == 0, result.stdout + result.stderr
    package = name.replace("-", "_")
    source = root / "backend" if kind == "new-module" else root
    return Generated(root=root, package=package, source=source)


@pytest.fixture(scope="session")
def plugin_project(tmp_path_factory: pytest.TempPathFactory) -> Generated:
    base = tmp_path_factory.mktemp("conformance-plugin")
    return _generate("new-plugin", "conformance-sales", base, base / "home")


@pytest.fixture(scope="session")
def module_project(tmp_path_factory: pytest.TempPathFactory) -> Generated:
    base = tmp_path_factory.mktemp("conformance-module")
    return _generate("new-module", "conformance-map", base, base / "home")


@pytest.fixture(scope="session")
def importable(plugin_project: Generated, module_project: Generated) -> Iterator[None]:
    """Both generated packages importable in this process (as `pip install -e` would make them)."""
    added = [str(plugin_project.source), str(module_project.source)]
    sys.path[:0] = added
    yield
    for entry in added:
        sys.path.remove(entry)
