"""A Go plugin made with `--module` builds, vets and passes its own tests (issue 40 point 7).

tests/unit/test_go_module_and_version.py holds the rendered files to the path; here the project
`scaffold new-plugin --language go --module example.com/team/acme-sales` makes is built as its CI
builds it, with the Go its go.mod names (the toolchain the tests run, GOTOOLCHAIN=local).
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold
from tests.go_toolchain import go_environment

pytestmark = pytest.mark.slow

MODULE = "example.com/team/acme-sales"


def test_a_project_with_its_own_module_path_builds_and_passes_its_tests(tmp_path: Path) -> None:
    root = tmp_path / "acme-sales"
    made = run_scaffold(
        ["new-plugin", str(root), "--language", "go", "--module", MODULE, "--no-example", "--defaults"]
    )
    assert made.returncode == 0, made.stdout + made.stderr
    assert (root / "go.mod").read_text(encoding="utf-8").startswith(f"module {MODULE}\n")
    for command in (
        ["go", "vet", "./..."],
        ["go", "test", "./..."],
        ["go", "build", "-o", "bin/plugin", "./cmd/acme-sales"],
    ):
        result = subprocess.run(
            command, cwd=root, capture_output=True, text=True, timeout=900, env=go_environment(), check=False
        )
        assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
