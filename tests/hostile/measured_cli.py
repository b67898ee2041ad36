"""Run the scaffold CLI as a user's shell would, and measure the child's peak memory (its ru_maxrss).

The peak is read from `os.wait4` for that one child, so other processes the test run started do
not count. The child's address space is capped (`ADDRESS_SPACE_CAP`) so a run that would balloon
(as the old code did: 5.9 GB) stops at a MemoryError instead of starving the shared machine; the
cap is far above the 300 MiB a bounded run may use, so it never decides a test by itself.
"""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from tests.conftest import REPO

ADDRESS_SPACE_CAP = 4 * 1024 * 1024 * 1024
PEAK_LIMIT_MIB = 300


@dataclass(frozen=True)
class Measured:
    """How a scaffold run ended: exit code, output, peak resident memory in MiB, wall seconds."""

    returncode: int
    stdout: str
    stderr: str
    peak_mib: float
    seconds: float

    def describe(self) -> str:
        return (
            f"exit {self.returncode}, peak {self.peak_mib:.0f} MiB, {self.seconds:.1f} s\n"
            f"stdout: {self.stdout[-2000:]}\nstderr: {self.stderr[-2000:]}"
        )


class RunningScaffold:
    """A scaffold CLI child with its output in files (no pipe can fill up and stall it)."""

    def __init__(
        self,
        args: Sequence[str],
        *,
        cwd: Path | None = None,
        entry: Sequence[str] = ("-m", "scaffold"),
        env: Mapping[str, str] | None = None,
    ) -> None:
        cwd = cwd or REPO
        self._folder = tempfile.TemporaryDirectory(prefix="scaffold-measured-")
        folder = Path(self._folder.name)
        self._out_path, self._err_path = folder / "stdout", folder / "stderr"
        env = {
            **os.environ,
            **(env or {}),
            "PYTHONPATH": os.pathsep.join(filter(None, [str(cwd), os.environ.get("PYTHONPATH")])),
        }
        self.started = time.monotonic()
        with self._out_path.open("wb") as out, self._err_path.open("wb") as err:
            self.process = subprocess.Popen(
                [sys.executable, *entry, *args],
                cwd=cwd,
                env=env,
                stdout=out,
                stderr=err,
                stdin=subprocess.DEVNULL,
                preexec_fn=_cap_address_space,
            )

    def stdout(self) -> str:
        return self._out_path.read_text(encoding="utf-8", errors="replace")

    def wait_for_output(self, text: str, timeout: float) -> bool:
        """True once `text` is in stdout or stderr; False when the child exits or time runs out first."""
        ends = time.monotonic() + timeout
        while time.monotonic() < ends:
            if text in self.stdout() or text in self._err_path.read_text(errors="replace"):
                return True
            if not self.alive():
                return False
            time.sleep(0.05)
        return False

    def alive(self) -> bool:
        """Whether the child still runs, without reaping it (its rusage is read by `finish`)."""
        return os.waitid(os.P_PID, self.process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is None

    def signal(self, signum: signal.Signals) -> None:
        os.kill(self.process.pid, signum)  # not Popen.send_signal: its poll() would reap the child

    def finish(self, timeout: float) -> Measured:
        """Wait for the child (killing it after `timeout` s) and report how it ended."""
        ends = time.monotonic() + timeout
        status, usage, killed = 0, None, False
        while usage is None:
            pid, status, rusage = os.wait4(self.process.pid, os.WNOHANG)
            if pid:
                usage = rusage
            elif time.monotonic() > ends and not killed:
                os.kill(self.process.pid, signal.SIGKILL)  # not Popen.kill: it would reap the child
                killed = True
            else:
                time.sleep(0.05)
        self.process.returncode = os.waitstatus_to_exitcode(status)
        seconds = time.monotonic() - self.started
        measured = Measured(
            returncode=self.process.returncode,
            stdout=self.stdout(),
            stderr=self._err_path.read_text(encoding="utf-8", errors="replace"),
            peak_mib=usage.ru_maxrss / 1024,  # Linux reports KiB
            seconds=seconds,
        )
        self._folder.cleanup()
        return measured


def run_measured(args: Sequence[str], *, timeout: float = 120) -> Measured:
    return RunningScaffold(args).finish(timeout)


def _cap_address_space() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE_CAP, ADDRESS_SPACE_CAP))
