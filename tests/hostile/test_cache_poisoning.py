"""Someone who can write scaffold's cache folder cannot make scaffold use what they wrote.

(Nor, through the template store beside it, make scaffold render other templates or run commands.)

The attacker edits an entry and recomputes everything its header holds that they can compute:
a sha256 and length (the header scaffold once trusted), or an HMAC under a key of their own (all
they can make without the user's cache secret). Such an entry is never used: the output is
generated again, and `regenerate --check` judges a project against the spec's true output.
"""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
import yaml

import scaffold
from scaffold import user_cache
from scaffold.codegen.python import model_cache
from scaffold.codegen.python.models import generate_python_models
from scaffold.errors import SpecError
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.projects.regenerate import regenerate
from scaffold.projects.templates.store import current_version, ensure_store
from scaffold.resources import templates_root
from scaffold.specs import validation_cache
from scaffold.specs.loader import load_spec_file
from tests.cli_runner import run_scaffold
from tests.conftest import PLUGIN_SPEC
from tests.git_helpers import git
from tests.hostile.test_project_state import assert_one_sentence

pytestmark = pytest.mark.usefixtures("fresh_home")  # an empty data folder per test (tests/conftest.py)

ATTACKER_KEY = b"the attacker's own key, not the user's secret"


def _own_spec(folder: Path) -> Path:
    """A plugin spec file of a team's own (not shipped: its models come through the cache)."""
    data = yaml.safe_load(PLUGIN_SPEC.read_text(encoding="utf-8"))
    data["info"]["description"] = "our own copy of the plugin contract"
    path = folder / "our-spec.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


POISON = b"POISONED = True  # written by whoever could write the cache\n"


def forge(entry: Path, body: bytes) -> None:
    """Rewrite `entry` to hold `body`, with every header field the attacker can recompute."""
    kind, key = entry.parent.name, entry.stem
    head = entry.read_bytes().partition(b"\n\n")[0]
    if b"\nhmac-sha256 " in head:
        entry.write_bytes(user_cache.seal(kind, key, body, ATTACKER_KEY))
        return
    head = re.sub(rb"\nsha256 [0-9a-f]+", b"\nsha256 " + hashlib.sha256(body).hexdigest().encode(), head)
    head = re.sub(rb"\nlength \d+", b"\nlength " + str(len(body)).encode(), head)
    entry.write_bytes(head + b"\n\n" + body)


def _models_entry(home: Path) -> Path:
    entries = sorted(home.joinpath(*model_cache.FOLDER).glob("*.entry"))
    assert len(entries) == 1, entries
    return entries[0]


def test_a_forged_models_entry_is_not_used_and_is_rewritten(fresh_home: Path, tmp_path: Path) -> None:
    spec = load_spec_file(_own_spec(tmp_path))
    expected = generate_python_models(spec, use_cache=False)
    assert generate_python_models(spec) == expected
    entry = _models_entry(fresh_home)
    body = entry.read_bytes().partition(b"\n\n")[2]
    forge(entry, body + POISON)
    assert generate_python_models(spec) == expected  # generated again, not served from the entry
    assert model_cache.read_entry(entry.stem) == expected, "the forged entry was replaced"


def test_regenerate_check_fails_a_poisoned_project_even_with_a_cache_poisoned_to_match(
    fresh_home: Path, tmp_path: Path
) -> None:
    project = tmp_path / "acme-sales"
    own = str(_own_spec(tmp_path))
    create_project(
        NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}, contract_version=own)
    )
    models = project / "acme_sales" / "_contract" / "models.py"
    entry = _models_entry(fresh_home)
    body = entry.read_bytes().partition(b"\n\n")[2]
    assert body == models.read_bytes(), "the entry is exactly the file it makes"
    # A pull request changes the generated models; the shared cache is poisoned to agree with it.
    models.write_bytes(body + POISON)
    forge(entry, body + POISON)
    result = run_scaffold(["regenerate", "--check", str(project)])
    line = assert_one_sentence(result, "acme_sales/_contract/models.py")
    assert "POISONED" in result.stderr, "the diff shows the line that is not the spec's output"
    assert line.startswith("error: contract-owned files differ from datasource-plugin"), line


