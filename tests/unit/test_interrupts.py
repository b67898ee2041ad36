"""A signal whose KeyboardInterrupt is swallowed still ends a long loop (the flaky check --fuzz case).

Found on a clean-clone CI run: SIGINT during `check --fuzz` landed while Hypothesis's gc callback
ran; Python ignores exceptions raised in gc callbacks, the interrupt was lost and the run went on
until the test killed it.
"""

from __future__ import annotations

import gc
import signal
import sys
from typing import Any

import pytest

from scaffold.check.plugin_fuzz import _sender
from scaffold.interrupts import raise_if_interrupted, signals_interrupt

# the lost raise is exactly what Python reports as unraisable
pytestmark = pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")


def _signal_inside_a_gc_callback(signum: signal.Signals) -> None:
    """Deliver `signum` while a gc callback runs, as it happened under Hypothesis: its raise is lost."""
    fired: list[bool] = []

    def callback(phase: str, info: dict[str, Any]) -> None:
        if phase == "start" and not fired:
            fired.append(True)
            signal.raise_signal(signum)

    gc.callbacks.append(callback)
    try:
        gc.collect()  # "Exception ignored in: <function ... callback>": nothing reaches us here
    finally:
        gc.callbacks.remove(callback)
    assert fired


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM])
def test_a_swallowed_interrupt_is_raised_again_at_the_next_fuzz_case(signum: signal.Signals) -> None:
    send = _sender("http://127.0.0.1:9/api/v1", None, None, None, None, None)  # type: ignore[arg-type]
    with signals_interrupt():
        _signal_inside_a_gc_callback(signum)
        with pytest.raises(KeyboardInterrupt):
            send(object())  # before any request is built or sent


def test_the_record_ends_with_the_block_that_took_the_signal() -> None:
    with signals_interrupt():
        _signal_inside_a_gc_callback(signal.SIGINT)
        with pytest.raises(KeyboardInterrupt):
            raise_if_interrupted()
    raise_if_interrupted()  # a later command starts without the old signal
    with signals_interrupt():
        raise_if_interrupted()


def test_the_swallowed_interrupt_is_not_reported_but_other_unraisables_are(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found on a clean-clone CI run: "Exception ignored in: gc_callback ... Traceback ...
    KeyboardInterrupt" on stderr above the one sentence of an interrupted `check --fuzz`."""
    reported: list[type[BaseException] | None] = []
    monkeypatch.setattr(sys, "unraisablehook", lambda unraisable: reported.append(unraisable.exc_type))

    class RaisesWhenCollected:
        def __del__(self) -> None:
            raise ValueError("not ours")

    with signals_interrupt():
        _signal_inside_a_gc_callback(signal.SIGINT)
        assert reported == [], "our own interrupt, recorded and raised again: nothing to report"
        RaisesWhenCollected()  # dropped at once: its __del__ raises, which Python reports
        assert reported == [ValueError]
        with pytest.raises(KeyboardInterrupt):
            raise_if_interrupted()
    assert sys.unraisablehook is not None and reported == [ValueError]
    _signal_inside_a_gc_callback_outside_the_block_is_reported(reported)


def _signal_inside_a_gc_callback_outside_the_block_is_reported(
    reported: list[type[BaseException] | None],
) -> None:
    """Outside `signals_interrupt` the hook is the one before it again."""

    def callback(phase: str, info: dict[str, Any]) -> None:
        raise KeyboardInterrupt

    gc.callbacks.append(callback)
    try:
        gc.collect()
    finally:
        gc.callbacks.remove(callback)
    assert reported[-1] is KeyboardInterrupt
