"""The template store commits exactly the bytes of each version, whatever the files' timestamps."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from scaffold.projects.template_store import ensure_store


def _template(folder: Path, port: str) -> None:
    (folder / "project").mkdir(parents=True)
    (folder / "copier.yml").write_text("_subdirectory: project\n", encoding="utf-8")
    (folder / "project" / "Dockerfile").write_text(f"EXPOSE {port}\n", encoding="utf-8")


def test_versions_with_same_size_and_mtime_are_both_committed(tmp_path: Path) -> None:
    """A fresh clone or wheel install gives every file one mtime; 8080 -> 8090 keeps the size.

    git's index would call the newer file unchanged, and the store tagged the old bytes as new.
    """
    root = tmp_path / "templates"
    _template(root / "history" / "demo" / "1.0.0", "8080")
    _template(root / "demo", "8090")
    (root / "versions.yaml").write_text("demo: 1.1.0\n", encoding="utf-8")
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
