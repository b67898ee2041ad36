"""Remembered spec parses: exactly the data YAML parsing gives, for exactly the same bytes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scaffold
from scaffold import user_cache
from scaffold.errors import SpecError
from scaffold.specs import parsed_cache
from scaffold.specs.catalog import shipped_specs
from scaffold.specs.loader import load_spec_file
from scaffold.specs.yaml_reader import parse_yaml
from tests.conftest import PLUGIN_SPEC

SHIPPED = [s.path for s in shipped_specs()]


pytestmark = pytest.mark.usefixtures("fresh_home")  # an empty data folder per test (tests/conftest.py)


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    seen: list[Path] = []

    def spy(text: str, path: Path) -> Any:
        seen.append(path)
        return parse_yaml(text, path)

    monkeypatch.setattr(parsed_cache, "parse_yaml", spy)
    return seen


def _typed(value: Any) -> Any:
    """`value` with every scalar's type spelled out and key order kept, for exact comparison."""
    if isinstance(value, dict):
        return [(key, _typed(item)) for key, item in value.items()]
    if isinstance(value, list):
        return [_typed(item) for item in value]
    return (type(value).__name__, repr(value))


def _parse(path: Path) -> Any:
    raw = path.read_bytes()
    return parsed_cache.parse_spec_text(raw, raw.decode("utf-8"), path)


@pytest.mark.parametrize("path", SHIPPED, ids=[f"{p.parent.name}-{p.stem}" for p in SHIPPED])
def test_a_remembered_parse_is_exactly_the_yaml_parse(path: Path, parses: list[Path]) -> None:
    expected = _typed(parse_yaml(path.read_text(encoding="utf-8"), path))
    assert _typed(_parse(path)) == expected  # miss
    assert _typed(_parse(path)) == expected  # hit
    assert len(parses) == 1


def test_tricky_scalars_survive(tmp_path: Path, parses: list[Path]) -> None:
    spec = tmp_path / "s.yaml"
    spec.write_text(
        "b: 2\na: 1\nf: 1.0\ng: -0.0\nh: 1e300\ni: 123456789012345678901234567890\nt: true\nn: null\n"
        'u: "caf\\u00e9 \\U0001F600"\ns: "1"\nl: [1, "1", 1.5, false]\n',
        encoding="utf-8",
    )
    expected = _typed(parse_yaml(spec.read_text(encoding="utf-8"), spec))
    _parse(spec)
    assert _typed(_parse(spec)) == expected
    assert len(parses) == 1


def test_one_changed_byte_is_parsed_again(tmp_path: Path, parses: list[Path]) -> None:
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text("a: 1\nb: [x]\n", encoding="utf-8")
    second.write_text("a: 2\nb: [x]\n", encoding="utf-8")
    assert _parse(first) == {"a": 1, "b": ["x"]}
    assert _parse(second) == {"a": 2, "b": ["x"]}
    assert len(parses) == 2


def test_another_scaffold_version_parses_again(monkeypatch: pytest.MonkeyPatch, parses: list[Path]) -> None:
    _parse(PLUGIN_SPEC)
    monkeypatch.setattr(scaffold, "__version__", scaffold.__version__ + ".dev1")
    _parse(PLUGIN_SPEC)
    assert len(parses) == 2


def test_a_damaged_entry_is_parsed_again(fresh_home: Path, parses: list[Path]) -> None:
    expected = _typed(_parse(PLUGIN_SPEC))
    key = parsed_cache.cache_key(PLUGIN_SPEC.read_bytes())
    assert key is not None
    entry = user_cache.entry_path(parsed_cache.KIND, key)
    entry.write_bytes(entry.read_bytes().replace(b'"openapi"', b'"OPENAPI"'))
    assert _typed(_parse(PLUGIN_SPEC)) == expected
    assert len(parses) == 2
    assert user_cache.read_entry(parsed_cache.KIND, key) is not None


def test_a_refused_spec_is_refused_every_time_and_never_stored(tmp_path: Path, fresh_home: Path) -> None:
    spec = tmp_path / "dup.yaml"
    spec.write_text("a: 1\na: 2\n", encoding="utf-8")
    for _ in range(2):
        with pytest.raises(SpecError, match="duplicate key"):
            load_spec_file(spec)
    assert not user_cache.folder(parsed_cache.KIND).exists()


def test_load_spec_file_gives_the_same_document_from_the_cache() -> None:
    first = load_spec_file(PLUGIN_SPEC)
    second = load_spec_file(PLUGIN_SPEC)
    assert json.dumps(first.data) == json.dumps(second.data)
    assert first == second
