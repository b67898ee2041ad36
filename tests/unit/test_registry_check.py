"""`scaffold registry-check` and its library: private registry settings checked before npm runs.

CASES is shared with test_registry_script.py, which runs the project's own node script on the
same folders: both checks must agree on every case.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from scaffold.cli import registry_cmd
from scaffold.codegen.header import header_text
from scaffold.errors import RegistryConfigError
from scaffold.registry import check_registry
from scaffold.registry.config import rules_from_spec
from scaffold.registry.npmrc import credential_prefixes, nerf_dart, parse_npmrc
from scaffold.specs.loader import load_spec_file
from tests.conftest import MODULE_SPEC

REGISTRY = "https://npm.example.com/repository/npm/"
DART = "//npm.example.com/repository/npm/"
GOOD_ENV = {
    "REGISTRY_USERNAME": "ci",
    "REGISTRY_PASSWORD_BASE64": "cGFzc3dvcmQ=",
    "REGISTRY_EMAIL": "ci@example.com",
}
NPMRC = (
    "# comment with ${NOT_A_REFERENCE}\n"
    f"@ui-kit:registry={REGISTRY}\n"
    f"@platform:registry={REGISTRY}\n"
    f"{DART}:username=${{REGISTRY_USERNAME}}\n"
    f"{DART}:_password=${{REGISTRY_PASSWORD_BASE64}}\n"
    f"{DART}:email=${{REGISTRY_EMAIL}}\n"
)
UI_KIT = {"@ui-kit/ui": "1.17.1"}


@dataclass(frozen=True)
class Case:
    name: str
    env: dict[str, str] = field(default_factory=lambda: dict(GOOD_ENV))
    dependencies: dict[str, str] = field(default_factory=lambda: dict(UI_KIT))
    npmrc: str | None = NPMRC
    problems: tuple[str, ...] = ()  # empty: the check passes

    @property
    def needed(self) -> bool:
        return any(name.startswith(("@ui-kit/", "@platform/")) for name in self.dependencies)


CASES = [
    Case(
        "no private package: silent pass, even without .npmrc",
        env={},
        dependencies={"react": "18.3.1"},
        npmrc=None,
    ),
    Case("usable configuration"),
    Case("private package in devDependencies only", dependencies={"@platform/frontend-shared": "1.3.53"}),
    Case(
        "unset password",
        env={k: v for k, v in GOOD_ENV.items() if k != "REGISTRY_PASSWORD_BASE64"},
        problems=("REGISTRY_PASSWORD_BASE64 is not set", "line 5"),
    ),
    Case(
        "empty username", env={**GOOD_ENV, "REGISTRY_USERNAME": ""}, problems=("REGISTRY_USERNAME is empty",)
    ),
    Case(
        "unset email",
        env={k: v for k, v in GOOD_ENV.items() if k != "REGISTRY_EMAIL"},
        problems=("REGISTRY_EMAIL is not set",),
    ),
    Case(
        "plain password instead of base64",
        env={**GOOD_ENV, "REGISTRY_PASSWORD_BASE64": "hunter2"},
        problems=("REGISTRY_PASSWORD_BASE64 must be the password encoded as base64", "not a multiple of 4"),
    ),
    Case(
        "base64 with a trailing newline",
        env={**GOOD_ENV, "REGISTRY_PASSWORD_BASE64": "cGFzc3dvcmQ=\n"},
        problems=("whitespace or a line break",),
    ),
    Case(
        "characters outside the alphabet",
        env={**GOOD_ENV, "REGISTRY_PASSWORD_BASE64": "pa$$word"},
        problems=("outside the base64 alphabet",),
    ),
    Case(
        "nothing set at all",
        env={},
        problems=(
            "REGISTRY_USERNAME is not set",
            "REGISTRY_PASSWORD_BASE64 is not set",
            "REGISTRY_EMAIL is not set",
        ),
    ),
    Case(
        "scope without a registry line",
        npmrc=NPMRC.replace(f"@platform:registry={REGISTRY}\n", ""),
        dependencies={**UI_KIT, "@platform/frontend-shared": "1.3.53"},
        problems=("@platform/frontend-shared need(s) `@platform:registry=URL`",),
    ),
    Case(
        "literal secret in .npmrc",
        npmrc=NPMRC.replace("${REGISTRY_PASSWORD_BASE64}", "cGFzc3dvcmQ="),
        problems=("holds a literal secret", "_password=${REGISTRY_PASSWORD_BASE64}"),
    ),
    Case(
        "no credentials for the registry",
        npmrc=f"@ui-kit:registry={REGISTRY}\n",
        problems=("has no credentials for the registry", f"{DART}:username=${{REGISTRY_USERNAME}}"),
    ),
    Case(
        "credentials keyed to a parent path, as npm allows",
        npmrc=NPMRC.replace(f"{DART}:", "//npm.example.com/:"),
    ),
    Case(
        "a token instead of a password",
        env={"NPM_TOKEN": "abc"},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=${{NPM_TOKEN}}\n",
    ),
    Case(
        "an unset token",
        env={},
        npmrc=f"@ui-kit:registry={REGISTRY}\n{DART}:_authToken=${{NPM_TOKEN}}\n",
        problems=("NPM_TOKEN is not set",),
    ),
    Case("missing .npmrc", npmrc=None, problems=(".npmrc is missing",)),
    Case(
        "registry URL from an unset variable",
        npmrc=NPMRC.replace(f"@ui-kit:registry={REGISTRY}", "@ui-kit:registry=${UI_KIT_REGISTRY}"),
        problems=("UI_KIT_REGISTRY is not set", "not an http(s) URL"),
    ),
]


def make_frontend(root: Path, case: Case) -> Path:
    """A frontend folder as scaffold makes it, with the case's package.json and .npmrc."""
    frontend = root / "frontend"
    (frontend / "src" / "contract").mkdir(parents=True)
    package = {"name": "x-frontend", "private": True, "devDependencies": case.dependencies}
    (frontend / "package.json").write_text(json.dumps(package), encoding="utf-8")
    if case.npmrc is not None:
        (frontend / ".npmrc").write_text(case.npmrc, encoding="utf-8")
    spec = load_spec_file(MODULE_SPEC)
    rules = rules_from_spec(spec.data).to_json(header_text(spec))
    (frontend / "src" / "contract" / "registry.json").write_text(rules, encoding="utf-8")
    return frontend


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_library(case: Case, tmp_path: Path) -> None:
    frontend = make_frontend(tmp_path, case)
    if not case.problems:
        result = check_registry(frontend, case.env)
        assert result.needed is case.needed
        assert set(result.registries) == ({"@ui-kit"} if "@ui-kit/ui" in case.dependencies else set()) | (
            {"@platform"} if "@platform/frontend-shared" in case.dependencies else set()
        )
        return
    with pytest.raises(RegistryConfigError) as caught:
        check_registry(frontend, case.env)
    message = str(caught.value)
    for problem in case.problems:
        assert problem in message
    for value in case.env.values():
        if len(value) > 3:
            assert value not in message, "a credential value leaked into the message"


