"""Contract and kind names are spelled once, in scaffold/contracts.py (issue 25, point 3).

When a contract is renamed or a kind is added, the registry must be the one place to change: a
name spelled again in check, dev, the CLI or the registry config would keep working on the old
name, silently. So the code of scaffold/ is read (not imported) and:

- no string constant, f-string part included, contains a contract name outside the registry;
- no code branches on or looks up a kind by a spelled name: a comparison with "plugin"/"module",
  a subscript by one, or a `kind=` argument set to one.

Docstrings and comments may name a contract or kind: they are prose for the reader, no code reads
them, and "e.g. datasource-plugin" says more there than an indirection would. Data files (specs/,
the copier and Jinja templates) are not code and name their contract by design. A kind name as a
mapping key or value elsewhere is left alone: "module" is also a word of the platform's protocol
(the `module` prop, `widgetType: "module"`), not only a kind.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from scaffold.contracts import KIND_NAMES, contract_names, kind_names
from scaffold.projects.kinds import KINDS
from tests.conftest import REPO

SCAFFOLD = REPO / "scaffold"
REGISTRY = SCAFFOLD / "contracts.py"


def _docstrings(tree: ast.AST) -> set[int]:
    """id() of every docstring constant in `tree` (module, class and function docstrings)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _text_constants(tree: ast.AST) -> Iterator[ast.Constant]:
    skipped = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skipped:
            yield node


def _is_kind(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in kind_names()


def contract_names_spelled(source: str, name: str) -> list[str]:
    """'file:line: text' of every non-docstring string constant in `source` holding a contract name."""
    tree = ast.parse(source, filename=name)
    return [
        f"{name}:{node.lineno}: {node.value!r}"
        for node in _text_constants(tree)
        if any(contract in node.value for contract in contract_names())
    ]


def kind_names_spelled(source: str, name: str) -> list[str]:
    """'file:line' of every comparison with, subscript by, or `kind=` argument of a spelled kind name."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source, filename=name)):
        if isinstance(node, ast.Compare) and any(map(_is_kind, [node.left, *node.comparators])):
            found.append(f"{name}:{node.lineno}: compares with a kind name")
        elif isinstance(node, ast.Subscript) and _is_kind(node.slice):
            found.append(f"{name}:{node.lineno}: looks up a kind name")
        elif isinstance(node, ast.keyword) and node.arg == "kind" and _is_kind(node.value):
            found.append(f"{name}:{node.lineno}: passes kind= a kind name")
    return found


def _code_files() -> list[Path]:
    files = [path for path in sorted(SCAFFOLD.rglob("*.py")) if path != REGISTRY]
    assert len(files) > 100, "the scan found too few files of scaffold/: it would pass on nothing"
    return files


def test_no_contract_name_is_spelled_outside_the_registry() -> None:
    found = [
        hit
        for path in _code_files()
        for hit in contract_names_spelled(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    ]
    assert found == [], "read the contract name from scaffold.contracts instead:\n" + "\n".join(found)


def test_no_code_branches_on_a_spelled_kind_name() -> None:
    found = [
        hit
        for path in _code_files()
        for hit in kind_names_spelled(path.read_text(encoding="utf-8"), str(path.relative_to(REPO)))
    ]
    assert found == [], "read the kind name from scaffold.contracts instead:\n" + "\n".join(found)


def test_the_scan_sees_messages_fstrings_and_lookups_but_not_docstrings() -> None:
    """The scans above only mean something if they find the names wherever code spells them."""
    sample = '''
"""A module docstring may say datasource-plugin."""
CONTRACT = "datasource-plugin"
def f(kind, KINDS):
    """So may a function's: dashboard-module."""
    hint = f"Serve a {kind} with a dashboard-module spec."
    if kind == "plugin":
        return KINDS["module"]
    return report(kind="module")
'''
    assert [hit.split(": ", 1)[0] for hit in contract_names_spelled(sample, "s.py")] == ["s.py:3", "s.py:6"]
    assert kind_names_spelled(sample, "s.py") == [
        "s.py:7: compares with a kind name",
        "s.py:8: looks up a kind name",
        "s.py:9: passes kind= a kind name",
    ]


def test_every_kind_of_the_registry_has_its_generator_and_nothing_else_does() -> None:
    assert list(KINDS) == list(KIND_NAMES)
    assert all(KINDS[name].names is KIND_NAMES[name] for name in KINDS)


def test_each_kind_names_the_languages_of_its_parts() -> None:
    """Today: every service is Python; the module's frontend bundle is TypeScript."""
    shapes = {
        kind.name: [(part.role, part.language, part.folder) for part in kind.parts]
        for kind in KIND_NAMES.values()
    }
    assert shapes == {
        "plugin": [("service", "python", "")],
        "module": [("service", "python", "backend"), ("frontend", "typescript", "frontend")],
    }
