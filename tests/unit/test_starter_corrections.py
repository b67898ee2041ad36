"""Kept starter tests that pin a corrected rule report what to change instead of failing.

The hook (scaffold/codegen/python/runtime_files/starter_corrections.py, loaded by the service folder's
contract-owned conftest.py) runs here in a real pytest, in a folder laid out as a project's service
is: a test listed for an unchanged seeded file is an expected failure with the reason, a listed test
that crashes another way still fails, and once the user edits the file every test runs as written.
That every listed file is one a past template version really seeded is checked from the template
store by tests/functional/test_upgrade_matrix.py.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

from scaffold.codegen.python.runtime_files import runtime_file
from scaffold.codegen.python.runtime_files.starter_corrections import (
    CORRECTIONS,
    PACKAGE_PLACEHOLDER,
    StarterCorrection,
    correction_for,
    seeded_paths,
)
from scaffold.codegen.python.service_conftest import SERVICE_CONFTEST, service_conftest

PACKAGE = "weather_station"
SEEDED = f'''"""As an older starter seeded it."""

import {PACKAGE}


def test_old_rule() -> None:
    assert {PACKAGE}.STATUS == 400


def test_crashes() -> None:
    raise RuntimeError("not an assertion")


def test_unrelated() -> None:
    assert {PACKAGE}.STATUS == 422
'''
REASON = "this test pins the old status; expect 422"


def _correction(text: str) -> StarterCorrection:
    normalised = text.replace(PACKAGE, PACKAGE_PLACEHOLDER).encode()
    return StarterCorrection(
        path="tests/test_seeded.py",
        sha256=hashlib.sha256(normalised).hexdigest(),
        size=len(normalised),
        package_mentions=text.count(PACKAGE),
        tests=("test_old_rule", "test_crashes"),
        reason=REASON,
    )


def _service(tmp_path: Path) -> Path:
    """A service folder: the package with its contract folder, the conftest, a pyproject."""
    (tmp_path / PACKAGE / "_contract").mkdir(parents=True)
    (tmp_path / PACKAGE / "__init__.py").write_text("STATUS = 422\n")
    (tmp_path / PACKAGE / "_contract" / "__init__.py").write_text("")
    (tmp_path / PACKAGE / "_contract" / "starter_corrections.py").write_text(
        runtime_file("starter_corrections.py")
    )
    (tmp_path / SERVICE_CONFTEST).write_text(service_conftest("# header\n", PACKAGE))
    (tmp_path / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (tmp_path / "tests").mkdir()
    # the table is scaffold's; this folder's own entry stands in for a real seeded file
    (tmp_path / "tests" / "conftest.py").write_text(
        f"from {PACKAGE}._contract import starter_corrections\n"
        f"from {PACKAGE}._contract.starter_corrections import StarterCorrection\n\n"
        f"starter_corrections.CORRECTIONS = ({_correction(SEEDED)!r},)\n"
    )
    (tmp_path / "tests" / "test_seeded.py").write_text(SEEDED)
    return tmp_path


def _pytest(folder: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-rxf", "-p", "no:cacheprovider", "-q"],
        cwd=folder,
        env={"PYTHONPATH": str(folder), "PYTHONDONTWRITEBYTECODE": "1", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_a_listed_test_of_an_unchanged_seeded_file_reports_the_reason_instead_of_failing(
    tmp_path: Path,
) -> None:
    result = _pytest(_service(tmp_path))
    assert "XFAIL tests/test_seeded.py::test_old_rule - " + REASON in result.stdout, result.stdout
    assert "FAILED tests/test_seeded.py::test_crashes" in result.stdout, "a crash is not the corrected rule"
    assert "1 failed, 1 passed, 1 xfailed" in result.stdout, result.stdout


def test_once_the_user_edits_the_file_every_test_runs_as_written(tmp_path: Path) -> None:
    service = _service(tmp_path)
    seeded = service / "tests" / "test_seeded.py"
    seeded.write_text(SEEDED.replace("STATUS == 400", "STATUS == 422  # updated to the new rule"))
    result = _pytest(service)
    assert "XFAIL" not in result.stdout and "1 failed, 2 passed" in result.stdout, result.stdout


def test_the_match_is_exact_and_follows_the_package_name() -> None:
    correction = _correction(SEEDED)
    other = SEEDED.replace(PACKAGE, "acme_sales")
    assert correction.matches(SEEDED.encode(), PACKAGE)
    assert correction.matches(other.encode(), "acme_sales")
    assert correction.size_for("acme_sales") == len(other)
    assert not correction.matches((SEEDED + "\n").encode(), PACKAGE)
    assert not correction.matches(other.encode(), PACKAGE)


def test_scaffolds_table_names_each_test_once_with_a_reason() -> None:
    for correction in CORRECTIONS:
        assert correction.tests and len(set(correction.tests)) == len(correction.tests)
        assert correction.reason.startswith("this test pins") and len(correction.sha256) == 64
        assert correction_for(correction.path, lambda size: b"not the seeded file", "pkg") is None
        assert correction.path in seeded_paths()
