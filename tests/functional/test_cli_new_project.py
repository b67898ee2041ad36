"""`scaffold new-plugin` / `new-module` as a user types them: defaults, flags, refusals, all-or-nothing."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from scaffold.errors import GenerationError
from scaffold.projects import kinds
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.templates.store import current_version
from tests.cli_runner import run_scaffold


def answers_of(project: Path) -> dict[str, object]:
    data = yaml.safe_load((project / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_defaults_come_from_the_folder_name(tmp_path: Path) -> None:
    result = run_scaffold(["new-plugin", str(tmp_path / "acme-sales"), "--defaults"])
    assert result.returncode == 0, result.stderr
    answers = answers_of(tmp_path / "acme-sales")
    assert answers["project_name"] == "acme-sales"
    assert answers["package_name"] == "acme_sales"
    assert answers["title"] == "Acme Sales"
    assert answers["contract_version"] == "1.2.0+r3"
    assert answers["_commit"] == f"v{current_version('plugin-python')}"
    assert (tmp_path / "acme-sales" / "acme_sales" / "datasource.py").is_file()
    assert "created" in result.stdout and "python -m acme_sales" in result.stdout


def test_flags_are_recorded(tmp_path: Path) -> None:
    result = run_scaffold(
        [
            "new-plugin",
            str(tmp_path / "deep" / "folder" / "svc"),
            "--name",
            "acme-sales",
            "--package",
            "acme_plugin",
            "--title",
            "Acme Sales Data",
            "--description",
            "Sales figures",
            "--author",
            "Sales team",
            "--contract-version",
            "1.2.0",
            "--defaults",
        ]
    )
    assert result.returncode == 0, result.stderr
    answers = answers_of(tmp_path / "deep" / "folder" / "svc")
    assert (answers["project_name"], answers["package_name"], answers["author"]) == (
        "acme-sales",
        "acme_plugin",
        "Sales team",
    )
    assert (tmp_path / "deep" / "folder" / "svc" / "acme_plugin" / "datasource.py").is_file()
    # A contract version gets its newest spec revision: the one documenting every answer, which
    # the project's conformance test holds the server to (the revision-1 file fails it: ST103).
    assert answers["contract_version"] == "1.2.0+r3"


def test_invalid_folder_name_states_the_rule_and_writes_nothing(tmp_path: Path) -> None:
    result = run_scaffold(["new-plugin", str(tmp_path / "Acme_Sales"), "--defaults"])
    assert result.returncode == 1
    assert "lowercase letters, digits and single dashes" in result.stderr
    assert "--name" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_invalid_package_flag(tmp_path: Path) -> None:
    result = run_scaffold(["new-plugin", str(tmp_path / "acme"), "--package", "json", "--defaults"])
    assert result.returncode == 1
    assert "would shadow" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_non_empty_destination_is_refused_unless_forced(tmp_path: Path) -> None:
    destination = tmp_path / "acme-sales"
    destination.mkdir()
    (destination / "notes.md").write_text("keep me", encoding="utf-8")
    refused = run_scaffold(["new-plugin", str(destination), "--defaults"])
    assert refused.returncode == 1
    assert "is not empty" in refused.stderr and "--force" in refused.stderr
    assert [p.name for p in destination.iterdir()] == ["notes.md"]

    forced = run_scaffold(["new-plugin", str(destination), "--defaults", "--force"])
    assert forced.returncode == 0, forced.stderr
    assert (destination / "notes.md").read_text(encoding="utf-8") == "keep me"
    assert (destination / ".scaffold" / "manifest.json").is_file()


def test_destination_that_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "acme"
    target.write_text("x", encoding="utf-8")
    result = run_scaffold(["new-plugin", str(target), "--defaults"])
    assert result.returncode == 1
    assert "is a file" in result.stderr


def test_unknown_contract_version(tmp_path: Path) -> None:
    result = run_scaffold(["new-plugin", str(tmp_path / "acme"), "--contract-version", "0.1.0", "--defaults"])
    assert result.returncode == 1
    assert "has no version '0.1.0'" in result.stderr and "1.2.0" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_without_a_terminal_and_without_defaults_is_a_usage_error(tmp_path: Path) -> None:
    result = run_scaffold(["new-plugin", str(tmp_path / "acme")], input_text="")
    assert result.returncode == 2
    assert "--defaults" in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_failure_after_rendering_leaves_nothing_behind(tmp_path: Path) -> None:
    """A generator error after copier rendered the template: no project, no staging, no parents."""

    def broken(spec: object, answers: object) -> dict[str, str]:
        raise GenerationError("generator exploded")

    kind = dataclasses.replace(kinds.KINDS["plugin"], generator=broken)
    destination = tmp_path / "new" / "parents" / "acme-sales"
    with pytest.raises(GenerationError):
        create_project(NewProjectOptions(kind=kind, destination=destination, answers={}))
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--scope", "React"], "already a property of the host page"),
        (["--scope", "acme map"], "letters, digits"),
        (["--components", "Widget,Chart"], "unknown component 'Chart'"),
        (["--registry-url", "npm.example.com"], "registry URL"),
    ],
)
def test_module_flag_validation(tmp_path: Path, flags: list[str], message: str) -> None:
    result = run_scaffold(["new-module", str(tmp_path / "acme-map"), *flags, "--defaults"])
    assert result.returncode in (1, 2)
    assert message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_module_flags_are_recorded(tmp_path: Path) -> None:
    project = tmp_path / "acme-map"
    result = run_scaffold(
        [
            "new-module",
            str(project),
            "--scope",
            "acmeMap",
            "--components",
            "Settings,Widget",
            "--registry-url",
            "https://npm.example.com/repository/npm",
            "--defaults",
        ]
    )
    assert result.returncode == 0, result.stderr
    answers = answers_of(project)
    assert answers["scope"] == "acmeMap"
    assert answers["components"] == ["Widget", "Settings"]
    assert answers["registry_url"] == "https://npm.example.com/repository/npm/"
    components = project / "frontend" / "src" / "components"
    assert (components / "Widget.tsx").is_file() and (components / "Settings.tsx").is_file()
    assert not (components / "WidgetEditor.tsx").exists()
    assert "https://npm.example.com/repository/npm/" in (project / "frontend" / ".npmrc").read_text(
        encoding="utf-8"
    )
