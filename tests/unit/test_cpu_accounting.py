"""The CPU each test costs reaches the JUnit XML, and scripts/test_times.py sums it per file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from scripts.test_times import file_times
from tests.conftest import REPO

BUSY_TEST = """
import subprocess, sys

def test_busy_child():
    subprocess.run([sys.executable, "-c", "sum(i * i for i in range(3_000_000))"], check=True)

def test_idle():
    pass
"""


def test_a_test_s_children_are_counted_in_its_cpu_seconds(tmp_path: Path) -> None:
    tests = tmp_path / "tests" / "unit"
    tests.mkdir(parents=True)
    (tests / "test_busy.py").write_text(BUSY_TEST, encoding="utf-8")
    report = tmp_path / "report.xml"
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "tests.cpu_accounting",
         "-o", "addopts=", f"--junitxml={report}", "--rootdir", str(tmp_path), str(tests)],
        cwd=tmp_path, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    ((path, (_seconds, cpu, count)),) = file_times(report).items()
    assert (path, count) == ("tests/unit/test_busy.py", 2)
    assert cpu > 0.1, "the child's CPU is the test's"
    text = report.read_text(encoding="utf-8")
    assert text.count('name="cpu_seconds"') == 2


def test_a_report_without_cpu_seconds_sums_to_zero_cpu(tmp_path: Path) -> None:
    report = tmp_path / "old.xml"
    report.write_text(
        '<testsuites><testsuite><testcase classname="tests.e2e.test_x" name="t" time="2.5"/>'
        '<testcase classname="tests.e2e.test_x.TestGroup" name="u" time="1.0"/></testsuite></testsuites>',
        encoding="utf-8",
    )
    assert file_times(report) == {"tests/e2e/test_x.py": (3.5, 0.0, 2)}
