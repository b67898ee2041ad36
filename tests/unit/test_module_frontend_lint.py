"""The module frontend's lint setup, read from the template without npm (the e2e test runs it).

ESLint reports a disable comment that names a rule of a plugin it does not load as an error, and
a blanket disable hides every finding; the project's CI calls the npm scripts by name; a fresh
scaffold installs exactly the versions its lockfile was made with.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scaffold.codegen.module_project import contract_files
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from tests.conftest import FUTURE_MODULE_SPEC, MODULE_SPEC, REPO

FRONTEND = REPO / "templates" / "shared" / "project" / "frontend"
DISABLE = re.compile(r"eslint-disable(?:-next-line|-line)?(?P<rules>[^\n*]*)")
CI_SCRIPTS = ("lint", "format", "typecheck", "test", "build")


def _package() -> dict[str, dict[str, str]]:
    text = (FRONTEND / "package.json.jinja").read_text(encoding="utf-8")
    return dict(json.loads(re.sub(r"\{\{.*?\}\}", "x", text)))


def plugin_prefix(package: str) -> str | None:
    """The rule prefix an ESLint plugin package gives its rules (None: not a plugin)."""
    if package == "typescript-eslint":
        return "@typescript-eslint"
    if package.startswith("eslint-plugin-"):
        return package.removeprefix("eslint-plugin-")
    scoped = re.fullmatch(r"(@[^/]+)/eslint-plugin(?:-(.+))?", package)
    if scoped:
        return f"{scoped[1]}/{scoped[2]}" if scoped[2] else scoped[1]
    return None


def configured_prefixes() -> set[str]:
    """Plugins both installed (devDependencies) and loaded by eslint.config.js."""
    config = (FRONTEND / "eslint.config.js").read_text(encoding="utf-8")
    prefixes = set()
    for package in _package()["devDependencies"]:
        prefix = plugin_prefix(package)
        if prefix and f"from '{package}'" in config:
            prefixes.add(prefix)
    return prefixes


def disabled_rules(text: str) -> list[str]:
    """Rule names in the eslint-disable comments of `text`; '' stands for a blanket disable."""
    found: list[str] = []
    for match in DISABLE.finditer(text):
        names = match["rules"].split("--")[0]
        found.extend([name.strip() for name in names.split(",") if name.strip()] or [""])
    return found


def test_plugin_prefixes() -> None:
    assert plugin_prefix("typescript-eslint") == "@typescript-eslint"
    assert plugin_prefix("eslint-plugin-react-hooks") == "react-hooks"
    assert plugin_prefix("@vitest/eslint-plugin") == "@vitest"
    assert plugin_prefix("@scope/eslint-plugin-x") == "@scope/x"
    assert plugin_prefix("prettier") is None
    assert disabled_rules("a(); // eslint-disable-line react/x, no-console -- why\n/* eslint-disable */") == [
        "react/x",
        "no-console",
        "",
    ]


def test_the_config_loads_typescript_eslint_and_react_hooks() -> None:
    assert {"@typescript-eslint", "react-hooks"} <= configured_prefixes()
    config = (FRONTEND / "eslint.config.js").read_text(encoding="utf-8")
    assert "recommendedTypeChecked" in config and "projectService" in config
    assert "reactHooks.configs.flat.recommended" in config


def _sources(spec: SpecDocument) -> dict[str, str]:
    """Template sources of the frontend plus every generated contract file, by path."""
    files = {
        str(path.relative_to(FRONTEND)): path.read_text(encoding="utf-8")
        for path in FRONTEND.rglob("*")
        if path.is_file() and "package-lock" not in path.name
    }
    answers = {
        "package_name": "acme_map",
        "scope": "acme_map",
        "components": ["Widget", "WidgetEditor", "Settings"],
    }
    files.update({p: t for p, t in contract_files(spec, answers).items() if p.startswith("frontend/")})
    return files


@pytest.mark.parametrize("spec_path", [MODULE_SPEC, FUTURE_MODULE_SPEC], ids=lambda p: p.stem)
def test_disable_comments_name_rules_the_project_has(spec_path: Path) -> None:
    prefixes = configured_prefixes()
    problems = []
    for path, text in _sources(load_spec_file(spec_path)).items():
        for rule in disabled_rules(text):
            prefix = rule.rsplit("/", 1)[0] if "/" in rule else None
            if rule == "" or (prefix is not None and prefix not in prefixes):
                problems.append(f"{path}: eslint-disable {rule or '(every rule)'}")
    assert not problems, problems


def test_the_scripts_ci_calls_exist_and_versions_are_exact() -> None:
    package = _package()
    scripts = package["scripts"]
    missing = [name for name in CI_SCRIPTS if name not in scripts]
    assert not missing, f"package.json lacks the scripts CI runs: {missing}"
    assert "eslint" in scripts["lint"] and "prettier --check" in scripts["lint"]
    assert "--max-warnings 0" in scripts["lint"], "a warning must fail `npm run lint` as in CI"
    loose = {
        name: v for name, v in package["devDependencies"].items() if not re.fullmatch(r"\d+\.\d+\.\d+", v)
    }
    assert not loose, f"devDependencies must be exact versions: {loose}"
