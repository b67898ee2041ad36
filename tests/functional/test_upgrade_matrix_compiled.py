"""An upgrade from every past version of the TypeScript and Go plugin templates to today's.

The Python matrix (test_upgrade_matrix.py) for the compiled languages: each case makes a project of
an old template version as that release made it (copier renders the tag from scaffold's template
store; the contract-owned files come from today's generator, as `scaffold regenerate` would have
left them), commits it, edits the template-owned `.gitignore` and, in one case of each version, the
user-owned data source, commits, upgrades in-process and checks that both edits survive, that an
edited starter is kept whole (the user's tests byte for byte, no new starter file beside it) while
an unedited one moves to the new starter. An edited case then runs the project's own checks as its
CI runs them (the registry's checks: eslint, prettier, tsc and vitest; gofmt, go vet, go test -race
and go build) with the new contract-owned code: once per past version. An unedited case is instead
compared file for file with a fresh project of today's template (tests/upgraded_tree.py), whose
checks the fresh-project tests run: equal bytes need no second toolchain run.

The edited cases of different past versions keep different starters (measured: TypeScript 1.1.0
seeded test/contract.test.ts and changed the other tests, 1.2.0 changed src/example/queries.ts and
its test; Go 1.1.0 added contract_test.go and changed helpers_test.go), and every check but one
reads the kept tests. That one is TypeScript's `npm run build` (`tsc -p tsconfig.build.json`:
src/ compiled to dist/), whose input is the same bytes in the upgraded 1.0.0 and 1.1.0 projects:
it runs once for both (tests/run_once.py, keyed by a hash of all but the tests, _read_by_the_build).
Its type check is not the one `npm run typecheck` made, so it is not left out: that program has the
declarations the tests bring (vite's ImportMeta, chai's globals), the build's has not.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from scaffold.contracts import LANGUAGES
from scaffold.projects.kinds import KINDS
from scaffold.projects.project import open_project
from scaffold.projects.regenerate import regenerate
from scaffold.projects.templates.merge import rendered_template
from scaffold.projects.templates.store import current_version, ensure_store, known_versions
from scaffold.projects.upgrade import upgrade
from tests.git_helpers import git
from tests.go_toolchain import go_environment
from tests.node_install import install_node_modules
from tests.past_projects import write_past_project
from tests.run_once import once_per_run
from tests.upgraded_tree import differences_from_fresh, tree_digest

pytestmark = pytest.mark.slow

CONTRACT = "1.2.0+r3"
STARTER_LINE = "\n// our team's note: the example stays until our API is ready\n"
TEMPLATE_EDIT = ".gitignore"
TEMPLATE_LINE = "\n# our team's local files\n.idea/\n"
TS_BUILD = "npm run build"


def _read_by_the_build(relative: str) -> bool:
    """Whether `npm run build` may read the project's file `relative`: all but the tests (a .d.ts
    under test/ excepted). tsc compiles src/ to dist/ with rootDir src/: a src/ import of a test
    file fails the build (TS6059) whatever that file holds, an import of a missing one too (TS2307),
    so a build that passes read no test file, and equal bytes elsewhere build alike."""
    return not relative.startswith("test/") or relative.endswith(".d.ts")


@dataclass(frozen=True)
class Language:
    """What differs between the compiled languages' projects in this matrix."""

    name: str
    template: str
    starter: str  # the user-owned data source
    tests: tuple[str, ...]  # the user's seeded tests of every past version
    replay: str  # the seeded test that replays the spec's examples (template 1.1.0 on)
    scaffold_version: str  # the scaffold that released the template's first version


LANGUAGES_UNDER_TEST = (
    Language(
        "typescript",
        "plugin-typescript",
        "src/datasource.ts",
        ("test/strict.test.ts", "test/plugin.test.ts"),
        "test/contract.test.ts",
        "1.2.0",
    ),
    Language(
        "go",
        "plugin-go",
        "internal/datasource/datasource.go",
        ("internal/datasource/strict_test.go", "internal/datasource/helpers_test.go"),
        "internal/datasource/contract_test.go",
        "1.3.0",
    ),
)
CASES = [
    (language, version, edited)
    for language in LANGUAGES_UNDER_TEST
    for version in [
        v.version
        for v in known_versions(language.template)
        if v.version != current_version(language.template)
    ]
    for edited in (True, False)
]


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=900, check=False, env=go_environment()
    )


