"""regenerate and upgrade in-process on real scaffolded projects: every refusal and edge case.

The end-to-end upgrade tests (tests/e2e/test_upgrade_*.py) run the installed wheels; these cover
the rules quickly and one by one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from scaffold.errors import DirtyTreeError, HandEditedFilesError, ProjectError, StaleFilesError, TemplateError
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.regenerate import regenerate
from scaffold.projects.state.manifest import MANIFEST_PATH, SPEC_COPY_PATH, Manifest, text_hash
from scaffold.projects.templates.store import current_version
from scaffold.projects.upgrade import upgrade
from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC, MODULE_SPEC, PLUGIN_SPEC
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.functional.test_plugin_harness import scaffold_home
from tests.git_helpers import git

MODELS = "acme_sales/_contract/models.py"


@pytest.fixture(scope="module")
def committed_plugin(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A plugin as `create_project` makes it with the default answers, committed: made once per
    worker (the same files every time) instead of once per test; each test changes its own copy."""
    project = tmp_path_factory.mktemp("plugin") / "acme-sales"
    with scaffold_home(tmp_path_factory.getbasetemp() / "scaffold-home"):  # before conftest's home
        create_project(NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}))
    git(project, "init", "--quiet")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "scaffolded")
    return project


@pytest.fixture
def plugin(committed_plugin: Path, tmp_path: Path) -> Path:
    """This test's copy of the committed plugin (its git repository too)."""
    return shutil.copytree(committed_plugin, tmp_path / "acme-sales", symlinks=True)


def test_fresh_project_is_up_to_date(plugin: Path) -> None:
    regenerate(plugin, check=True)
    result = regenerate(plugin)
    assert result.written == [] and result.removed == []


def test_deleted_generated_file_is_stale_and_restored(plugin: Path) -> None:
    original = (plugin / MODELS).read_text(encoding="utf-8")
    (plugin / MODELS).unlink()
    with pytest.raises(StaleFilesError, match="out of date: acme_sales/_contract/models.py") as caught:
        regenerate(plugin, check=True)
    assert f"+++ b/{MODELS}" in caught.value.diff
    assert not (plugin / MODELS).exists(), "--check writes nothing"
    assert regenerate(plugin).written == [MODELS]
    assert (plugin / MODELS).read_text(encoding="utf-8") == original


def test_output_of_an_older_generator_is_rewritten(plugin: Path) -> None:
    """A file that matches the manifest but not today's generator (scaffold was upgraded)."""
    old = (plugin / MODELS).read_text(encoding="utf-8").replace("class DataQuery", "class DataQueryOld")
    (plugin / MODELS).write_text(old, encoding="utf-8")
    manifest = json.loads((plugin / MANIFEST_PATH).read_text(encoding="utf-8"))
    manifest["files"][MODELS] = text_hash(old)
    (plugin / MANIFEST_PATH).write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(StaleFilesError, match="out of date"):
        regenerate(plugin, check=True)
    assert regenerate(plugin).written == [MODELS]
    assert "class DataQuery(" in (plugin / MODELS).read_text(encoding="utf-8")


def test_hand_edit_is_reported_not_overwritten(plugin: Path) -> None:
    edited = (plugin / MODELS).read_text(encoding="utf-8") + "\n# tweak\n"
    (plugin / MODELS).write_text(edited, encoding="utf-8")
    with pytest.raises(StaleFilesError, match=f"edited by hand: {MODELS}"):
        regenerate(plugin, check=True)
    with pytest.raises(HandEditedFilesError) as caught:
        regenerate(plugin)
    assert caught.value.paths == [MODELS]
    assert (plugin / MODELS).read_text(encoding="utf-8") == edited
    regenerate(plugin, force=True)
    assert "# tweak" not in (plugin / MODELS).read_text(encoding="utf-8")


def test_regenerate_from_a_subfolder(plugin: Path) -> None:
    assert regenerate(plugin / "acme_sales").project == plugin


def test_not_a_project(tmp_path: Path) -> None:
    with pytest.raises(ProjectError, match="not inside a scaffold project"):
        regenerate(tmp_path)


