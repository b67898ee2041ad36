"""Upgrade and regenerate are all-or-nothing: real signals to a real `scaffold upgrade`, injected faults.

The upgrade under test moves a plugin from contract 1.2.0 to the 1.3.0 fixture, which rewrites most
contract-owned files, the answers, the recorded spec and the manifest: a half-applied upgrade shows.
"""

from __future__ import annotations

import errno
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC, REPO
from tests.git_helpers import git
from tests.hostile.projects import index_flags, tree_digest

PACKAGE = "acme_sales"


def paused_upgrade(
    project: Path, tmp_path: Path, at: str, match: str = "", call: int = 1
) -> subprocess.Popen[str]:
    """`scaffold upgrade --to 1.3.0` stopped at `at`; returns once it is waiting there."""
    marker = tmp_path / "paused"
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "PAUSE_AT": at,
        "PAUSE_MATCH": match,
        "PAUSE_CALL": str(call),
        "PAUSE_MARKER": str(marker),
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.hostile.paused_cli",
            "upgrade",
            "--to",
            str(FUTURE_PLUGIN_SPEC),
            str(project),
        ],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 120
    while not marker.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            out, err = process.communicate()
            pytest.fail(f"the upgrade never reached {at}: {out}\n{err}")
        time.sleep(0.05)
    return process


def failing_upgrade(project: Path, at: str, match: str, call: int = 1) -> subprocess.CompletedProcess[str]:
    env = {
        "PAUSE_AT": at,
        "PAUSE_MATCH": match,
        "PAUSE_CALL": str(call),
        "PAUSE_FAIL": str(errno.ENOSPC),
        "PAUSE_MARKER": "/nonexistent",
    }
    return run_scaffold(
        ["upgrade", "--to", str(FUTURE_PLUGIN_SPEC), str(project)],
        env=env,
        executable=[sys.executable, "-m", "tests.hostile.paused_cli"],
    )


def assert_untouched(project: Path, before: dict[str, str], flags: str) -> None:
    assert tree_digest(project) == before
    assert index_flags(project) == flags
    assert git(project, "status", "--porcelain") == ""


def interrupted(process: subprocess.Popen[str], sig: signal.Signals) -> str:
    process.send_signal(sig)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130, (process.returncode, err)
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_after_copier_changes_nothing(plugin: Path, tmp_path: Path, sig: signal.Signals) -> None:
    before, flags = tree_digest(plugin), index_flags(plugin)
    process = paused_upgrade(plugin, tmp_path, "scaffold.projects.contract_files:write_contract_files")
    line = interrupted(process, sig)
    assert "interrupted" in line and "had not changed anything" in line
    assert_untouched(plugin, before, flags)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_signal_between_contract_files_is_rolled_back(
    plugin: Path, tmp_path: Path, sig: signal.Signals
) -> None:
    before, flags = tree_digest(plugin), index_flags(plugin)
    process = paused_upgrade(plugin, tmp_path, "os:replace", match=f"{plugin}/{PACKAGE}/_contract/", call=3)
    assert tree_digest(plugin) != before, "two contract files were already replaced"
    line = interrupted(process, sig)
    assert "was undone" in line and "exactly as it was" in line
    assert_untouched(plugin, before, flags)


def test_sigkill_is_detected_and_restored_by_the_next_command(plugin: Path, tmp_path: Path) -> None:
    before, flags = tree_digest(plugin), index_flags(plugin)
    process = paused_upgrade(plugin, tmp_path, "os:replace", match=f"{plugin}/{PACKAGE}/_contract/", call=3)
    process.kill()
    process.communicate(timeout=60)
    assert tree_digest(plugin) != before
    result = run_scaffold(["regenerate", "--check", str(plugin)])
    assert (
        result.returncode == 1 and "interrupted" in result.stderr and "scaffold regenerate" in result.stderr
    )
    result = run_scaffold(["regenerate", str(plugin)])
    assert result.returncode == 1, result.stderr
    assert "restored" in result.stderr and "Traceback" not in result.stderr
    assert_untouched(plugin, before, flags)
    upgraded = run_scaffold(["upgrade", "--to", str(FUTURE_PLUGIN_SPEC), str(plugin)])
    assert upgraded.returncode == 0, upgraded.stderr


@pytest.mark.parametrize(
    "where",
    [f"/{PACKAGE}/_contract/", "/.scaffold/manifest.json"],
    ids=["between-contract-files", "at-the-manifest-write"],
)
def test_write_error_leaves_the_project_as_it_was(plugin: Path, where: str) -> None:
    before, flags = tree_digest(plugin), index_flags(plugin)
    call = 2 if "_contract" in where else 1
    result = failing_upgrade(plugin, "os:replace", match=f"{plugin}{where}", call=call)
    assert result.returncode == 1, result.stderr
    assert "nothing was changed" in result.stderr and "Traceback" not in result.stderr
    assert_untouched(plugin, before, flags)


