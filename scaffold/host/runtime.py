"""Third-party browser files of the host pages: React 18 and react-hook-form UMD builds, uPlot.

The platform provides React and ReactDOM as globals; a module bundle marks them external. The
host page must therefore load real React 18 UMD files, at the versions the spec lists in
`x-host-globals`; the dev page draws time series with uPlot. Where a file comes from, first hit
wins:
1. the copy packed into the wheel (`scaffold/host/vendor/<package>@<version>/<file>`, written by
   the wheel build from `vendor.json`), so an installed scaffold works offline;
2. `<scaffold data home>/cache/host-runtime/<package>@<version>/<file>` from an earlier fetch;
3. `npm pack`, which fetches the exact published tarball through the user's own npm registry
   configuration (mirrors, proxies, credentials); only the one file is kept, in the cache.
Files listed in `vendor.json` carry a sha256; bytes that differ from it are refused, whichever of
the three places they came from. Versions a newer spec asks for that `vendor.json` does not pin are
fetched the third way and trusted as npm delivers them (npm checks the registry's integrity).
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from scaffold.errors import ToolMissingError
from scaffold.fsutil import write_bytes_atomic
from scaffold.redact import mask_urls
from scaffold.resources import user_data_home
from scaffold.specs.document import SpecDocument

NPM_TIMEOUT = 180.0
_UMD_FILES = {
    "react": "umd/react.production.min.js",
    "react-dom": "umd/react-dom.production.min.js",
    # The host's widget editor form (x-scaffold-decision on WidgetEditorProps): a real
    # react-hook-form, so an editor's useFormContext().setValue reaches the page as on the platform.
    "react-hook-form": "dist/index.umd.js",
}
_FALLBACK_VERSIONS = {"react": "18.3.1", "react-dom": "18.2.0", "react-hook-form": "7.54.2"}
_DEFAULT_GLOBALS = {"react": "React", "react-dom": "ReactDOM", "react-hook-form": "ReactHookForm"}
_EXACT = re.compile(r"^\d+\.\d+\.\d+$")


@dataclass(frozen=True)
class RuntimeScript:
    """One host runtime script: the global it defines and the cached file that defines it."""

    global_name: str
    package: str
    version: str
    path: Path


def runtime_packages(spec: SpecDocument) -> list[tuple[str, str, str]]:
    """(global, package, exact version) for React, ReactDOM and react-hook-form, read from
    `x-host-globals`.

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
        result.append((str(item.get("global", _DEFAULT_GLOBALS[package])), package, version))
    return result


@dataclass(frozen=True)
class HostGlobal:
    """One row of the contract's "Host runtime globals" table and what a host page puts there.

    `version` is the host version exactly as the contract (the spec's `x-host-globals`) states it,
    a range such as `18.2.x` included: that is what the platform promises a bundle. `loaded` is the
    exact version of the real file the page loads for it (React, ReactDOM, react-hook-form), None
    for a stand-in.
    """

    global_name: str
    package: str
    version: str
    loaded: str | None

    def as_json(self) -> dict[str, str | None]:
        return {
            "global": self.global_name,
            "package": self.package,
            "version": self.version,
            "loaded": self.loaded,
        }

    def text(self) -> str:
        """`react 18.3.1`, `react-dom 18.2.x (loads 18.2.0)`: the contract's version, then the file's."""
        shown = f"{self.package} {self.version}"
        return shown if self.loaded in (None, self.version) else f"{shown} (loads {self.loaded})"


def host_globals(spec: SpecDocument, runtime: list[RuntimeScript]) -> list[HostGlobal]:
    """The host globals in the contract's order, each with the runtime file loaded for it, if any."""
    loaded = {script.global_name: script for script in runtime}
    rows = []
    for item in spec.data.get("x-host-globals", []) or []:
        if isinstance(item, dict) and item.get("global"):
            name = str(item["global"])
            script = loaded.pop(name, None)
            version = str(item.get("version", script.version if script else ""))
            rows.append(
                HostGlobal(name, str(item.get("package", "")), version, script.version if script else None)
            )
    # A spec without React rows still gets the fallback runtime; it is stated as what it is.
    rows += [HostGlobal(s.global_name, s.package, s.version, s.version) for s in loaded.values()]
    return rows


