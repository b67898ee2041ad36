"""A past template version rendered without copier: its files exported from the template store.

Why: `upgrade` (and its tests) render the version a project was made with, to tell the user's
files from the template's. copier does that by cloning the store and checking out the tag,
~50-140 git processes and most of a second of CPU. The same files come from one `git archive`
of the tag, and scaffold's renderer (templates.render) renders them as copier would.

The export must be exactly what copier's checkout holds, or the renderer must not be used:
the files written here must have the git tree id the shipped manifest records for that version
(templates/history/<template>/trees.yaml, the id the store's rebuild was checked against), so
bytes and executable bits are the released ones whatever the store holds; a symlink, a submodule
or a `.gitattributes` (which would change a checkout or an archive) raises `Unsupported`, and the
caller renders with copier.
"""

from __future__ import annotations

import io
import os
import tarfile
import tempfile
from pathlib import Path, PurePosixPath
from typing import Any

from scaffold.errors import TemplateError
from scaffold.projects.templates.store_git import run_git_bytes
from scaffold.projects.templates.integrity import git_tree_id
from scaffold.projects.templates.history import read_manifest, template_files
from scaffold.projects.templates.jinja import Unsupported
from scaffold.projects.templates.render import render_folder
from scaffold.projects.templates.store import TemplateSource
from scaffold.resources import templates_root

# The name compiled templates of past versions are cached under (templates.jinja._LabelledLoader):
# the cache also keys them by their source, so versions that share a file share its entry.
_LABEL = "<scaffold template store>"


def render_past_version(
    source: TemplateSource, version: str, target: Path, data: dict[str, Any], user_defaults: dict[str, Any]
) -> None:
    """Render template `version` (a released one, in the store) into the new folder `target` as
    `copier.run_copy(..., vcs_ref=f"v{version}")` would. Errors as templates.render's."""
    try:
        tree = read_manifest(templates_root(), source.template).get(version)
    except TemplateError as exc:
        raise Unsupported(str(exc)) from exc
    if tree is None:
        raise Unsupported(f"{version} is not a released version of {source.template}")
    tag = f"v{version}"
    with tempfile.TemporaryDirectory(prefix="scaffold-past-template-") as folder:
        root = Path(folder) / "template"
        _export(source.path, tag, root)
        if git_tree_id(root, template_files(root)) != tree:
            raise Unsupported(f"the store's {tag} is not the released {source.template} {version}")
        render_folder(root, source, tag, target, data, user_defaults, _LABEL)


def _export(store: Path, tag: str, root: Path) -> None:
    """Write the files of the store's `tag` into `root`: 0644, or 0755 for git's executables."""
    try:
        archive = run_git_bytes(store, "archive", "--format=tar", f"refs/tags/{tag}")
    except TemplateError as exc:
        raise Unsupported(f"no {tag} in the store: {exc}") from exc
    root.mkdir()
    try:
        _extract(archive, root)
    except tarfile.TarError as exc:
        raise Unsupported(f"git archive of {tag}: {exc}") from exc


def _extract(archive: bytes, root: Path) -> None:
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:") as tar:
        for member in tar:
            parts = PurePosixPath(member.name).parts
            if not parts or parts[0] == "/" or ".." in parts or ".gitattributes" in parts:
                raise Unsupported(f"template store entry {member.name!r}")
            if member.isdir():
                continue
            extracted = tar.extractfile(member) if member.isreg() else None
            if extracted is None:
                raise Unsupported(f"template store entry {member.name!r} is not a plain file")
            path = root.joinpath(*parts)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(extracted.read())
            os.chmod(path, 0o755 if member.mode & 0o100 else 0o644)
