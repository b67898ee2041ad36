"""Wheel build step: pack the host pages' third-party browser files into the wheel.

`scaffold dev` must work from an installed wheel offline, so the files listed in
scaffold/host/vendor.json (React UMD builds, uPlot) travel inside it, under
scaffold/host/vendor/<package>@<version>/. They are not committed to the repository: this hook
fetches each package with `npm pack` (the builder's npm registry configuration applies), takes the
one file out of the tarball and refuses bytes whose sha256 differs from the pinned one.
Editable installs skip it; a source checkout fetches the files on first use instead. A builder
without npm or without a registry still gets a working wheel, with a warning: that wheel fetches
the files on first use like a checkout. Bytes that differ from the pin stop the build.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tarfile
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class VendorFilesHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        root = Path(self.root)
        listing = json.loads((root / "scaffold" / "host" / "vendor.json").read_text(encoding="utf-8"))
        npm = shutil.which("npm")
        if npm is None:
            self.app.display_warning(
                "npm not found: the wheel is built without React and uPlot; scaffold fetches them on first use"
            )
            return
        try:
            packed = _pack(npm, listing, root / "build" / "host-vendor")
        except (OSError, subprocess.SubprocessError, tarfile.TarError, KeyError) as exc:
            self.app.display_warning(
                f"could not pack React and uPlot into the wheel ({exc}); scaffold fetches them on first use"
            )
            return
        build_data["force_include"].update(packed)  # all the files or none of them


def _pack(npm: str, listing: dict[str, Any], staging: Path) -> dict[str, str]:
    """Fetch and verify every listed file; returns {staged path: path inside the wheel}."""
    packed: dict[str, str] = {}
    for item in listing["files"]:
        package, release, inner = item["package"], item["version"], item["file"]
        target = staging / f"{package}@{release}" / Path(inner).name
        if not (target.is_file() and _sha256(target.read_bytes()) == item["sha256"]):
            data = _fetch(npm, staging, package, release, inner)
            if _sha256(data) != item["sha256"]:
                raise RuntimeError(
                    f"npm delivered {package}@{release} {inner} with another sha256 than pinned"
                )
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        packed[str(target)] = f"scaffold/host/vendor/{package}@{release}/{target.name}"
        notice = target.parent / "LICENSE"
        if not notice.is_file():
            notice.write_bytes(_fetch(npm, staging, package, release, "LICENSE"))
        packed[str(notice)] = f"scaffold/host/vendor/{package}@{release}/LICENSE"
    return packed


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _fetch(npm: str, staging: Path, package: str, release: str, inner: str) -> bytes:
    packs = staging / "packs"
    packs.mkdir(parents=True, exist_ok=True)
    tarball = packs / f"{package}-{release}.tgz"
    if not tarball.is_file():
        subprocess.run(
            [npm, "pack", f"{package}@{release}", "--pack-destination", str(packs), "--silent"],
            cwd=packs,
            check=True,
            capture_output=True,
            timeout=300,
        )
    with tarfile.open(tarball, "r:gz") as archive:
        handle = archive.extractfile(f"package/{inner}")
        if handle is None:
            raise RuntimeError(f"{package}@{release} has no {inner}")
        return handle.read()
