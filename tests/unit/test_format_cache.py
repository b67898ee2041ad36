"""The formatter's cache: the same text formatted by ruff, for exactly the same input and ruff."""

from __future__ import annotations

from pathlib import Path

import pytest

import scaffold
from scaffold import user_cache
from scaffold.codegen.python import formatting
from scaffold.errors import GenerationError

SOURCE = "x = {  'a':1,\n 'b' : [1,2,3]}\ndef f( a ):\n  return a\n"


pytestmark = pytest.mark.usefixtures("fresh_home")  # an empty data folder per test (tests/conftest.py)


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    real = formatting._run_ruff

    def spy(source: str, *, what: str) -> str:
        seen.append(source)
        return real(source, what=what)

    monkeypatch.setattr(formatting, "_run_ruff", spy)
    return seen


def test_a_hit_returns_what_ruff_returned(runs: list[str]) -> None:
    expected = formatting._run_ruff(SOURCE, what="t")
    assert formatting.format_python(SOURCE, what="t") == expected
    assert formatting.format_python(SOURCE, what="t") == expected
    assert len(runs) == 2  # the direct run and the miss; the hit ran nothing


def test_another_text_is_another_entry(runs: list[str]) -> None:
    first = formatting.format_python(SOURCE, what="t")
    second = formatting.format_python(SOURCE.replace("'a'", "'c'"), what="t")
    assert first != second
    assert len(runs) == 2
    assert second == formatting._run_ruff(SOURCE.replace("'a'", "'c'"), what="t")


def test_another_ruff_or_scaffold_version_misses(monkeypatch: pytest.MonkeyPatch, runs: list[str]) -> None:
    formatting.format_python(SOURCE, what="t")
    monkeypatch.setattr(scaffold, "__version__", scaffold.__version__ + ".dev1")
    formatting.format_python(SOURCE, what="t")
    monkeypatch.setattr(formatting, "_environment", lambda: "ruff==0.0.0\nother\n")
    formatting.format_python(SOURCE, what="t")
    assert len(runs) == 3


def test_the_environment_names_the_installed_ruff_and_this_module() -> None:
    from importlib import metadata

    formatting._environment.cache_clear()
    environment = formatting._environment()
    assert environment is not None
    assert f"ruff=={metadata.version('ruff')}" in environment
    assert "codegen/python/formatting.py" in formatting._SOURCES


def test_a_damaged_entry_is_ignored_and_replaced(runs: list[str], fresh_home: Path) -> None:
    expected = formatting.format_python(SOURCE, what="t")
    key = formatting.cache_key(SOURCE)
    assert key is not None
    entry = user_cache.entry_path(formatting.CACHE_KIND, key)
    entry.write_bytes(entry.read_bytes().replace(b"a", b"b"))
    assert formatting.format_python(SOURCE, what="t") == expected
    assert user_cache.read_entry(formatting.CACHE_KIND, key) == expected
    assert len(runs) == 2


def test_invalid_python_is_an_error_and_not_cached(fresh_home: Path) -> None:
    for _ in range(2):
        with pytest.raises(GenerationError):
            formatting.format_python("def (:\n", what="t")
    assert not user_cache.folder(formatting.CACHE_KIND).exists()
