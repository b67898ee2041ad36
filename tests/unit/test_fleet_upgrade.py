"""The fleet upgrade's report and exit codes (scaffold.projects.fleet_upgrade), and the up-to-date
project recognised before anything is rendered (scaffold.projects.upgrade)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scaffold import __version__
from scaffold.errors import DirtyTreeError, InterruptedByUser
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.fleet import Candidate, fleet_candidates
from scaffold.projects.fleet_upgrade import (
    EXIT_CONFLICTS,
    EXIT_FAILED,
    FleetUpgrade,
    ProjectUpgrade,
    upgrade_fleet,
)
from scaffold.projects.kinds import KINDS
from scaffold.projects.upgrade import UpgradeReport, upgrade
from scaffold.specs.catalog import load_shipped
from scaffold.specs.diff import SpecDiff


def _line(outcome: str) -> ProjectUpgrade:
    return ProjectUpgrade(Path("/x") / outcome, outcome, outcome, f"{outcome}.")


@pytest.mark.parametrize(
    ("outcomes", "code"),
    [
        ((), 0),
        (("up-to-date",), 0),
        (("upgraded", "up-to-date"), 0),
        (("upgraded", "conflicts"), EXIT_CONFLICTS),
        (("conflicts", "failed"), EXIT_FAILED),
        (("failed", "up-to-date"), EXIT_FAILED),
    ],
)
def test_the_exit_code_is_the_worst_outcome(outcomes: tuple[str, ...], code: int) -> None:
    fleet = FleetUpgrade(False, tuple(_line(o) for o in outcomes))
    assert fleet.exit_code == code
    assert fleet.as_json()["exit_code"] == code
    assert EXIT_CONFLICTS not in (0, 1, 2), "2 is the command line's usage error"


def test_the_summary_counts_outcomes_and_says_a_dry_run_changed_nothing() -> None:
    fleet = FleetUpgrade(True, (_line("upgraded"), _line("upgraded"), _line("failed")))
    assert fleet.summary() == "3 projects: 2 upgraded, 1 failed (dry run: nothing was changed)"
    document = fleet.as_json()
    assert document["summary"] == {"projects": 3, "upgraded": 2, "up-to-date": 0, "conflicts": 0, "failed": 1}
    assert document["dry_run"] is True and document["scaffold_version"] == __version__
    assert set(document["projects"][0]) == {
        "path",
        "kind",
        "language",
        "from",
        "to",
        "outcome",
        "changed",
        "new_files",
        "conflicts",
        "commit",
        "message",
    }


def _report(tmp_path: Path, *, changed: list[str], conflicts: list[str]) -> UpgradeReport:
    spec = load_shipped("datasource-plugin")
    return UpgradeReport(
        project=tmp_path,
        dry_run=False,
        contract_diff=SpecDiff(spec, spec, ()),
        template_from="1.5.0",
        template_to="1.9.0",
        kind="plugin",
        language="go",
        scaffold_from="1.3.0",
        changed=changed,
        conflicts=conflicts,
    )


def test_one_failure_does_not_stop_the_others_and_each_outcome_is_reported(tmp_path: Path) -> None:
    names = ["a", "b", "c", "d"]
    candidates = [Candidate(tmp_path / n, n) for n in names]
    candidates.append(Candidate(tmp_path / "e", "e", problem="e holds no scaffold project"))

    def upgrade_one(path: Path) -> UpgradeReport:
        if path.name == "b":
            raise DirtyTreeError("b has uncommitted changes (x.py)", hint="Commit or stash them.")
        if path.name == "c":
            return _report(path, changed=["M README.md", "?? ci/upgrade.yml"], conflicts=["README.md"])
        if path.name == "d":
            return _report(path, changed=[], conflicts=[])
        return _report(path, changed=["M go.mod", "A internal/new.go"], conflicts=[])

    heard: list[str] = []
    fleet = upgrade_fleet(candidates, upgrade_one, dry_run=False, progress=lambda r: heard.append(r.shown))
    assert heard == [*names, "e"]
    by_name = {p.shown: p for p in fleet.projects}
    assert [by_name[n].outcome for n in [*names, "e"]] == [
        "upgraded",
        "failed",
        "conflicts",
        "up-to-date",
        "failed",
    ]
    assert by_name["a"].new_files == ("internal/new.go",) and by_name["a"].changed == (
        "go.mod",
        "internal/new.go",
    )
    assert by_name["a"].as_json()["from"] == {
        "contract": "1.2.0+r3",
        "template": "1.5.0",
        "scaffold": "1.3.0",
    }
    assert by_name["a"].as_json()["to"]["scaffold"] == __version__
    assert by_name["b"].message == "b has uncommitted changes (x.py). Commit or stash them."
    assert by_name["c"].conflicts == ("README.md",) and by_name["c"].new_files == ("ci/upgrade.yml",)
    assert "1 conflicting file(s) to resolve: README.md" in by_name["c"].message
    assert by_name["d"].after == by_name["d"].before
    assert by_name["e"].message == "e holds no scaffold project"
    assert fleet.exit_code == EXIT_FAILED


def test_an_interrupt_says_which_projects_were_upgraded_and_how_many_were_not_started(tmp_path: Path) -> None:
    candidates = [Candidate(tmp_path / n, n) for n in ("a", "b", "c", "d")]

    def upgrade_one(path: Path) -> UpgradeReport:
        if path.name == "b":
            raise InterruptedByUser("interrupted: the upgrade had not changed anything yet, b is as it was")
        return _report(path, changed=["M go.mod"], conflicts=[])

    with pytest.raises(InterruptedByUser) as raised:
        upgrade_fleet(candidates, upgrade_one, dry_run=False)
    assert str(raised.value) == (
        "interrupted: the upgrade had not changed anything yet, b is as it was; "
        "already upgraded: a; 2 more not started"
    )


def test_a_folder_holding_no_project_is_one_sentence(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    with pytest.raises(Exception) as raised:
        fleet_candidates([Path("empty")], "upgrade", cwd=tmp_path)
    assert "holds no scaffold project" in str(raised.value) and "scaffold upgrade services/" in str(
        raised.value
    )


@pytest.fixture
def new_plugin_project(tmp_path: Path) -> Path:
    project = tmp_path / "acme-sales"
    create_project(NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}))
    return project


def test_an_up_to_date_project_is_recognised_before_anything_is_rendered(
    new_plugin_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No rendering, no clone, no store: what made a no-op upgrade cost 6 s of CPU (issue 41)."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("an up-to-date project was rendered or cloned")

    monkeypatch.setattr("scaffold.projects.templates.merge.rendered_template", refuse)
    monkeypatch.setattr("scaffold.projects.upgrade.ensure_store", refuse)
    monkeypatch.setattr("scaffold.projects.upgrade_git.throwaway_clone", refuse)
    report = upgrade(new_plugin_project)
    assert report.nothing_to_do and report.template_from == report.template_to
    assert report.scaffold_from == __version__ and report.kind == "plugin" and report.language == "python"


@pytest.mark.parametrize("language", ["typescript", "go"])
def test_the_new_starter_to_compare_with_is_of_the_project_language(tmp_path: Path, language: str) -> None:
    """Found: the hint made a Python project for a TypeScript or Go one (issue 41)."""
    from scaffold.projects.project import open_project
    from scaffold.projects.upgrade import _starter_command

    project = tmp_path / "acme-sales"
    kind = KINDS["plugin"].for_language(language)
    create_project(NewProjectOptions(kind=kind, destination=project, answers={}))
    command = _starter_command(open_project(project), "9.9.9")
    assert command.startswith("scaffold new-plugin ../acme-sales-starter-9.9.9 --name acme-sales")
    assert command.endswith(f"--language {language} --defaults")
