"""What each golden tree holds, and how to produce it; shared by the test and the refresh command."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from scaffold.codegen.python.models import generate_python_models
from scaffold.specs.catalog import load_shipped, shipped_specs

GOLDEN_ROOT = Path(__file__).resolve().parent / "trees"
REFRESH_COMMAND = "python -m tests.golden.refresh"

Producer = Callable[[Path], None]




def _models(destination: Path) -> None:
    for shipped in shipped_specs():
        spec = load_shipped(shipped.contract, shipped.version)
        target = destination / f"{spec.contract}-{spec.version}.py"
        target.write_text(generate_python_models(spec), encoding="utf-8")


def _discover() -> dict[str, Producer]:
    """Built-in producers plus those of every `tests/golden/producers_*.py` module."""
    import importlib
    import pkgutil

    found: dict[str, Producer] = {"models": _models}
    for info in pkgutil.iter_modules([str(Path(__file__).resolve().parent)]):
        if info.name.startswith("producers_"):
            module = importlib.import_module(f"tests.golden.{info.name}")
            found.update(module.PRODUCERS)
    return found


PRODUCERS: dict[str, Producer] = _discover()


def tree_files(root: Path) -> dict[str, bytes]:
    """Relative path -> bytes of every file below `root`."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }
