"""An upgrade from every past template version of both kinds to today's (issue 25, point 2).

Each case makes a project of an old template version as that release made it (copier renders the
tag from scaffold's template store, which rebuilds every past version byte for byte; the
contract-owned files come from today's generator for the contract version that release used, as
`scaffold regenerate` would have left them), commits it, edits a starter file (user-owned) and a
template-owned file and deletes another template-owned file as a team would, commits, then
upgrades in-process and checks:

- the edits survive, the deleted file stays deleted and nothing conflicts;
- a part whose starter the user edited keeps it exactly: no starter file of the new version lands
  beside it (found: 1.0.0 projects gained 1.5.0's tests/test_limits.py, conformance hooks and
  example files, and their tests failed); the plan names what it held back;
- a part whose starter is unedited moves whole to the new starter;
- `regenerate --check` is clean; where the service part is the one edited, every module of the
  service package imports, the project's ruff
  check and format check pass (its CI's first steps; `mypy` is left to the e2e upgrade tests), and
  its own tests pass (run with this environment's Python, PYTHONPATH on the service folder, as
  tests/functional/test_plugin_project.py runs a fresh project's); kept tests that pin a rule a
  contract revision corrected report what to change instead of failing (NEEDS_INPUT); where the
  service part is unedited (a module whose frontend was edited), it is compared file for file with
  a fresh project's instead (tests/upgraded_tree.py), whose tests the fresh-project tests run.
  Past versions whose upgraded projects are the same bytes (1.2.0 and 1.3.0 seeded the same
  starters) share one run of those checks (tests/run_once.py, keyed by a hash of the tree).

The module's frontend tests need npm; a held-back frontend is checked file by file here, and the
npm side of an upgrade is tests/e2e/test_upgrade_module.py's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.starter_corrections import CORRECTIONS
from scaffold.contracts import KIND_NAMES, TEMPLATES
from scaffold.projects.kinds import KINDS
from scaffold.projects.project import open_project
from scaffold.projects.regenerate import regenerate
from scaffold.projects.templates.merge import rendered_template
from scaffold.projects.templates.store import current_version, ensure_store, known_versions
from scaffold.projects.upgrade import UpgradeNotice, upgrade
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.git_helpers import git
from tests.past_projects import write_past_project
from tests.run_once import once_per_run
from tests.upgraded_tree import differences_from_fresh, tree_digest

pytestmark = pytest.mark.slow

# The contract version each release recorded: revision 2 of both contracts came with templates 1.2.0.
UNREVISED = {"plugin": "1.2.0", "module": "2026.1.1"}
REVISED = {"plugin": "1.2.0+r3", "module": "2026.1.1+r2"}
NAMES = {"plugin": "acme-sales", "module": "acme-map"}
PACKAGE = {"plugin": "acme_sales", "module": "acme_map"}
# The starter file a case edits, by the part it edits (that part is then "edited"; a module's other
# part stays unedited and moves), and a template-owned file every case edits.
STARTER_EDIT = {
    ("plugin", ""): "acme_sales/datasource.py",
    ("module", "frontend"): "frontend/src/components/Widget.tsx",
    ("module", "backend"): "backend/acme_map/demo.py",
}
STARTER_LINE = {
    ".py": "\n\n# our team's note: the example stays until our API is ready\n",
    ".tsx": "\n// ours\n",
}
TEMPLATE_EDIT = ".gitignore"
TEMPLATE_LINE = "\n# our team's local files\n.idea/\n"
# A template-owned file every case deletes. Found: with a deleted template file in the project,
# copier's update (scaffold 1.7.0 and before) wrote over the
# plugin's edited starter datasource.py (its skip pattern names the package).
TEMPLATE_DELETED = ".dockerignore"
# The folder whose own tests run: the service part.
SERVICE = {"plugin": "", "module": "backend"}


def _past(kind: str) -> list[str]:
    current = current_version(KIND_NAMES[kind].template)
    return [v.version for v in known_versions(KIND_NAMES[kind].template) if v.version != current]


# Starter tests of a past version that pin what a contract revision corrected (template 1.2.0
# brought revision 2 of both contracts): the plugin's PluginError answered 400 by default (now 422,
# content the plugin cannot process); the module's demo endpoint accepted a body that is neither an
# envelope nor {message} (now 400). After an upgrade that keeps the user's edited starter, pytest
# reports them as expected failures with what to change (scaffold/codegen/python/runtime_files/
# starter_corrections.py) instead of failing, and the upgrade names them before applying.
_DEMO = "tests/test_demo_status.py::"
_DEMO_PINNED = {
    _DEMO + "test_module_context_of_unknown_shape_is_ignored",
    _DEMO + "test_default_language_is_russian",
    _DEMO + "test_payload_that_is_not_an_object_is_422",
}
NEEDS_INPUT: dict[tuple[str, str, str], set[str]] = {
    ("plugin", "", "1.1.0"): {"tests/test_limits.py::test_a_result_over_the_limit_is_refused_naming_the_fix"},
    ("module", "backend", "1.0.0"): _DEMO_PINNED,
    ("module", "backend", "1.1.0"): _DEMO_PINNED,
}

CASES = [(kind, part, version) for kind, part in STARTER_EDIT for version in _past(kind)]


def make_project_at(kind: str, version: str, destination: Path) -> Path:
    """A project of template `version`, committed, as that release made it (see the docstring)."""
    contract = UNREVISED[kind] if tuple(map(int, version.split("."))) < (1, 2, 0) else REVISED[kind]
    answers = {"project_name": NAMES[kind], "contract_version": contract, "scaffold_version": "0.1.0"}
    return write_past_project(KINDS[kind], answers, version, destination)


def _edit(project: Path, relative: str, line: str) -> str:
    path = project / relative
    text = path.read_text(encoding="utf-8") + line
    path.write_text(text, encoding="utf-8")
    return text


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(cwd), "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600, check=False)


@pytest.mark.parametrize(
    ("kind", "edited_folder", "version"), CASES, ids=[f"{k}-{p or 'service'}-{v}" for k, p, v in CASES]
)
def test_upgrade_from_every_past_version_keeps_edits_and_leaves_the_project_green(
    kind: str, edited_folder: str, version: str, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    project = make_project_at(kind, version, tmp_path / NAMES[kind])
    starter = STARTER_EDIT[(kind, edited_folder)]
    starter_text = _edit(project, starter, STARTER_LINE[Path(starter).suffix])
    _edit(project, TEMPLATE_EDIT, TEMPLATE_LINE)
    (project / TEMPLATE_DELETED).unlink()
    git(project, "commit", "--quiet", "-am", "our edits")
    before = set(git(project, "ls-files", "-z").split("\0")) - {""}

    heard: list[UpgradeNotice] = []
    report = upgrade(project, announce=heard.append)

    assert report.template_from == version and report.template_to == current_version(
        KIND_NAMES[kind].template
    )
    assert report.conflicts == [], report.changed
    assert (project / starter).read_text(encoding="utf-8") == starter_text
    assert TEMPLATE_LINE in (project / TEMPLATE_EDIT).read_text(encoding="utf-8")
    assert not (project / TEMPLATE_DELETED).exists(), "a template file the team deleted came back"
    assert [notice.starters for notice in heard] == [report.starters] and report.starters is not None
    assert heard[0].undocumented == report.undocumented == (), "the newest spec documents every status"
    parts = {part.folder: part for part in report.starters.parts}
    edited = parts[edited_folder]
    assert edited.state == "edited" and starter in edited.edited
    for path in edited.new:
        assert not (project / path).exists(), f"{path} of the new starter landed beside the user's starter"
    for path in TEMPLATES[KIND_NAMES[kind].template].wired(PACKAGE[kind]):  # module 1.6.0's endpoints.py
        assert (project / path).is_file(), f"{path}, which template-owned code imports, was not added"
    for path in [p for p in before if p.startswith(edited_folder)]:
        if path != starter and path in edited.changed:
            assert git(project, "diff", "HEAD", "--", path) == "", f"{path} (starter) was changed"
    for moved in [part for part in parts.values() if part.folder != edited_folder]:
        assert moved.state == "unedited"
        fresh = rendered_template(
            {**open_project(project).answers}, ensure_store(KIND_NAMES[kind].template), report.template_to
        )
        for path in [
            p for p in fresh if p.startswith(moved.folder) and (p in moved.new or p in moved.changed)
        ]:
            assert (project / path).read_bytes() == fresh[path].data, (
                f"{path} did not move to the new starter"
            )

    regenerate(project, check=True)
    expected = NEEDS_INPUT.get((kind, edited_folder, version), set())
    prefix = SERVICE[kind] + "/" if SERVICE[kind] else ""
    assert {test.removeprefix(prefix) for test in edited.needs_input} == expected, (
        "the upgrade must name before applying the kept tests that will report what to change"
    )
    if edited_folder != SERVICE[kind]:
        # The service part moved whole: byte for byte a fresh project's (tests/upgraded_tree.py),
        # whose own tests the fresh-project tests run (test_module_backend.py, the e2e module test).
        assert differences_from_fresh(project, under=SERVICE[kind] + "/") == []
        return
    # Past versions whose upgraded projects are the same bytes (1.2.0 and 1.3.0 seeded the same
    # starters) run the service's checks once per run: tests/run_once.py, keyed by the tree.
    _, checks = once_per_run(
        tmp_path_factory, f"matrix-checks-{tree_digest(project)}", _service_checks(kind, project)
    )
    assert checks["imports"][0] == 0, checks["imports"][1]
    for lint in ("check", "format"):
        assert checks[lint][0] == 0, f"ruff {lint}: {checks[lint][1]}"
    code, output = checks["pytest"]
    assert code == 0, output
    reported = {  # test functions, without parameters
        line.removeprefix("XFAIL ").split(" - ")[0].split("[")[0]
        for line in output.splitlines()
        if line.startswith("XFAIL ") and " - this test pins " in line
    }
    assert reported == expected, output


def _service_checks(kind: str, project: Path) -> Callable[[Path], dict[str, Any]]:
    """What the project's CI runs first on its service part, run in a copy of `project` made in
    the folder it is given: every module imports, ruff check and format check (its CI's first two
    steps), its own tests. Each result is (exit code, the end of its output)."""

    def run_checks(folder: Path) -> dict[str, Any]:
        copy = shutil.copytree(project, folder / NAMES[kind], ignore=shutil.ignore_patterns(".git"))
        service = copy / SERVICE[kind]
        package = PACKAGE[kind]
        results: dict[str, Any] = {}
        imports = _run(
            [
                sys.executable,
                "-c",
                f"import pkgutil, importlib, {package}\n"
                f"for m in pkgutil.walk_packages({package}.__path__, '{package}.'): importlib.import_module(m.name)",
            ],
            service,
        )
        results["imports"] = (imports.returncode, imports.stderr[-3000:])
        for lint in (["check", "--no-cache", "."], ["format", "--no-cache", "--check", "."]):
            ruff = _run([sys.executable, "-m", "ruff", *lint], service)
            results[lint[0]] = (ruff.returncode, ruff.stdout[-3000:] + ruff.stderr[-1000:])
        # the conformance test's depth is tested in tests/conformance; here, as in the e2e runs, 10 per kind
        has_settings = (copy / "schemathesis.toml").exists()  # the project's; versions before 1.2.0 have none
        with fewer_conformance_examples(copy) if has_settings else nullcontext():
            tests = _run([sys.executable, "-m", "pytest", "-q", "-rfx", "-p", "no:cacheprovider"], service)
        results["pytest"] = (tests.returncode, tests.stdout[-4000:] + tests.stderr[-2000:])
        return results

    return run_checks


def test_each_listed_correction_is_a_file_a_past_template_version_seeded() -> None:
    """The table the hook and the upgrade read names real seeded files and tests in them."""
    found = set()
    for kind in ("plugin", "module"):
        source = ensure_store(KIND_NAMES[kind].template)
        for version in _past(kind):
            contract = UNREVISED[kind] if tuple(map(int, version.split("."))) < (1, 2, 0) else REVISED[kind]
            answers = {"project_name": NAMES[kind], "contract_version": contract, "scaffold_version": "0.1.0"}
            files = rendered_template(answers, source, version)
            for correction in CORRECTIONS:
                seeded = files.get(f"{SERVICE[kind]}/{correction.path}".lstrip("/"))
                if seeded is not None and correction.matches(seeded.data, PACKAGE[kind]):
                    text = seeded.data.decode()
                    assert all(f"def {test}(" in text for test in correction.tests), correction.path
                    found.add(correction)
    assert found == set(CORRECTIONS), f"not seeded by any past version: {set(CORRECTIONS) - found}"
