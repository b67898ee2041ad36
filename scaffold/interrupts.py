"""Ctrl-C and SIGTERM as scaffold's commands take them: an exception where the command runs, and a record.

A signal handler raises KeyboardInterrupt wherever the main thread is. That is almost always
where the command can act on it, but not always: Python ignores an exception raised inside a
garbage-collector callback ("Exception ignored in: gc_callback"), and Hypothesis runs one during
`check --fuzz`; a signal that lands there was lost and the run went on until it was killed. So
the handler also records the signal, and long loops call `raise_if_interrupted` between steps:
a raise swallowed anywhere is raised again at the next step. Python also prints such a swallowed
raise, with its traceback, on stderr (`sys.unraisablehook`): while the handler is set, that report
is dropped for our own KeyboardInterrupt (the signal is recorded and acted on) and kept for
everything else.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from types import FrameType
from typing import Any

# A plain flag, not a threading.Event: the handler runs on the main thread, and an Event's lock
# held there when a second signal lands would deadlock it (scaffold.cli.dev_cmd, found in CI).
_INTERRUPTED = [False]
_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _raise_interrupt(signum: int, frame: FrameType | None) -> None:
    _INTERRUPTED[0] = True
    raise KeyboardInterrupt


def raise_if_interrupted() -> None:
    """Raise KeyboardInterrupt again if a signal came while `signals_interrupt` held (its raise may be lost)."""
    if _INTERRUPTED[0]:
        raise KeyboardInterrupt


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """Ctrl-C and SIGTERM raise KeyboardInterrupt here, so both reach this step's own undo."""
    _INTERRUPTED[0] = False
    saved = {sig: signal.signal(sig, _raise_interrupt) for sig in _SIGNALS}
    previous_hook = sys.unraisablehook

    def quiet_about_our_interrupt(unraisable: Any) -> None:
        """Found in CI: a Ctrl-C during `check --fuzz` landed in Hypothesis's gc callback and
        Python printed "Exception ignored in: ... Traceback ... KeyboardInterrupt" above the one
        sentence. The raise is not lost (recorded, raised again at the next step): say nothing."""
        if unraisable.exc_type is KeyboardInterrupt and _INTERRUPTED[0]:
            return
        previous_hook(unraisable)

    sys.unraisablehook = quiet_about_our_interrupt
    try:
        yield
    finally:
        sys.unraisablehook = previous_hook
        for sig, handler in saved.items():
            signal.signal(sig, handler)
        _INTERRUPTED[0] = False


@contextlib.contextmanager
def signals_ignored() -> Iterator[None]:
    """A second Ctrl-C must not cut a rollback short."""
    saved = {sig: signal.signal(sig, signal.SIG_IGN) for sig in _SIGNALS}
    try:
        yield
    finally:
        for sig, handler in saved.items():
            signal.signal(sig, handler)
