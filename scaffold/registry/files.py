"""Reading the project's own files for the registry check: bounded in size, and JSON in depth.

package.json, `src/contract/registry.json` and `.npmrc` are the user's files, but a check that
runs in CI on any branch must not be the thing a hostile or broken file takes down: each has a
size far above what it needs (refused beyond it, never read whole), and a JSON text nested deeper
than Python's recursion limit is a RegistryConfigError, not a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from scaffold.errors import RegistryConfigError


def read_limited(path: Path, limit: int, *, missing_hint: str) -> bytes:
    """The bytes of `path`, refused when missing, unreadable or larger than `limit`."""
    try:
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except FileNotFoundError:
        raise RegistryConfigError(f"{path} is missing", hint=missing_hint) from None
    except OSError as exc:
        raise RegistryConfigError(f"{path} cannot be read ({exc.strerror or exc})") from exc
    if len(data) > limit:
        raise RegistryConfigError(
            f"{path} is larger than {limit // 1024} KiB, far more than such a file needs",
            hint="Check that it is the file you meant; shorten it.",
        )
    return data


def read_json(path: Path, limit: int, *, missing_hint: str) -> Any:
    """The JSON value of `path` (UTF-8), one RegistryConfigError for any way it is not."""
    data = read_limited(path, limit, missing_hint=missing_hint)
    try:
        return json.loads(data.decode("utf-8"))
    except RecursionError:
        raise RegistryConfigError(f"{path} is not readable JSON (nested too deeply)") from None
    except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise RegistryConfigError(f"{path} is not readable JSON ({exc})") from None
