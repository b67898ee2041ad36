"""The remembered template requirement names: the same names as parsing, and parsed again on change."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scaffold import user_cache
from scaffold.projects import dependency_names
from tests.conftest import REPO


@pytest.fixture(autouse=True)
def fresh_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    home = tmp_path / "scaffold-home"
    monkeypatch.setenv("SCAFFOLD_HOME", str(home))
    yield home


def _parsed(kind: str, root: Path | None = None) -> list[str]:
    requirements = dependency_names.template_requirements(kind, root)
    return sorted({dependency_names._as_import(r.name) for r in requirements})


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_remembered_names_equal_parsed_names(kind: str) -> None:
    expected = _parsed(kind)
    assert dependency_names._template_import_names(kind) == expected  # miss
    key = dependency_names._names_key(kind)
    assert key is not None
    assert user_cache.read_entry(dependency_names.CACHE_KIND, key) is not None
    assert dependency_names._template_import_names(kind) == expected  # hit


def test_an_edited_template_pyproject_is_parsed_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scaffold.resources import templates_root

    root = tmp_path / "templates"
    shutil.copytree(templates_root() / "plugin-python" / "project", root / "plugin-python" / "project")
    monkeypatch.setattr(dependency_names, "templates_root", lambda: root)
    before = dependency_names._template_import_names("plugin")
    pyproject = next(iter(sorted((root / "plugin-python" / "project").rglob("pyproject.toml*"))))
    text = pyproject.read_text(encoding="utf-8")
    assert "dependencies = [" in text
    pyproject.write_text(text.replace("dependencies = [", 'dependencies = [\n    "acme-extra-dep>=1",', 1))
    after = dependency_names._template_import_names("plugin")
    assert "acme_extra_dep" in after
    assert "acme_extra_dep" not in before
    assert after == _parsed("plugin", root)


def test_a_damaged_entry_is_parsed_again(fresh_home: Path) -> None:
    expected = dependency_names._template_import_names("plugin")
    key = dependency_names._names_key("plugin")
    assert key is not None
    entry = user_cache.entry_path(dependency_names.CACHE_KIND, key)
    entry.write_bytes(entry.read_bytes().replace(b'"', b"'"))
    assert dependency_names._template_import_names("plugin") == expected


def test_a_hit_imports_neither_packaging_nor_importlib_metadata(fresh_home: Path) -> None:
    probe = (
        "import sys\n"
        "from scaffold.projects.dependency_names import shadowed_imports\n"
        "assert 'pydantic' in shadowed_imports('plugin')\n"
        "print(sorted(m for m in ('packaging.requirements', 'importlib.metadata') if m in sys.modules))\n"
    )
    runs = [
        subprocess.run(
            [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    ]
    assert runs[1] == "[]"
