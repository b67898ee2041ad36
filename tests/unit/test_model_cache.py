"""The per-user models cache: it serves exactly the uncached output, for exactly the same inputs.

A cache hit skips datamodel-code-generator, so every test counts the generator's runs with a spy:
a miss runs it, a hit does not. Every served output is compared with an uncached run.
"""

from __future__ import annotations

import dataclasses
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import scaffold
from scaffold import user_cache
from scaffold.codegen import module_project as module_generator
from scaffold.codegen import plugin_project as plugin_generator
from scaffold.codegen.python import model_cache
from scaffold.codegen.python import models as python_models
from scaffold.codegen.python.models import generate_python_models
from scaffold.specs.catalog import load_shipped, shipped_specs
from scaffold.specs.document import SpecDocument
from scaffold.specs.loader import load_spec_file
from tests.conftest import MODULE_SPEC, PLUGIN_SPEC

SHIPPED = [(s.contract, s.version) for s in shipped_specs()]


pytestmark = pytest.mark.usefixtures("fresh_home")  # an empty data folder per test (tests/conftest.py)


@pytest.fixture(autouse=True)
def no_released_models(monkeypatch: pytest.MonkeyPatch) -> None:
    """This file tests the per-user cache, which serves the specs scaffold does not ship; the shipped
    specs stand in for such specs here, so their released models are set aside (those are tested
    by tests/unit/test_first_run.py and the golden tree `models`)."""
    monkeypatch.setattr(python_models, "shipped_models", lambda spec, digest: None)


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The identity of every spec datamodel-code-generator actually ran for."""
    seen: list[str] = []
    real = python_models._run_datamodel_codegen

    def spy(document: dict[str, Any], spec: SpecDocument) -> str:
        seen.append(spec.identity())
        return real(document, spec)

    monkeypatch.setattr(python_models, "_run_datamodel_codegen", spy)
    return seen


def _uncached(spec: SpecDocument, scope: python_models.Scope = "wire") -> str:
    return generate_python_models(spec, scope=scope, use_cache=False)


def _entries(home: Path) -> list[Path]:
    folder = home.joinpath(*model_cache.FOLDER)
    return sorted(folder.iterdir()) if folder.is_dir() else []


def _plugin_spec() -> SpecDocument:
    return load_shipped("datasource-plugin", "1.2.0")


@pytest.mark.parametrize(("contract", "version"), SHIPPED, ids=[f"{c}-{v}" for c, v in SHIPPED])
@pytest.mark.parametrize("scope", ["wire", "all"])
def test_cached_output_equals_uncached_for_every_shipped_spec(
    contract: str, version: str, scope: python_models.Scope, runs: list[str], fresh_home: Path
) -> None:
    spec = load_shipped(contract, version)
    expected = _uncached(spec, scope)
    assert generate_python_models(spec, scope=scope) == expected  # miss: generated and stored
    assert generate_python_models(spec, scope=scope) == expected  # hit
    assert runs == [spec.identity()] * 2  # the uncached run and the miss; the hit ran nothing
    assert len(_entries(fresh_home)) == 1


def test_one_changed_description_byte_is_another_entry(tmp_path: Path, runs: list[str]) -> None:
    text = PLUGIN_SPEC.read_text(encoding="utf-8")
    marker = "description: Unique plugin identifier."
    assert text.count(marker) == 1
    changed_file = tmp_path / "changed.yaml"
    changed_file.write_text(text.replace(marker, marker[:-1] + "!"), encoding="utf-8")
    original = load_spec_file(PLUGIN_SPEC)
    changed = load_spec_file(changed_file)
    first = generate_python_models(original)
    second = generate_python_models(changed)
    assert first == _uncached(original)
    assert second == _uncached(changed)
    assert first != second
    assert len(runs) == 4


def test_same_sha_but_other_schemas_is_another_entry(runs: list[str]) -> None:
    """A SpecDocument built in code may keep the sha256 while its data differs: keyed by the data."""
    spec = _plugin_spec()
    data: dict[str, Any] = {**spec.data, "components": {**spec.data["components"]}}
    schemas = dict(data["components"]["schemas"])
    name = next(n for n, s in schemas.items() if isinstance(s, dict) and "description" in s)
    schemas[name] = {**schemas[name], "description": schemas[name]["description"] + " (changed)"}
    data["components"]["schemas"] = schemas
    other = dataclasses.replace(spec, data=data)
    assert other.sha256 == spec.sha256
    first = generate_python_models(spec)
    second = generate_python_models(other)
    assert first != second
    assert second == _uncached(other)
    assert len(runs) == 3


def test_schema_order_is_part_of_the_key(runs: list[str]) -> None:
    spec = _plugin_spec()
    schemas = dict(spec.data["components"]["schemas"])
    reordered = dict(reversed(list(schemas.items())))
    other = dataclasses.replace(
        spec, data={**spec.data, "components": {**spec.data["components"], "schemas": reordered}}
    )
    generate_python_models(spec)
    assert generate_python_models(other) == _uncached(other)
    assert len(runs) == 3


def test_non_json_input_is_not_cached(runs: list[str], fresh_home: Path) -> None:
    spec = _plugin_spec()
    schemas = dict(spec.data["components"]["schemas"])
    name = next(iter(schemas))
    schemas[name] = {**schemas[name], "x-note": ("a", "tuple")}
    other = dataclasses.replace(
        spec, data={**spec.data, "components": {**spec.data["components"], "schemas": schemas}}
    )
    generate_python_models(other)
    generate_python_models(other)
    assert len(runs) == 2
    assert _entries(fresh_home) == []


def test_another_scaffold_version_misses(monkeypatch: pytest.MonkeyPatch, runs: list[str]) -> None:
    spec = _plugin_spec()
    expected = generate_python_models(spec)
    monkeypatch.setattr(scaffold, "__version__", scaffold.__version__ + ".dev1")
    assert generate_python_models(spec) == expected
    assert len(runs) == 2
    monkeypatch.undo()


def test_another_generator_version_misses(monkeypatch: pytest.MonkeyPatch, runs: list[str]) -> None:
    spec = _plugin_spec()
    real = model_cache.package_versions()
    assert real is not None
    assert any(v.startswith("datamodel-code-generator==") for v in real)
    generate_python_models(spec)
    bumped = tuple(v + ".post1" if v.startswith("datamodel-code-generator==") else v for v in real)
    monkeypatch.setattr(model_cache, "package_versions", lambda: bumped)
    generate_python_models(spec)
    assert len(runs) == 2


def test_package_versions_come_from_installed_metadata() -> None:
    from importlib import metadata

    versions = model_cache.package_versions()
    assert versions is not None
    assert f"datamodel-code-generator=={metadata.version('datamodel-code-generator')}" in versions
    assert f"ruff=={metadata.version('ruff')}" in versions


def test_another_generating_source_misses(monkeypatch: pytest.MonkeyPatch, runs: list[str]) -> None:
    spec = _plugin_spec()
    generate_python_models(spec)
    monkeypatch.setattr(model_cache, "source_fingerprint", lambda: "0" * 64)
    generate_python_models(spec)
    assert len(runs) == 2


def test_source_fingerprint_follows_every_generating_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = Path(scaffold.__file__).resolve().parent
    copy = tmp_path / "scaffold"
    for relative in model_cache._SOURCES:
        (copy / relative).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(package / relative, copy / relative)
    monkeypatch.setattr(model_cache, "_PACKAGE_DIR", copy)
    model_cache.source_fingerprint.cache_clear()
    try:
        before = model_cache.source_fingerprint()
        for relative in model_cache._SOURCES:
            target = copy / relative
            original = target.read_bytes()
            target.write_bytes(original + b"\n# edited\n")
            model_cache.source_fingerprint.cache_clear()
            assert model_cache.source_fingerprint() != before, relative
            target.write_bytes(original)
        (copy / model_cache._SOURCES[0]).unlink()
        model_cache.source_fingerprint.cache_clear()
        assert model_cache.source_fingerprint() is None  # unreadable source: nothing is cached
    finally:
        monkeypatch.undo()
        model_cache.source_fingerprint.cache_clear()
    for module in (
        "python/models",
        "python/attribute_names",
        "python/class_names",
        "escaping",
        "python/formatting",
        "header",
    ):
        assert f"codegen/{module}.py" in model_cache._SOURCES


def test_another_scope_misses(runs: list[str]) -> None:
    spec = load_spec_file(MODULE_SPEC)
    wire = generate_python_models(spec, scope="wire")
    everything = generate_python_models(spec, scope="all")
    assert wire != everything
    assert wire == _uncached(spec, "wire")
    assert everything == _uncached(spec, "all")
    assert len(runs) == 4
    inputs = _key_inputs(spec, "all")
    assert model_cache.cache_key(**{**inputs, "scope": "wire"}) != model_cache.cache_key(**inputs)


def test_projects_with_other_answers_get_the_uncached_files(monkeypatch: pytest.MonkeyPatch) -> None:
    plugin = _plugin_spec()
    module = load_spec_file(MODULE_SPEC)
    module_answers = {"scope": "acme-map", "components": "Settings,Widget"}
    made = {
        ("plugin", package): plugin_generator.contract_files(plugin, {"package_name": package})
        for package in ("acme_sales", "other_pkg")
    }
    made |= {
        ("module", package): module_generator.contract_files(
            module, {**module_answers, "package_name": package}
        )
        for package in ("acme_mod", "other_mod")
    }
    monkeypatch.setattr(model_cache, "cache_key", lambda **_: None)
    for (kind, package), files in made.items():
        if kind == "plugin":
            expected = plugin_generator.contract_files(plugin, {"package_name": package})
        else:
            expected = module_generator.contract_files(module, {**module_answers, "package_name": package})
        assert files == expected, (kind, package)
        assert any(path.startswith((f"{package}/", f"backend/{package}/")) for path in files)


def _damage_cases(entry: Path, other_entry: Path) -> dict[str, Any]:
    good = entry.read_bytes()

    def truncated() -> None:
        entry.write_bytes(good[:-10])

    def flipped() -> None:
        index = len(good) - 20
        entry.write_bytes(good[:index] + bytes([good[index] ^ 0x01]) + good[index + 1 :])

    def garbage() -> None:
        entry.write_bytes(b"\x00\xff not an entry at all")

    def empty() -> None:
        entry.write_bytes(b"")

    def foreign() -> None:
        entry.write_bytes(other_entry.read_bytes())  # a whole, valid entry of another key

    def oversized() -> None:
        entry.write_bytes(good + b"#" * (user_cache.ENTRY_LIMIT + 1))

    def symlinked() -> None:
        real = entry.with_name("elsewhere.txt")
        real.write_bytes(good)  # even a link to the right bytes is not followed
        entry.unlink()
        entry.symlink_to(real)

    def fifo() -> None:
        entry.unlink()
        os.mkfifo(entry)

    return {
        "truncated": truncated,
        "flipped": flipped,
        "garbage": garbage,
        "empty": empty,
        "foreign": foreign,
        "oversized": oversized,
        "symlinked": symlinked,
        "fifo": fifo,
    }


DAMAGE = ["truncated", "flipped", "garbage", "empty", "foreign", "oversized", "symlinked", "fifo"]


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_entry_is_ignored_and_replaced(damage: str, runs: list[str], fresh_home: Path) -> None:
    spec = _plugin_spec()
    expected = generate_python_models(spec)
    module = load_spec_file(MODULE_SPEC)
    generate_python_models(module)
    assert len(_entries(fresh_home)) == 2
    key = model_cache.cache_key(**_key_inputs(spec))
    assert key is not None
    entry = fresh_home.joinpath(*model_cache.FOLDER) / f"{key}.entry"
    other = next(p for p in _entries(fresh_home) if p != entry)
    _damage_cases(entry, other)[damage]()
    assert generate_python_models(spec) == expected
    assert len(runs) == 3  # the damaged entry was not trusted
    assert not entry.is_symlink()
    assert entry.is_file()
    assert model_cache.read_entry(key) == expected  # rewritten whole
    assert generate_python_models(spec) == expected
    assert len(runs) == 3


def _key_inputs(spec: SpecDocument, scope: python_models.Scope = "wire") -> dict[str, Any]:
    """The inputs generate_python_models keys by, computed the same way."""
    from scaffold.codegen.python.headers import python_header

    schemas = python_models._select_schemas(spec, scope)
    document = {
        "openapi": "3.1.0",
        "info": {"title": spec.title, "version": spec.version},
        "paths": {},
        "components": {"schemas": {n: python_models._prepare(b) for n, b in schemas.items()}},
    }
    return {"scope": scope, "header": python_header(spec), "schemas": schemas, "document": document}


def test_an_entry_over_the_read_limit_is_not_trusted(
    monkeypatch: pytest.MonkeyPatch, runs: list[str], fresh_home: Path
) -> None:
    spec = _plugin_spec()
    expected = generate_python_models(spec)
    monkeypatch.setattr(user_cache, "ENTRY_LIMIT", 1000)  # the valid entry is now too large
    assert generate_python_models(spec) == expected
    assert len(runs) == 2


def test_an_unusable_data_folder_still_generates(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runs: list[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("SCAFFOLD_HOME", str(blocker))
    spec = _plugin_spec()
    assert generate_python_models(spec) == _uncached(spec)
    assert len(runs) == 2


def test_no_temporary_files_are_left(fresh_home: Path) -> None:
    generate_python_models(_plugin_spec())
    names = [p.name for p in _entries(fresh_home)]
    assert len(names) == 1
    assert not any(name.startswith(".tmp-") for name in names)


@pytest.mark.parametrize("name", ["datamodel-code-generator", "pydantic", "ruff", "PyYAML", "jinja2"])
def test_installed_version_agrees_with_importlib_metadata(name: str) -> None:
    from importlib import metadata

    user_cache.installed_version.cache_clear()
    assert user_cache.installed_version(name) == metadata.version(name)


def test_installed_version_reads_the_first_dist_info_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = tmp_path / "first", tmp_path / "second"
    for folder, version in ((first, "1.0"), (second, "2.0")):
        info = folder / f"acme_thing-{version}.dist-info"
        info.mkdir(parents=True)
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: acme-thing\nVersion: {version}\n\nVersion: 9.9\n",
            encoding="utf-8",
        )
    monkeypatch.setattr("sys.path", [str(tmp_path / "missing"), str(first), str(second)])
    user_cache.installed_version.cache_clear()
    try:
        assert user_cache.installed_version("acme-thing") == "1.0"
        assert user_cache.installed_version("acme.thing") == "1.0"
        (first / "acme_thing-1.1.dist-info").mkdir()  # two in one folder: importlib decides
        user_cache.installed_version.cache_clear()
        from importlib import metadata

        assert user_cache.installed_version("acme-thing") == metadata.version("acme-thing")
        assert user_cache.installed_version("no-such-distribution-here") is None
    finally:
        user_cache.installed_version.cache_clear()


@pytest.mark.parametrize(("contract", "version"), SHIPPED, ids=[f"{c}-{v}" for c, v in SHIPPED])
def test_every_contract_file_from_warm_caches_equals_an_uncached_run(
    contract: str, version: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Models and formatter caches together: the whole contract-owned set, byte for byte."""
    from scaffold.codegen.python import formatting

    spec = load_shipped(contract, version)
    if contract == "datasource-plugin":
        generate = plugin_generator.contract_files
        answers: dict[str, Any] = {"package_name": "acme_sales"}
    else:
        generate = module_generator.contract_files
        answers = {"package_name": "acme_mod", "scope": "acme-mod", "components": "Settings,Widget"}
    generate(spec, answers)  # fills the caches
    warm = generate(spec, answers)
    monkeypatch.setattr(model_cache, "cache_key", lambda **_: None)
    monkeypatch.setattr(formatting, "cache_key", lambda _source: None)
    assert warm == generate(spec, answers)
