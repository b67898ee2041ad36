"""A Go plugin's module path is the team's choice, and one Go builds it everywhere (issue 40 point 7).

Found by a Go team's first day: `--package github.com/acme/sales` was refused as "not a Python
identifier", and go.mod said `module acme-sales`, with no way to choose. `new-plugin --language go
--module example.com/team/x` now sets go.mod's module and every import of the project (the template
and the generated internal/contract/); a path Go would refuse is one sentence and exit 1; without
it the module is the project's name, as before.

Found too: CI built with go.mod's `go 1.22` (end of life; GitHub's setup-go reads go.mod, GitLab's
image was golang:1.22) while the Dockerfile built with golang:1.27.3. All three come from the
template's one go_version now. tests/functional/test_go_module_path.py builds and tests a project
made with --module.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from scaffold.errors import InvalidNameError
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.names import validate_go_module
from tests.cli_runner import run_scaffold

GO = KINDS["plugin"].for_language("go")


def _made(root: Path, **answers: object) -> Path:
    create_project(NewProjectOptions(kind=GO, destination=root, answers={"language": "go", **answers}))
    return root


@pytest.mark.parametrize(
    "path", ["acme-sales", "example.com/team/acme-sales", "github.com/Acme/Sales_v2", "a", "x.io/a~b/v2"]
)
def test_a_go_module_path_is_allowed(path: str) -> None:
    assert validate_go_module(path) == path


@pytest.mark.parametrize(
    "path",
    [
        "",
        "Example.com/x",
        "example.com//x",
        "example.com/x/",
        "/x",
        "-x/y",
        "example.com/../x",
        "example.com/.x",
        "example.com/x.",
        "example.com/a b",
        'x"/y',
        "x/{{ y }}",
        "a" * 201,
    ],
)
def test_a_go_module_path_go_refuses_is_refused(path: str) -> None:
    with pytest.raises(InvalidNameError, match="is not allowed: use a Go module path"):
        validate_go_module(path)


def test_module_sets_go_mod_and_every_import(tmp_path: Path) -> None:
    root = _made(tmp_path / "acme-sales", go_module="example.com/team/acme-sales")
    assert (root / "go.mod").read_text(encoding="utf-8").startswith("module example.com/team/acme-sales\n")
    imports = set()
    for source in root.rglob("*.go"):
        imports |= set(re.findall(r'"([\w.~/-]+/internal/[\w/]+)"', source.read_text(encoding="utf-8")))
    assert imports and all(i.startswith("example.com/team/acme-sales/internal/") for i in imports), imports
    answers = yaml.safe_load((root / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert answers["go_module"] == "example.com/team/acme-sales", "upgrade renders with the recorded path"


def test_without_module_the_module_is_the_project_name(tmp_path: Path) -> None:
    root = _made(tmp_path / "acme-sales")
    assert (root / "go.mod").read_text(encoding="utf-8").startswith("module acme-sales\n")
    app = (root / "internal" / "app" / "app.go").read_text(encoding="utf-8")
    assert '"acme-sales/internal/contract"' in app


def test_ci_and_the_image_build_with_the_go_of_go_mod(tmp_path: Path) -> None:
    root = _made(tmp_path / "acme-sales")
    (go,) = re.findall(r"^go (\S+)$", (root / "go.mod").read_text(encoding="utf-8"), re.MULTILINE)
    assert go != "1.22", "go 1.22 is out of support"
    (image,) = re.findall(
        r"^FROM golang:(\S+)-bookworm AS build$",
        (root / "Dockerfile").read_text(encoding="utf-8"),
        re.MULTILINE,
    )
    gitlab = yaml.safe_load((root / ".gitlab-ci.yml").read_text(encoding="utf-8"))
    github = yaml.safe_load((root / ".github/workflows/ci.yml").read_text(encoding="utf-8"))
    setups = [
        step["with"]
        for job in github["jobs"].values()
        for step in job["steps"]
        if str(step.get("uses", "")).startswith("actions/setup-go@")
    ]
    assert image == go and gitlab["default"]["image"] == f"golang:{go}-bookworm"
    assert setups and all(setup == {"go-version-file": "go.mod"} for setup in setups), setups


def test_a_bad_module_path_is_one_sentence_and_exit_1(tmp_path: Path) -> None:
    result = run_scaffold(
        [
            "new-plugin",
            str(tmp_path / "acme-sales"),
            "--defaults",
            "--language",
            "go",
            "--module",
            "example.com//x",
        ]
    )
    assert result.returncode == 1, result.stdout + result.stderr
    assert result.stderr.startswith("error: Go module path 'example.com//x' is not allowed"), result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not (tmp_path / "acme-sales").exists()


def test_module_without_go_is_a_usage_error(tmp_path: Path) -> None:
    """As an unknown --language: click's usage error (exit 2), naming the option."""
    result = run_scaffold(
        ["new-plugin", str(tmp_path / "acme-sales"), "--defaults", "--module", "example.com/x"]
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert (
        "Invalid value for --module: a python plugin has no module path: --module is for --language go"
        in result.stderr
    )
    assert "Traceback" not in result.stderr and not (tmp_path / "acme-sales").exists()