def test_a_second_upgrade_regenerate_or_new_is_refused_while_one_runs(plugin: Path, tmp_path: Path) -> None:
    process = paused_upgrade(plugin, tmp_path, "scaffold.projects.contract_files:write_contract_files")
    try:
        for args in (["regenerate", "--force"], ["upgrade"], ["new-plugin", "--defaults", "--force"]):
            result = run_scaffold([*args, str(plugin)])
            assert result.returncode == 1, result.stderr
            assert "another scaffold command" in result.stderr, result.stderr
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)


def test_a_running_upgrade_is_not_mistaken_for_an_interrupted_one(plugin: Path, tmp_path: Path) -> None:
    """Its journal is there while it applies the files: readers say it is busy, nobody rolls it back."""
    process = paused_upgrade(plugin, tmp_path, "os:replace", match=f"{plugin}/{PACKAGE}/_contract/", call=3)
    try:
        assert (plugin / ".scaffold" / "journal").is_dir()
        for args in (["regenerate", "--check"], ["regenerate"]):
            result = run_scaffold([*args, str(plugin)])
            assert result.returncode == 1, result.stderr
            assert "another scaffold command is writing" in result.stderr, result.stderr
            assert "restored" not in result.stderr and "interrupted" not in result.stderr, result.stderr
        assert (plugin / ".scaffold" / "journal" / "journal.json").is_file(), "the journal was left alone"
    finally:
        process.send_signal(signal.SIGINT)
        process.communicate(timeout=60)


def test_corrupt_template_store_is_rebuilt(plugin: Path, tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {"SCAFFOLD_HOME": str(home)}
    assert run_scaffold(["regenerate", "--check", str(plugin)], env=env).returncode == 0
    run_scaffold(["new-plugin", str(tmp_path / "warm-up"), "--defaults"], env=env)
    objects = home / "template-store" / "plugin" / ".git" / "objects"
    for path in objects.rglob("*"):
        if path.is_file():
            path.write_bytes(b"garbage")
    answers = (plugin / ".copier-answers.yml").read_bytes()
    result = run_scaffold(["upgrade", "--to", str(FUTURE_PLUGIN_SPEC), str(plugin)], env=env)
    assert "Traceback" not in result.stderr and "plumbum" not in result.stderr, result.stderr
    assert result.returncode == 0, result.stderr
    assert b"_src_path" in (plugin / ".copier-answers.yml").read_bytes()
    assert (plugin / ".copier-answers.yml").read_bytes() != answers, "the upgrade went through"


def test_spec_that_cannot_generate_is_refused_before_any_change(plugin: Path, tmp_path: Path) -> None:
    text = FUTURE_PLUGIN_SPEC.read_text(encoding="utf-8")
    hostile = tmp_path / "clash.yaml"
    hostile.write_text(
        text.replace("  schemas:\n", "  schemas:\n    FrameField:\n      type: object\n", 1), encoding="utf-8"
    )
    before, flags = tree_digest(plugin), index_flags(plugin)
    result = run_scaffold(["upgrade", "--to", str(hostile), str(plugin)])
    assert result.returncode == 1, result.stderr
    assert "Traceback" not in result.stderr and "FrameField" in result.stderr
    assert_untouched(plugin, before, flags)


def test_summary_with_triple_quotes_simply_works(plugin: Path, tmp_path: Path) -> None:
    text = FUTURE_PLUGIN_SPEC.read_text(encoding="utf-8")
    hostile = tmp_path / "quotes.yaml"
    hostile.write_text(
        text.replace("summary: Plugin metadata", 'summary: \'Plugin """ metadata\'', 1), encoding="utf-8"
    )
    assert 'Plugin """ metadata' in hostile.read_text(encoding="utf-8")
    result = run_scaffold(["upgrade", "--to", str(hostile), str(plugin)])
    assert result.returncode == 0, result.stderr
    for path in (plugin / PACKAGE / "_contract").glob("*.py"):
        compile(path.read_text(encoding="utf-8"), str(path), "exec")


def test_interrupted_new_plugin_leaves_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "paused"
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "PAUSE_AT": "scaffold.projects.create:write_contract_files",
        "PAUSE_MARKER": str(marker),
    }
    destination = tmp_path / "parent" / "acme-sales"
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.hostile.paused_cli", "new-plugin", str(destination), "--defaults"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    while not marker.exists():
        assert process.poll() is None, process.communicate()
        time.sleep(0.05)
    line = interrupted(process, signal.SIGINT)
    assert line.startswith("error: interrupted: nothing was written"), line
    assert not (tmp_path / "parent").exists(), "the parent folder it created is removed too"


def test_store_leftovers_do_not_leak(tmp_path: Path) -> None:
    """The upgrade's throwaway clone never lands inside the project or the user's folder."""
    assert not any(p.name.startswith("scaffold-upgrade-") for p in tmp_path.iterdir())
    shutil.rmtree(tmp_path, ignore_errors=True)
