"""Where a CI stage's time went: the test files with the most time, summed from pytest's JUnit XML.

pytest's `--durations` names single tests; what CI time is trimmed by is usually a file (a module
fixture that builds a project, a wheel or a toolchain cache for all its tests). `.ci/run` writes
each stage's JUnit XML and prints this table after it. Times are the sum over a file's tests (setup,
call and teardown, as pytest reports them), so with several workers they add up to more than the
stage's wall time. CPU is the `cpu_seconds` property tests/cpu_accounting.py writes (the worker's
and its children's CPU): the stages keep both cores busy, so CPU is what a file costs the others.

Run: python scripts/test_times.py REPORT.xml [--top 15]
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path


def file_times(report: Path) -> dict[str, tuple[float, float, int]]:
    """Test file -> (seconds, CPU seconds, tests) from a JUnit XML report pytest wrote (our own
    file: trusted)."""
    totals: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0, 0.0])
    # pytest wrote this file in the same run: not outside input, so the stdlib parser is fine here.
    for case in ElementTree.parse(report).getroot().iter("testcase"):  # noqa: S314
        parts = case.get("classname", "").split(".")
        while len(parts) > 1 and parts[-1][:1].isupper():  # a test class inside the file
            parts.pop()
        path = "/".join(parts) + ".py" if parts != [""] else "?"
        entry = totals[path]
        entry[0] += float(case.get("time", "0") or 0)
        for prop in case.iter("property"):
            if prop.get("name") == "cpu_seconds":
                entry[1] += float(prop.get("value", "0") or 0)
        entry[2] += 1
    return {path: (seconds, cpu, int(count)) for path, (seconds, cpu, count) in totals.items()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report", type=Path)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args(argv)
    if not args.report.is_file():
        print(f"no test report at {args.report}", file=sys.stderr)
        return 1
    times = sorted(file_times(args.report).items(), key=lambda item: -item[1][1])
    total = sum(value[0] for _, value in times)
    cpu = sum(value[1] for _, value in times)
    print(f"test files by CPU (sums over their tests: {cpu:.0f} s of CPU, {total:.0f} s of time):")
    for path, (seconds, cpu_seconds, count) in times[: args.top]:
        print(f"  {cpu_seconds:7.1f} s CPU  {seconds:7.1f} s  {count:4d} tests  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