def test_every_kind_of_entry_resealed_by_someone_else_is_refused(fresh_home: Path, tmp_path: Path) -> None:
    """Compiled templates (run as code), parsed specs, formatted code, models, names: all alike."""
    project = tmp_path / "acme-sales"
    own = str(_own_spec(tmp_path))
    create_project(
        NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}, contract_version=own)
    )
    regenerate(project, check=True)
    entries = sorted((fresh_home / "cache").glob("*/*.entry"))
    kinds = {e.parent.name for e in entries}
    assert {"python-models", "ruff-format", "parsed-specs", "jinja-bytecode"} <= kinds, kinds
    for entry in entries:
        kind, key = entry.parent.name, entry.stem
        body = user_cache.read_bytes_entry(kind, key)
        assert body is not None, entry  # the user's own entries are trusted
        forge(entry, body)  # the very same bytes, sealed with a key that is not the user's
        assert user_cache.read_bytes_entry(kind, key) is None, entry
    # Everything still works from the refused cache, and rewrites it.
    again = tmp_path / "again" / "acme-sales"
    create_project(
        NewProjectOptions(kind=KINDS["plugin"], destination=again, answers={}, contract_version=own)
    )
    assert regenerate(again, check=True).unchanged > 0
    rewritten = [e for e in entries if user_cache.read_bytes_entry(e.parent.name, e.stem) is not None]
    assert rewritten == entries


def test_a_planted_validation_pass_does_not_let_an_invalid_spec_through(
    fresh_home: Path, tmp_path: Path
) -> None:
    """The record that a spec text passed OpenAPI validation is a sealed entry, not a bare marker."""
    data = yaml.safe_load(PLUGIN_SPEC.read_text(encoding="utf-8"))
    data["paths"]["/well-known"]["get"]["responses"] = "none"
    path = tmp_path / "spec.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    sha256 = hashlib.sha256(path.read_bytes()).hexdigest()
    folder = fresh_home / "cache" / "valid-specs"
    folder.mkdir(parents=True)
    (folder / f"{sha256}-{scaffold.__version__}.ok").touch()  # the marker scaffold once trusted
    if hasattr(validation_cache, "_key"):
        entry = folder / f"{validation_cache._key(sha256)}.entry"
        entry.write_bytes(
            user_cache.seal(
                "valid-specs", entry.stem, validation_cache._record(sha256).encode(), ATTACKER_KEY
            )
        )
    with pytest.raises(SpecError, match="not valid OpenAPI 3.1"):
        load_spec_file(path)


def _store(home: Path) -> Path:
    """The plugin template store, as the first `upgrade` (or a render only copier can do) builds it."""
    ensure_store("plugin-python")
    store = home / "template-store" / "plugin"
    assert (store / ".git").is_dir()
    return store


def test_a_store_tag_moved_to_other_template_files_is_rebuilt_before_copier_reads_it(
    fresh_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = _store(fresh_home)
    version = current_version("plugin-python")
    schemathesis = store / "project" / "schemathesis.toml"
    schemathesis.write_bytes(schemathesis.read_bytes() + POISON)
    git(store, "commit", "--quiet", "-am", "poisoned")
    git(store, "tag", "--force", f"v{version}")
    monkeypatch.setenv("SCAFFOLD_RENDER_WITH_COPIER", "1")  # the path that renders from the store
    project = tmp_path / "acme-sales"
    create_project(NewProjectOptions(kind=KINDS["plugin"], destination=project, answers={}))
    assert POISON not in (project / "schemathesis.toml").read_bytes()
    shipped = templates_root() / "plugin-python" / "project" / "schemathesis.toml"
    assert (project / "schemathesis.toml").read_bytes() == shipped.read_bytes()


@pytest.mark.parametrize("planted", ["filter", "hook"])
def test_git_settings_or_hooks_planted_in_the_store_never_run(
    fresh_home: Path, tmp_path: Path, planted: str
) -> None:
    store = _store(fresh_home)
    ran = tmp_path / "ran"
    if planted == "filter":
        with (store / ".git" / "config").open("a", encoding="utf-8") as handle:
            handle.write(f'[filter "planted"]\n\tclean = touch {ran}\n')
        (store / ".git" / "info" / "attributes").write_text("* filter=planted\n", encoding="utf-8")
    else:
        hook = store / ".git" / "hooks" / "post-commit"
        hook.write_text(f"#!/bin/sh\ntouch {ran}\n", encoding="utf-8")
        hook.chmod(0o755)
    marker = next((store / ".git").glob("scaffold-store*.json"))
    recorded = json.loads(marker.read_text(encoding="utf-8"))
    del recorded[
        current_version("plugin-python")
    ]  # so scaffold commits that version again: git add, git commit
    marker.write_text(json.dumps(recorded), encoding="utf-8")
    ensure_store("plugin-python")  # what upgrade, or copier's render, runs first
    assert not ran.exists(), "a command planted in the store ran"
    assert (
        not (store / ".git" / "info" / "attributes").exists()
        and not (store / ".git/hooks/post-commit").exists()
    )
