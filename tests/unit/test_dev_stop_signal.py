"""Ctrl-C or SIGTERM always stops `scaffold dev`, whenever it lands (scaffold.cli.dev_cmd).

Found: a CI run's `scaffold dev plugin URL` ignored SIGINT for a minute until the test killed it.
The handler set the stop event, and Event.set() takes the event's lock, which the main thread
holds while it enters stop.wait(): a signal landing there made the handler wait on its own
thread. The case is made exact here: the main thread holds that lock when the signal arrives. It
runs in a child process, so the deadlock it guards against fails the test instead of hanging it.
"""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO

CHILD = """
import os, signal
from scaffold.cli.dev_cmd import _stop_on_signals

with _stop_on_signals() as stop:
    with stop._cond:  # what Event.wait() holds as it starts waiting (a private name, on purpose)
        os.kill(os.getpid(), signal.SIGINT)
        for _ in range(1000):  # the handler runs between these bytecodes, the lock still held
            pass
    print("stopped" if stop.wait(10) else "not stopped")
"""


def test_a_signal_landing_while_the_stop_event_is_locked_still_stops_dev() -> None:
    result = subprocess.run(
        [sys.executable, "-c", CHILD],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    assert result.returncode == 0 and result.stdout.strip() == "stopped", result.stdout + result.stderr
