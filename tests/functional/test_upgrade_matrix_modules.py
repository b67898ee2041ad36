"""An upgrade from every past version of the TypeScript and Go module templates to today's.

The module matrix of tests/functional/test_upgrade_matrix.py (Python) for the backends in the
compiled languages (issue 42, point 3: "the upgrade matrices from the first template version of
each"). Each case makes a project of an old template version as that release made it (copier
renders the tag from scaffold's template store; the contract-owned files come from today's
generator, as `scaffold regenerate` would have left them), commits it, edits one part's starter
(the frontend's Widget.tsx or the backend's seeded demo endpoint, both user-owned) and the
template-owned `.gitignore`, deletes the template-owned `.dockerignore`, commits, upgrades in-process
and checks:

- both edits survive, the deleted file stays deleted and nothing conflicts;
- the edited part keeps its starter exactly (no starter file of the new version lands beside it,
  no other starter file of that part changed); the other part, unedited, moves whole to the new
  starter;
- `regenerate --check` is clean;
- where the backend is the edited part, the backend runs the checks its CI runs (the registry's
  checks for the language: eslint, tsc, vitest and the build; gofmt, go vet, go test -race and go
  build) on the kept starter with today's contract-owned code; where the frontend is the edited
  part, the backend moved whole and is compared file for file with a fresh project's
  (tests/upgraded_tree.py), whose checks the fresh-project tests run (test_module_go.py,
  tests/e2e/test_new_module.py). The npm side of a frontend upgrade is
  tests/e2e/test_upgrade_module.py's, as for the Python module.
"""

from __future__ import annotations

import subprocess
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
from tests.upgraded_tree import differences_from_fresh

pytestmark = pytest.mark.slow

# The contract each template's first version was released with (the secrets decision of r5 came
# before module-typescript and module-go 1.0.0 were released).
CONTRACT = "2026.1.1+r5"
SCAFFOLD_OF_FIRST_VERSION = "1.7.0"
NAME = "acme-map"
WIDGET = "frontend/src/components/Widget.tsx"
TEMPLATE_EDIT = ".gitignore"
TEMPLATE_LINE = "\n# our team's local files\n.idea/\n"
TEMPLATE_DELETED = ".dockerignore"
BACKEND = "backend"


@dataclass(frozen=True)
class Backend:
    """What differs between the compiled languages' module backends in this matrix."""

    language: str
    demo: str  # the backend's seeded demo endpoint (user-owned)
    note: str  # a line the team adds to it

    @property
    def template(self) -> str:
        return KINDS["module"].for_language(self.language).template


BACKENDS = (
    Backend(
        "typescript", "backend/src/demo.ts", "\n// our team's note: the demo stays until our API is ready\n"
    ),
    Backend(
        "go",
        "backend/internal/module/demo.go",
        "\n// our team's note: the demo stays until our API is ready\n",
    ),
)


def _past(backend: Backend) -> list[str]:
    current = current_version(backend.template)
    return [v.version for v in known_versions(backend.template) if v.version != current]


CASES = [
    (backend, version, part)
    for backend in BACKENDS
    for version in _past(backend)
    for part in ("frontend", "backend")
]


def _edit(project: Path, relative: str, line: str) -> str:
    path = project / relative
    text = path.read_text(encoding="utf-8") + line
    path.write_text(text, encoding="utf-8")
    return text


@pytest.mark.parametrize(
    ("backend", "version", "edited_part"),
    CASES,
    ids=[f"{b.language}-{v}-{p}-edited" for b, v, p in CASES],
)
def test_upgrade_from_every_past_version_keeps_edits_and_leaves_the_backend_green(
    backend: Backend, version: str, edited_part: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    answers = {
        "project_name": NAME,
        "contract_version": CONTRACT,
        "scaffold_version": SCAFFOLD_OF_FIRST_VERSION,
        "language": backend.language,
    }
    project = write_past_project(
        KINDS["module"].for_language(backend.language), answers, version, tmp_path / NAME
    )
    starter = WIDGET if edited_part == "frontend" else backend.demo
    starter_text = _edit(project, starter, "\n// ours\n" if edited_part == "frontend" else backend.note)
    _edit(project, TEMPLATE_EDIT, TEMPLATE_LINE)
    (project / TEMPLATE_DELETED).unlink()
    git(project, "commit", "--quiet", "-am", "our edits")
    before = set(git(project, "ls-files", "-z").split("\0")) - {""}

    report = upgrade(project)

    assert (report.template_from, report.template_to) == (version, current_version(backend.template))
    assert report.conflicts == [], report.changed
    assert (project / starter).read_text(encoding="utf-8") == starter_text
    assert TEMPLATE_LINE in (project / TEMPLATE_EDIT).read_text(encoding="utf-8")
    assert not (project / TEMPLATE_DELETED).exists(), "a template file the team deleted came back"
    assert report.starters is not None
    parts = {part.folder: part for part in report.starters.parts}
    edited = parts[edited_part]
    assert edited.state == "edited" and starter in edited.edited
    for path in edited.new:
        assert not (project / path).exists(), f"{path} of the new starter landed beside the user's starter"
    for path in [p for p in before if p.startswith(edited_part + "/")]:
        if path != starter and path in edited.changed:
            assert git(project, "diff", "HEAD", "--", path) == "", f"{path} (starter) was changed"
    fresh = rendered_template(
        {**open_project(project).answers}, ensure_store(backend.template), report.template_to
    )
    for moved in [part for part in parts.values() if part.folder != edited_part]:
        assert moved.state == "unedited"
        for path in [
            p for p in fresh if p.startswith(moved.folder) and (p in moved.new or p in moved.changed)
        ]:
            assert (project / path).read_bytes() == fresh[path].data, (
                f"{path} did not move to the new starter"
            )

    regenerate(project, check=True)
    if edited_part != BACKEND:
        # The backend moved whole: byte for byte a fresh project's, whose checks the fresh-project
        # tests run.
        assert differences_from_fresh(project, under=BACKEND + "/") == []
        return
    service = project / BACKEND
    if backend.language == "typescript":
        install_node_modules(service, tmp_path_factory)  # `npm ci`, once per run for this lock file
    for command in LANGUAGES[backend.language].checks:
        result = _check(command, service)
        assert result["code"] == 0, f"{command}:\n{result['output']}"


def _check(command: str, cwd: Path) -> dict[str, Any]:
    """`command` run in `cwd`: its exit code and the end of its output."""
    result = subprocess.run(
        command.split(),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=go_environment(),
    )
    return {"code": result.returncode, "output": result.stdout[-4000:] + result.stderr[-2000:]}
