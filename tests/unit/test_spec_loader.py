"""Malformed spec files end in one SpecError naming the file and the JSON pointer."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from scaffold.errors import SpecError
from scaffold.specs.loader import load_spec_file
from tests.conftest import PLUGIN_SPEC


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "spec.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def _mutated(tmp_path: Path, change: object) -> Path:
    data = yaml.safe_load(PLUGIN_SPEC.read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    return _write(tmp_path, yaml.safe_dump(data, sort_keys=False))


def test_shipped_plugin_spec_loads() -> None:
    spec = load_spec_file(PLUGIN_SPEC)
    assert (spec.contract, spec.version, spec.release_label) == ("datasource-plugin", "1.2.0", "2026H1")
    assert len(spec.sha256) == 64


def test_yaml_syntax_error_names_line(tmp_path: Path) -> None:
    path = _write(tmp_path, "openapi: 3.1.0\ninfo: [unclosed\n")
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert str(path) in str(caught.value)
    assert "line" in str(caught.value)


def test_duplicate_key_is_refused(tmp_path: Path) -> None:
    path = _write(tmp_path, "openapi: 3.1.0\ninfo: {}\ninfo: {}\n")
    with pytest.raises(SpecError, match='duplicate key "info"'):
        load_spec_file(path)


def test_not_a_mapping(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="not a mapping"):
        load_spec_file(_write(tmp_path, "- a\n- b\n"))


def test_missing_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="no such spec file"):
        load_spec_file(tmp_path / "absent.yaml")


def test_openapi_3_0_is_refused_with_pointer(tmp_path: Path) -> None:
    path = _mutated(tmp_path, lambda d: d.__setitem__("openapi", "3.0.3"))
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert caught.value.pointer == "/openapi"


def test_bad_version_pointer(tmp_path: Path) -> None:
    path = _mutated(tmp_path, lambda d: d["info"].__setitem__("version", "one"))
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert caught.value.pointer == "/info/version"


def test_missing_contract_name(tmp_path: Path) -> None:
    path = _mutated(tmp_path, lambda d: d["info"].pop("x-contract"))
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert caught.value.pointer == "/info/x-contract"


def test_dangling_ref_pointer(tmp_path: Path) -> None:
    def break_ref(data: dict[str, object]) -> None:
        props = data["components"]["schemas"]["ConstructorFieldProps"]["properties"]  # type: ignore[index]
        props["fields"]["items"]["$ref"] = "#/components/schemas/Nope"

    with pytest.raises(SpecError) as caught:
        load_spec_file(_mutated(tmp_path, break_ref))
    assert caught.value.pointer == "/components/schemas/ConstructorFieldProps/properties/fields/items/$ref"
    assert "points to nothing" in str(caught.value)


def test_invalid_schema_type_has_full_pointer(tmp_path: Path) -> None:
    def retype(data: dict[str, object]) -> None:
        data["components"]["schemas"]["TimeRange"]["properties"]["from"]["type"] = "integr"  # type: ignore[index]

    with pytest.raises(SpecError) as caught:
        load_spec_file(_mutated(tmp_path, retype))
    assert caught.value.pointer == "/components/schemas/TimeRange/properties/from/type"
    assert "not valid OpenAPI 3.1" in str(caught.value)


def test_missing_operation_id(tmp_path: Path) -> None:
    path = _mutated(tmp_path, lambda d: d["paths"]["/query/get-result"]["post"].pop("operationId"))
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert caught.value.pointer == "/paths/~1query~1get-result/post"


def test_invalid_openapi_structure(tmp_path: Path) -> None:
    path = _mutated(tmp_path, lambda d: d["paths"]["/well-known"]["get"].__setitem__("responses", "none"))
    with pytest.raises(SpecError, match="not valid OpenAPI 3.1"):
        load_spec_file(path)


def test_validation_is_remembered_per_spec_text_and_scaffold_version(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from scaffold.specs import validation_cache

    data = yaml.safe_load(PLUGIN_SPEC.read_text(encoding="utf-8"))
    data["info"]["description"] = "a copy with its own sha256"
    path = _write(tmp_path, yaml.safe_dump(data, sort_keys=False))
    spec = load_spec_file(path)
    assert validation_cache.is_known_valid(spec.sha256)
    monkeypatch.setattr(validation_cache, "__version__", "999.0.0")
    assert not validation_cache.is_known_valid(spec.sha256)


def test_a_spec_revision_names_its_contract_version_and_revision(tmp_path: Path) -> None:
    def revise(data: dict) -> None:  # type: ignore[type-arg]
        data["info"].update({"version": "1.2.0+r3", "x-contract-version": "1.2.0", "x-spec-revision": 3})

    spec = load_spec_file(_mutated(tmp_path, revise))
    assert (spec.contract, spec.version) == ("datasource-plugin", "1.2.0+r3")


@pytest.mark.parametrize(
    ("info", "pointer"),
    [
        ({"version": "1.2.0+r2"}, "/info/x-contract-version"),
        (
            {"version": "1.2.0+r2", "x-contract-version": "1.2.1", "x-spec-revision": 2},
            "/info/x-contract-version",
        ),
        (
            {"version": "1.2.0+r2", "x-contract-version": "1.2.0", "x-spec-revision": "2"},
            "/info/x-spec-revision",
        ),
        ({"version": "1.2.0+r1"}, "/info/version"),
        ({"version": "1.2.0+build5"}, "/info/version"),
    ],
)
def test_a_malformed_spec_revision_is_refused(tmp_path: Path, info: dict[str, object], pointer: str) -> None:
    path = _mutated(tmp_path, lambda d: d["info"].update(info))
    with pytest.raises(SpecError) as caught:
        load_spec_file(path)
    assert caught.value.pointer == pointer
