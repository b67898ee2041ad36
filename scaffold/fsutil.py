"""File writes that never leave a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from scaffold.errors import DestinationError


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` to `path` via a temporary sibling and a rename, creating parent folders."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise DestinationError(
            f"cannot write {path}: {exc.strerror}", hint="Choose a writable location."
        ) from exc
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        if path.exists():
            os.chmod(temporary, path.stat().st_mode & 0o777)
        else:
            os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise DestinationError(f"cannot write {path}: {exc.strerror}") from exc
