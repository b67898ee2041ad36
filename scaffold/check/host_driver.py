"""Drive the harness in one page: steps with timeouts, and page/console errors by phase.

Each step is started in the page and polled with a Playwright timeout, so a loader that never
settles ends as a timed-out step. A page stuck in a JavaScript loop is worse: some Playwright
calls wait for the page's main thread without a timeout. Every page call therefore runs under a
watchdog that stops the renderer when the call overruns; the page is then marked dead and the
remaining steps report that instead of hanging the checker.

Every wait is also bounded by the run's deadline: a step waits at most what is left of it, and a
step the deadline cut short raises DeadlinePassed (after stopping the renderer, so closing the
page cannot hang on a busy one) for the run's driver to turn into SKIP lines.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from scaffold.host.browser import stop_renderers
from scaffold.host.deadline import Deadline, DeadlinePassed

if TYPE_CHECKING:
    from playwright.sync_api import ConsoleMessage, Page

WATCHDOG_GRACE_S = 2.0
SETTLE_TICK_MS = 50
_IDS = itertools.count(1)
T = TypeVar("T")


@dataclass(frozen=True)
class PageEvent:
    """A page error (uncaught exception) or a console error, with the phase it happened in."""

    phase: str
    kind: str
    text: str

    def describe(self) -> str:
        text = self.text.strip().splitlines()[0] if self.text.strip() else "(empty)"
        return f"{self.kind}: {text[:240]}"


@dataclass(frozen=True)
class StepResult:
    ok: bool
    value: Any = None
    error: str | None = None


class PageStuck(Exception):
    """A page call overran its watchdog and the renderer was stopped."""


class HostDriver:
    """One host page: `step()` runs a harness step; `events_in()` gives that phase's errors."""

    def __init__(self, page: Page, timeout_ms: int, deadline: Deadline | None = None) -> None:
        self.page = page
        self.timeout_ms = timeout_ms
        self.deadline = deadline or Deadline(None)
        self.phase = "setup"
        self.events: list[PageEvent] = []
        self.dead: str | None = None
        page.on("pageerror", self._on_page_error)
        page.on("console", self._on_console)
        page.on("crash", self._on_crash)
        self.inflight = 0
        page.on("request", self._on_request)
        page.on("requestfinished", self._on_request_done)
        page.on("requestfailed", self._on_request_done)

    def _on_request(self, _request: Any) -> None:
        self.inflight += 1

    def _on_request_done(self, _request: Any) -> None:
        self.inflight = max(0, self.inflight - 1)

    def _on_page_error(self, error: Any) -> None:
        self.events.append(PageEvent(self.phase, "page error", str(getattr(error, "message", error))))

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.events.append(PageEvent(self.phase, "console error", message.text))

    def _on_crash(self, _page: Any) -> None:
        if self.dead is None:
            self.dead = f"the page crashed during {self.phase}"

    def limit_ms(self, timeout_ms: int | None = None) -> int:
        """The wait for one call: its timeout, or what is left of the run's deadline if less.

        Raises DeadlinePassed when nothing is left.
        """
        wanted = timeout_ms or self.timeout_ms
        return max(1, int(self.deadline.limit(wanted / 1000) * 1000))

    def cut_short(self) -> DeadlinePassed:
        """The error to raise for a call the deadline cut short; the renderer is stopped first."""
        stop_renderers()
        self.dead = self.deadline.reason
        return DeadlinePassed(self.deadline.reason)

    def guarded(self, call: Callable[[], T], what: str) -> T:
        """Run a Playwright page call; stop the renderer if it overruns the step timeout."""
        from playwright.sync_api import Error as PlaywrightError

        if self.dead is not None:
            raise PageStuck(self.dead)
        limit_ms = self.limit_ms()
        fired = threading.Event()

        def expire() -> None:
            fired.set()
            stop_renderers()

        timer = threading.Timer(limit_ms / 1000 + WATCHDOG_GRACE_S, expire)
        timer.daemon = True
        timer.start()
        try:
            return call()
        except PlaywrightError:
            if fired.is_set():
                if self.deadline.expired:
                    raise self.cut_short() from None
                self.dead = f"the page stopped responding ({what} in {self.phase}; a busy loop?); its renderer was stopped"
                raise PageStuck(self.dead) from None
            raise
        finally:
            timer.cancel()

    def open(self, url: str) -> StepResult:
        from playwright.sync_api import Error as PlaywrightError

        def load() -> Any:
            self.page.goto(url, wait_until="load", timeout=self.limit_ms())
            return self.page.evaluate("() => !!(window.__scaffold && window.React && window.ReactDOM)")

        try:
            ready = self.guarded(load, "the host page load")
        except (PlaywrightError, PageStuck) as exc:
            return StepResult(False, error=_first_line(exc))
        return StepResult(bool(ready), error=None if ready else "the host page did not initialise")

    def set_phase(self, phase: str) -> None:
        """Errors and callback calls from now on belong to `phase` (sent to the page with each step)."""
        self.phase = phase

    def step(self, name: str, *args: Any, timeout_ms: int | None = None) -> StepResult:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

        wanted = timeout_ms or self.timeout_ms
        limit = self.limit_ms(wanted)
        step_id = f"s{next(_IDS)}"

        def start() -> Any:
            # evaluate returns as soon as start() has scheduled the step (setTimeout 0).
            return self.page.evaluate(
                "([id, step, args, phase]) => window.__scaffold.start(id, step, args, phase)",
                [step_id, name, list(args), self.phase],
            )

        def poll() -> Any:
            handle = self.page.wait_for_function(
                "id => window.__scaffold.result(id)", arg=step_id, timeout=limit, polling=50
            )
            return handle.json_value()

        try:
            self.guarded(start, name)
            outcome = self.guarded(poll, name)
        except PlaywrightTimeoutError:
            if limit < wanted:
                raise self.cut_short() from None
            return StepResult(False, error=f"did not settle within {limit / 1000:g} s")
        except (PlaywrightError, PageStuck) as exc:
            return StepResult(False, error=_first_line(exc))
        if not isinstance(outcome, dict):
            return StepResult(False, error=f"unexpected step result {outcome!r}")
        return StepResult(bool(outcome.get("ok")), outcome.get("value"), outcome.get("error"))

    def settle(self, minimum_ms: int, maximum_ms: int = 3000) -> None:
        """Let effects, timers and fetches finish: at least `minimum_ms`, then until no request
        is in flight (at most `maximum_ms`). Page events keep arriving while we wait."""
        if self.dead is None:
            waited = 0
            limit = min(maximum_ms, self.timeout_ms)
            while (waited < minimum_ms or (self.inflight and waited < limit)) and not self.deadline.expired:
                self.page.wait_for_timeout(SETTLE_TICK_MS)
                waited += SETTLE_TICK_MS

    def events_in(self, *phases: str) -> list[PageEvent]:
        return [e for e in self.events if e.phase in phases]


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
