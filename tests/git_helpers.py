"""git in a test project, with a throwaway identity (CI machines have none configured)."""

from __future__ import annotations

import subprocess
from pathlib import Path


def git(project: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=Dev", "-c", "user.email=dev@example.com", *args],
        cwd=project,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
