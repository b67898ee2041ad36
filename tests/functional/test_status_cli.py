"""`scaffold status` through the CLI, on a fleet folder of freshly scaffolded projects.

The fleet holds a fresh plugin, a fresh module (no npm install: status never needs one) and a
plugin made from the released 1.2.0 spec, which is behind the newest shipped revision.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scaffold import __version__
from scaffold.projects.templates.store import current_version
from scaffold.specs.catalog import versions_of
from tests.cli_runner import run_scaffold
from tests.conftest import PLUGIN_SPEC
from tests.hostile.projects import tree_digest

NEWEST_PLUGIN = versions_of("datasource-plugin")[-1]
MODULE_CONTRACT_FILE = "frontend/src/contract/types.ts"


def _ok(args: list[str], cwd: Path) -> str:
    result = run_scaffold(args, cwd=cwd)
    assert result.returncode == 0, result.stderr
    return result.stdout


@pytest.fixture(scope="module")
def fleet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("status") / "services"
    folder.mkdir()
    _ok(["new-plugin", "acme-sales", "--defaults"], folder)
    _ok(["new-module", "acme-map", "--defaults"], folder)
    _ok(["new-plugin", "acme-old", "--defaults", "--contract-version", str(PLUGIN_SPEC)], folder)
    return folder


def _rows(stdout: str) -> dict[str, list[str]]:
    """The table's rows by project (header, notes and summary line excluded)."""
    lines = stdout.splitlines()
    table = lines[: lines.index("")] if "" in lines else lines[:-1]  # the summary line is last
    assert table[0].split() == [
        "PROJECT",
        "KIND",
        "LANGUAGE",
        "CONTRACT",
        "TEMPLATE",
        "SCAFFOLD",
        "EDITED",
        "INTERRUPTED",
        "REGENERATE",
        "STATE",
    ]
    return {line.split()[0]: line.split() for line in table[1:]}


def test_table_for_a_fleet_folder(fleet: Path) -> None:
    before = tree_digest(fleet)
    stdout = _ok(["status", "services"], fleet.parent)
    assert tree_digest(fleet) == before
    rows = _rows(stdout)
    template = current_version("plugin-python")
    assert rows["services/acme-sales"] == [
        "services/acme-sales",
        "plugin",
        "python",
        NEWEST_PLUGIN,
        template,
        __version__,
        "0",
        "no",
        "ok",
        "ok",
    ]
    assert rows["services/acme-map"][1:] == [
        "module",
        "python",
        versions_of("dashboard-module")[-1],
        current_version("module-python"),
        __version__,
        "0",
        "no",
        "ok",
        "ok",
    ]
    assert rows["services/acme-old"][1:] == [
        "plugin",
        "python",
        "1.2.0",
        "->",
        NEWEST_PLUGIN,
        template,
        __version__,
        "0",
        "no",
        "ok",
        "behind",
    ]
    assert (
        f"services/acme-old: behind: `scaffold upgrade services/acme-old` moves it to contract {NEWEST_PLUGIN}"
        in stdout
    )
    assert stdout.rstrip().splitlines()[-4:] == [
        "3 projects: 2 ok, 1 behind",
        f"contracts: dashboard-module {versions_of('dashboard-module')[-1]} (1), datasource-plugin 1.2.0 (1), "
        f"datasource-plugin {NEWEST_PLUGIN} (1)",
        f"templates: module-python {current_version('module-python')} (1), plugin-python {template} (2)",
        "languages: python (3)",
    ]


def test_json_for_dashboards(fleet: Path) -> None:
    document = json.loads(_ok(["status", "--json", "."], fleet))
    assert document["format"] == 2 and document["ok"] is False
    assert document["summary"]["projects"] == 3 and document["summary"]["behind"] == 1
    by_path = {p["path"]: p for p in document["projects"]}
    assert sorted(by_path) == ["acme-map", "acme-old", "acme-sales"]
    old = by_path["acme-old"]
    assert (old["contract_version"], old["newest_contract_version"], old["behind"], old["state"]) == (
        "1.2.0",
        NEWEST_PLUGIN,
        True,
        "behind",
    )
    assert by_path["acme-map"]["kind"] == "module" and by_path["acme-map"]["edited"] == []


def test_strict_is_a_ci_gate(fleet: Path, tmp_path: Path) -> None:
    assert run_scaffold(["status", "--strict", "services"], cwd=fleet.parent).returncode == 1  # acme-old
    fresh = ["status", "--strict", "services/acme-sales", "services/acme-map"]
    assert run_scaffold(fresh, cwd=fleet.parent).returncode == 0
    module = tmp_path / "acme-map"
    shutil.copytree(fleet / "acme-map", module, symlinks=True)
    with open(module / MODULE_CONTRACT_FILE, "a", encoding="utf-8") as handle:
        handle.write("// tweak\n")
    result = run_scaffold(["status", "--strict", str(module)], cwd=tmp_path)
    assert result.returncode == 1 and result.stderr == ""
    assert _rows(result.stdout)["acme-map"][-4:] == ["1", "no", "fails", "edited"]
    assert f"edited by hand: {MODULE_CONTRACT_FILE}" in result.stdout
    without_strict = run_scaffold(["status", str(module)], cwd=tmp_path)
    assert without_strict.returncode == 0, "without --strict status only reports"


def test_inside_a_project_without_arguments(fleet: Path) -> None:
    stdout = _ok(["status"], fleet / "acme-sales")
    assert list(_rows(stdout)) == ["."]
    assert stdout.rstrip().splitlines()[-1] == "1 project: 1 ok"


def test_a_path_that_does_not_exist(fleet: Path) -> None:
    result = run_scaffold(["status", "no-such-folder"], cwd=fleet)
    assert result.returncode == 1 and result.stdout == ""
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        "error: no-such-folder does not exist. Pass project folders, or folders holding them up to 2 levels "
        "down (e.g. scaffold status services/)."
    ]


def test_a_bad_argument_beside_good_ones_is_a_row(fleet: Path) -> None:
    result = run_scaffold(["status", "acme-sales", "no-such-folder"], cwd=fleet)
    assert result.returncode == 0, result.stderr
    assert _rows(result.stdout)["no-such-folder"][-1] == "problem"
    assert "\nno-such-folder does not exist\n" in result.stdout
    strict = run_scaffold(["status", "--strict", "acme-sales", "no-such-folder"], cwd=fleet)
    assert strict.returncode == 1


def test_help_describes_every_option(fleet: Path) -> None:
    stdout = _ok(["status", "--help"], fleet)
    for text in ("PROJECT", "--json", "dashboards", "--strict", "CI gate"):
        assert text in stdout, text


def test_folder_names_from_a_checkout_cannot_drive_the_terminal(tmp_path: Path) -> None:
    """A pull request can add any folder name; the table shows control characters escaped."""
    evil = tmp_path / "fleet" / "evil\x1b[2J\nname"
    (evil / ".scaffold").mkdir(parents=True)
    result = run_scaffold(["status", "fleet"], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "\x1b" not in result.stdout and "evil\\x1b[2J\\nname" in result.stdout
    assert result.stdout.rstrip().splitlines()[-1] == "1 project: 1 problem"
    document = json.loads(run_scaffold(["status", "--json", "fleet"], cwd=tmp_path).stdout)
    assert document["projects"][0]["path"] == "fleet/evil\x1b[2J\nname"
