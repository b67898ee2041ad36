"""Run the scaffold CLI in a child process, as a user's shell would."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

from tests.conftest import REPO


def run_scaffold(
    args: Sequence[str],
    *,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    executable: Sequence[str] | None = None,
    timeout: float = 300,
    input_text: str | None = None,
) -> subprocess.CompletedProcess[str]:
    command = [*(executable or [sys.executable, "-m", "scaffold"]), *args]
    full_env = {**os.environ, **(env or {})}
    if executable is None:
        full_env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), full_env.get("PYTHONPATH")]))
    return subprocess.run(
        command,
        cwd=cwd,
        env=full_env,
        capture_output=True,
        text=True,
        timeout=timeout,
        input=input_text,
        check=False,
    )
