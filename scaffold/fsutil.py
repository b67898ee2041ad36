"""File writes that never leave a half-written file behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from scaffold.errors import DestinationError


def write_bytes_atomic(path: Path, data: bytes) -> None:
    """Write `data` to `path` via a temporary sibling and a rename, creating parent folders."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise DestinationError(
            f"cannot write {path}: {exc.strerror}", hint="Choose a writable location."
        ) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o644
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except OSError as exc:
        Path(temporary).unlink(missing_ok=True)
        raise DestinationError(f"cannot write {path}: {exc.strerror}") from exc
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_text_atomic(path: Path, text: str) -> None:
    """UTF-8 text with `\\n` line ends, written atomically."""
    write_bytes_atomic(path, text.encode("utf-8"))