def runtime_text(spec: SpecDocument, runtime: list[RuntimeScript]) -> str:
    """The real host runtime in one phrase: `react 18.3.1, react-dom 18.2.x (loads 18.2.0)`."""
    return ", ".join(row.text() for row in host_globals(spec, runtime) if row.loaded is not None)


def stand_in_globals(spec: SpecDocument, runtime: list[RuntimeScript]) -> list[str]:
    """Host globals from `x-host-globals` that the real runtime does not define (UiKit, ...)."""
    real = {script.global_name for script in runtime}
    names = [
        str(item.get("global"))
        for item in spec.data.get("x-host-globals", []) or []
        if isinstance(item, dict)
    ]
    return [name for name in names if name and name not in real]


def cache_root() -> Path:
    return user_data_home() / "cache" / "host-runtime"


def ensure_runtime(
    spec: SpecDocument, *, cache: Path | None = None, editor_form: bool = True
) -> list[RuntimeScript]:
    """The React, ReactDOM and (with `editor_form`, for a module's host page) react-hook-form UMD
    files, fetched on first use; in the order the page loads them."""
    root = cache or cache_root()
    scripts = []
    for global_name, package, version in runtime_packages(spec):
        if package == "react-hook-form" and not editor_form:
            continue
        path = _ensure_file(root, package, version, _UMD_FILES[package])
        scripts.append(RuntimeScript(global_name, package, version, path))
    return scripts


CHART_FILES = ("dist/uPlot.iife.min.js", "dist/uPlot.min.css")


@functools.cache
def pinned_files() -> dict[tuple[str, str, str], str]:
    """(package, version, file inside the package) -> sha256, from vendor.json."""
    text = resources.files("scaffold.host").joinpath("vendor.json").read_text(encoding="utf-8")
    return {
        (str(item["package"]), str(item["version"]), str(item["file"])): str(item["sha256"])
        for item in json.loads(text)["files"]
    }


def chart_files(*, cache: Path | None = None) -> list[Path]:
    """uPlot's script and stylesheet, at the version vendor.json pins."""
    version = next(v for (package, v, _file) in pinned_files() if package == "uplot")
    return [_ensure_file(cache or cache_root(), "uplot", version, inner) for inner in CHART_FILES]


def packaged_file(package: str, version: str, inner: str) -> Path | None:
    """The copy of a vendor file inside the installed wheel, when this is a wheel install."""
    candidate = resources.files("scaffold.host").joinpath("vendor", f"{package}@{version}", Path(inner).name)
    path = Path(str(candidate))
    return path if path.is_file() else None


def _verified(path: Path, package: str, version: str, inner: str) -> Path:
    expected = pinned_files().get((package, version, inner))
    if expected is not None and hashlib.sha256(path.read_bytes()).hexdigest() != expected:
        raise ToolMissingError(
            f"{path} is not the published {package}@{version} {inner} (its sha256 differs from the pinned one)",
            hint=f"Delete {path} and run the command again; scaffold fetches the file anew.",
        )
    return path


def _ensure_file(root: Path, package: str, version: str, inner: str) -> Path:
    packaged = packaged_file(package, version, inner)
    if packaged is not None:
        return _verified(packaged, package, version, inner)
    target = root / f"{package}@{version}" / Path(inner).name
    if target.is_file() and target.stat().st_size > 0:
        return _verified(target, package, version, inner)
    npm = shutil.which("npm")
    if npm is None:
        raise ToolMissingError(
            f"npm is not installed; scaffold fetches {package}@{version} for its host page with it",
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
    expected = pinned_files().get((package, version, inner))
    if expected is not None and hashlib.sha256(data).hexdigest() != expected:
        raise ToolMissingError(
            f"npm delivered a {package}@{version} whose {inner} differs from the pinned sha256",
            hint="Check the npm registry configured (`npm config get registry`): it serves other bytes "
            "than the public registry.",
        )
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
    return mask_urls(lines[-1]) if lines else ""
