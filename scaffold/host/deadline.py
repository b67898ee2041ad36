"""The whole-run deadline of a run: one clock every request and browser step is bounded by.

A per-request timeout alone does not bound a run: a service that accepts connections and never
answers costs one timeout per request, and a plugin run makes about a hundred of them. So a run
has one `Deadline`; each network call and browser step waits at most what is left of it, and when
it has passed, the call raises `DeadlinePassed` instead of starting. The run's driver
(`check_plugin`, `check_module`) catches it and reports every check not yet run as SKIP with
`Deadline.reason`.

It lives in the platform emulation because every call of `HttpClient` is bounded by it; `dev`'s
calls pass no deadline (`seconds=None`), `check`'s runs pass their own (scaffold/check/run_limits.py).
`DeadlinePassed` is control flow inside a run, like `PageStuck` in check's host_driver: it never
reaches the CLI, so it is not part of scaffold's error hierarchy.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field


class DeadlinePassed(Exception):
    """The run's deadline passed before or during a call; the run must stop and skip the rest."""


@dataclass
class Deadline:
    """`seconds` from creation; `None` means no deadline (library callers that bound runs themselves)."""

    seconds: float | None
    started: float = field(default_factory=time.monotonic)

    @property
    def reason(self) -> str:
        """The SKIP detail of every check the deadline cut off."""
        return f"the whole-run deadline of {self.seconds:g} s passed"

    def remaining(self) -> float:
        if self.seconds is None:
            return float("inf")
        return self.seconds - (time.monotonic() - self.started)

    @property
    def expired(self) -> bool:
        return self.remaining() <= 0

    def check(self) -> None:
        """Raise DeadlinePassed when the deadline has passed; call before starting any wait."""
        if self.expired:
            raise DeadlinePassed(self.reason)

    def limit(self, timeout: float) -> float:
        """The wait allowed for one call: `timeout`, or less when less of the run is left.

        Raises DeadlinePassed when nothing is left, so a call never starts after the deadline.
        """
        self.check()
        return min(timeout, self.remaining())

    def cut_short(self, timeout: float, limit: float) -> bool:
        """True when a call that ran out of time was bounded by the deadline, not its own timeout."""
        # The call waited `limit`, which was all that was left: the deadline has passed, give or
        # take the clock's resolution, so no second look at the clock is needed.
        return limit < timeout
