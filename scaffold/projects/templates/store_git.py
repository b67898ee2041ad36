"""Running git for the template store and its history, with the user's git settings off.

The store (template_store) and the rebuild of past template versions (template_history) both run
git on files scaffold ships. The user's own git settings (hooks, filters, autocrlf, diff options)
must neither run nor change a byte there, and commits must be reproducible (fixed author and
date), so every call goes through `run_git` here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from scaffold.errors import TemplateError, ToolMissingError

FIXED_DATE = "2026-01-01T00:00:00+00:00"


def run_git(cwd: Path, *args: str) -> str:
    """git's output as text; a failure raises TemplateError naming the folder."""
    return run_git_bytes(cwd, *args).decode("utf-8", errors="replace")


def run_git_bytes(cwd: Path, *args: str) -> bytes:
    """git's output as bytes (a binary patch must reach its file unchanged)."""
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "scaffold",
        "GIT_AUTHOR_EMAIL": "scaffold@localhost",
        "GIT_COMMITTER_NAME": "scaffold",
        "GIT_COMMITTER_EMAIL": "scaffold@localhost",
        "GIT_AUTHOR_DATE": FIXED_DATE,
        "GIT_COMMITTER_DATE": FIXED_DATE,
        "GIT_CONFIG_NOSYSTEM": "1",
        # The user's own git settings (hooks, filters, autocrlf) must neither run nor change bytes.
        "GIT_CONFIG_GLOBAL": os.devnull,
    }
    result = subprocess.run(
        [
            "git",
            *("-c", "commit.gpgsign=false", "-c", "tag.gpgsign=false"),
            *("-c", f"core.hooksPath={os.devnull}", "-c", "core.fsmonitor=false"),
            *args,
        ],
        cwd=cwd,
        env=env,
        capture_output=True,
        check=False,
    )
    if result.returncode != 0:
        stderr = result.stderr.decode("utf-8", errors="replace").strip()
        raise TemplateError(
            f"git {args[0]} failed in the template store {cwd}: {stderr}",
            hint=f"Delete {cwd} and run the command again.",
        )
    return result.stdout


def require_git() -> None:
    if shutil.which("git") is None:
        raise ToolMissingError(
            "git is not installed; scaffold keeps template versions in a git repository",
            hint="Install git (e.g. apt-get install -y git) and run the command again.",
        )
