"""The template store commits exactly the bytes of each version, whatever the files' timestamps,
and refuses a past version its changes no longer rebuild."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from scaffold.errors import TemplateError
from scaffold.projects.templates.store import ensure_store
from scripts.release_template import refresh, release


def _template(folder: Path, port: str) -> None:
    (folder / "project").mkdir(parents=True)
    (folder / "copier.yml").write_text("_subdirectory: project\n", encoding="utf-8")
    (folder / "project" / "Dockerfile").write_text(f"EXPOSE {port}\n", encoding="utf-8")


def test_versions_with_same_size_and_mtime_are_both_committed(tmp_path: Path) -> None:
    """A fresh clone or wheel install gives every file one mtime; 8080 -> 8090 keeps the size.

    git's index would call the newer file unchanged, and the store tagged the old bytes as new.
    """
    root = _released_and_edited(tmp_path, "8090")
    for path in root.rglob("*"):
        os.utime(path, (1_700_000_000, 1_700_000_000))
    source = ensure_store("demo", root)

    def show(tag: str) -> str:
        return subprocess.run(
            ["git", "show", f"{tag}:project/Dockerfile"],
            cwd=source.path,
            capture_output=True,
            text=True,
            check=True,
        ).stdout

    assert show("v1.0.0") == "EXPOSE 8080\n"
    assert show("v1.1.0") == "EXPOSE 8090\n"


def _released_and_edited(tmp_path: Path, port: str) -> Path:
    """demo 1.0.0 (EXPOSE 8080) released the way a maintainer does, then edited as 1.1.0."""
    root = tmp_path / "templates"
    _template(root / "demo", "8080")
    (root / "versions.yaml").write_text("demo: 1.0.0\n", encoding="utf-8")
    shutil.copytree(root / "demo", tmp_path / "released")
    release("demo", "1.1.0", root)
    (root / "demo" / "project" / "Dockerfile").write_text(f"EXPOSE {port}\n", encoding="utf-8")
    refresh("demo", root, released=tmp_path / "released")
    return root


def test_changes_that_no_longer_fit_are_refused(tmp_path: Path) -> None:
    """Editing the template after its changes were written: the store is not built from a wrong base."""
    root = _released_and_edited(tmp_path, "8090")
    (root / "demo" / "project" / "Dockerfile").unlink()
    with pytest.raises(TemplateError) as refused:
        ensure_store("demo", root)
    assert refused.value.message == (
        "scaffold cannot rebuild its demo template 1.0.0, which upgrades start from: "
        "1.0.0.changes does not apply (project/Dockerfile is not a file of the newer version)"
    )
    assert "release_template.py --refresh demo" in (refused.value.hint or "")


def test_changes_giving_other_files_are_refused(tmp_path: Path) -> None:
    root = _released_and_edited(tmp_path, "8090")
    (root / "demo" / "project" / "extra.txt").write_text("not in 1.0.0\n", encoding="utf-8")
    with pytest.raises(TemplateError, match=r"1\.0\.0\.changes gives other files than were released"):
        ensure_store("demo", root)
    (root / "demo" / "project" / "extra.txt").unlink()
    (root / "demo" / "project" / "Dockerfile").write_text("EXPOSE 9999\nEXPOSE 8090\n", encoding="utf-8")
    with pytest.raises(TemplateError, match=r"1\.0\.0\.changes gives other files than were released"):
        ensure_store("demo", root)  # the changes fit the line numbers, not the released bytes


def test_a_store_without_the_current_marker_is_rebuilt(tmp_path: Path) -> None:
    root = tmp_path / "templates"
    _template(root / "demo", "8090")
    (root / "versions.yaml").write_text("demo: 1.0.0\n", encoding="utf-8")
    source = ensure_store("demo", root)
    marker = next((source.path / ".git").glob("scaffold-store*.json"))
    marker.rename(marker.with_name("scaffold-store.json"))  # what an older scaffold wrote
    (source.path / "stray").write_text("from an old build", encoding="utf-8")
    rebuilt = ensure_store("demo", root)
    assert not (rebuilt.path / "stray").exists()
