"""`scaffold status` as a library: one status record per crafted project folder, and nothing written.

Projects are made once per module and copied for each test; every status is taken through
`status_of`, which also asserts that the project's tree (journal included) is byte for byte and
mode for mode what it was before.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from scaffold.errors import ProjectError
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.fleet import MAX_DEPTH, find_projects
from scaffold.projects.kinds import KINDS
from scaffold.projects.state.transaction import JOURNAL_DIR
from scaffold.projects.status import ProjectStatus, fleet_status, report_json
from scaffold.projects.templates.store import current_version
from scaffold.specs.catalog import versions_of
from tests.conftest import PLUGIN_SPEC
from tests.hostile.projects import copy_of, tree_digest

PACKAGE = "acme_sales"
MODELS = f"{PACKAGE}/_contract/models.py"
MANIFEST = ".scaffold/manifest.json"
NEWEST_CONTRACT = versions_of("datasource-plugin")[-1]
SECRET = "VICTIM-CONTENT-4711"


def _create(factory: pytest.TempPathFactory, contract_version: str | None = None) -> Path:
    project = factory.mktemp("pristine") / "acme-sales"
    options = NewProjectOptions(
        kind=KINDS["plugin"], destination=project, answers={}, contract_version=contract_version
    )
    create_project(options)
    return project


@pytest.fixture(scope="module")
def pristine(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _create(tmp_path_factory)


@pytest.fixture(scope="module")
def pristine_old_contract(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Made from the released 1.2.0 file: the spec an older project records."""
    return _create(tmp_path_factory, contract_version=str(PLUGIN_SPEC))


@pytest.fixture
def plugin(pristine: Path, tmp_path: Path) -> Path:
    return copy_of(pristine, tmp_path)


def status_of(project: Path) -> ProjectStatus:
    """The one status of `project`, asserting that taking it changed nothing in the folder."""
    before = tree_digest(project)
    statuses = fleet_status([project], cwd=project.parent)
    assert tree_digest(project) == before, "status must not change a byte"
    assert len(statuses) == 1
    return statuses[0]


def test_a_fresh_project_is_ok(plugin: Path) -> None:
    status = status_of(plugin)
    assert (status.shown, status.name, status.kind, status.contract) == (
        "acme-sales",
        "acme-sales",
        "plugin",
        "datasource-plugin",
    )
    assert status.contract_version == status.newest_contract_version == NEWEST_CONTRACT
    assert status.template_version == status.newest_template_version == current_version("plugin-python")
    assert status.edited == ()
    assert not status.interrupted and status.regenerate_ok and status.problem is None
    assert status.behind is False and status.state == "ok" and status.ok


def test_hand_edited_contract_file(plugin: Path) -> None:
    with open(plugin / MODELS, "a", encoding="utf-8") as handle:
        handle.write("# tweak\n")
    status = status_of(plugin)
    assert status.edited == (MODELS,)
    assert status.regenerate_ok is False
    assert f"edited by hand: {MODELS}" in str(status.regenerate_problem)
    assert status.state == "edited" and not status.ok


def test_missing_contract_file_counts_as_edited(plugin: Path) -> None:
    (plugin / MODELS).unlink()
    status = status_of(plugin)
    assert status.edited == (MODELS,)
    assert status.regenerate_ok is False and status.state == "edited"


