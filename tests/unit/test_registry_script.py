"""The project's own `frontend/scripts/check-registry.mjs` (node, no dependencies).

It runs the same cases as scaffold's check (CASES in test_registry_check.py) and must agree with it:
silent success when no private package is needed, exit 1 with every problem named otherwise.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.unit.test_registry_check import CASES, GOOD_ENV, REGISTRY, Case, make_frontend

SCRIPT = REPO / "templates" / "module" / "project" / "frontend" / "scripts" / "check-registry.mjs"


def node() -> str:
    found = shutil.which("node")
    assert found, (
        "node is not installed; install Node.js 20 (e.g. apt-get install -y nodejs) to run these tests"
    )
    return found


def run_script(frontend: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    environment = {"PATH": "/usr/bin:/bin", **env}
    target = frontend / "scripts" / "check-registry.mjs"
    target.parent.mkdir(exist_ok=True)
    shutil.copy(SCRIPT, target)
    return subprocess.run(
        [node(), str(target)],
        cwd=frontend.parent,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_script(case: Case, tmp_path: Path) -> None:
    result = run_script(make_frontend(tmp_path, case), case.env)
    if not case.problems:
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""
        assert (result.stdout == "") is (not case.needed)
        return
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1, "one message, on one line"
    for problem in case.problems:
        assert problem in result.stderr
    for value in case.env.values():
        if len(value) > 3:
            assert value not in result.stderr


def test_script_and_scaffold_print_the_same_message(tmp_path: Path) -> None:
    from scaffold.errors import RegistryConfigError
    from scaffold.registry import check_registry

    frontend = make_frontend(tmp_path, Case("both", env={}))
    with pytest.raises(RegistryConfigError) as caught:
        check_registry(frontend, {})
    assert run_script(frontend, {}).stderr == f"error: {caught.value}\n"


def test_success_line_names_the_registries(tmp_path: Path) -> None:
    result = run_script(make_frontend(tmp_path, Case("ok")), GOOD_ENV)
    assert result.stdout == f"registry configuration is usable (@ui-kit -> {REGISTRY})\n"


def test_script_runs_before_node_modules_exist(tmp_path: Path) -> None:
    frontend = make_frontend(tmp_path, Case("fresh"))
    assert not (frontend / "node_modules").exists()
    assert run_script(frontend, GOOD_ENV).returncode == 0
