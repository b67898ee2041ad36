"""The two plugin starters: with the example SQL data source (the default) and without it.

Found (issue 26): about 2,900 of the ~3,300 lines a plugin author owned were the SQLite example and
what depended on it; deleting `example/` broke collection of every test (tests/conftest.py imported
`example.sample_data`, test_observability.py used the example's `state_dir` fixture) and the
README, settings, Dockerfile and manifests kept describing it. Now `new-plugin --no-example` seeds a
starter whose every method gives the smallest valid answer, and in the default starter only
`datasource.py` (the wiring the author replaces) reaches into `example/` and `tests/example/`.
Each project here runs the checks its own CI runs (ruff, ruff format, mypy --strict, its tests
with the conformance test), read from the registry as tests/functional/test_longest_names.py does.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from scaffold.contracts import LANGUAGES
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.rewrite_cache import writing_bytecode

pytestmark = pytest.mark.slow

PACKAGE = "acme_sales"
# Words that say "example" without meaning the example data source: reserved example domains
# (RFC 2606) and the English phrase.
NOT_THE_EXAMPLE = re.compile(r"(?i)\bexample\.com\b|\bfor example\b")
# What names the example: the word, its sample database, SQLite.
THE_EXAMPLE = re.compile(r"(?i)\bexample\b|\bsample (?:data|database|metrics)\b|sqlite")


def _plugin(destination: Path, **answers: object) -> Path:
    create_project(
        NewProjectOptions(
            kind=KINDS["plugin"], destination=destination, answers={"project_name": "acme-sales", **answers}
        )
    )
    return destination


def _own_ci_checks(project: Path, *, boundary_cases: bool = True) -> None:
    """Every check the project's CI runs on its Python service, with this environment's tools
    (the conformance test's boundary cases left out where `boundary_cases` is false: see
    tests/e2e/conformance_depth.py)."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(project)}
    with fewer_conformance_examples(project, boundary_cases=boundary_cases):
        for check in LANGUAGES["python"].checks:
            words = shlex.split(check.replace("{package}", PACKAGE))
            # mypy keeps its cache in the worker's MYPY_CACHE_DIR (tests/conftest.py)
            extra = {"pytest": ["-p", "no:cacheprovider"]}
            command = [sys.executable, "-m", words[0], *words[1:], *extra.get(words[0], [])]
            # pytest keeps its assertion-rewrite cache (tests/rewrite_cache.py: 6 s of CPU a run)
            run_env = writing_bytecode(env) if words[0] == "pytest" else env
            result = subprocess.run(
                command, cwd=project, env=run_env, capture_output=True, text=True, timeout=900, check=False
            )
            assert result.returncode == 0, (
                f"`{check}` failed:\n{result.stdout[-3000:]}{result.stderr[-2000:]}"
            )


def test_without_the_example_the_project_passes_its_own_ci_and_mentions_no_example(tmp_path: Path) -> None:
    project = _plugin(tmp_path / "acme-sales", example=False)
    assert not (project / PACKAGE / "example").exists() and not (project / "tests" / "example").exists()
    mentions = []
    for path in sorted(project.rglob("*")):
        relative = path.relative_to(project).as_posix()
        if not path.is_file() or relative.startswith((f"{PACKAGE}/_contract/", ".scaffold/")):
            continue  # the contract's own files quote the spec, whose schemas have `example` keys
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if relative == ".copier-answers.yml" and line == "example: false":
                continue
            if THE_EXAMPLE.search(NOT_THE_EXAMPLE.sub("", line)):
                mentions.append(f"{relative}:{number}: {line.strip()}")
    assert mentions == [], "\n".join(mentions)
    datasource = (project / PACKAGE / "datasource.py").read_text(encoding="utf-8")
    assert datasource.count("        # ") >= 7, "each method says what goes there"
    _own_ci_checks(project)


def test_with_the_example_nothing_outside_example_depends_on_it(tmp_path: Path) -> None:
    """Delete `example/` and `tests/example/`, put the starter's datasource.py in: all still passes."""
    project = _plugin(tmp_path / "acme-sales")
    starter = _plugin(tmp_path / "starter" / "acme-sales", example=False)
    importers = sorted(
        path.relative_to(project).as_posix()
        for path in project.rglob("*.py")
        if re.search(r"(?m)^\s*from \S*example\b|^\s*import \S*example\b", path.read_text(encoding="utf-8"))
        and not path.relative_to(project).as_posix().startswith((f"{PACKAGE}/example/", "tests/example/"))
    )
    assert importers == [f"{PACKAGE}/datasource.py"]
    shutil.rmtree(project / PACKAGE / "example")
    shutil.rmtree(project / "tests" / "example")
    shutil.copyfile(starter / PACKAGE / "datasource.py", project / PACKAGE / "datasource.py")
    # the starter's data source, whose boundary cases the test above runs
    _own_ci_checks(project, boundary_cases=False)


def test_the_example_is_the_default_and_an_answer_that_is_no_boolean_is_one_sentence(tmp_path: Path) -> None:
    from scaffold.errors import InvalidNameError
    from scaffold.projects.state.answers import validate_plugin_answers

    project = _plugin(tmp_path / "acme-sales")
    assert (project / PACKAGE / "example" / "service.py").is_file()
    assert "example: true" in (project / ".copier-answers.yml").read_text(encoding="utf-8")
    answers = {"project_name": "acme-sales", "package_name": PACKAGE, "title": "Acme"}
    validate_plugin_answers(answers)  # a project of a template before the question: the example
    with pytest.raises(InvalidNameError, match=r"^example must be true or false, not a number: edit"):
        validate_plugin_answers({**answers, "example": 1})
