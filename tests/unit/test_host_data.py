"""The module's own data for `check module` and the dev page (scaffold/host/host_data.py): bounded,
and every bad file is one sentence naming it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scaffold.errors import CheckInputError
from scaffold.host.host_data import MAX_BYTES, MAX_DEPTH, HostData, read_host_data
from tests.cli_runner import run_scaffold


def _file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "host-data.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_both_parts_are_read_and_either_may_be_left_out(tmp_path: Path) -> None:
    data = read_host_data(_file(tmp_path, '{"moduleData": {"kpi": "revenue"}, "settings": null}'), "own.json")
    assert (data.module_data, data.settings, data.has_settings) == ({"kpi": "revenue"}, None, True)
    assert data.described() == "own.json"
    only = read_host_data(_file(tmp_path, '{"settings": {"apiUrl": "x"}}'))
    assert only.module_data is None and only.settings == {"apiUrl": "x"}
    empty = read_host_data(_file(tmp_path, "{}"))
    assert empty.module_data is None and not empty.has_settings


@pytest.mark.parametrize(
    ("raw", "needle"),
    [
        (b"{oops", "is not JSON"),
        (b"[]", "holds a JSON array"),
        (b'{"moduleData": [1]}', "moduleData is a JSON array; it is a JSON object"),
        (b'{"widget": {}}', "'widget'; only moduleData and settings are read"),
        (b"[" * (MAX_DEPTH + 1) + b"]" * (MAX_DEPTH + 1), f"nests deeper than {MAX_DEPTH} levels"),
        (b'{"settings": "' + b"x" * MAX_BYTES + b'"}', "larger than 256 KiB"),
        (b'{"settings": "\xff"}', "is not JSON"),
    ],
    ids=["not-json", "array", "module-data-array", "unknown-key", "too-deep", "too-large", "not-utf8"],
)
def test_a_bad_file_is_one_sentence_naming_it(tmp_path: Path, raw: bytes, needle: str) -> None:
    path = tmp_path / "host-data.json"
    path.write_bytes(raw)
    with pytest.raises(CheckInputError) as caught:
        read_host_data(path, "frontend/host-data.json")
    assert str(caught.value).startswith("frontend/host-data.json"), str(caught.value)
    assert needle in str(caught.value)


def test_inline_parts_win_and_are_named() -> None:
    data = HostData().with_module_data('{"kpi": "a"}', "--module-data").with_settings("[1]", "--settings")
    assert data.module_data == {"kpi": "a"} and data.settings == [1] and data.has_settings
    assert data.described() == "--module-data, --settings"
    with pytest.raises(CheckInputError, match="--module-data is a JSON string; moduleData is a JSON object"):
        HostData().with_module_data('"cpu"', "--module-data")


def test_check_module_refuses_a_bad_data_file_in_one_sentence(tmp_path: Path) -> None:
    path = _file(tmp_path, json.dumps({"moduleData": "cpu"}))
    result = run_scaffold(["check", "module", "http://127.0.0.1:9", "--data-file", str(path)])
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert f"--data-file {path}: moduleData is a JSON string; it is a JSON object" in result.stderr


def test_scaffold_dev_reads_a_module_project_s_own_data(tmp_path: Path) -> None:
    from scaffold.dev.session import project_host_data

    assert project_host_data(tmp_path, "module") is None  # no file: the spec's examples
    (tmp_path / "frontend").mkdir()
    (tmp_path / "frontend" / "host-data.json").write_text(
        '{"moduleData": {"kpi": "revenue"}}', encoding="utf-8"
    )
    data = project_host_data(tmp_path, "module")
    assert data is not None and data.module_data == {"kpi": "revenue"}
    assert data.described() == "frontend/host-data.json"
    assert project_host_data(tmp_path, "plugin") is None
