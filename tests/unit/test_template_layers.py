"""Files the templates share are stored once (templates/shared/) and merged into each template
that takes them, so the store, the renderer and the history see the same trees as before."""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import pytest

from scaffold.contracts import TEMPLATES
from scaffold.errors import TemplateError
from scaffold.projects.templates.history import template_files, tree_of
from scaffold.projects.templates.layers import shared_files, template_folder, template_sources
from scaffold.resources import templates_root

IDENTICAL_FILES_AT_MOST = 4  # issue 39 point 6


def test_few_template_files_are_byte_identical() -> None:
    root = templates_root()
    digests = Counter(
        hashlib.sha256(path.read_bytes()).hexdigest()
        for path in template_files(root)
        if path.relative_to(root).parts[0] != "history"
    )
    identical = sum(count for count in digests.values() if count > 1)
    assert identical <= IDENTICAL_FILES_AT_MOST, (
        f"{identical} files under templates/ are byte-identical to another: share them in "
        "templates/shared/ (layer.yaml)"
    )


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_a_merged_template_holds_its_own_files_and_the_shared_ones(template: str, fresh_home: Path) -> None:
    root = templates_root()
    merged = template_folder(root, template)
    files = {path.relative_to(merged).as_posix(): path.read_bytes() for path in template_files(merged)}
    own = {path.relative_to(root / template).as_posix() for path in template_files(root / template)}
    shared = shared_files(root, template)
    assert shared, f"{template} takes no shared file (every template records its answers alike)"
    assert files.keys() == own | shared.keys() and not own & shared.keys()
    assert all(files[relative] == source.read_bytes() for relative, source in shared.items())
    assert template_folder(root, template) == merged, "merged once, then reused"


def _templates(tmp_path: Path, layer: str, shared: dict[str, str]) -> Path:
    root = tmp_path / "templates"
    (root / "demo" / "project").mkdir(parents=True)
    (root / "demo" / "project" / "own.txt").write_text("own\n", encoding="utf-8")
    (root / "shared").mkdir()
    (root / "shared" / "layer.yaml").write_text(layer, encoding="utf-8")
    for relative, text in shared.items():
        (root / "shared" / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / "shared" / relative).write_text(text, encoding="utf-8")
    return root


def test_an_edited_shared_file_gives_another_merged_tree(tmp_path: Path, fresh_home: Path) -> None:
    root = _templates(tmp_path, "common.txt:\n  demo: project/common.txt\n", {"common.txt": "one\n"})
    first = template_folder(root, "demo")
    assert (first / "project" / "common.txt").read_text(encoding="utf-8") == "one\n"
    before = tree_of(first)
    (root / "shared" / "common.txt").write_text("two\n", encoding="utf-8")
    second = template_folder(root, "demo")
    assert second != first and tree_of(second) != before
    assert template_folder(root, "other") == root / "other", "a template taking no shared file is its own"


@pytest.mark.parametrize(
    ("layer", "shared", "message"),
    [
        (
            "common.txt:\n  demo: project/own.txt\n",
            {"common.txt": "x\n"},
            "templates/demo/project/own.txt exists and is also a shared file",
        ),
        (
            "common.txt:\n  demo: project/common.txt\n",
            {"common.txt": "x\n", "stray.txt": "y\n"},
            "stray.txt is not in layer.yaml",
        ),
        ("missing.txt:\n  demo: project/x.txt\n", {}, "names missing.txt, which is not a file there"),
        ("common.txt:\n  demo: ../../outside.txt\n", {"common.txt": "x\n"}, "leaves its folder"),
        ("../secret:\n  demo: project/x.txt\n", {}, "leaves its folder"),
        ("common.txt: []\n", {"common.txt": "x\n"}, "common.txt names no template and path"),
        ("- a list\n", {}, "is not a mapping of shared files"),
        ("common.txt: [\n", {}, "is not YAML"),
    ],
)
def test_a_layer_that_does_not_add_up_is_refused_in_one_sentence(
    tmp_path: Path, fresh_home: Path, layer: str, shared: dict[str, str], message: str
) -> None:
    root = _templates(tmp_path, layer, shared)
    with pytest.raises(TemplateError) as refused:
        template_sources(root, "demo")
    assert message in refused.value.message
    assert not (tmp_path / "outside.txt").exists()
