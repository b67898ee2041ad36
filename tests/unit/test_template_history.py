"""Every past template version is rebuilt byte for byte, so every upgrade path stays open.

The ids below were read from the store as scaffold built it while `templates/history/` still held
a full copy of each past version (before the history was stored as patches, then as changes). A tag's tree id is
git's hash of every path, mode and byte of that version; its commit id also covers the commits
before it. Upgrades 3-way-merge against these trees, and projects name them by tag (`_commit`),
so a storage change must rebuild exactly them. Plugin 1.5.0 and module 1.4.0 were read from the
store a clean CI clone built while they were the current versions (scaffold 1.0.0), before the
templates moved on to 1.6.0 and 1.5.0; module 1.5.0 from the store of scaffold 1.1.0 (stop 27's
landed commit 9f874e0), before the module template moved on to 1.6.0; plugin-typescript 1.0.0 from
the store of scaffold 1.2.0 (stop 28's landed commit ffb510e), before it moved on to 1.1.0;
plugin-go 1.0.0 and plugin-typescript 1.1.0 from the store of scaffold 1.3.0 (stop 34's landed
commit 053a770), before they moved on to 1.1.0 and 1.2.0; plugin-python 1.6.0, module-python
1.6.0, plugin-typescript 1.2.0 and plugin-go 1.1.0 from the store of scaffold 1.6.0 (stop 45's
landed commit 0d197cf), before they moved on to 1.7.0, 1.7.0, 1.3.0 and 1.2.0; plugin-go 1.2.0
from the store main's bac5e4f built, before it moved on to 1.3.0 (issue 40 point 5); plugin-python
1.7.0 and module-python 1.7.0 from the store scaffold built at commit a36d3e3 (issue 40 point 9),
before they moved on to 1.8.0; plugin-python 1.8.0, module-python 1.8.0, plugin-typescript 1.4.0
and plugin-go 1.3.0 from the store main's fcddf95 built, before they moved on to 1.9.0, 1.9.0, 1.5.0
and 1.4.0 (issue 40 points 1, 4, 5 and 6).

The templates' folders were renamed `<kind>-<language>` (templates/plugin-python/) after these ids
were read; the store keeps each one's old name (template-store/plugin, "plugin template 1.0.0" in
its commit messages), which projects record in `_src_path`, so the ids did not change.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from scaffold.contracts import TEMPLATES
from scaffold.errors import TemplateError
from scaffold.projects.templates.history import copy_files, past_versions, rebuild_trees
from scaffold.projects.templates.layers import template_folder
from scaffold.projects.templates.store import ensure_store
from scaffold.projects.templates.store_git import run_git
from scaffold.resources import templates_root

# template, version, tree id of tag v<version>, commit id of tag v<version>
PAST_VERSIONS = [
    line.split()
    for line in """
