"""Every past template version renders without copier byte for byte as copier renders it, or refuses.

`upgrade` renders the version a project was made with (scaffold.projects.templates.merge); without
copier that is scaffold.projects.templates.past: the tag's files exported from the template store
and rendered by template_render. Each case renders one past version of one template with
`copier.run_copy(..., vcs_ref=tag)` and without copier, and compares paths, bytes and modes of every
entry (.copier-answers.yml included, its `_commit` the tag). copier runs once per version (about
half a second each); the answer sets of tests/unit/test_template_render.py take turns across the
versions, so every set meets several versions and every version one set, the default answers
included for each template's oldest version.
"""

from __future__ import annotations

import io
import tarfile
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import yaml

from scaffold import user_cache
from scaffold.contracts import KIND_NAMES
from scaffold.projects.templates import merge as template_merge
from scaffold.projects.templates import past as template_past
from scaffold.projects.templates import store_git
from scaffold.projects.templates.bytecode import KIND as BYTECODE
from scaffold.projects.templates.past import render_past_version
from scaffold.projects.templates.render import Unsupported
from scaffold.projects.templates.store import TemplateSource, ensure_store, known_versions
from scaffold.resources import templates_root
from tests.unit.test_template_render import CASES, copier_copy, tree

ANSWERS = {"plugin": [c for c in CASES if c[0] == "plugin"], "module": [c for c in CASES if c[0] == "module"]}
# What upgrade passes for a project of any past version: later versions' answers included.
UPGRADE_ANSWERS = {"project_name": "acme-sales", "contract_version": "1.2.0", "scaffold_version": "0.1.0"}


def _templates() -> list[str]:
    versions = yaml.safe_load((templates_root() / "versions.yaml").read_text(encoding="utf-8"))
    return sorted(versions)


def _past_cases() -> list[Any]:
    cases = []
    for template in _templates():
        kind = next(k for k, names in KIND_NAMES.items() if template in (t.folder for t in names.templates))
        sets = ANSWERS[kind]
        for index, version in enumerate(v.version for v in known_versions(template)[:-1]):
            _kind, data, defaults = sets[index % len(sets)]
            cases.append(pytest.param(template, version, data, defaults, id=f"{template}-{version}"))
    return cases


def _outcome(render: Any, target: Path) -> tuple[str, Any]:
    """The rendered tree, or copier's error class and message for answers it refuses."""
    try:
        render()
    except ValueError as error:
        return type(error).__name__, str(error)
    return "tree", tree(target.parent)


def test_every_template_has_past_versions_here() -> None:
    assert len(_past_cases()) >= 14 and {"plugin-python", "module-python"} <= set(_templates())


@pytest.mark.parametrize(("template", "version", "data", "defaults"), _past_cases())
def test_past_version_renders_exactly_what_copier_renders(
    tmp_path: Path, template: str, version: str, data: dict[str, Any], defaults: dict[str, Any]
) -> None:
    source = ensure_store(template)
    by_copier = _outcome(
        lambda: copier_copy_at(source, version, tmp_path / "copier" / "p", dict(data), dict(defaults)),
        tmp_path / "copier" / "p",
    )
    fast = _outcome(
        lambda: render_past_version(source, version, tmp_path / "fast" / "p", dict(data), dict(defaults)),
        tmp_path / "fast" / "p",
    )
    assert fast == by_copier
    if by_copier[0] == "tree":
        answers = yaml.safe_load(
            (tmp_path / "fast" / "p" / ".copier-answers.yml").read_text(encoding="utf-8")
        )
        assert answers["_commit"] == f"v{version}"


def copier_copy_at(
    source: TemplateSource, version: str, target: Path, data: dict[str, Any], defaults: dict[str, Any]
) -> None:
    """tests/unit/test_template_render.py's copier run, at the tag of `version`."""
    copier_copy(replace(source, version=version), target, data, defaults)


@pytest.mark.parametrize("template", ["plugin-python", "module-python"])
def test_upgrade_renders_the_oldest_version_without_copier(
    template: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """rendered_template as upgrade calls it (answers a later version added, recorded metadata)
    takes the fast path for the oldest version, gives copier's files, and the switch forces copier."""
    source = ensure_store(template)
    oldest = known_versions(template)[0].version
    answers = {**UPGRADE_ANSWERS, "_commit": f"v{oldest}", "_src_path": source.src_path}
    fallbacks: list[bool] = []
    real = template_merge._rendered_without_copier

    def spy(*args: Any) -> bool:
        fallbacks.append(not real(*args))
        return not fallbacks[-1]

    monkeypatch.setattr(template_merge, "_rendered_without_copier", spy)
    fast = template_merge.rendered_template(answers, source, oldest)
    monkeypatch.setenv("SCAFFOLD_RENDER_WITH_COPIER", "1")
    assert fast == template_merge.rendered_template(answers, source, oldest)
    assert fallbacks == [False, True]


def test_repeated_renders_reuse_the_bytecode_cache(tmp_path: Path) -> None:
    """Each render exports to a new temporary folder; compiled templates are still found again."""
    source = ensure_store("plugin-python")
    version = known_versions("plugin-python")[-2].version
    render_past_version(source, version, tmp_path / "a" / "p", dict(UPGRADE_ANSWERS), {})
    entries = set(user_cache.folder(BYTECODE).glob("*.entry"))
    render_past_version(source, version, tmp_path / "b" / "p", dict(UPGRADE_ANSWERS), {})
    assert entries and set(user_cache.folder(BYTECODE).glob("*.entry")) == entries
    assert tree(tmp_path / "a") == tree(tmp_path / "b")


def _with_entry(archive: bytes, name: str, content: bytes | None, scratch: Path) -> bytes:
    """A git archive of the store with one entry added (or replaced): a file, or a symlink for None."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=io.BytesIO(archive)) as real, tarfile.open(fileobj=buffer, mode="w") as tar:
        for member in real:
            if member.name != name:
                tar.addfile(member, real.extractfile(member) if member.isreg() else None)
        if content is None:
            (scratch / "link").symlink_to("elsewhere")
            tar.addfile(tar.gettarinfo(scratch / "link", arcname=name))
        else:
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(content), 0o664
            tar.addfile(info, io.BytesIO(content))
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("copier.yml", b"changed: {type: str}\n"),  # not the released files
        ("project/README.md.jinja", b"other\n"),
        ("project/link", None),
        ("project/.gitattributes", b"* text eol=crlf\n"),
        ("../outside", b"x"),
    ],
)
def test_an_export_other_than_the_released_files_goes_to_copier(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, content: bytes | None
) -> None:
    source = ensure_store("plugin-python")
    version = known_versions("plugin-python")[0].version
    real = store_git.run_git_bytes(source.path, "archive", "--format=tar", f"refs/tags/v{version}")
    monkeypatch.setattr(template_past, "run_git_bytes", lambda *args: real)
    render_past_version(source, version, tmp_path / "as-released" / "p", dict(UPGRADE_ANSWERS), {})
    changed = _with_entry(real, name, content, tmp_path)
    monkeypatch.setattr(template_past, "run_git_bytes", lambda *args: changed)
    with pytest.raises(Unsupported):
        render_past_version(source, version, tmp_path / "p", dict(UPGRADE_ANSWERS), {})
    with pytest.raises(Unsupported):  # a version the store never had
        render_past_version(source, "0.0.1", tmp_path / "q", dict(UPGRADE_ANSWERS), {})
