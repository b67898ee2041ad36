"""The project's own `frontend/scripts/check-registry.mjs` (node, no dependencies).

It (with scripts/npmrc.mjs and scripts/registry-url.mjs) runs the same cases as scaffold's check (CASES in test_registry_check.py) and must agree with it:
silent success when no private package is needed, exit 1 with every problem named otherwise.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import REPO
from tests.unit.test_registry_check import (
    CASES,
    GOOD_ENV,
    PLACEHOLDER_HOSTS,
    REGISTRY,
    Case,
    assert_no_secret,
    make_frontend,
)

SCRIPT = REPO / "templates" / "shared" / "project" / "frontend" / "scripts" / "check-registry.mjs"


def node() -> str:
    found = shutil.which("node")
    assert found, (
        "node is not installed; install Node.js 20 (e.g. apt-get install -y nodejs) to run these tests"
    )
    return found


def run_script(frontend: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    environment = {"PATH": "/usr/bin:/bin", **env}
    target = frontend / "scripts" / "check-registry.mjs"
    shutil.copytree(SCRIPT.parent, target.parent, dirs_exist_ok=True)  # the script and its two modules
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
    assert_no_secret(result.stdout + result.stderr, case)
    if not case.problems:
        assert result.returncode == 0, result.stderr
        assert result.stderr == ""
        assert (result.stdout == "") is (not case.needed)
        if case.shown is not None:
            assert f"@ui-kit -> {case.shown}" in result.stdout
        return
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.startswith("error: ")
    assert result.stderr.count("\n") == 1, "one message, on one line"
    for problem in case.problems:
        assert problem in result.stderr


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_script_and_scaffold_print_the_same_message(case: Case, tmp_path: Path) -> None:
    """The parity set: both checks give the same verdict and, word for word, the same message."""
    from scaffold.errors import RegistryConfigError
    from scaffold.registry import check_registry

    frontend = make_frontend(tmp_path, case)
    result = run_script(frontend, case.env)
    try:
        checked = check_registry(frontend, case.env)
    except RegistryConfigError as error:
        assert result.stderr == f"error: {error}\n"
        return
    listed = ", ".join(f"{scope} -> {url}" for scope, url in checked.registries.items())
    assert result.stdout == (f"registry configuration is usable ({listed})\n" if listed else "")


def test_success_line_names_the_registries(tmp_path: Path) -> None:
    result = run_script(make_frontend(tmp_path, Case("ok")), GOOD_ENV)
    assert result.stdout == f"registry configuration is usable (@ui-kit -> {REGISTRY})\n"


def test_placeholder_hosts_are_scaffolds(tmp_path: Path) -> None:
    """registry-url.mjs's isPlaceholderHost says what scaffold's is_placeholder_host says."""
    hosts = [host for host, _ in PLACEHOLDER_HOSTS]
    program = (
        f"import {{ isPlaceholderHost }} from {json.dumps((SCRIPT.parent / 'registry-url.mjs').as_uri())};\n"
        "const hosts = JSON.parse(process.argv[1]).map((host) => new URL(`https://${host}/npm/`).host);\n"
        "console.log(JSON.stringify(hosts.map(isPlaceholderHost)));\n"
    )
    result = subprocess.run(
        [node(), "--input-type=module", "-e", program, json.dumps(hosts)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert dict(zip(hosts, json.loads(result.stdout), strict=True)) == dict(PLACEHOLDER_HOSTS)


def test_script_runs_before_node_modules_exist(tmp_path: Path) -> None:
    frontend = make_frontend(tmp_path, Case("fresh"))
    assert not (frontend / "node_modules").exists()
    assert run_script(frontend, GOOD_ENV).returncode == 0


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("package.json", "[" * 100_000, "package.json is not readable JSON"),
        (".npmrc", "# padding\n" * 30_000, ".npmrc is larger than 256 KiB"),
        ("src/contract/registry.json", "[" * 20_000, "registry.json is not readable JSON"),
    ],
)
def test_a_hostile_project_file_is_one_sentence_in_both_checks(
    name: str, content: str, message: str, tmp_path: Path
) -> None:
    """Deeply nested JSON or a huge .npmrc: an error naming the file, never a traceback."""
    from scaffold.errors import RegistryConfigError
    from scaffold.registry import check_registry

    frontend = make_frontend(tmp_path, Case("hostile"))
    (frontend / name).write_text(content, encoding="utf-8")
    with pytest.raises(RegistryConfigError, match=re.escape(message)):
        check_registry(frontend, GOOD_ENV)
    result = run_script(frontend, GOOD_ENV)
    assert result.returncode == 1 and result.stderr.startswith("error: ") and message in result.stderr
