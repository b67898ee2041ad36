"""Data source config values for `check plugin` from a file and an environment variable (CI)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scaffold.check.config_values import MAX_CONFIG_BYTES, config_from_env, config_from_file
from scaffold.errors import CheckInputError
from tests.cli_runner import run_scaffold


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "check-config.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_gives_strings_numbers_and_booleans_as_form_values(tmp_path: Path) -> None:
    path = _file(tmp_path, json.dumps({"url": "http://127.0.0.1:9100", "rowLimit": 500, "codeMode": True}))
    assert config_from_file(path, {}) == {
        "url": "http://127.0.0.1:9100",
        "rowLimit": "500",
        "codeMode": "true",
    }


def test_a_reference_takes_the_environment_and_an_unset_one_is_named(tmp_path: Path) -> None:
    path = _file(tmp_path, '{"token": "${WEATHER_TOKEN}", "url": "http://${HOST}:9100/x"}')
    values = config_from_file(path, {"WEATHER_TOKEN": "s3cret", "HOST": "127.0.0.1"})
    assert values == {"token": "s3cret", "url": "http://127.0.0.1:9100/x"}
    with pytest.raises(CheckInputError) as caught:
        config_from_file(path, {"HOST": "127.0.0.1"})
    assert "names ${WEATHER_TOKEN}, which is not set" in str(caught.value)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("{", "is not JSON"),
        ("[1, 2]", "holds a JSON list, not an object"),
        ('{"a": {"b": 1}}', "must be a string, number or boolean"),
        ('{"a": null}', "must be a string, number or boolean"),
        ('{"": "x"}', "is not a form field code"),
        ("[" * 100_000 + "]" * 100_000, "is not JSON"),
    ],
    ids=["not-json", "a-list", "nested", "null", "empty-code", "deep"],
)
def test_bad_files_are_one_sentence(tmp_path: Path, text: str, says: str) -> None:
    with pytest.raises(CheckInputError) as caught:
        config_from_file(_file(tmp_path, text), {})
    assert says in str(caught.value)


def test_a_file_is_read_up_to_the_limit(tmp_path: Path) -> None:
    path = _file(tmp_path, json.dumps({"a": "x" * MAX_CONFIG_BYTES}))
    with pytest.raises(CheckInputError, match="larger than"):
        config_from_file(path, {})
    with pytest.raises(CheckInputError, match="cannot be read"):
        config_from_file(tmp_path / "missing.json", {})


def test_the_environment_variable_gives_an_object_and_nothing_when_unset() -> None:
    assert config_from_env("CHECK_CONFIG", {}) == {}
    assert config_from_env("CHECK_CONFIG", {"CHECK_CONFIG": "  "}) == {}
    assert config_from_env("CHECK_CONFIG", {"CHECK_CONFIG": '{"token": "${X}"}'}) == {"token": "${X}"}
    with pytest.raises(CheckInputError, match="--config-env CHECK_CONFIG is not JSON"):
        config_from_env("CHECK_CONFIG", {"CHECK_CONFIG": "token=abc"})


def test_the_cli_says_one_sentence_and_exits_1(tmp_path: Path) -> None:
    path = _file(tmp_path, '{"token": "${NOT_SET_ANYWHERE_42}"}')
    result = run_scaffold(["check", "plugin", "http://127.0.0.1:9/api/v1", "--config-file", str(path)])
    assert result.returncode == 1, result.stdout + result.stderr
    assert "names ${NOT_SET_ANYWHERE_42}, which is not set" in result.stderr
    assert "Traceback" not in result.stderr and len(result.stderr.strip().splitlines()) == 1
