"""The result model of a conformance run, and its two renderings (text lines and JSON).

A check never prints or raises for a contract breach: it records a `CheckResult`. That keeps the
checks composable (one run of many checks, one report) and lets the CLI decide how to show it.

A run declares its plan (`expect`) before it starts, so when it has to stop early (the first
request got no usable answer, or the whole-run deadline passed) every check it did not run still
gets a line: SKIP with the reason (`skip_unfinished`). A listener sees each result as it is added,
which is how the CLI prints one line per check as it finishes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scaffold.redact import url_secrets, without_credentials

NAME_WIDTH = 40  # the longest check name is 39 characters; lines are printed before all names are known


class Status(StrEnum):
    """PASS: the assertion was tested against real answers and held. FAIL: it was tested and broke.
    WARN: what the contract only recommends is missing. SKIP: the check did not run (an earlier
    check failed, the deadline passed, or nothing in this service is subject to it); never a PASS.
    """

    PASS = "PASS"  # noqa: S105 - a status, not a password
    FAIL = "FAIL"
    WARN = "WARN"
    SKIP = "SKIP"


@dataclass(frozen=True)
class CheckResult:
    """One line of the report.

    `rule` cites the contract text a FAIL breaks (or the recommendation a WARN misses), so a user
    can look it up without reading the checker's source. `reproduce` holds shell commands that
    replay the failing requests (the fuzz check's curl lines); whoever adds them guarantees they
    are printable ASCII, since they are printed as they are, one per line under the result.
    """

    status: Status
    name: str
    detail: str
    rule: str | None = None
    reproduce: tuple[str, ...] = ()

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status.value, "name": self.name, "detail": self.detail}
        if self.rule is not None:
            data["rule"] = self.rule
        if self.reproduce:
            data["reproduce"] = list(self.reproduce)
        return data


Listener = Callable[[CheckResult], None]


@dataclass
class CheckReport:
    """All results of one run against one target, in the order the checks ran.

    `planned` is the run's plan of check names; `stopped` says why the run ended before its plan
    (the deadline), which makes the run unsuccessful even when nothing failed: a run that verified
    nothing must not look green.
    """

    target: str
    kind: str
    results: list[CheckResult] = field(default_factory=list)
    on_result: Listener | None = None
    planned: list[str] = field(default_factory=list)
    stopped: str | None = None
    # The credentials the target URL carries (`user:password@` for a service behind basic
    # authentication), and the secrets the run sends (`hide`): every line of the report is
    # scrubbed of them, text and JSON alike.
    _secrets: tuple[str, ...] = field(default=(), init=False, repr=False)

    def __post_init__(self) -> None:
        self._secrets = url_secrets(self.target)

    @property
    def secrets(self) -> tuple[str, ...]:
        return self._secrets

    def hide(self, secrets: Iterable[str]) -> None:
        """Mask `secrets` too in every line from now on (the password values a run sends)."""
        self._secrets = tuple(dict.fromkeys((*self._secrets, *(s for s in secrets if s))))

    def shown(self, text: str) -> str:
        """`text` as the report may print it: no URL userinfo, none of the target's credentials."""
        return without_credentials(text, self._secrets)

    def add(
        self,
        status: Status,
        name: str,
        detail: str,
        rule: str | None = None,
        reproduce: tuple[str, ...] = (),
    ) -> CheckResult:
        result = CheckResult(
            status,
            name,
            _one_line(self.shown(detail)),  # scrubbed before it is cut: a cut secret is not found
            rule,
            tuple(_safe(self.shown(line)) for line in reproduce),
        )
        self.results.append(result)
        if self.on_result is not None:
            self.on_result(result)
        return result

    def expect(self, names: Iterable[str], *, before: str | None = None) -> None:
        """Add check names to the plan (at the end, or just before the planned name `before`)."""
        new = [n for n in dict.fromkeys(names) if n not in self.planned]
        at = self.planned.index(before) if before in self.planned else len(self.planned)
        self.planned[at:at] = new

    def skip_unfinished(self, reason: str) -> None:
        """SKIP, in plan order, every planned check that has no result yet."""
        done = {r.name for r in self.results}
        for name in self.planned:
            if name not in done:
                self.skipped(name, reason)

    def stop(self, reason: str) -> None:
        """End the run early for a reason that is nobody's verdict (the deadline): skip the rest."""
        self.stopped = reason
        self.skip_unfinished(reason)

    def passed(self, name: str, detail: str = "", rule: str | None = None) -> CheckResult:
        return self.add(Status.PASS, name, detail, rule)

    def failed(
        self, name: str, detail: str, rule: str | None = None, reproduce: tuple[str, ...] = ()
    ) -> CheckResult:
        return self.add(Status.FAIL, name, detail, rule, reproduce)

    def warned(self, name: str, detail: str, rule: str | None = None) -> CheckResult:
        return self.add(Status.WARN, name, detail, rule)

    def skipped(self, name: str, detail: str, rule: str | None = None) -> CheckResult:
        return self.add(Status.SKIP, name, detail, rule)

    def extend(self, results: Iterable[CheckResult]) -> None:
        for result in results:
            self.add(result.status, result.name, result.detail, result.rule, result.reproduce)

    def count(self, status: Status) -> int:
        return sum(1 for r in self.results if r.status is status)

    @property
    def ok(self) -> bool:
        """True when nothing failed and the run was not stopped (warnings and skips alone are fine)."""
        return self.count(Status.FAIL) == 0 and self.stopped is None

    def find(self, name: str) -> CheckResult | None:
        return next((r for r in self.results if r.name == name), None)

    def summary(self) -> str:
        """The closing line, always `N passed, M failed, K warnings, S skipped` so scripts can parse
        it; a stopped run says why after a semicolon."""
        line = (
            f"{self.count(Status.PASS)} passed, {self.count(Status.FAIL)} failed, "
            f"{self.count(Status.WARN)} warnings, {self.count(Status.SKIP)} skipped"
        )
        if self.stopped is not None:
            line += f"; stopped: {self.shown(self.stopped)}"
        return line

    def as_json(self) -> dict[str, Any]:
        return {
            "target": self.shown(self.target),
            "kind": self.kind,
            "results": [r.as_json() for r in self.results],
            "passed": self.count(Status.PASS),
            "failed": self.count(Status.FAIL),
            "warnings": self.count(Status.WARN),
            "skipped": self.count(Status.SKIP),
            "stopped": None if self.stopped is None else self.shown(self.stopped),
        }


REPRODUCE_INDENT = "      "


def render_line(result: CheckResult) -> str:
    """`STATUS  name  detail [rule]`: the rule is cited for a FAIL or WARN only; each reproducing
    command follows on its own indented line, ready to copy into a shell."""
    text = f"{result.status.value:<4}  {result.name:<{NAME_WIDTH}}  {result.detail}".rstrip()
    if result.rule and result.status in (Status.FAIL, Status.WARN):
        text += f" [{result.rule}]"
    return "\n".join([text, *(REPRODUCE_INDENT + line for line in result.reproduce)])


def render_text(report: CheckReport) -> str:
    """One line per check, then the summary line (what the CLI streams, in one string)."""
    lines = [render_line(result) for result in report.results]
    lines.append(report.summary())
    return "\n".join(lines) + "\n"


def render_json(report: CheckReport) -> str:
    return json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n"


def _safe(line: str) -> str:
    """A reproducing command is printed raw: anything but printable ASCII is escaped, never shown."""
    return "".join(char if " " <= char <= "~" else ascii(char)[1:-1] for char in line)


def _one_line(text: str, limit: int = 600) -> str:
    """Details end up on one report line: collapse whitespace and cap the length."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
