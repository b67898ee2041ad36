"""Where scaffold's shipped data lives, in a source checkout and in an installed wheel.

The wheel carries `specs/` and `templates/` inside the package as `scaffold/_data/`; a source
checkout (or an editable install) reads them from the repository root. Looking in the package
first means an installed scaffold never picks up an unrelated `specs/` folder by accident.
"""

from __future__ import annotations

import os
from pathlib import Path

from scaffold import DISTRIBUTION
from scaffold.errors import ScaffoldError

_PACKAGE_DIR = Path(__file__).resolve().parent


def _data_dir(name: str) -> Path:
    packaged = _PACKAGE_DIR / "_data" / name
    if packaged.is_dir():
        return packaged
    checkout = _PACKAGE_DIR.parent / name
    if checkout.is_dir():
        return checkout
    raise ScaffoldError(
        f"scaffold's {name}/ folder is missing from {_PACKAGE_DIR}.",
        hint=f"Reinstall scaffold (pip install --force-reinstall {DISTRIBUTION}).",
    )


def specs_root() -> Path:
    """The folder holding `<contract>/<version>.yaml` spec files shipped with scaffold."""
    return _data_dir("specs")


def templates_root() -> Path:
    """The folder holding the copier templates (`plugin/`, `module/`) shipped with scaffold."""
    return _data_dir("templates")


def user_data_home() -> Path:
    """Per-user state (the versioned template store, generator caches).

    Honours SCAFFOLD_HOME so tests and CI can isolate it; otherwise XDG_DATA_HOME or ~/.local/share.
    """
    explicit = os.environ.get("SCAFFOLD_HOME")
    if explicit:
        return Path(explicit).expanduser().resolve()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return (base / "scaffold").resolve()


def data_home_error(exc: OSError) -> ScaffoldError:
    """One sentence for a per-user data folder that cannot be used (a file, read-only, full)."""
    home = user_data_home()
    where = "SCAFFOLD_HOME" if os.environ.get("SCAFFOLD_HOME") else "scaffold's per-user data folder"
    problem = exc.strerror or type(exc).__name__
    return ScaffoldError(
        f"{where} ({home}) cannot be used: {problem}; nothing was written",
        hint="Point SCAFFOLD_HOME at a writable folder (e.g. export SCAFFOLD_HOME=$HOME/.scaffold), "
        "or fix that folder's permissions.",
    )
