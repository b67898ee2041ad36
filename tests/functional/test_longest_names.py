"""A project with the longest name the rules allow passes its own CI as generated, both kinds.

Found: `scaffold new-plugin weather-station --defaults` rendered `weather_station/__main__.py` with
a 104-character line, so the generated CI's `ruff format --check .` failed on the untouched
project; any package name of 12 characters or more did it, and a long module name did the same in
its backend. Here each part of a fresh project (named as tests/longest_names.py says) runs the
checks its CI runs, read from the registry (scaffold.contracts.LANGUAGES): for a Python part
ruff check, ruff format --check, mypy (strict, from its pyproject) and its tests, with this
environment's tools (the versions its pyproject pins); for the module's TypeScript frontend
the node_modules `npm ci` makes, then lint (eslint, prettier), typecheck, tests and build.

What this test is the only proof of is the long name in every generated file, so two repeats of
work on the same input are left out (CPU measured on the shared 2-core machine, module case):
- `npm ci` (26-29 s of CPU): the frontend's package.json and package-lock.json differ from the
  default project's (acme-map) only in the root package's `name` and `description` (asserted
  here, .npmrc byte for byte), which `npm ci` neither resolves nor validates (tried with npm 11:
  an invalid, a 300-character and a lock-mismatched root name all install). So node_modules is
  the one tests/node_install.py makes once per run with the registry's `npm ci` for acme-map's
  manifests (test_check_scaffolded, test_dev_module_page and the module upgrade test use it too);
  tests/e2e/test_new_module.py runs `npm install` on them as a user types it.
- the `tsc --noEmit` that `npm run build` starts with (9 s of the build's 10): `npm run typecheck`
  ran it on the same tree a moment before (lint, typecheck and tests change no file tsc reads),
  so the build runs its other step (`vite build`, 0.6 s) as `npm run` would: in a shell, with
  node_modules/.bin on PATH.
A step whose outcome the name cannot reach is left out too: `npm run typecheck`'s second step,
`tsc --noEmit -p tsconfig.node.json` (2.5-3 s of CPU), reads tsconfig.node.json, vite.config.ts and
node_modules alone, and those are the default project's byte for byte (asserted; node_modules is
that project's install). tests/e2e/test_new_module.py::test_project_lint_and_typecheck_pass runs it
on the default project. Every other check reads a file that holds the name (the frontend's
components and CSS, its entry and registry, the backend's package) and runs here.
The projects' own pytest keeps pytest's assertion-rewrite cache (tests/rewrite_cache.py: about 6 s
of CPU per run once written).
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scaffold.contracts import KIND_NAMES, LANGUAGES
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.built_modules import AND, npm_script_steps
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.longest_names import LONGEST_PACKAGE_NAME, LONGEST_PROJECT_NAME
from tests.node_install import MANIFESTS, install_node_modules
from tests.rewrite_cache import writing_bytecode

pytestmark = pytest.mark.slow

PYTHON_TOOLS = ("ruff", "mypy", "pytest")
NPM_RUN = ("npm", "run")
# npm script steps whose inputs, besides node_modules, are these files of the frontend alone.
NAME_FREE_STEPS = {"tsc --noEmit -p tsconfig.node.json": ("tsconfig.node.json", "vite.config.ts")}


def _command(check: str) -> list[str]:
    words = shlex.split(check.replace("{package}", LONGEST_PACKAGE_NAME))
    if words[0] in PYTHON_TOOLS:  # this environment's copy, as `pip install -e ".[test]"` would give
        # mypy keeps its cache in the worker's MYPY_CACHE_DIR (tests/conftest.py)
        extra = {"pytest": ["-p", "no:cacheprovider"]}
        return [sys.executable, "-m", words[0], *words[1:], *extra.get(words[0], [])]
    return words


def _without_root_name(manifest: Path) -> Any:
    """A package.json or package-lock.json without the root package's name and description."""
    data = json.loads(manifest.read_text(encoding="utf-8"))
    for root in (data, data.get("packages", {}).get("", {})):
        root.pop("name", None)
        root.pop("description", None)
    return data


