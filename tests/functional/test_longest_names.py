"""A project with the longest name the rules allow passes its own CI as generated, both kinds.

Found: `scaffold new-plugin weather-station --defaults` rendered `weather_station/__main__.py` with
a 104-character line, so the generated CI's `ruff format --check .` failed on the untouched
project; any package name of 12 characters or more did it, and a long module name did the same in
its backend. Here each part of a fresh project (named as tests/longest_names.py says) runs the
checks its CI runs, read from the registry (scaffold.contracts.LANGUAGES): for a Python part
ruff check, ruff format --check, mypy (strict, from its pyproject) and its tests, with this
environment's tools (the versions its pyproject pins); for the module's TypeScript frontend
`npm ci`, then lint (eslint, prettier), typecheck, tests and build.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scaffold.contracts import KIND_NAMES, LANGUAGES
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.longest_names import LONGEST_PACKAGE_NAME, LONGEST_PROJECT_NAME

pytestmark = pytest.mark.slow

PYTHON_TOOLS = ("ruff", "mypy", "pytest")


def _command(check: str) -> list[str]:
    words = shlex.split(check.replace("{package}", LONGEST_PACKAGE_NAME))
    if words[0] in PYTHON_TOOLS:  # this environment's copy, as `pip install -e ".[test]"` would give
        # mypy keeps its cache in the worker's MYPY_CACHE_DIR (tests/conftest.py)
        extra = {"pytest": ["-p", "no:cacheprovider"]}
        return [sys.executable, "-m", words[0], *words[1:], *extra.get(words[0], [])]
    return words


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_a_project_with_the_longest_name_passes_its_own_ci_checks(kind: str, tmp_path: Path) -> None:
    project = tmp_path / LONGEST_PROJECT_NAME
    create_project(
        NewProjectOptions(
            kind=KINDS[kind], destination=project, answers={"project_name": LONGEST_PROJECT_NAME}
        )
    )
    assert (project / KIND_NAMES[kind].service().folder / LONGEST_PACKAGE_NAME).is_dir()
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    with fewer_conformance_examples(project):
        for part in KIND_NAMES[kind].parts:
            folder = project / part.folder
            language = LANGUAGES[part.language]
            commands = [check for check in language.checks]
            if part.language == "typescript":
                assert shutil.which("npm"), (
                    "npm is needed for the module's frontend (install Node.js and npm)"
                )
                commands.insert(0, language.install)
            for check in commands:
                result = subprocess.run(
                    _command(check),
                    cwd=folder,
                    env={**env, "PYTHONPATH": str(folder)},
                    capture_output=True,
                    text=True,
                    timeout=900,
                    check=False,
                )
                assert result.returncode == 0, (
                    f"`{check}` in {part.folder or 'the project'} failed:\n{result.stdout[-3000:]}{result.stderr[-2000:]}"
                )
