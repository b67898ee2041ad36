"""No import cycle between scaffold's packages, counting imports made from a string.

Issue 25: scaffold/codegen imported scaffold.projects while projects/kinds.py loaded the generators
by "module:function" strings through importlib, a cycle no linter saw. The graph here is read from
the source (nothing is imported): every `import` and `from ... import` at any depth, and every
string that names a scaffold module ("scaffold.x.y" or "scaffold.x.y:attribute"), which is how
code loads a module by name. A node is a top-level package or module of scaffold/.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

SCAFFOLD = Path(__file__).resolve().parents[2] / "scaffold"
_MODULE_STRING = re.compile(r"^scaffold(?:\.\w+)+(?::\w+)?$")


def _node(dotted: str, root: Path) -> str | None:
    """The top-level package or module of scaffold that `dotted` names, or None (not scaffold's)."""
    parts = dotted.split(".")
    if parts[0] != "scaffold" or len(parts) < 2:
        return None
    top = parts[1]
    return top if (root / top).is_dir() or (root / f"{top}.py").is_file() else None


def _module_of(path: Path, root: Path) -> list[str]:
    relative = path.relative_to(root.parent).with_suffix("")
    parts = list(relative.parts)
    return parts[:-1] if parts[-1] == "__init__" else parts


def package_imports(root: Path) -> dict[str, dict[str, set[str]]]:
    """node -> imported node -> the files (relative to root) whose imports or strings make that edge."""
    edges: dict[str, dict[str, set[str]]] = {}
    for path in sorted(root.rglob("*.py")):
        module = _module_of(path, root)
        source = module[1] if len(module) > 1 else None
        if source is None:
            continue
        names: list[str] = []
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names += [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                package = module if path.name == "__init__.py" else module[:-1]
                base = ".".join(package[: len(package) - node.level + 1]) if node.level else ""
                target = ".".join(p for p in (base, node.module or "") if p)
                names.append(target)
                names += [f"{target}.{alias.name}" for alias in node.names]  # `from scaffold import x`
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and _MODULE_STRING.match(node.value)
            ):
                names.append(node.value.partition(":")[0])
        for name in names:
            target = _node(name, root)
            if target is not None and target != source:
                edges.setdefault(source, {}).setdefault(target, set()).add(str(path.relative_to(root)))
    return edges


def cycles(edges: dict[str, dict[str, set[str]]]) -> list[list[str]]:
    """Every elementary cycle's nodes, each once, starting from its smallest name."""
    found: set[tuple[str, ...]] = set()

    def walk(start: str, node: str, trail: list[str]) -> None:
        for target in edges.get(node, {}):
            if target == start:
                found.add(tuple(trail))
            elif target > start and target not in trail:
                walk(start, target, [*trail, target])

    for start in sorted(edges):
        walk(start, start, [start])
    return [list(cycle) for cycle in sorted(found)]


def _describe(cycle: list[str], edges: dict[str, dict[str, set[str]]]) -> str:
    steps = zip(cycle, [*cycle[1:], cycle[0]], strict=True)
    return "; ".join(f"{a} -> {b} ({', '.join(sorted(edges[a][b]))})" for a, b in steps)


@pytest.fixture(scope="module")
def edges() -> dict[str, dict[str, set[str]]]:
    return package_imports(SCAFFOLD)


def test_no_import_cycle_between_scaffolds_packages(edges: dict[str, dict[str, set[str]]]) -> None:
    assert [_describe(cycle, edges) for cycle in cycles(edges)] == []


def test_codegen_imports_nothing_that_uses_it(edges: dict[str, dict[str, set[str]]]) -> None:
    """Data flows one way: the generators never reach up into projects, the CLI, check or dev."""
    assert set(edges["codegen"]) & {"projects", "cli", "check", "dev", "host"} == set()
    assert "codegen" in edges["projects"]  # the registry of kinds names its generators


def test_a_cycle_made_by_a_string_loaded_import_is_found(tmp_path: Path) -> None:
    """The check sees what importlib loads by name, the way kinds.py loaded the generators."""
    root = tmp_path / "scaffold"
    (root / "codegen").mkdir(parents=True)
    (root / "projects").mkdir()
    (root / "__init__.py").write_text("")
    (root / "codegen" / "__init__.py").write_text("")
    (root / "codegen" / "plugin.py").write_text("from scaffold.projects.kinds import Answers\n")
    (root / "projects" / "__init__.py").write_text("")
    (root / "projects" / "kinds.py").write_text(
        'import importlib\nGENERATOR = "scaffold.codegen.plugin:contract_files"\n'
    )
    found = package_imports(root)
    assert cycles(found) == [["codegen", "projects"]]
    assert _describe(["codegen", "projects"], found) == (
        "codegen -> projects (codegen/plugin.py); projects -> codegen (projects/kinds.py)"
    )


def test_relative_imports_count_by_the_package_they_resolve_to(tmp_path: Path) -> None:
    root = tmp_path / "scaffold"
    (root / "check").mkdir(parents=True)
    (root / "__init__.py").write_text("")
    (root / "check" / "__init__.py").write_text("from ..dev import page\n")
    (root / "check" / "flow.py").write_text("from . import report\nfrom .report import x\n")
    (root / "dev").mkdir()
    (root / "dev" / "page.py").write_text("def f():\n    from scaffold import check\n")
    assert package_imports(root) == {
        "check": {"dev": {"check/__init__.py"}},
        "dev": {"check": {"dev/page.py"}},
    }
