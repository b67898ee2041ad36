"""The platform emulation is one package, and no command of the CLI leans on another.

`check` asserts against the platform and `dev` shows it to a person; what both need (the bounded
HTTP client, spec validation, the report, the platform's fetch of a module) lives in
scaffold/host/, so neither user imports the other and host imports neither. A CLI command module
imports no other command module: scaffold.cli.app loads only the module of the command it runs,
and an import between them would load a second command (and what it pulls in) unasked; what
several commands share lives in scaffold/cli/arguments.py.

The generators are grouped by the language they write, one package per language under
scaffold/codegen/<language>/ (the languages scaffold.contracts names for the parts of each kind).
A language package imports no other: what two languages share (the generator protocol, headers,
comment escaping, reading a module contract) lives in scaffold/codegen/ itself, which in turn
imports no language package, except the project generators (plugin_project.py, module_project.py)
that pick each part's generator by the language the registry names, and service_statuses.py, which
picks what a service answers by its language the same way.

Every import counts, at the top of a file or inside a function (a lazy import still ties the two).
The files are read, not imported: this runs in microseconds and cannot be fooled by sys.modules.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scaffold.contracts import KIND_NAMES
from scaffold.contracts import LANGUAGES as REGISTERED_LANGUAGES
from tests.conftest import REPO

SCAFFOLD = REPO / "scaffold"
CODEGEN = SCAFFOLD / "codegen"
# Every language the registry names: each part's default and every other service language (found:
# reading the parts' defaults alone left out Go, a plugin service language, so codegen/go/ was never
# checked).
LANGUAGES = sorted(REGISTERED_LANGUAGES)
# The modules of scaffold/codegen/ that compose a project from its parts' languages.
COMPOSERS = ("plugin_project.py", "module_project.py", "service_statuses.py")


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every absolute import in `path`; `from a import b` names a and a.b."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level > 0:  # the runtime copied into projects imports its own modules relatively
                assert "runtime_files" in path.parts, (
                    f"{path}:{node.lineno}: scaffold uses absolute imports only"
                )
                continue
            if node.module is not None:
                found.append((node.lineno, node.module))
                found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
    return found


def _within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def _offending(files: list[Path], forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(REPO)}:{line} imports {module}"
        for path in files
        for line, module in _imported_modules(path)
        if any(_within(module, package) for package in forbidden)
    ]


@pytest.mark.parametrize(
    ("package", "forbidden"),
    [
        ("dev", ("scaffold.check",)),
        ("check", ("scaffold.dev",)),
        ("host", ("scaffold.check", "scaffold.dev", "scaffold.cli")),
    ],
)
def test_the_users_of_the_platform_emulation_do_not_import_each_other(
    package: str, forbidden: tuple[str, ...]
) -> None:
    files = sorted((SCAFFOLD / package).rglob("*.py"))
    assert files, f"scaffold/{package} has no Python files: the test would pass on nothing"
    assert _offending(files, forbidden) == []


def test_no_cli_command_module_imports_another() -> None:
    commands = sorted((SCAFFOLD / "cli").glob("*_cmd.py"))
    assert len(commands) >= 2, "fewer than two command modules: the test would pass on nothing"
    for path in commands:
        others = tuple(f"scaffold.cli.{other.stem}" for other in commands if other != path)
        assert _offending([path], others) == []


def test_every_language_the_registry_names_has_its_generator_package() -> None:
    named = {part.language for kind in KIND_NAMES.values() for part in kind.parts}
    named |= {language for kind in KIND_NAMES.values() for language in kind.service_languages}
    assert set(LANGUAGES) == named, "a language of the registry no kind uses, or one it does not name"
    for language in LANGUAGES:
        assert (CODEGEN / language / "__init__.py").is_file(), f"scaffold/codegen/{language}/ is missing"


# Found: the TypeScript and Go generators took the glue's texts from the Python runtime's
# text_catalog.py; they now read scaffold/codegen/glue_texts.py, as the Python runtime's copy is
# rendered from. The Python runtime stands in codegen/python/runtime_files/ (issue 39 point 4), so
# the check of codegen/python/ covers it.
LANGUAGE_FOLDERS: dict[str, tuple[str, ...]] = {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_language_package_imports_no_other(language: str) -> None:
    files = sorted((CODEGEN / language).rglob("*.py"))
    others = tuple(
        package
        for other in LANGUAGES
        if other != language
        for package in (f"scaffold.codegen.{other}", *LANGUAGE_FOLDERS.get(other, ()))
    )
    assert len(files) >= 3, f"scaffold/codegen/{language} has almost no files: the test would pass on nothing"
    assert _offending(files, others) == []


def test_what_languages_share_imports_no_language_package() -> None:
    # (runtime_files/ imports nothing of scaffold: its modules are copied into projects)
    shared = sorted(path for path in CODEGEN.glob("*.py") if path.name not in COMPOSERS)
    languages = tuple(f"scaffold.codegen.{language}" for language in LANGUAGES)
    assert _offending(shared, languages) == []
    composers = [CODEGEN / name for name in COMPOSERS]
    for path in composers:
        assert _offending([path], ("scaffold.codegen.python",)), f"{path.name} no longer composes by language"


def test_the_walk_sees_lazy_and_from_imports(tmp_path: Path) -> None:
    """The checks above only mean something if the walk finds imports wherever they stand."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import scaffold.check.plugin_checks\ndef later():\n    from scaffold.cli import check_cmd\n",
        encoding="utf-8",
    )
    found = {module for _, module in _imported_modules(sample)}
    assert "scaffold.check.plugin_checks" in found
    assert "scaffold.cli.check_cmd" in found