def _make_project_at(language: Language, version: str, destination: Path) -> Path:
    answers = {
        "project_name": "acme-sales",
        "contract_version": CONTRACT,
        "scaffold_version": language.scaffold_version,
        "language": language.name,
    }
    if language.name == "go":
        answers["example"] = False  # template 1.0.0 had no example (its question refused it)
    return write_past_project(KINDS["plugin"].for_language(language.name), answers, version, destination)


@pytest.fixture(scope="module")
def node_modules(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """node_modules of today's TypeScript template (package.json and lock), shared as a link."""
    assert shutil.which("npm"), "npm is needed for a TypeScript plugin (install Node.js 20 and npm)"
    folder = tmp_path_factory.mktemp("ts-modules")
    template = "plugin-typescript"
    fresh = rendered_template(
        {"project_name": "acme-sales", "contract_version": CONTRACT},
        ensure_store(template),
        current_version(template),
    )
    for name in ("package.json", "package-lock.json"):
        (folder / name).write_bytes(fresh[name].data)
    install_node_modules(folder, tmp_path_factory)  # `npm ci`, once per run for this lock file
    yield folder / "node_modules"


@pytest.mark.parametrize(
    ("language", "version", "edited"),
    CASES,
    ids=[f"{lang.name}-{v}-{'edited' if e else 'unedited'}" for lang, v, e in CASES],
)
def test_upgrade_from_every_past_version_keeps_edits_and_leaves_the_project_green(
    language: Language,
    version: str,
    edited: bool,
    request: pytest.FixtureRequest,
    tmp_path: Path,
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    template, starter = language.template, language.starter
    project = _make_project_at(language, version, tmp_path / "acme-sales")
    starter_text = (project / starter).read_text(encoding="utf-8") + (STARTER_LINE if edited else "")
    (project / starter).write_text(starter_text, encoding="utf-8")
    (project / TEMPLATE_EDIT).write_text(
        (project / TEMPLATE_EDIT).read_text(encoding="utf-8") + TEMPLATE_LINE, encoding="utf-8"
    )
    git(project, "commit", "--quiet", "-am", "our edits")
    kept_tests = {p: (project / p).read_bytes() for p in language.tests}

    report = upgrade(project)

    assert (report.template_from, report.template_to) == (version, current_version(template))
    assert report.conflicts == [], report.changed
    if edited:  # an unedited starter moves to the new one (checked below with the others)
        assert (project / starter).read_text(encoding="utf-8") == starter_text
    assert TEMPLATE_LINE in (project / TEMPLATE_EDIT).read_text(encoding="utf-8")
    assert report.starters is not None
    (part,) = report.starters.parts
    fresh = rendered_template({**open_project(project).answers}, ensure_store(template), report.template_to)
    if edited:
        assert part.state == "edited" and starter in part.edited
        assert {p: (project / p).read_bytes() for p in kept_tests} == kept_tests, (
            "the user's tests were changed"
        )
        for path in part.new:
            assert not (project / path).exists(), (
                f"{path} of the new starter landed beside the user's starter"
            )
    else:
        assert part.state == "unedited"
        assert (project / language.replay).is_file(), "1.1.0's replay of the spec's examples"
        for path in [p for p in fresh if p in part.new or p in part.changed]:
            assert (project / path).read_bytes() == fresh[path].data, (
                f"{path} did not move to the new starter"
            )
    regenerate(project, check=True)
    if not edited:
        # Byte for byte a fresh project (its .gitignore edit checked above), whose checks the tests
        # of fresh projects run (test_plugin_typescript.py, test_plugin_go.py): no second run here.
        assert differences_from_fresh(project, edited=frozenset({TEMPLATE_EDIT})) == []
        return

    build_key = tree_digest(project, read=_read_by_the_build)  # before any check writes a file
    if language.name == "typescript":
        (project / "node_modules").symlink_to(request.getfixturevalue("node_modules"))
    for command in LANGUAGES[language.name].checks:
        if language.name == "typescript" and command == TS_BUILD:
            # versions whose kept starters differ only in their tests build once per run
            _, result = once_per_run(
                tmp_path_factory, f"compiled-build-{build_key}", lambda _: _check(TS_BUILD, project)
            )
        else:
            result = _check(command, project)
        assert result["code"] == 0, f"{command}:\n{result['output']}"


def _check(command: str, project: Path) -> dict[str, Any]:
    """`command` run in `project`: its exit code and the end of its output."""
    result = _run(command.split(), project)
    return {"code": result.returncode, "output": result.stdout[-4000:] + result.stderr[-2000:]}