def _install_node_modules(frontend: Path, tmp_path: Path, factory: pytest.TempPathFactory) -> Path:
    """`frontend`/node_modules as `npm ci` makes it: the default project's, once per run (see above).
    Returns the default project's frontend."""
    default = tmp_path / "default" / "acme-map"
    create_project(NewProjectOptions(kind=KINDS["module"], destination=default, answers={}))
    manifests = [name for name in MANIFESTS if (frontend / name).is_file()]
    assert manifests == [name for name in MANIFESTS if (default / "frontend" / name).is_file()]
    for name in manifests:
        ours, theirs = frontend / name, default / "frontend" / name
        if name.endswith(".json"):
            assert _without_root_name(ours) == _without_root_name(theirs), f"{name}: more than the name"
        else:
            assert ours.read_bytes() == theirs.read_bytes(), name
    install_node_modules(default / "frontend", factory)  # `npm ci`, once per run for this lock file
    (default / "frontend" / "node_modules").rename(frontend / "node_modules")
    return default / "frontend"


def _name_free_steps(frontend: Path, default: Path) -> set[str]:
    """The NAME_FREE_STEPS whose files are the default project's byte for byte (all of them, or fail)."""
    for step, files in NAME_FREE_STEPS.items():
        for name in files:
            assert (frontend / name).read_bytes() == (default / name).read_bytes(), f"{step}: {name}"
    return set(NAME_FREE_STEPS)


def _npm_script_steps(folder: Path, check: str) -> list[str]:
    """The steps of package.json's script that the check `npm run <script>` runs; [] for other checks."""
    words = check.split()
    return npm_script_steps(folder, words[2]) if tuple(words[:2]) == NPM_RUN and len(words) == 3 else []


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_a_project_with_the_longest_name_passes_its_own_ci_checks(
    kind: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    project = tmp_path / LONGEST_PROJECT_NAME
    create_project(
        NewProjectOptions(
            kind=KINDS[kind], destination=project, answers={"project_name": LONGEST_PROJECT_NAME}
        )
    )
    assert (project / KIND_NAMES[kind].service().folder / LONGEST_PACKAGE_NAME).is_dir()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with fewer_conformance_examples(project, boundary_cases=False):
        for part in KIND_NAMES[kind].parts:
            folder = project / part.folder
            language = LANGUAGES[part.language]
            if part.language == "typescript":
                assert shutil.which("npm"), (
                    "npm is needed for the module's frontend (install Node.js and npm)"
                )
                assert language.install.startswith("npm ci"), language.install
                default = _install_node_modules(folder, tmp_path, tmp_path_factory)
            # npm script steps already run on this tree (no check changes it) or on the default
            # project's same files
            ran = _name_free_steps(folder, default) if part.language == "typescript" else set()
            for check in language.checks:
                command = _command(check)
                steps = _npm_script_steps(folder, check)
                if any(step in ran for step in steps):
                    rest = AND.join(step for step in steps if step not in ran)
                    command = ["sh", "-c", rest]
                part_env = {**env, "PYTHONPATH": str(folder)}
                if command[0] == "sh":
                    part_env["PATH"] = f"{folder / 'node_modules' / '.bin'}{os.pathsep}{env['PATH']}"
                elif command[1:3] == ["-m", "pytest"]:
                    part_env = writing_bytecode(part_env)
                ran.update(steps)
                result = subprocess.run(
                    command,
                    cwd=folder,
                    env=part_env,
                    capture_output=True,
                    text=True,
                    timeout=900,
                    check=False,
                )
                assert result.returncode == 0, (
                    f"`{check}` ({shlex.join(command)}) in {part.folder or 'the project'} failed:\n"
                    f"{result.stdout[-3000:]}{result.stderr[-2000:]}"
                )
