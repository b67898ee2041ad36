"""The CLI imports only the module of the command it runs, and its table names every command.

Each check runs in a fresh interpreter: this test process has imported everything already.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.conftest import REPO

_PROBE = """
import json, sys
from scaffold.cli import app
app._register_for(json.loads(sys.argv[1]))
print(json.dumps(sorted(m for m in sys.modules if m.startswith("scaffold."))))
"""


def _imported(argv: list[str]) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-c", _PROBE, json.dumps(argv)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    return set(json.loads(result.stdout))


@pytest.mark.parametrize(
    ("argv", "module"),
    [
        (["regenerate", "--check"], "regenerate_cmd"),
        (["upgrade", "--dry-run"], "upgrade_cmd"),
        (["models", "datasource-plugin"], "models_cmd"),
        (["new-plugin", "x", "--defaults"], "project_cmd"),
        (["new-module", "x"], "project_cmd"),
        (["status", "--json"], "status_cmd"),
        (["specs", "list"], "specs_cmd"),
        (["check", "plugin", "http://127.0.0.1:9"], "check_cmd"),
        (["dev", "plugin", "http://127.0.0.1:9"], "dev_cmd"),
    ],
)
def test_a_command_imports_only_its_own_module(argv: list[str], module: str) -> None:
    imported = {m for m in _imported(argv) if m.startswith("scaffold.cli.")}
    # scaffold.cli.arguments holds what several commands share; it is no command of its own.
    assert imported - {"scaffold.cli.arguments"} == {"scaffold.cli.app", f"scaffold.cli.{module}"}


def test_regenerate_does_not_load_check_dev_or_status_machinery() -> None:
    imported = _imported(["regenerate", "--check"])
    for prefix in ("scaffold.check", "scaffold.dev", "scaffold.host", "scaffold.projects.status"):
        assert not any(m == prefix or m.startswith(prefix + ".") for m in imported), prefix


def test_help_and_unknown_commands_register_everything() -> None:
    for argv in ([], ["--help"], ["--version"], ["no-such-command"]):
        imported = {m for m in _imported(argv) if m.startswith("scaffold.cli.")}
        assert "scaffold.cli.check_cmd" in imported
        assert "scaffold.cli.status_cmd" in imported


def test_the_command_table_names_every_registered_command() -> None:
    probe = """
import json
from scaffold.cli import app
app._register_commands()
names = [c.name for c in app.app.registered_commands] + [g.name for g in app.app.registered_groups]
print(json.dumps({"names": sorted(names), "table": sorted(app.COMMAND_MODULES)}))
"""
    result = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
    )
    found = json.loads(result.stdout)
    assert found["names"] == found["table"]