def test_tampered_recorded_spec(plugin: Path) -> None:
    spec = plugin / SPEC_COPY_PATH
    spec.write_text(spec.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    with pytest.raises(ProjectError, match="not the spec recorded in the manifest"):
        regenerate(plugin)


def test_missing_recorded_spec_of_a_shipped_version_is_written_back(plugin: Path) -> None:
    original = (plugin / SPEC_COPY_PATH).read_bytes()
    (plugin / SPEC_COPY_PATH).unlink()
    result = regenerate(plugin)
    assert (plugin / SPEC_COPY_PATH).read_bytes() == original
    assert result.written == []


def test_missing_recorded_spec_of_an_unknown_text(plugin: Path) -> None:
    manifest = (plugin / MANIFEST_PATH).read_text(encoding="utf-8")
    recorded = json.loads(manifest)["spec_sha256"]
    (plugin / MANIFEST_PATH).write_text(manifest.replace(recorded, "0" * 64), encoding="utf-8")
    (plugin / SPEC_COPY_PATH).unlink()
    with pytest.raises(
        ProjectError, match=r"contract.yaml is missing.*git checkout -- .scaffold/contract.yaml"
    ):
        regenerate(plugin)


def test_corrupt_manifest(plugin: Path) -> None:
    (plugin / MANIFEST_PATH).write_text("{not json", encoding="utf-8")
    with pytest.raises(ProjectError, match="not valid JSON"):
        regenerate(plugin)


def test_upgrade_outside_git_is_refused(tmp_path: Path) -> None:
    """An upgrade that changes files needs git (its throwaway clone, the user's review); one with
    nothing to do is answered "up to date" before git is asked (test_fleet_upgrade.py)."""
    project = tmp_path / "acme-sales"
    create_project(NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}))
    with pytest.raises(ProjectError, match="not in a git repository"):
        upgrade(project, to=str(FUTURE_PLUGIN_SPEC))


def test_upgrade_dirty_tree_is_refused(plugin: Path) -> None:
    (plugin / "notes.txt").write_text("wip", encoding="utf-8")
    with pytest.raises(DirtyTreeError, match=r"uncommitted changes \(notes.txt\)"):
        upgrade(plugin, to=str(FUTURE_PLUGIN_SPEC))
    assert Manifest.read(plugin).contract_version == "1.2.0+r3"


def test_upgrade_to_a_spec_of_another_contract_is_refused(plugin: Path) -> None:
    with pytest.raises(Exception, match="not datasource-plugin"):
        upgrade(plugin, to=str(MODULE_SPEC))


def test_upgrade_same_version_is_a_no_op(plugin: Path) -> None:
    report = upgrade(plugin)
    assert report.nothing_to_do
    assert git(plugin, "status", "--porcelain") == ""


def test_dry_run_changes_nothing(plugin: Path) -> None:
    before = {p: p.read_bytes() for p in plugin.rglob("*") if p.is_file() and ".git" not in p.parts}
    report = upgrade(plugin, to=str(FUTURE_PLUGIN_SPEC), dry_run=True)
    assert report.dry_run and not report.nothing_to_do
    assert any(line.endswith(MODELS) for line in report.changed)
    assert report.new_operations == ["explain_query (POST /query/explain)"]
    after = {p: p.read_bytes() for p in plugin.rglob("*") if p.is_file() and ".git" not in p.parts}
    assert before == after


