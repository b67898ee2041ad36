"""The platform emulation is one package, and no command of the CLI leans on another.

`check` asserts against the platform and `dev` shows it to a person; what both need (the bounded
HTTP client, spec validation, the report, the platform's fetch of a module) lives in
scaffold/host/, so neither user imports the other and host imports neither. A CLI command module
imports no other command module: scaffold.cli.app loads only the module of the command it runs,
and an import between them would load a second command (and what it pulls in) unasked; what
several commands share lives in scaffold/cli/arguments.py.

The generators are grouped by the language they write, one package per language under
scaffold/codegen/<language>/ (the languages scaffold.contracts names for the parts of each kind).
A language package imports no other: what two languages share (the generator protocol, the header
stamp, comment escaping, reading a module contract) lives in scaffold/codegen/ itself. Nothing
outside a language's folder (and its `dev` runner) imports it or spells its name: the composers,
kinds, name rules and `upgrade` find a language's descriptor by a name they read from the registry
(scaffold/contracts.py, the one place the names are spelled) or a project.

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
        f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}:{line} imports {module}"
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


def _language_home(path: Path) -> str | None:
    """The language whose own place `path` is: scaffold/codegen/<language>/..., or its `dev` runner
    scaffold/dev/runners/<language>.py (and <language>_*.py beside it); None elsewhere."""
    parts = path.relative_to(SCAFFOLD).parts
    if len(parts) >= 2 and parts[0] == "codegen" and parts[1] in LANGUAGES:
        return parts[1]
    if parts[:2] == ("dev", "runners") and len(parts) == 3:
        stem = Path(parts[2]).stem
        return next(
            (language for language in LANGUAGES if stem == language or stem.startswith(language + "_")), None
        )
    return None


def _named_languages(path: Path) -> list[str]:
    """Each string literal in `path` that is a language's name, and each import of a language package."""
    shown = path.relative_to(REPO) if path.is_relative_to(REPO) else path
    found = [
        f"{shown}:{node.lineno} names {node.value!r}"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in LANGUAGES
    ]
    found += _offending([path], tuple(f"scaffold.codegen.{language}" for language in LANGUAGES))
    return found


def test_nothing_outside_the_language_folders_names_a_language_but_the_registry() -> None:
    """Issue 39 point 4: what a language provides is found through its descriptor
    (scaffold.codegen.languages) and its dev runner (scaffold.dev.runners), by a name read from
    the registry or a project; only scaffold/contracts.py spells the names. Found before: about 19
    modules outside the language folders named one (header.py a function per language,
    projects/names.py importing TypeScript's reserved words, the composers' dicts by language)."""
    outside = [
        path
        for path in sorted(SCAFFOLD.rglob("*.py"))
        if _language_home(path) is None and path != SCAFFOLD / "contracts.py"
    ]
    assert len(outside) > 100, "the walk found almost no files: the test would pass on nothing"
    assert [line for path in outside for line in _named_languages(path)] == []


def test_the_language_check_sees_a_named_language(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('LANG = "go"\nfrom scaffold.codegen.python import models\n', encoding="utf-8")
    named = _named_languages(sample)
    assert len(named) == 3, named  # the literal, the module and the module.name import


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
