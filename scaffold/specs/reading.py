"""Reading a spec file's bytes: only a regular file, and only up to a size no real contract needs.

Spec files come from outside (a path on the command line, a project's `.scaffold/contract.yaml`
that a pull request can change), so reading one must never block on a FIFO, read a device until
memory runs out, or follow the user into `/proc`. The shipped contracts are about 60 KB; 4 MiB
leaves room for contracts sixty times larger while keeping every later step (YAML parsing,
validation, generation) within seconds.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from scaffold.errors import SpecError

MAX_SPEC_BYTES = 512 * 1024
_LIMIT_TEXT = "512 KiB"


def read_spec_bytes(path: Path) -> bytes:
    """The bytes of the regular file at `path`, at most MAX_SPEC_BYTES; SpecError otherwise."""
    try:
        before = os.stat(path)
    except FileNotFoundError:
        raise SpecError(
            "no such spec file", path=path, hint="Check the path, or name a shipped contract version."
        ) from None
    except OSError as exc:
        raise SpecError(f"cannot read the file ({exc.strerror or 'unreadable'})", path=path) from exc
    _require_regular(before.st_mode, path)
    _require_small(before.st_size, path)
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO after the check, opening it must not wait.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise SpecError(f"cannot read the file ({exc.strerror or 'unreadable'})", path=path) from exc
    with os.fdopen(descriptor, "rb") as handle:
        opened = os.fstat(handle.fileno())
        _require_regular(opened.st_mode, path)
        _require_small(opened.st_size, path)
        try:
            data = handle.read(MAX_SPEC_BYTES + 1)
        except OSError as exc:
            raise SpecError(f"cannot read the file ({exc.strerror or 'unreadable'})", path=path) from exc
    _require_small(len(data), path)
    return data


def _require_regular(mode: int, path: Path) -> None:
    if stat.S_ISDIR(mode):
        raise SpecError("this is a folder, not a spec file", path=path, hint="Give the path of a .yaml file.")
    if not stat.S_ISREG(mode):
        raise SpecError(
            "this is not a regular file (a device, pipe or socket), so it is not read as a spec",
            path=path,
            hint="Save the spec to a file and pass that file's path.",
        )


def _require_small(size: int, path: Path) -> None:
    if size > MAX_SPEC_BYTES:
        raise SpecError(
            f"the file is larger than {_LIMIT_TEXT}, the most scaffold reads as a spec",
            path=path,
            hint="A contract spec is a single OpenAPI document of a few hundred kilobytes at most.",
        )
