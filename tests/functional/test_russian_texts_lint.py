"""The projects' linters accept their own ru-RU texts (issue 27, point 7c).

A Russian title or description lands in Python strings and comments (texts.py, app.py, the
plugin's `__init__.py`), and the contract's ru-RU catalog ships in the plugin. Russian has one-letter
words (`с`, `о`, `у`) and words whose every letter looks Latin (`Не`, `Сор`): ruff's RUF001-RUF003
called those ambiguous, so a module with a Russian description failed its own `ruff check .` in
CI, and `ruff check --select RUF .` (which overrides the plugin's `ignore` of those rules) failed
on both kinds. The projects allow the Cyrillic look-alikes, and only those: other look-alikes are
still reported.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold

RUFF = Path(sys.executable).parent / "ruff"
TITLE = "Карта продаж"
DESCRIPTION = "Виджет с картой продаж по регионам"
# Words RUF001 flags in Russian: one-letter prepositions and words made only of look-alikes.
RUSSIAN = "Не удалось связаться с сервером: ошибка о доступе у Сор"


def ruff(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(RUFF), "check", "--no-cache", "--output-format", "concise", *args, "."],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=120,
    )


def new_project(kind: str, tmp_path: Path) -> Path:
    name = {"plugin": "acme-sales", "module": "acme-map"}[kind]
    root = tmp_path / name
    flags = ["--title", TITLE, "--description", DESCRIPTION, "--defaults"]
    result = run_scaffold([f"new-{kind}", str(root), *flags])
    assert result.returncode == 0, result.stderr
    return root / "backend" if kind == "module" else root


@pytest.mark.parametrize("kind", ["module", "plugin"])
def test_russian_texts_pass_ruff_with_ruf_on(kind: str, tmp_path: Path) -> None:
    python_root = new_project(kind, tmp_path)
    package = python_root / ("acme_map" if kind == "module" else "acme_sales")
    (package / "more_texts.py").write_text(
        f'"""Тексты модуля: {RUSSIAN}."""\n\n# {RUSSIAN}\nERROR = "{RUSSIAN}"\n', encoding="utf-8"
    )
    for args in ((), ("--select", "RUF")):  # the project's rules (CI), and RUF alone on the command line
        result = ruff(python_root, *args)
        assert result.returncode == 0, f"ruff check {' '.join(args)}:\n{result.stdout}{result.stderr}"


@pytest.mark.parametrize("kind", ["module", "plugin"])
def test_other_look_alikes_are_still_reported(kind: str, tmp_path: Path) -> None:
    python_root = new_project(kind, tmp_path)
    package = python_root / ("acme_map" if kind == "module" else "acme_sales")
    (package / "look_alike.py").write_text('LOGIN = "l\u03bfgin"  # a Greek omicron\n', encoding="utf-8")
    result = ruff(python_root)
    assert result.returncode == 1
    assert "RUF001" in result.stdout and "GREEK SMALL LETTER OMICRON" in result.stdout, result.stdout