def test_upgrade_with_another_template_store_location(
    plugin: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A project made with another SCAFFOLD_HOME (another machine's absolute store path)."""
    monkeypatch.setenv("SCAFFOLD_HOME", str(tmp_path / "elsewhere"))
    report = upgrade(plugin, to=str(FUTURE_PLUGIN_SPEC))
    assert not report.conflicts
    answers = yaml.safe_load((plugin / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert answers["contract_version"] == "1.3.0"
    # the same line on every machine, whatever its SCAFFOLD_HOME (found: each recorded its own; issue 41)
    assert answers["_src_path"] == "~/.local/share/scaffold/template-store/plugin"
    assert "interval_ms" in (plugin / MODELS).read_text(encoding="utf-8")
    assert "S" not in git(plugin, "ls-files", "-v", ".copier-answers.yml")[:1], "skip-worktree was cleared"


def test_unknown_template_version_is_refused(plugin: Path) -> None:
    answers_path = plugin / ".copier-answers.yml"
    answers_path.write_text(
        answers_path.read_text(encoding="utf-8").replace(
            f"_commit: v{current_version('plugin-python')}", "_commit: v0.0.1"
        ),
        encoding="utf-8",
    )
    git(plugin, "commit", "--quiet", "-am", "pretend an unknown template version")
    with pytest.raises(TemplateError, match="template plugin 0.0.1, which this scaffold does not know"):
        upgrade(plugin, to=str(FUTURE_PLUGIN_SPEC))


def test_upgrade_moves_a_project_to_the_newest_spec_revision_and_keeps_user_code(tmp_path: Path) -> None:
    """A spec revision (1.2.0 -> 1.2.0+r3) is reached by `upgrade` like any other version."""
    project = tmp_path / "acme-sales"
    create_project(
        NewProjectOptions(
            kind=KINDS["plugin"],
            destination=project,
            answers={},
            contract_version=str(PLUGIN_SPEC),  # the released 1.2.0 file, as older projects have it
        )
    )
    datasource = project / "acme_sales" / "datasource.py"
    datasource.write_text(datasource.read_text(encoding="utf-8") + "\n# our own note\n", encoding="utf-8")
    git(project, "init", "--quiet")
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "scaffolded on 1.2.0")
    report = upgrade(project)
    assert not report.conflicts
    assert [c.subject for c in report.contract_diff.breaking] == ["QueryDataRequest.dataQuery"]
    manifest = Manifest.read(project)
    assert manifest.contract_version == "1.2.0+r3"
    answers = yaml.safe_load((project / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert answers["contract_version"] == "1.2.0+r3"
    assert "x-spec-revision: 3" in (project / SPEC_COPY_PATH).read_text(encoding="utf-8")
    assert "# our own note" in datasource.read_text(encoding="utf-8")
    regenerate(project, check=True)
    git(project, "add", "-A")
    git(project, "commit", "--quiet", "-m", "upgraded")
    assert upgrade(project).nothing_to_do


def test_upgrade_names_each_status_the_target_spec_does_not_document_before_applying(
    plugin: Path, tmp_path: Path
) -> None:
    """Found: a plugin of today (1.2.0+r3) upgraded `--to` a 1.3.0 spec written from the released
    1.2.0 file exited 0 and said nothing; then its conformance test failed with ST103
    "Undocumented status code" (400 on /datasource/constructor-fields and more). Now the upgrade
    (and its dry run) names each such status before it applies anything, and the conformance test
    does fail as it says."""
    text = PLUGIN_SPEC.read_text(encoding="utf-8").replace("  version: 1.2.0\n", "  version: 1.3.0\n", 1)
    spec = tmp_path / "datasource-plugin-1.3.0.yaml"
    spec.write_text(text, encoding="utf-8")
    lines = [
        "POST /datasource/constructor-fields: 400 (a body that is not the JSON the spec describes); "
        "413 (a body over the size limit); 422 (content the service cannot process); "
        "500 (an unexpected error in the service)",
        "POST /query/get-result: 413 (a body over the size limit); 422 (content the service cannot "
        "process); 500 (an unexpected error in the service)",
        "GET /well-known: 500 (an unexpected error in the service)",
    ]
    for dry_run in (["--dry-run"], []):
        result = run_scaffold(["upgrade", str(plugin), "--to", str(spec), *dry_run])
        assert result.returncode == 0, result.stdout + result.stderr
        out = result.stdout
        warning = out.index("warning: contract 1.3.0 does not document statuses this service answers")
        assert warning < out.index("files would change:" if dry_run else "files changed:"), "named before"
        assert 'fails with "Undocumented status code"' in out
        for line in lines:
            assert f"  {line}\n" in out, out
        assert f"move only the template: scaffold upgrade {plugin} --to 1.2.0+r3" in out
    git(plugin, "add", "-A")
    git(plugin, "commit", "--quiet", "-m", "upgraded to 1.3.0")
    with fewer_conformance_examples(plugin, boundary_cases=False):
        conformance = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-p",
                "no:cacheprovider",
                "tests/test_conformance.py",
            ],
            cwd=plugin,
            env={**os.environ, "PYTHONPATH": str(plugin)},
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
    out = conformance.stdout
    assert conformance.returncode == 1 and "Undocumented status code" in out, out[-3000:]
    assert "POST /datasource/constructor-fields" in out, out[-3000:]
