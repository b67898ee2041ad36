"""A module frontend's npm scripts run step by step, so a step already run on the same bytes is not run again.

A package.json script such as `build` (`tsc --noEmit && vite build`) and `typecheck` (`tsc
--noEmit && tsc --noEmit -p tsconfig.node.json`) share a step: run one after the other on the
same tree, the second `tsc --noEmit` reads the very files the first read (tsconfig.json's
`include` is src/; a build writes only dist/, a lint none) and can only repeat its verdict, at
6-9 s of CPU on the shared 2-core machine. Likewise a step whose inputs are byte for byte those of
a tree another test runs it on (the same files under another project's name, or a copy that
changed one file the step does not read) repeats that test's verdict.

Tests that run a script this way say which steps they leave out and which run covers them. What
is left runs as `npm run` runs a script: in a shell, in the frontend, with node_modules/.bin first
on PATH.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

AND = " && "
# What no step of a script reads as its input: installed packages (the same for the same
# manifests) and the build's output (no tsconfig, eslint or prettier run reads it: ignored).
NOT_INPUT = ("node_modules", "dist")


def npm_script_steps(frontend: Path, script: str) -> list[str]:
    """The steps (`a && b`) of package.json's `script`, in the order `npm run <script>` runs them."""
    scripts = json.loads((frontend / "package.json").read_text(encoding="utf-8"))["scripts"]
    return str(scripts[script]).split(AND)


def npm_steps_command(frontend: Path, steps: list[str]) -> tuple[list[str], dict[str, str]]:
    """The command and environment that run `steps` as `npm run` runs its script's steps."""
    assert steps, "no step left to run"
    path = f"{frontend / 'node_modules' / '.bin'}{os.pathsep}{os.environ['PATH']}"
    return ["sh", "-c", AND.join(steps)], {**os.environ, "PATH": path}


def source_files(folder: Path) -> dict[str, bytes]:
    """Every file of a frontend (relative POSIX path -> bytes) but installed packages and build output."""
    found: dict[str, bytes] = {}
    for top, folders, files in os.walk(folder):  # symbolic links to folders are not followed
        if Path(top) == folder:
            folders[:] = [name for name in folders if name not in NOT_INPUT]
        for name in files:
            path = Path(top) / name
            if path.is_file():
                found[path.relative_to(folder).as_posix()] = path.read_bytes()
    return dict(sorted(found.items()))


def changed_files(folder: Path, original: Path) -> list[str]:
    """The files of `folder` that are not in `original` byte for byte, or that only `original` has."""
    ours, theirs = source_files(folder), source_files(original)
    return sorted(name for name in ours.keys() | theirs.keys() if ours.get(name) != theirs.get(name))
