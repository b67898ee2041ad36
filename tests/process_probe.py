"""What a served process costs, read from Linux's /proc: which process serves a port, its peak
resident memory and its CPU time. For tests and benchmarks that measure a server they started
with tests/served_process.py (which sets its PORT), whatever its language.
"""

from __future__ import annotations

import os
import re
from pathlib import Path


def serving_pid(origin: str, command_part: bytes = b"") -> int:
    """The pid of the process started with PORT=<origin's port> whose command line holds
    `command_part` (a package, a script), found by its /proc/*/environ."""
    port = f"PORT={origin.rsplit(':', 1)[1]}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
            environ = (entry / "environ").read_bytes().split(b"\0")
        except OSError:
            continue
        if command_part in command and port in environ:
            return int(entry.name)
    named = f" with {command_part.decode()!r} in its command line" if command_part else ""
    raise AssertionError(f"no process{named} serves {origin}")


def peak_rss_mib(pid: int) -> float:
    """VmHWM: the most resident memory the process has had so far."""
    status = Path(f"/proc/{pid}/status").read_text(encoding="utf-8")
    found = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
    assert found is not None, status
    return int(found[1]) / 1024


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used so far (from /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
