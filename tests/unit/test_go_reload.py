"""scaffold's reload loop for Go services (scaffold/dev/runners/go_reload.py), with a stand-in build.

Found (issue 40): one failed build was reported twice ("[go] the build failed" twice under `scaffold
dev`). The loop decided by modification times alone, so sources written again unchanged (an
editor's second write of one save, its format-on-save, a `touch`) ran the same failing build once
more and printed its failure again. It now builds when the watched files' contents differ from
those of the last build it ran; a real change still builds.

The build here is a Python one-liner that fails, the service a `sleep`: no Go toolchain needed.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

FAILED = "[go] the build failed"
BUILDING = "[go] a source changed: building"


def _wait_for(output: Path, text: str, count: int, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if output.read_text(encoding="utf-8").count(text) >= count:
            return
        time.sleep(0.1)
    raise AssertionError(
        f"{text!r} not {count} times within {seconds:g} s:\n{output.read_text(encoding='utf-8')}"
    )


def test_one_failed_build_is_reported_once_and_a_real_change_builds_again(tmp_path: Path) -> None:
    root = tmp_path / "project"
    root.mkdir()
    source = root / "main.go"
    source.write_text("package main\n", encoding="utf-8")
    service = tmp_path / "service"
    service.write_text("#!/bin/sh\nexec sleep 600\n", encoding="utf-8")
    service.chmod(0o755)
    build = [sys.executable, "-c", "import sys; print('main.go:2:1: syntax error'); sys.exit(1)"]
    output = tmp_path / "reload.log"
    with output.open("wb") as sink:
        loop = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "scaffold.dev.runners.go_reload",
                "--root",
                str(root),
                "--binary",
                str(service),
                "--",
                *build,
            ],
            stdout=sink,
            stderr=subprocess.STDOUT,
        )
    try:
        time.sleep(1.0)  # the loop's first snapshot
        source.write_text("package main\n\nthis is not Go\n", encoding="utf-8")
        _wait_for(output, FAILED, 1)
        time.sleep(0.2)
        source.write_text(
            "package main\n\nthis is not Go\n", encoding="utf-8"
        )  # the same save, written again
        time.sleep(3.0)  # six polls
        log = output.read_text(encoding="utf-8")
        assert log.count(FAILED) == 1 and log.count(BUILDING) == 1, log

        source.write_text("package main\n\nstill not Go\n", encoding="utf-8")  # a real change
        _wait_for(output, FAILED, 2)
        assert output.read_text(encoding="utf-8").count(BUILDING) == 2
    finally:
        loop.send_signal(signal.SIGTERM)
        loop.wait(30)
    assert loop.returncode == 0
