"""A generated module's registry checks and the placeholder registry URL (issue 27, point 5).

`scaffold new-module` without `--registry-url` writes a placeholder registry into
frontend/.npmrc. Both checks, the project's own `scripts/check-registry.mjs` (`npm run
check-registry`) and `scaffold registry-check`, pass silently while no private package is a
dependency, and refuse the placeholder in one sentence with exit 1 as soon as one is. (Before,
both called it usable and `npm install` failed with `getaddrinfo ENOTFOUND npm.example.invalid`.)
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold
from tests.unit.test_registry_check import GOOD_ENV, TEMPLATE_PLACEHOLDER

REAL_REGISTRY = "https://npm.acme.test/repository/npm/"
LOCAL_PROXY = "http://localhost:4873/"


def new_module(tmp_path: Path, *flags: str, private: bool = True) -> Path:
    """acme-map made by the CLI; with `private`, its package.json depends on @ui-kit/ui as a user's would."""
    root = tmp_path / "acme-map"
    result = run_scaffold(["new-module", str(root), *flags, "--defaults"])
    assert result.returncode == 0, result.stderr
    if private:
        path = root / "frontend" / "package.json"
        package = json.loads(path.read_text(encoding="utf-8"))
        package["devDependencies"]["@ui-kit/ui"] = "1.17.1"
        path.write_text(json.dumps(package, indent=2) + "\n", encoding="utf-8")
    return root


def project_check(root: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`npm run check-registry` without npm: the project's script, run by node in its frontend."""
    found = shutil.which("node")
    assert found, "node is not installed; install Node.js 20 to run these tests"
    return subprocess.run(
        [found, "scripts/check-registry.mjs"],
        cwd=root / "frontend",
        env={"PATH": "/usr/bin:/bin", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


def scaffold_check(
    root: Path, env: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> subprocess.CompletedProcess[str]:
    for name in (*GOOD_ENV, "NPM_TOKEN"):
        monkeypatch.delenv(name, raising=False)  # the child sees only `env`'s credentials
    return run_scaffold(["registry-check", str(root)], env=env, timeout=60)


def test_the_default_placeholder_is_refused_in_one_sentence_by_both_checks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = new_module(tmp_path)
    npmrc = root / "frontend" / ".npmrc"
    line = next(
        number
        for number, text in enumerate(npmrc.read_text(encoding="utf-8").splitlines(), 1)
        if text.startswith("@ui-kit:registry=")
    )
    assert f"@ui-kit:registry={TEMPLATE_PLACEHOLDER}" in npmrc.read_text(encoding="utf-8")
    project = project_check(root, GOOD_ENV)
    scaffold = scaffold_check(root, GOOD_ENV, monkeypatch)
    for result in (project, scaffold):
        assert result.returncode == 1, result.stdout + result.stderr
        assert result.stdout == ""
        assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1, result.stderr
        assert "Traceback" not in result.stderr
        message = result.stderr
        assert f"{npmrc.resolve()} line {line} (@ui-kit -> `{TEMPLATE_PLACEHOLDER}`)" in message
        assert "placeholder host" in message and "--registry-url" in message
        assert "is usable" not in message and message.count(". ") == 0, "one sentence"
    assert project.stderr == scaffold.stderr


def test_without_a_private_package_the_placeholder_passes_silently(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rule 1: a fresh project needs no private package, so nothing is checked and nothing said."""
    root = new_module(tmp_path, private=False)
    for result in (project_check(root, {}), scaffold_check(root, {}, monkeypatch)):
        assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


@pytest.mark.parametrize("registry", [REAL_REGISTRY, LOCAL_PROXY])
def test_a_registry_given_at_new_module_is_usable(
    registry: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = new_module(tmp_path, "--registry-url", registry)
    project = project_check(root, GOOD_ENV)
    assert project.returncode == 0, project.stderr
    assert project.stdout == f"registry configuration is usable (@ui-kit -> {registry})\n"
    scaffold = scaffold_check(root, GOOD_ENV, monkeypatch)
    assert scaffold.returncode == 0, scaffold.stderr
    assert f"is usable (@ui-kit -> {registry})" in scaffold.stdout
