"""The result model of a conformance run, and its two renderings (text lines and JSON).

A check never prints or raises for a contract breach: it records a `CheckResult`. That keeps the
checks composable (one run of many checks, one report) and lets the CLI decide how to show it.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Status(StrEnum):
    """PASS/FAIL/WARN as the brief asks; SKIP marks a check that could not run after an earlier FAIL."""

    PASS = "PASS"  # noqa: S105 - a status, not a password
    FAIL = "FAIL"
    WARN = "WARN"
    SKIP = "SKIP"


@dataclass(frozen=True)
class CheckResult:
    """One line of the report.

    `rule` cites the contract text a FAIL breaks (or the recommendation a WARN misses), so a user
    can look it up without reading the checker's source.
    """

    status: Status
    name: str
    detail: str
    rule: str | None = None

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"status": self.status.value, "name": self.name, "detail": self.detail}
        if self.rule is not None:
            data["rule"] = self.rule
        return data


@dataclass
class CheckReport:
    """All results of one run against one target, in the order the checks ran."""

    target: str
    kind: str
    results: list[CheckResult] = field(default_factory=list)

    def add(self, status: Status, name: str, detail: str, rule: str | None = None) -> CheckResult:
        result = CheckResult(status, name, _one_line(detail), rule)
        self.results.append(result)
        return result

    def passed(self, name: str, detail: str = "", rule: str | None = None) -> CheckResult:
        return self.add(Status.PASS, name, detail, rule)

    def failed(self, name: str, detail: str, rule: str | None = None) -> CheckResult:
        return self.add(Status.FAIL, name, detail, rule)

    def warned(self, name: str, detail: str, rule: str | None = None) -> CheckResult:
        return self.add(Status.WARN, name, detail, rule)

    def skipped(self, name: str, detail: str, rule: str | None = None) -> CheckResult:
        return self.add(Status.SKIP, name, detail, rule)

    def extend(self, results: Iterable[CheckResult]) -> None:
        self.results.extend(results)

    def count(self, status: Status) -> int:
        return sum(1 for r in self.results if r.status is status)

    @property
    def ok(self) -> bool:
        """True when nothing failed (warnings and skips do not fail a run)."""
        return self.count(Status.FAIL) == 0

    def find(self, name: str) -> CheckResult | None:
        return next((r for r in self.results if r.name == name), None)

    def summary(self) -> str:
        """The closing line; it always starts with `N passed, M failed` so scripts can parse it."""
        line = f"{self.count(Status.PASS)} passed, {self.count(Status.FAIL)} failed"
        line += f", {self.count(Status.WARN)} warnings"
        skipped = self.count(Status.SKIP)
        if skipped:
            line += f", {skipped} skipped"
        return line

    def as_json(self) -> dict[str, Any]:
        return {
            "target": self.target,
            "kind": self.kind,
            "results": [r.as_json() for r in self.results],
            "passed": self.count(Status.PASS),
            "failed": self.count(Status.FAIL),
            "warnings": self.count(Status.WARN),
            "skipped": self.count(Status.SKIP),
        }


def render_text(report: CheckReport) -> str:
    """One line per check, `STATUS  name  detail [rule]`, then the summary line."""
    width = max((len(r.name) for r in report.results), default=0)
    lines = []
    for result in report.results:
        text = f"{result.status.value:<4}  {result.name:<{width}}  {result.detail}".rstrip()
        if result.rule and result.status in (Status.FAIL, Status.WARN):
            text += f" [{result.rule}]"
        lines.append(text)
    lines.append(report.summary())
    return "\n".join(lines) + "\n"


def render_json(report: CheckReport) -> str:
    return json.dumps(report.as_json(), indent=2, ensure_ascii=False) + "\n"


def _one_line(text: str, limit: int = 600) -> str:
    """Details end up on one report line: collapse whitespace and cap the length."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"
