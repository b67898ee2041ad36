"""Files several templates share, stored once in `templates/shared/` and merged in when read.

The plugin templates of the three languages deploy alike (the Kubernetes `hpa`, `pdb`, `service`
and `kustomization`), read one check-config, the compiled ones one pair of locale files, and
every template records its answers with the same one-line template. Kept as copies, a fix to one
had to be made in each (issue 39 point 6: 26 byte-identical files). They live once in
`templates/shared/`; `templates/shared/layer.yaml` names, for each, the templates it belongs to and
its path there. Whoever reads a template's current files (the template store, the renderer, the
release script) asks `template_folder` for them: a template that takes no shared file is its own
folder; one that does is merged once into a folder of scaffold's per-user data, named by the hash
of the merged files, so an edit in a checkout gives a new folder and a wheel install reuses one.
The merged tree is what the store commits and what the history's tree ids describe (they did not
move: the merged files are the ones the copies held).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path, PurePosixPath

import yaml

from scaffold.errors import TemplateError
from scaffold.projects.templates.history import template_files
from scaffold.resources import data_home_error, user_data_home

SHARED = "shared"
LAYER_FILE = "layer.yaml"
_LAYER_LIMIT = 64 * 1024


def shared_files(base: Path, template: str) -> dict[str, Path]:
    """The shared files `template` takes: its relative path for each -> the file in shared/."""
    return {relative: source for name, relative, source in _layer(base) if name == template}


def template_sources(base: Path, template: str) -> dict[str, Path]:
    """Every file of the current `template` (relative POSIX path -> the file to read), shared
    files included; a shared file where the template has its own is refused."""
    own = base / template
    sources = {path.relative_to(own).as_posix(): path for path in template_files(own)}
    for relative, source in shared_files(base, template).items():
        if relative in sources:
            raise _layer_error(
                f"templates/{template}/{relative} exists and is also a shared file",
                f"Delete one of them: the shared file in templates/{SHARED}/ or the template's own copy.",
            )
        sources[relative] = source
    return sources


def template_folder(base: Path, template: str) -> Path:
    """A folder holding exactly the current `template`'s files, shared ones merged in."""
    if not shared_files(base, template):
        return base / template
    sources = template_sources(base, template)
    digest = hashlib.sha256()
    for relative in sorted(sources):
        data = sources[relative].read_bytes()
        executable = sources[relative].stat().st_mode & 0o100
        digest.update(b"%s\0%d\0%d\0" % (relative.encode("utf-8"), bool(executable), len(data)) + data)
    merged = user_data_home() / "merged-templates" / f"{template}-{digest.hexdigest()[:24]}"
    if merged.is_dir():
        return merged
    try:
        merged.parent.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=f".{template}-", dir=merged.parent))
        try:
            for relative, source in sources.items():
                target = scratch / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target)
            os.rename(scratch, merged)  # all the files or none; another process may have won
        except OSError:
            shutil.rmtree(scratch, ignore_errors=True)
            if not merged.is_dir():
                raise
    except OSError as exc:
        raise data_home_error(exc) from exc
    return merged


def _layer(base: Path) -> list[tuple[str, str, Path]]:
    """(template, relative path in it, file in shared/) for every entry of layer.yaml."""
    folder = base / SHARED
    listing = folder / LAYER_FILE
    if not listing.is_file():
        return []
    if listing.stat().st_size > _LAYER_LIMIT:
        raise _layer_error(f"templates/{SHARED}/{LAYER_FILE} is over {_LAYER_LIMIT} bytes")
    try:
        data = yaml.safe_load(listing.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
        raise _layer_error(f"templates/{SHARED}/{LAYER_FILE} is not YAML") from exc
    if not isinstance(data, dict):
        raise _layer_error(f"templates/{SHARED}/{LAYER_FILE} is not a mapping of shared files")
    entries: list[tuple[str, str, Path]] = []
    for name, uses in data.items():
        if not isinstance(uses, dict) or not uses:
            raise _layer_error(f"templates/{SHARED}/{LAYER_FILE}: {name} names no template and path")
        for relative, source in _entry_files(folder, str(name)):
            entries += [
                (str(template), _inside(f"{str(path).rstrip('/')}/{relative}" if relative else str(path)), source)
                for template, path in uses.items()
            ]
    listed = {source for _, _, source in entries} | {listing}
    for path in template_files(folder):
        if path not in listed:
            raise _layer_error(
                f"templates/{SHARED}/{path.relative_to(folder).as_posix()} is not in {LAYER_FILE}",
                f"Name the templates that take it in templates/{SHARED}/{LAYER_FILE}, or delete it.",
            )
    return entries


def _entry_files(folder: Path, name: str) -> list[tuple[str, Path]]:
    """The files of one layer entry: ("", the file) for a file; for a folder (a name ending in
    "/", e.g. a module's whole frontend, the same in every backend language) each file under it,
    by its path inside the folder."""
    source = folder / _inside(name)
    if name.endswith("/"):
        if not source.is_dir() or source.is_symlink():
            raise _layer_error(f"templates/{SHARED}/{LAYER_FILE} names {name}, which is not a folder there")
        found = sorted(template_files(source))
        if not found or any(path.is_symlink() for path in found):
            raise _layer_error(f"templates/{SHARED}/{LAYER_FILE}: the folder {name} holds no plain files")
        return [(path.relative_to(source).as_posix(), path) for path in found]
    if not source.is_file() or source.is_symlink():
        raise _layer_error(f"templates/{SHARED}/{LAYER_FILE} names {name}, which is not a file there")
    return [("", source)]


def _inside(relative: str) -> str:
    parts = PurePosixPath(relative).parts
    if not parts or relative.startswith("/") or "\\" in relative or any(p in ("..", ".") for p in parts):
        raise _layer_error(f"templates/{SHARED}/{LAYER_FILE}: the path {relative!r} leaves its folder")
    return PurePosixPath(relative).as_posix()


def _layer_error(message: str, hint: str = "Reinstall scaffold; this file ships with it.") -> TemplateError:
    return TemplateError(message, hint=hint)
