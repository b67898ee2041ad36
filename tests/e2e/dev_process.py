"""A `scaffold dev` process started from the installed CLI, as a terminal starts it, for e2e tests.

Shared by the dev tests of every language (tests/e2e/test_dev_cli.py, test_new_plugin_go.py): the
lines it prints, the URLs in them, Ctrl-C to its process group, and the processes left behind.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tests.e2e.conftest import InstalledScaffold

URL_LINE = re.compile(r"^(service|page):\s+(http://\S+)")


@dataclass
class Dev:
    """A running `scaffold dev`: its process, the lines it printed (stdout and stderr merged)."""

    process: subprocess.Popen[str]
    lines: list[str] = field(default_factory=list)
    _reader: threading.Thread | None = None

    def start_reading(self) -> None:
        def read() -> None:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                self.lines.append(line.rstrip("\n"))

        self._reader = threading.Thread(target=read, daemon=True)
        self._reader.start()

    def urls(self, timeout: float = 120) -> dict[str, str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = dict(match.groups() for line in list(self.lines) if (match := URL_LINE.match(line)))
            if "page" in found:
                return found
            assert self.process.poll() is None, "scaffold dev exited:\n" + "\n".join(self.lines)
            time.sleep(0.1)
        raise AssertionError("no URLs within the time:\n" + "\n".join(self.lines))

    def interrupt(self, signum: int = signal.SIGINT, timeout: float = 30) -> int:
        os.killpg(self.process.pid, signum)  # what a terminal's Ctrl-C does: the foreground group
        code = self.process.wait(timeout=timeout)
        if self._reader is not None:
            self._reader.join(timeout=10)
        return code


def start_dev(installed: InstalledScaffold, args: list[str], cwd: Path, env: dict[str, str]) -> Dev:
    process = subprocess.Popen(
        [*installed.scaffold, "dev", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its own group, like a shell job; killpg below is Ctrl-C
    )
    dev = Dev(process)
    dev.start_reading()
    return dev


def processes_under(folder: Path) -> list[str]:
    """Command lines of running processes that mention `folder` (zombies excluded)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, IndexError):
            continue
        if state not in ("Z", "X") and str(folder) in command:
            found.append(command)
    return found


def wait_for(condition, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen within {timeout} s")


STOPPED = re.compile(r"^scaffold dev stopped: the service \(pid (\d+)\) and the page are stopped\.$")


def stop_with_ctrl_c(dev: Dev, service: str) -> None:
    """Ctrl-C ends `scaffold dev` with exit 0 and one closing line, its last; the service's
    process group is gone, its URL answers nothing, and no traceback was printed."""
    from scaffold.dev.children import live_group_members

    assert dev.interrupt(signal.SIGINT) == 0, "\n".join(dev.lines)
    closing = [line for line in dev.lines if STOPPED.match(line)]
    assert len(closing) == 1 and dev.lines[-1] == closing[0], "\n".join(dev.lines[-15:])
    service_pid = int(STOPPED.match(closing[0]).group(1))  # type: ignore[union-attr]
    assert live_group_members(service_pid) == []
    try:
        urllib.request.urlopen(service + "/well-known", timeout=2)
    except OSError:
        pass
    else:
        raise AssertionError(f"{service} still answers after Ctrl-C")
    assert not any("Traceback" in line for line in dev.lines)
