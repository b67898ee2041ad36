"""`scaffold new-plugin DEST` without --defaults asks its questions in a terminal (copier prompts).

Driven through a real pseudo-terminal with pexpect, with the installed CLI, as a user would type.
"""

from __future__ import annotations

import os
from pathlib import Path

import pexpect
import pytest
import yaml

from tests.e2e.conftest import InstalledScaffold

pytestmark = pytest.mark.slow

CLEAR_LINE = "\x01\x0b"  # Ctrl-A, Ctrl-K: replace the pre-filled default


def spawn(installed: InstalledScaffold, args: list[str], cwd: Path) -> pexpect.spawn:
    return pexpect.spawn(
        installed.scaffold[0],
        args,
        cwd=str(cwd),
        env={**os.environ, "TERM": "xterm"},
        encoding="utf-8",
        timeout=60,
        dimensions=(40, 200),
    )


def test_questions_are_asked_with_defaults(installed_scaffold: InstalledScaffold, tmp_path: Path) -> None:
    child = spawn(installed_scaffold, ["new-plugin", "acme-sales"], tmp_path)
    child.expect(r"Language of the plugin service \(python, typescript or go\) \[python\]")
    child.send("\r")
    child.expect("Project name")
    child.send(f"{CLEAR_LINE}Bad_Name\r")
    child.expect("Use lowercase letters, digits and single dashes")
    child.send(f"{CLEAR_LINE}acme-sales\r")
    child.expect("Python package")
    child.send("\r")
    child.expect("Display title")
    child.send(f"{CLEAR_LINE}Acme Sales Interactive\r")
    child.expect("One-line description")
    child.send("\r")
    child.expect("Developer name")
    child.send("Jane Doe\r")
    child.expect("Include the example SQL data source")
    child.send("n")  # a yes/no question: one key answers it
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    answers = yaml.safe_load((tmp_path / "acme-sales" / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert answers["project_name"] == "acme-sales"
    assert answers["package_name"] == "acme_sales"
    assert answers["title"] == "Acme Sales Interactive"
    assert answers["description"] == "Acme Sales Interactive data source plugin"
    assert answers["author"] == "Jane Doe"
    assert answers["example"] is False
    assert (tmp_path / "acme-sales" / "acme_sales" / "datasource.py").is_file()
    assert not (tmp_path / "acme-sales" / "acme_sales" / "example").exists()


def test_the_language_is_asked_first_and_typescript_skips_python_questions(
    installed_scaffold: InstalledScaffold, tmp_path: Path
) -> None:
    child = spawn(installed_scaffold, ["new-plugin", "acme-ts"], tmp_path)
    child.expect("Language of the plugin service")
    child.send("typescript\r")
    child.expect("Project name")
    child.send("\r")
    child.expect("Identifier of the plugin in code")
    child.send("\r")
    child.expect("Display title")
    child.send("\r")
    child.expect("One-line description")
    child.send("\r")
    child.expect("Developer name")
    child.send("\r")
    child.expect("Include the example data source")
    child.send("y")  # a yes/no question: one key answers it
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    assert "npm ci && npm test && npm start" in child.before
    answers = yaml.safe_load((tmp_path / "acme-ts" / ".copier-answers.yml").read_text(encoding="utf-8"))
    assert (answers["language"], answers["example"]) == ("typescript", True)
    assert (tmp_path / "acme-ts" / "src" / "datasource.ts").is_file()
    assert (tmp_path / "acme-ts" / "src" / "example" / "service.ts").is_file()


def test_an_unknown_language_is_one_sentence(installed_scaffold: InstalledScaffold, tmp_path: Path) -> None:
    child = spawn(
        installed_scaffold, ["new-plugin", "acme-go", "--language", "cobol", "--defaults"], tmp_path
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    assert (
        "'cobol' is not a language scaffold writes plugins in; use python, typescript or go" in child.before
    )
    assert list(tmp_path.iterdir()) == []


def test_interrupt_at_a_prompt_writes_nothing(installed_scaffold: InstalledScaffold, tmp_path: Path) -> None:
    child = spawn(installed_scaffold, ["new-module", "acme-map"], tmp_path)
    child.expect(r"Language of the module backend \(python, typescript or go\) \[python\]")
    child.send("\r")
    child.expect("Project name")
    child.send("\r")
    child.expect("Python package")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1
    assert "nothing was written" in child.before
    assert list(tmp_path.iterdir()) == []
