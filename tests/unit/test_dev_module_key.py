"""`scaffold dev` gives a module backend a development MODULE_SECRET_KEY (scaffold/dev/module_key.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scaffold import cache_secret
from scaffold.codegen.python.runtime_files.secrets import parse_key
from scaffold.dev.module_key import dev_module_key
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.project_runner import plan_service


@pytest.fixture(autouse=True)
def _own_state(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SCAFFOLD_CACHE_KEY", raising=False)
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    cache_secret.forget_key_files()


def test_the_key_is_one_the_backend_reads_and_the_same_from_one_run_to_the_next() -> None:
    first = dev_module_key({})
    assert first is not None and first.lasting
    assert len(parse_key(first.text, source="MODULE_SECRET_KEY")) == 32  # the runtime's own parser
    cache_secret.forget_key_files()  # a new scaffold dev process reads the state folder again
    assert dev_module_key({}) == first


def test_another_user_secret_gives_another_key_and_an_exported_key_is_left_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mine = dev_module_key({})
    monkeypatch.setenv("SCAFFOLD_CACHE_KEY", "x" * 40)
    other = dev_module_key({})
    assert mine is not None and other is not None and other.text != mine.text
    assert dev_module_key({"MODULE_SECRET_KEY": "exported"}) is None


def test_without_a_usable_state_folder_the_key_lasts_this_run_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "blocked").write_text("a file where the state folder would be", encoding="utf-8")
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "blocked"))
    cache_secret.forget_key_files()
    key = dev_module_key({})
    assert key is not None and not key.lasting and len(parse_key(key.text)) == 32


def test_a_plugin_gets_no_module_key(tmp_path: Path) -> None:
    (plugin,) = plan_service(
        ProjectLayout(tmp_path, "plugin", "acme_sales"), Path("/py"), {}, port=9126
    ).commands
    assert "MODULE_SECRET_KEY" not in plugin.env  # the module backend's: test_dev_runner.py
