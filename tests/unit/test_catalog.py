"""Shipped contract versions are found by name and version, and a spec file works as a source."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from scaffold.errors import SpecError, UnknownContractError
from scaffold.specs import catalog
from tests.conftest import FUTURE_PLUGIN_SPEC


def test_shipped_specs_listed() -> None:
    listed = [(s.contract, s.version) for s in catalog.shipped_specs()]
    assert ("datasource-plugin", "1.2.0") in listed
    assert ("dashboard-module", "2026.1.1") in listed


def test_newest_version_by_default() -> None:
    assert catalog.load_shipped("datasource-plugin").version == catalog.versions_of("datasource-plugin")[-1]


def test_unknown_contract_lists_known_ones() -> None:
    with pytest.raises(UnknownContractError, match="datasource-plugin"):
        catalog.load_shipped("weather")


def test_unknown_version_lists_shipped_ones() -> None:
    with pytest.raises(UnknownContractError, match="Shipped versions: 1.2.0"):
        catalog.load_shipped("datasource-plugin", "9.9.9")


def test_spec_file_as_source() -> None:
    spec = catalog.load_source(str(FUTURE_PLUGIN_SPEC))
    assert spec.version == "1.3.0"
    assert not spec.shipped


def test_version_with_file_is_usage_error() -> None:
    with pytest.raises(UnknownContractError, match="--version"):
        catalog.load_source(str(FUTURE_PLUGIN_SPEC), "1.2.0")


def test_version_or_file_checks_contract(tmp_path: Path) -> None:
    with pytest.raises(SpecError, match="not dashboard-module"):
        catalog.load_version_or_file("dashboard-module", str(FUTURE_PLUGIN_SPEC))


def test_misfiled_shipped_spec_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "specs" / "datasource-plugin"
    folder.mkdir(parents=True)
    shutil.copy(FUTURE_PLUGIN_SPEC, folder / "1.4.0.yaml")
    monkeypatch.setattr(catalog, "specs_root", lambda: tmp_path / "specs")
    catalog._load_checked_cached.cache_clear()
    with pytest.raises(SpecError, match="declares datasource-plugin 1.3.0"):
        catalog.load_shipped("datasource-plugin", "1.4.0")
    catalog._load_checked_cached.cache_clear()


def test_spec_revisions_sort_by_number_after_their_contract_version() -> None:
    from scaffold.specs.spec_versions import sort_key

    versions = ["1.2.1", "1.2.0+r10", "1.2.0", "1.10.0", "1.2.0+r2"]
    assert sorted(versions, key=sort_key) == ["1.2.0", "1.2.0+r2", "1.2.0+r10", "1.2.1", "1.10.0"]
