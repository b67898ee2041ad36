"""The cache secret: made once, private, outside the data folder; an untrustworthy one turns the cache off."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from scaffold import cache_secret, user_cache
from tests.cli_runner import run_scaffold
from tests.conftest import REPO, TEST_CACHE_KEY
from tests.hostile.test_project_state import assert_one_sentence

KIND = "test-kind"
KEY = "0" * 64


@pytest.fixture
def state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_home: Path) -> Iterator[Path]:
    """No SCAFFOLD_CACHE_KEY: the key file in this test's own state folder is used."""
    state = tmp_path / "state"
    monkeypatch.delenv(cache_secret.ENVIRONMENT_VARIABLE)
    monkeypatch.setenv("XDG_STATE_HOME", str(state))
    cache_secret.forget_key_files()
    yield state
    cache_secret.forget_key_files()


def _secret_in_a_new_process() -> str:
    result = subprocess.run(
        [sys.executable, "-c", "from scaffold.cache_secret import cache_secret; print(cache_secret().hex())"],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return result.stdout.strip()


def test_the_key_file_is_made_once_private_and_outside_the_data_folder(
    state_home: Path, fresh_home: Path
) -> None:
    secret = cache_secret.cache_secret()
    assert secret is not None and len(secret) == 32
    path = state_home / "scaffold" / "cache-key"
    assert cache_secret.key_file() == path
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not path.is_relative_to(fresh_home)
    assert _secret_in_a_new_process() == secret.hex(), "every later process uses the same key"
    user_cache.write_entry(KIND, KEY, "text")
    assert user_cache.read_entry(KIND, KEY) == "text"
    assert list(path.parent.iterdir()) == [path], "no temporary file is left"


@pytest.mark.parametrize(
    "problem", ["group-readable", "world-writable", "symlink", "not-a-key", "open-folder"]
)
def test_a_key_file_others_could_read_or_swap_is_never_used(
    state_home: Path, tmp_path: Path, problem: str
) -> None:
    cache_secret.cache_secret()
    path = cache_secret.key_file()
    user_cache.write_entry(KIND, KEY, "text")
    if problem == "group-readable":
        path.chmod(0o640)
    elif problem == "world-writable":
        path.chmod(0o602)
    elif problem == "symlink":
        elsewhere = tmp_path / "elsewhere"
        elsewhere.write_bytes(path.read_bytes())
        elsewhere.chmod(0o600)
        path.unlink()
        path.symlink_to(elsewhere)
    elif problem == "not-a-key":
        path.write_text("short", encoding="ascii")
    else:
        path.parent.chmod(0o777)
    cache_secret.forget_key_files()
    assert cache_secret.cache_secret() is None
    assert user_cache.read_entry(KIND, KEY) is None, "nothing is read without a trustworthy key"
    user_cache.write_entry(KIND, "1" * 64, "more")
    assert not user_cache.entry_path(KIND, "1" * 64).exists(), "nor stored"


def test_an_unusable_state_folder_turns_the_cache_off(state_home: Path) -> None:
    state_home.write_text("a file where the folder should be", encoding="utf-8")
    assert cache_secret.cache_secret() is None
    user_cache.write_entry(KIND, KEY, "text")
    assert user_cache.read_entry(KIND, KEY) is None


def test_entries_sealed_with_another_key_are_not_used(
    monkeypatch: pytest.MonkeyPatch, fresh_home: Path
) -> None:
    """A cache restored from another machine or job (another key) is regenerated, never trusted."""
    user_cache.write_entry(KIND, KEY, "text")
    assert user_cache.read_entry(KIND, KEY) == "text"
    monkeypatch.setenv(cache_secret.ENVIRONMENT_VARIABLE, "another-secret-of-at-least-32-characters")
    assert user_cache.read_entry(KIND, KEY) is None
    # The key is read from the environment on every call, never kept from an earlier one: a
    # process whose first call saw another key (a spec loaded while tests were collected, before
    # the fixtures set the key) once read back nothing of what its own children had cached.
    monkeypatch.delenv(cache_secret.ENVIRONMENT_VARIABLE)
    monkeypatch.setenv(cache_secret.ENVIRONMENT_VARIABLE, TEST_CACHE_KEY)
    assert user_cache.read_entry(KIND, KEY) == "text"


def test_a_short_cache_key_setting_is_one_sentence(tmp_path: Path) -> None:
    result = run_scaffold(
        ["new-plugin", str(tmp_path / "acme-sales"), "--defaults"],
        env={cache_secret.ENVIRONMENT_VARIABLE: "secret"},
    )
    assert_one_sentence(result, "SCAFFOLD_CACHE_KEY", "at least 32 characters")
    assert not (tmp_path / "acme-sales").exists()