def test_stale_generated_file_without_edits(plugin: Path) -> None:
    """The manifest agrees with the file but today's generator would write something else."""
    old = (plugin / MODELS).read_text(encoding="utf-8").replace("class DataQuery", "class DataQueryOld")
    (plugin / MODELS).write_text(old, encoding="utf-8")
    manifest = json.loads((plugin / MANIFEST).read_text(encoding="utf-8"))
    manifest["files"][MODELS] = hashlib.sha256(old.encode()).hexdigest()
    (plugin / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    status = status_of(plugin)
    assert status.edited == ()
    assert status.regenerate_ok is False and "out of date" in str(status.regenerate_problem)
    assert status.state == "stale"


def _interrupt_after_first_file(project: Path) -> None:
    """The state `transaction.apply_changes` leaves when SIGKILLed after replacing its first file."""
    journal = project / JOURNAL_DIR
    (journal / "backup").mkdir(parents=True)
    (journal / "new").mkdir()
    shutil.copy2(project / MODELS, journal / "backup" / "0")
    (journal / "new" / "1").write_text("staged\n", encoding="utf-8")
    with open(project / MODELS, "a", encoding="utf-8") as handle:
        handle.write("# written by the interrupted regenerate\n")
    record = {
        "entries": [{"path": MODELS, "existed": True}, {"path": MANIFEST, "existed": True}],
        "created_dirs": [],
    }
    (journal / "journal.json").write_text(json.dumps(record), encoding="utf-8")


def test_interrupted_change_is_reported_and_left_alone(plugin: Path) -> None:
    _interrupt_after_first_file(plugin)
    edited = (plugin / MODELS).read_bytes()
    status = status_of(plugin)  # asserts the tree, journal included, is unchanged
    assert status.interrupted and status.state == "interrupted" and not status.ok
    assert status.kind == "plugin"
    assert status.contract_version is None and status.edited is None, "half-changed files prove nothing"
    assert status.regenerate_ok is False
    assert f"scaffold regenerate {plugin}" in str(status.regenerate_problem)
    assert (plugin / JOURNAL_DIR / "journal.json").is_file()
    assert (plugin / MODELS).read_bytes() == edited, "not rolled back"


def test_old_template_version_is_behind(plugin: Path) -> None:
    answers = plugin / ".copier-answers.yml"
    newest = current_version("plugin-python")
    answers.write_text(
        answers.read_text(encoding="utf-8").replace(f"_commit: v{newest}", "_commit: v1.3.0"),
        encoding="utf-8",
    )
    status = status_of(plugin)
    assert (status.template_version, status.newest_template_version) == ("1.3.0", newest)
    assert status.template_behind is True and status.contract_behind is False
    assert status.behind and status.regenerate_ok and status.state == "behind"


def test_old_contract_version_is_behind(pristine_old_contract: Path, tmp_path: Path) -> None:
    project = copy_of(pristine_old_contract, tmp_path)
    status = status_of(project)
    assert (status.contract_version, status.newest_contract_version) == ("1.2.0", NEWEST_CONTRACT)
    assert status.contract_behind is True and status.template_behind is False
    assert status.regenerate_ok, "regenerate --check compares with the project's own recorded spec"
    assert status.state == "behind" and not status.ok


def test_versions_compare_as_spec_versions_not_text() -> None:
    base = ProjectStatus(
        path=Path("/p"),
        shown="p",
        edited=(),
        regenerate_ok=True,
        template_version="1.4.0",
        scaffold_version="1.7.0",
        newest_scaffold_version="1.7.0",
    )
    assert replace(base, newest_template_version="1.10.0").template_behind is True
    revision = replace(base, contract_version="1.2.0+r2", newest_contract_version="1.2.0+r10")
    assert revision.contract_behind is True
    ahead = replace(base, contract_version="1.3.0", newest_contract_version="1.2.0+r2")
    assert ahead.behind is False and ahead.ok, "a project newer than this scaffold is not behind"
    assert replace(base, newest_scaffold_version="1.10.0").scaffold_behind is True
    assert replace(base, scaffold_version="1.10.0", newest_scaffold_version="1.9.0").behind is False
    unrecorded = replace(base, scaffold_version=None)  # made before projects recorded it
    assert unrecorded.scaffold_behind is True and unrecorded.state == "behind"


def test_a_newer_scaffold_is_behind_and_never_told_regenerate() -> None:
    """Found (issue 41): a project of an older scaffold was `stale`, told `scaffold regenerate`,
    which put today's contract-owned files beside its old template and failed its tests."""
    from scaffold.cli.status_cmd import render_table

    older = ProjectStatus(
        path=Path("/p"),
        shown="p",
        kind="plugin",
        language="go",
        contract="datasource-plugin",
        contract_version=NEWEST_CONTRACT,
        newest_contract_version=NEWEST_CONTRACT,
        template_version="1.4.0",
        newest_template_version="1.4.0",
        scaffold_version="1.3.0",
        newest_scaffold_version="1.7.0",
        edited=(),
    )
    assert older.state == "behind" and older.behind
    table = render_table([older])
    assert "regenerate" not in table and "`scaffold upgrade p` moves it to" in table
    edited = replace(older, edited=("internal/contract/wire/types_gen.go",))
    table = render_table([edited])
    assert edited.state == "edited" and "`scaffold regenerate" not in table
    assert "git checkout -- PATH), then upgrade" in table


@pytest.fixture
def victim(tmp_path: Path) -> Path:
    path = tmp_path / "victim.txt"
    path.write_text(SECRET, encoding="utf-8")
    return path


def _manifest_key(project: Path, key: str) -> None:
    path = project / MANIFEST
    data = json.loads(path.read_text(encoding="utf-8"))
    data["files"][key] = "0" * 64
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("hostile", ["dot-dot key", "absolute key", "huge manifest", "symlinked manifest"])
def test_hostile_manifest_is_a_problem_row(plugin: Path, victim: Path, hostile: str) -> None:
    if hostile == "dot-dot key":
        _manifest_key(plugin, os.path.relpath(victim, plugin))
    elif hostile == "absolute key":
        _manifest_key(plugin, str(victim))
    elif hostile == "huge manifest":
        (plugin / MANIFEST).write_text(" " * (2 << 20) + "{}", encoding="utf-8")
    else:
        outside = victim.parent / "manifest-outside.json"
        (plugin / MANIFEST).rename(outside)
        (plugin / MANIFEST).symlink_to(outside)
    status = status_of(plugin)
    assert status.state == "problem" and not status.ok
    assert MANIFEST in str(status.problem) and SECRET not in str(status.problem)
    assert status.edited is None and status.regenerate_ok is None
    assert victim.read_text(encoding="utf-8") == SECRET


def test_state_folder_linked_outside_is_a_problem_row(plugin: Path, tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    (plugin / ".scaffold").rename(outside)
    (plugin / ".scaffold").symlink_to(outside)
    status = status_of(plugin)
    assert status.state == "problem" and "leads outside the project" in str(status.problem)


def test_state_folder_without_manifest_is_a_problem_row(plugin: Path) -> None:
    (plugin / MANIFEST).unlink()
    status = status_of(plugin)
    assert status.state == "problem" and f"no {MANIFEST}" in str(status.problem)


def test_broken_answers_keep_what_was_learnt(plugin: Path) -> None:
    (plugin / ".copier-answers.yml").write_text("_commit: [unclosed\n", encoding="utf-8")
    status = status_of(plugin)
    assert status.state == "problem" and ".copier-answers.yml" in str(status.problem)
    assert status.kind == "plugin", "the manifest was readable"


def _project_marker(folder: Path) -> Path:
    (folder / ".scaffold").mkdir(parents=True)
    return folder


def test_a_fleet_folder_is_searched_two_levels_down_without_following_links(tmp_path: Path) -> None:
    fleet = tmp_path / "fleet"
    _project_marker(fleet / "a")
    _project_marker(fleet / "team" / "b")
    _project_marker(fleet / "team" / "deeper" / "c")  # three levels down: not searched
    _project_marker(fleet / ".hidden" / "d")
    _project_marker(fleet / "node_modules" / "e")
    _project_marker(fleet / "a" / "inner")  # inside a project: not searched
    _project_marker(tmp_path / "outside")
    (fleet / "link").symlink_to(tmp_path / "outside")
    (fleet / "loop").symlink_to(tmp_path)
    found = find_projects([Path("fleet")], tmp_path.resolve())
    assert [c.shown for c in found] == ["fleet/a", "fleet/team/b"]
    assert all(c.problem is None for c in found)
    assert MAX_DEPTH == 2


def test_a_folder_inside_a_project_means_that_project(plugin: Path) -> None:
    statuses = fleet_status([plugin / PACKAGE], cwd=plugin)
    assert [(s.shown, s.state) for s in statuses] == [(".", "ok")]
    # above the current folder, a project is named by its absolute path
    assert [s.shown for s in fleet_status([], cwd=plugin / PACKAGE)] == [str(plugin.resolve())]


def test_the_same_project_twice_is_one_row(plugin: Path) -> None:
    statuses = fleet_status([plugin, plugin.parent, plugin / PACKAGE], cwd=plugin.parent)
    assert [s.shown for s in statuses] == ["acme-sales"]


@pytest.mark.parametrize(
    ("argument", "message"),
    [("missing", "missing does not exist"), ("empty", "empty holds no scaffold project")],
)
def test_an_argument_without_projects(plugin: Path, tmp_path: Path, argument: str, message: str) -> None:
    (tmp_path / "empty" / "sub").mkdir(parents=True)
    with pytest.raises(ProjectError, match=message):
        fleet_status([Path(argument)], cwd=tmp_path)
    statuses = fleet_status([Path(argument), plugin], cwd=tmp_path)
    assert [(s.shown, s.state) for s in statuses] == [(argument, "problem"), ("work/acme-sales", "ok")]
    assert message in str(statuses[0].problem)


def test_json_document(plugin: Path, pristine_old_contract: Path) -> None:
    old = copy_of(pristine_old_contract, plugin.parent.parent / "old")
    document = json.loads(json.dumps(report_json(fleet_status([plugin, old], cwd=plugin.parent.parent))))
    assert document["format"] == 2 and document["ok"] is False
    assert document["summary"] == {
        "projects": 2,
        "ok": 1,
        "behind": 1,
        "stale": 0,
        "edited": 0,
        "interrupted": 0,
        "problem": 0,
        "by_contract_version": {"datasource-plugin 1.2.0": 1, f"datasource-plugin {NEWEST_CONTRACT}": 1},
        "by_template_version": {f"plugin-python {current_version('plugin-python')}": 2},
        "by_language": {"python": 2},
    }
    first, second = document["projects"]
    assert first["path"] == "work/acme-sales" and first["state"] == "ok" and first["edited"] == []
    assert second["contract_behind"] is True and second["contract_version"] == "1.2.0"
    assert set(first) == {
        "path",
        "name",
        "kind",
        "language",
        "template",
        "contract",
        "contract_version",
        "newest_contract_version",
        "contract_behind",
        "template_version",
        "newest_template_version",
        "template_behind",
        "scaffold_version",
        "newest_scaffold_version",
        "scaffold_behind",
        "behind",
        "edited",
        "interrupted",
        "regenerate_ok",
        "regenerate_problem",
        "problem",
        "state",
        "ok",
    }
