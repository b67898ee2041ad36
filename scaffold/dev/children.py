"""The processes `scaffold dev` starts: each in its own process group, output relayed line by line.

A service started with `--reload` is a supervisor plus a worker it respawns on every change, and
`npm run dev` is npm plus a shell plus node; signalling the direct child alone would orphan the
rest. So every child is started in a new session (its own process group), and stopping it means
SIGTERM to the whole group, a grace period, then SIGKILL to whatever is left of the group. The
terminal's Ctrl-C does not reach the groups (they are not in the foreground group): scaffold
decides when they stop, and stops them all, in reverse start order.

Output is read from a pipe by one thread per child and handed, a line at a time, to a callback
with the child's label; the callback (the CLI) prefixes and prints it. Nothing here prints.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

OutputSink = Callable[[str, str], None]
"""Called with (label, line) for every line a child writes (stdout and stderr merged)."""

MAX_LINE_BYTES = 64 << 10  # a longer line is passed on in pieces of this size
STOP_GRACE_SECONDS = 5.0


@dataclass(frozen=True)
class ChildCommand:
    """A process to start: `label` prefixes its output (`service`, `frontend`)."""

    label: str
    argv: Sequence[str]
    cwd: Path
    env: Mapping[str, str]


@dataclass
class Child:
    """A started child; its pid is also its process group id."""

    command: ChildCommand
    process: subprocess.Popen[bytes]
    reader: threading.Thread
    _stopped: bool = field(default=False, init=False)

    @property
    def label(self) -> str:
        return self.command.label

    @property
    def pid(self) -> int:
        return self.process.pid

    def exit_code(self) -> int | None:
        """None while the direct child runs."""
        return self.process.poll()

    def group_alive(self) -> bool:
        """Whether any process of the child's group is still running (zombies do not count)."""
        self.process.poll()  # reap the direct child if it has exited
        members = live_group_members(self.pid)
        if members is not None:
            return bool(members)
        try:  # no /proc: a group holding only zombies counts as alive until they are reaped
            os.killpg(self.pid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:  # a member we cannot signal is still a member
            return True
        return True

    def stop(self, grace: float | None = None) -> None:
        """SIGTERM the group, wait up to `grace` seconds for all of it, then SIGKILL the rest."""
        if self._stopped:
            return
        grace = STOP_GRACE_SECONDS if grace is None else grace
        self._stopped = True
        _signal_group(self.pid, signal.SIGTERM)
        deadline = time.monotonic() + grace
        while self.group_alive() and time.monotonic() < deadline:
            time.sleep(0.05)
        if self.group_alive():
            _signal_group(self.pid, signal.SIGKILL)
            deadline = time.monotonic() + grace
            while self.group_alive() and time.monotonic() < deadline:
                time.sleep(0.05)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=grace)
        self.reader.join(timeout=grace)


def live_group_members(pgid: int) -> list[int] | None:
    """Pids of the running (not zombie) processes of group `pgid`; None where /proc is missing.

    A zombie whose parent has died waits for the system's reaper, which in a container may never
    come; it runs nothing, so it does not keep a group "alive".
    """
    proc = Path("/proc")
    if not (proc / "self" / "stat").exists():
        return None
    members: list[int] = []
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text(encoding="ascii", errors="replace")
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()  # state ppid pgrp ... (the name may hold spaces)
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] not in ("Z", "X"):
            members.append(int(entry.name))
    return members


def _signal_group(pgid: int, signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signum)


def start_child(command: ChildCommand, sink: OutputSink) -> Child:
    """Start `command` in a new session with stdin closed and output relayed to `sink`.

    Raises OSError when the program cannot be executed (the caller turns it into one sentence).
    """
    process = subprocess.Popen(
        list(command.argv),
        cwd=command.cwd,
        env=dict(command.env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    assert process.stdout is not None  # PIPE was asked for
    reader = threading.Thread(
        target=_relay,
        args=(process.stdout, command.label, sink),
        name=f"scaffold-dev-{command.label}",
        daemon=True,
    )
    reader.start()
    return Child(command=command, process=process, reader=reader)


def _relay(stream: IO[bytes], label: str, sink: OutputSink) -> None:
    with stream:
        while True:
            try:
                raw = stream.readline(MAX_LINE_BYTES)
            except (OSError, ValueError):
                return
            if not raw:
                return
            line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
            with contextlib.suppress(Exception):  # a failing sink must not stop the relay
                sink(label, line)


class ChildGroup:
    """Children started together and always stopped together, newest first."""

    def __init__(self, sink: OutputSink) -> None:
        self._sink = sink
        self._children: list[Child] = []

    @property
    def children(self) -> list[Child]:
        return list(self._children)

    def start(self, command: ChildCommand) -> Child:
        child = start_child(command, self._sink)
        self._children.append(child)
        return child

    def exited(self) -> Child | None:
        """The first child whose direct process has exited, if any."""
        return next((child for child in self._children if child.exit_code() is not None), None)

    def stop_all(self) -> list[Child]:
        """Stop every child (each group SIGTERM, then SIGKILL); returns them in start order."""
        for child in reversed(self._children):
            child.stop()
        return list(self._children)
