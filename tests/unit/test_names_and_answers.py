"""Naming rules for projects, packages and scopes, and the validation of module answers."""

from __future__ import annotations

from pathlib import Path

import pytest

from scaffold.errors import InvalidNameError
from scaffold.projects.names import (
    default_package_name,
    project_name_from_folder,
    validate_package_name,
    validate_project_name,
    validate_scope,
)
from scaffold.projects.state.answers import parse_components, validate_module_answers, validate_registry_url
from tests.cli_runner import run_scaffold


@pytest.mark.parametrize("name", ["acme-sales", "a", "acme2", "a-b-c", "x" * 64])
def test_valid_project_names(name: str) -> None:
    assert validate_project_name(name) == name


@pytest.mark.parametrize(
    "name",
    ["", "Acme", "acme_sales", "-acme", "acme-", "acme--sales", "1acme", "acme sales", "x" * 65, "acmé"],
)
def test_invalid_project_names_state_the_rule(name: str) -> None:
    with pytest.raises(InvalidNameError, match="lowercase letters, digits and single dashes"):
        validate_project_name(name)


@pytest.mark.parametrize("name", ["acme_sales", "a", "acme2_x"])
def test_valid_package_names(name: str) -> None:
    assert validate_package_name(name) == name


@pytest.mark.parametrize("name", ["Acme", "acme-sales", "_acme", "acme_", "1acme", "x" * 65])
def test_invalid_package_names_state_the_rule(name: str) -> None:
    with pytest.raises(InvalidNameError, match="Python identifier"):
        validate_package_name(name)


@pytest.mark.parametrize("name", ["json", "class", "test", "scaffold", "asyncio"])
def test_package_names_that_shadow(name: str) -> None:
    with pytest.raises(InvalidNameError, match="would shadow"):
        validate_package_name(name)


@pytest.mark.parametrize("name", ["sitecustomize", "usercustomize"])
def test_package_names_python_imports_by_itself_are_refused(name: str) -> None:
    """site.py imports these from the path at every start: installed, the project would run everywhere."""
    with pytest.raises(InvalidNameError, match="a module Python imports by itself at every start"):
        validate_package_name(name)


@pytest.mark.parametrize("kind", ["new-plugin", "new-module"])
def test_new_project_named_sitecustomize_is_refused_in_one_sentence(tmp_path: Path, kind: str) -> None:
    result = run_scaffold([kind, str(tmp_path / "dest"), "--name", "sitecustomize", "--defaults"], timeout=60)
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "'sitecustomize' is a module Python imports by itself" in lines[0]
    assert not (tmp_path / "dest").exists()


@pytest.mark.parametrize(("kind", "language"), [("plugin", "typescript"), ("plugin", "go"), ("module", "go")])
@pytest.mark.parametrize("name", ["json", "asyncio", "test", "fastapi", "sitecustomize"])
def test_a_package_name_that_is_no_import_name_shadows_nothing(kind: str, language: str, name: str) -> None:
    """Found: `new-module --language go --package json` was refused as shadowing Python's json. A
    TypeScript or Go service never imports its package name: only the shape rule holds there."""
    assert validate_package_name(name, kind, language) == name
    with pytest.raises(InvalidNameError, match="would shadow|imports by itself"):
        validate_package_name(name, kind, "python")


@pytest.mark.parametrize("language", ["typescript", "go"])
@pytest.mark.parametrize("name", ["Acme", "acme-sales", "_acme", "acme_", "1acme", "x" * 65])
def test_the_shape_rule_of_a_package_name_holds_in_every_language(language: str, name: str) -> None:
    with pytest.raises(InvalidNameError, match="lowercase letters, digits and underscores") as refused:
        validate_package_name(name, "module", language)
    assert "Python" not in str(refused.value), "a Go or TypeScript author is told a Python rule"


def test_a_go_module_may_be_called_json_through_the_cli(tmp_path: Path) -> None:
    destination = tmp_path / "acme-json"
    args = ["new-module", str(destination), "--language", "go", "--package", "json", "--defaults", "--no-git"]
    result = run_scaffold(args, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "package_name: json" in (destination / ".copier-answers.yml").read_text(encoding="utf-8")
    status = run_scaffold(["status"], cwd=destination, timeout=120)
    assert status.returncode == 0, status.stderr


@pytest.mark.parametrize("scope", ["acme_map", "acmeMap", "acme-map", "$acme", "_acme"])
def test_valid_scopes(scope: str) -> None:
    assert validate_scope(scope) == scope


@pytest.mark.parametrize("scope", ["", "1acme", "acme map", "acme.map", "acme/map", "x" * 65])
def test_invalid_scope_characters(scope: str) -> None:
    with pytest.raises(InvalidNameError, match="letters, digits"):
        validate_scope(scope)


@pytest.mark.parametrize(
    "scope", ["React", "ReactDOM", "UiKit", "document", "window", "name", "class", "webkitThing"]
)
def test_scope_taken_by_the_host_page(scope: str) -> None:
    with pytest.raises(
        InvalidNameError, match="already a property of the host page's window or a reserved word"
    ):
        validate_scope(scope)


def test_defaults_from_the_folder() -> None:
    assert default_package_name("acme-sales") == "acme_sales"
    assert project_name_from_folder("acme-sales") == "acme-sales"
    with pytest.raises(InvalidNameError, match="Pass --name NAME"):
        project_name_from_folder("Acme Sales")


def test_components_parsing() -> None:
    assert parse_components("Settings, Widget") == ["Widget", "Settings"]
    assert parse_components(["WidgetEditor"]) == ["WidgetEditor"]
    with pytest.raises(InvalidNameError, match="unknown component 'Chart'"):
        parse_components("Widget,Chart")
    with pytest.raises(InvalidNameError, match="repeat"):
        parse_components("Widget,Widget")
    with pytest.raises(InvalidNameError, match="at least one"):
        parse_components([])


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://npm.example.com/repository/npm", "https://npm.example.com/repository/npm/"),
        ("http://localhost:4873/", "http://localhost:4873/"),
    ],
)
def test_registry_urls(url: str, expected: str) -> None:
    assert validate_registry_url(url) == expected


@pytest.mark.parametrize("url", ["npm.example.com", "ftp://x/", "https://x/?token=1", "https:///path"])
def test_invalid_registry_urls(url: str) -> None:
    with pytest.raises(InvalidNameError, match="registry URL"):
        validate_registry_url(url)


def test_module_answers() -> None:
    answers = {
        "project_name": "acme-map",
        "package_name": "acme_map",
        "title": "Acme Map",
        "description": "Maps",
        "author": "",
        "scope": "acme_map",
        "components": ["Widget"],
        "registry_url": "https://npm.example.com/",
    }
    validate_module_answers(answers)
    with pytest.raises(InvalidNameError, match="title must not be empty"):
        validate_module_answers({**answers, "title": "  "})
    with pytest.raises(InvalidNameError, match="one line"):
        validate_module_answers({**answers, "description": "two\nlines"})
