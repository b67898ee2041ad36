"""A release adds changes in proportion to what changed, and the maintainer's refresh reads the
released version back from git by its tree id."""

from __future__ import annotations

import subprocess
from pathlib import Path

from scaffold.projects.templates.store import ensure_store
from scripts.release_template import refresh, release


def _git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout


def test_release_then_refresh_from_git_keeps_the_released_version(tmp_path: Path, fresh_home: Path) -> None:
    root = tmp_path / "templates"
    project = root / "demo" / "project"
    project.mkdir(parents=True)
    (root / "demo" / "copier.yml").write_text("_subdirectory: project\n", encoding="utf-8")
    lines = [f"line {n}\n" for n in range(200)]
    (project / "big.txt").write_text("".join(lines), encoding="utf-8")
    (project / "run.sh").write_text("echo hi\n", encoding="utf-8")
    (root / "versions.yaml").write_text("demo: 1.0.0\n", encoding="utf-8")
    _git(tmp_path, "init", "--quiet")
    _git(tmp_path, "add", ".")
    _git(tmp_path, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "1.0.0")

    changes = release("demo", "1.1.0", root)
    # the working template is the released version right now: no change, only the format's header
    assert [
        line for line in changes.read_text(encoding="utf-8").splitlines() if not line.startswith("#")
    ] == ["scaffold template changes 1"]
    lines[100] = "changed\n"
    (project / "big.txt").write_text("".join(lines), encoding="utf-8")
    (project / "run.sh").chmod(0o755)
    (project / "new.txt").write_text("new in 1.1.0\n", encoding="utf-8")
    refresh("demo", root)

    text = changes.read_text(encoding="utf-8")
    assert "edit project/big.txt\n@ 101 1\n+line 100\n" in text
    assert "delete project/new.txt\n" in text and "mode project/run.sh 644\n" in text
    assert len(text.splitlines()) < 10, "the changes carry the change, not the 200-line file"
    store = ensure_store("demo", root).path
    assert _git(store, "show", "v1.0.0:project/big.txt") == "".join(f"line {n}\n" for n in range(200))
    assert "100644 blob" in _git(store, "ls-tree", "v1.0.0", "project/run.sh")
    assert "100755 blob" in _git(store, "ls-tree", "v1.1.0", "project/run.sh")
    assert _git(store, "ls-tree", "--name-only", "v1.0.0", "project/") == "project/big.txt\nproject/run.sh\n"