plugin-python 1.0.0 39967c8c2ae24770855055afeaad73f216d1dc27 05f509874e87b77400131dbdaf93c975b3fe0b66
plugin-python 1.1.0 1890698b196f3af9d9fa07be9331776ce9936c1e 2d20992254e0725a882560e6384bd39d7c8c634f
plugin-python 1.2.0 ee52e61fd47e1851286da5126d32323d29804d2c 528c8bbfa1b846cce72414671f4f57185b43f811
plugin-python 1.3.0 a0db13a94ca99372e6eefbf0f90c72b1e4f68989 5e24ab8c536c6cfa8f512c147a903ee73cda260e
plugin-python 1.4.0 c0fb333ec79364785c6dbd35a2a39fd0ef0be719 cb38a9f604935dc8245394b4d3547a60a0282ca7
plugin-python 1.5.0 6443ea6b1fc51e0e2dcd9e8f43e0814b0ba9b765 94d1ce11e1627a1471d2702fb3b6ee8fa552e771
plugin-python 1.6.0 3d15bb5e65c5130be5db30eff6212341e189553b a631891cefe5d0ed4fe905f45b4f35841597ef11
plugin-python 1.7.0 d408fcc26a6c834baf636a15b916f192be4de927 fb5b979ae6f4fd9bae2729038eff1fb799d64aa1
plugin-python 1.8.0 5aaf410f1721add0bda2c47be313a99fd61e15e5 d71bb37c2bde75abcee156992ed8d79c36ee039b
module-python 1.0.0 75637e69a41248ffd7786f105c024d1cffe4c70d 6f5fdb1a7538e396b2444990cfa21cffb8e2e5f6
module-python 1.1.0 5031f872d71ddff50cb2c38abb8c8c32c3091d7b 62ac75fb19781f5729f042e53b8c9a2e9acf32ae
module-python 1.2.0 a5574417740fbc5a1b1ceef8a70a6793a39bad1e 9d36e09c5a2a9456628332b1bd4cb03d803cae8d
module-python 1.3.0 699665c98f57cdc46767536017e1910a603e39c1 5d3ac2fc0b7bffc5f38cc8fff9fa6a0a65270ebc
module-python 1.4.0 3388935e4fd7a40020dc3ddfcc92210c69db3686 48731b312d89975d3c7e5b0bcebc0218e161511a
module-python 1.5.0 10e5b4792432f983a1664cb40aefbc68370edc96 c2a37b1530de842e74e6f0f6756b29c8f526a1ca
module-python 1.6.0 0b4b0ef7fc6d69c314191d985d4834718b63343f 9a48b843993329b4be4cca713e71451c27ae660e
module-python 1.7.0 9ebd636bd97508b526c8939cb2ffbd473663c07c 1aa2a64097afa1b1aa22e517362f4189b3bf2e74
module-python 1.8.0 130b8f9fbfc7a8ff0f0e44fd30d60ca0b1b0c289 dae2fc5230bd7bbf893137576b899d76d365b13d
plugin-typescript 1.0.0 7abe6db0e4c9af8d7f54f98bbf07e7ac16040abe 76dcce6904d62ec3a6a9c82e518c8621117e3d16
plugin-typescript 1.1.0 4edfbca38547bb8339600027c95243c0d605c781 054e8b6239848b3932ea556fe6856a2809a6867b
plugin-typescript 1.2.0 6ea1ee45634fc66994fed50633ea9b5327e3ee2d 35ff0c1eec6877827761e079bd62be26f7cf8e73
plugin-typescript 1.3.0 8475c1ea7e71e2c258f1b00fdfe38900edf26616 acf9ea87b356db293fabec6a8f3072f7a29c2732
plugin-typescript 1.4.0 be2daef7898340d5e8bcadc43027c6d2cd5512c9 a9cf280a0b65143775da3fc5f3f360601ce92138
plugin-go 1.0.0 6beafa2aed38864d1da8656ab64e23dade5a9a8e 83f9b4137c46f642e1eaef43886bdfed48d07b48
plugin-go 1.1.0 3a43623f0bee58a11a925eb2a3628518a05d33c1 f6e27572785f436bca3447f9959edd5cbcde78fd
plugin-go 1.2.0 2fd850a806c3cf35b694ec3cd89c8df6e23d8822 8c280f0d6d93aabbfc7e14cd9a4e101e61e5bab2
plugin-go 1.3.0 108d67452958476ca8d636e2fbbc04309cc041a0 075fef60f033919219f8d1332066015815f65744
""".splitlines()
    if line
]


def _rev(store: Path, name: str) -> str:
    return subprocess.run(
        ["git", "rev-parse", name], cwd=store, capture_output=True, text=True, check=True
    ).stdout.strip()


@pytest.mark.parametrize(
    ("kind", "store_name"),
    [
        ("plugin-python", "plugin"),
        ("module-python", "module"),
        ("plugin-typescript", "plugin-typescript"),
        ("plugin-go", "plugin-go"),
    ],
)
def test_every_past_version_rebuilds_to_the_tree_and_commit_of_today(
    kind: str, store_name: str, fresh_home: Path
) -> None:
    store = ensure_store(kind).path
    assert store.name == store_name, "projects record the store's path in _src_path"
    pinned = [row for row in PAST_VERSIONS if row[0] == kind]
    tags = _rev(store, "--tags").split()
    assert len(tags) == len(pinned) + 1, "one tag per past version plus the current one"
    for _, version, tree, commit in pinned:
        assert _rev(store, f"v{version}^{{tree}}") == tree, f"{kind} {version}: other files than before"
        assert _rev(store, f"v{version}^{{commit}}") == commit, f"{kind} {version}: another commit"


HISTORY_BYTES_AT_MOST = 400 * 1024  # issue 39: the history is built, not hoarded


@pytest.mark.parametrize("template", sorted(TEMPLATES))
def test_the_newest_changes_fit_the_working_template(template: str, tmp_path: Path) -> None:
    """A template edited after its release and not refreshed fails here, naming the one command."""
    past = past_versions(templates_root(), template)
    if not past:
        pytest.skip(f"{template} has no released version yet")
    copy_files(template_folder(templates_root(), template), tmp_path)
    run_git(tmp_path, "init", "--quiet")
    try:
        rebuild_trees(template, past[:1], tmp_path)
    except TemplateError as exc:
        pytest.fail(
            f"templates/{template}/ changed since {past[0].version} was released and its changes were"
            f" not rewritten: run `python scripts/release_template.py --refresh {template}` ({exc.message})"
        )


def test_the_committed_history_stays_small() -> None:
    files = [path for path in (templates_root() / "history").rglob("*") if path.is_file()]
    assert {path.suffix for path in files} == {".changes", ".yaml"}
    total = sum(path.stat().st_size for path in files)
    assert total <= HISTORY_BYTES_AT_MOST, f"templates/history/ holds {total} bytes"