def test_project_root_is_accepted_as_well_as_the_frontend(tmp_path: Path) -> None:
    make_frontend(tmp_path, Case("root"))
    assert check_registry(tmp_path, GOOD_ENV).frontend == (tmp_path / "frontend").resolve()
    with pytest.raises(RegistryConfigError, match="no package.json"):
        check_registry(tmp_path / "frontend" / "src", GOOD_ENV)


def test_npm_semantics_helpers() -> None:
    assert nerf_dart("https://NPM.example.com:443/a/b/") == "//npm.example.com/a/b/"
    assert nerf_dart("http://h:8080/a/b") == "//h:8080/a/"
    assert credential_prefixes("https://h/a/b/") == ["//h/a/b/", "//h/a/", "//h/"]
    entries = parse_npmrc("a = 'x'\n; gone=1\nb=${X}${Y?}\na=2\n")
    assert entries["a"].value == "2" and entries["a"].line == 4
    assert entries["b"].references == ["X", "Y"]
    assert entries["b"].expand({"X": "1"}) == "1"
    assert entries["b"].expand({}) == "${X}"


def cli() -> typer.Typer:
    app = typer.Typer()
    registry_cmd.register(app)

    @app.callback()
    def root() -> None:
        """Command group, so the command keeps its name."""

    return app


def test_cli_passes_silently_without_private_packages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_frontend(tmp_path, CASES[0])
    result = CliRunner().invoke(cli(), ["registry-check", str(tmp_path)])
    assert result.exit_code == 0 and result.output == ""


def test_cli_reports_a_usable_configuration(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_frontend(tmp_path, Case("ok"))
    for key, value in GOOD_ENV.items():
        monkeypatch.setenv(key, value)
    result = CliRunner().invoke(cli(), ["registry-check", str(tmp_path / "frontend")])
    assert result.exit_code == 0
    assert f"@ui-kit -> {REGISTRY}" in result.output


def test_cli_raises_the_scaffold_error_for_the_app_to_print(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_frontend(tmp_path, Case("bad"))
    for key in GOOD_ENV:
        monkeypatch.delenv(key, raising=False)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(cli(), ["registry-check"])
    assert isinstance(result.exception, RegistryConfigError)
    assert "REGISTRY_PASSWORD_BASE64 is not set" in str(result.exception)
