"""React 18 UMD builds for the host page, fetched once with `npm pack` and cached.

The platform provides React and ReactDOM as globals; a module bundle marks them external. The
host page must therefore load real React 18 UMD files, at the versions the spec lists in
`x-host-globals`. `npm pack` fetches the exact published tarball through the user's own npm
registry configuration (mirrors, proxies, credentials), and only the one UMD file is kept, in
`<scaffold data home>/cache/host-runtime/<package>@<version>/`.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from scaffold.errors import ToolMissingError
from scaffold.fsutil import write_bytes_atomic
from scaffold.resources import user_data_home
from scaffold.specs.document import SpecDocument

NPM_TIMEOUT = 180.0
_UMD_FILES = {
    "react": "umd/react.production.min.js",
    "react-dom": "umd/react-dom.production.min.js",
}
_FALLBACK_VERSIONS = {"react": "18.3.1", "react-dom": "18.2.0"}
_EXACT = re.compile(r"^\d+\.\d+\.\d+$")


@dataclass(frozen=True)
class RuntimeScript:
    """One host runtime script: the global it defines and the cached file that defines it."""

    global_name: str
    package: str
    version: str
    path: Path


def runtime_packages(spec: SpecDocument) -> list[tuple[str, str, str]]:
    """(global, package, exact version) for React and ReactDOM, read from `x-host-globals`.

    A range such as `18.2.x` becomes its first release (`18.2.0`), the oldest host the contract
    allows, which is the stricter test for a bundle.
    """
    declared = {
        str(item.get("package")): item
        for item in spec.data.get("x-host-globals", []) or []
        if isinstance(item, dict)
    }
    result = []
    for package in _UMD_FILES:
        item = declared.get(package, {})
        version = str(item.get("version", _FALLBACK_VERSIONS[package])).replace(".x", ".0")
        if not _EXACT.match(version):
            version = _FALLBACK_VERSIONS[package]
        default_global = "React" if package == "react" else "ReactDOM"
        result.append((str(item.get("global", default_global)), package, version))
    return result


def cache_root() -> Path:
    return user_data_home() / "cache" / "host-runtime"


def ensure_runtime(spec: SpecDocument, *, cache: Path | None = None) -> list[RuntimeScript]:
    """The React and ReactDOM UMD files, fetched on first use; in the order the page loads them."""
    root = cache or cache_root()
    scripts = []
    for global_name, package, version in runtime_packages(spec):
        path = _ensure_file(root, package, version, _UMD_FILES[package])
        scripts.append(RuntimeScript(global_name, package, version, path))
    return scripts


def _ensure_file(root: Path, package: str, version: str, inner: str) -> Path:
    target = root / f"{package}@{version}" / Path(inner).name
    if target.is_file() and target.stat().st_size > 0:
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise ToolMissingError(
            f"npm is not installed; `scaffold check module` fetches {package}@{version} (React UMD) with it",
            hint="Install Node.js with npm (for example `apt-get install -y npm`), then run the check again.",
        )
    with tempfile.TemporaryDirectory(prefix="scaffold-npm-pack-") as folder:
        try:
            result = subprocess.run(
                [npm, "pack", f"{package}@{version}", "--pack-destination", folder, "--silent"],
                cwd=folder,
                capture_output=True,
                text=True,
                timeout=NPM_TIMEOUT,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise ToolMissingError(
                f"npm pack {package}@{version} did not finish within {NPM_TIMEOUT:g} s",
                hint="Check the network and the npm registry (`npm config get registry`).",
            ) from None
        tarballs = sorted(Path(folder).glob("*.tgz"))
        if result.returncode != 0 or not tarballs:
            reason = _last_line(result.stderr) or f"exit code {result.returncode}"
            raise ToolMissingError(
                f"npm could not fetch {package}@{version}: {reason}",
                hint="Check the network and the npm registry (`npm config get registry`); the file is "
                f"cached in {root} after the first success.",
            )
        data = _extract(tarballs[0], f"package/{inner}", package, version)
    write_bytes_atomic(target, data)
    return target


def _extract(tarball: Path, member: str, package: str, version: str) -> bytes:
    with tarfile.open(tarball, "r:gz") as archive:
        try:
            handle = archive.extractfile(member)
        except KeyError:
            handle = None
        if handle is None:
            raise ToolMissingError(
                f"{package}@{version} has no {member.removeprefix('package/')}",
                hint="React 19 dropped UMD builds; the host runtime needs React 18.",
            )
        return handle.read()


def _last_line(text: str) -> str:
    lines = [
        line.strip()
        for line in text.splitlines()
        if line.strip() and "Unknown user config" not in line and "Unknown env config" not in line
    ]
    return lines[-1] if lines else ""
