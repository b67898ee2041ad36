"""What each golden tree holds, and how to produce it; shared by the test and the refresh command."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from scaffold.codegen.python.models import generate_python_models, wire_input_digest
from scaffold.specs.catalog import load_shipped, shipped_specs

GOLDEN_ROOT = Path(__file__).resolve().parent / "trees"
REFRESH_COMMAND = "python -m tests.golden.refresh"
REPO = Path(__file__).resolve().parents[2]
# The models of every shipped spec are not only golden but shipped: scaffold serves them instead of
# running the model generator (scaffold/codegen/python/shipped_models.py, the folder shipped-models/), so their tree lives in
# the package. Produced here with the generator itself, never from the shipped copies.
SHIPPED_MODELS = REPO / "scaffold" / "codegen" / "python" / "shipped-models"


def tree_root(name: str) -> Path:
    """Where the golden tree `name` is committed."""
    return SHIPPED_MODELS if name == "models" else GOLDEN_ROOT / name


Producer = Callable[[Path], None]


def _models(destination: Path) -> None:
    for shipped in shipped_specs():
        spec = load_shipped(shipped.contract, shipped.version)
        target = destination / f"{spec.contract}-{spec.version}.txt"
        target.write_text(generate_python_models(spec, use_cache=False), encoding="utf-8")
        digest = wire_input_digest(spec)
        assert digest is not None, f"{spec.identity()}: the generator's input is not plain JSON data"
        target.with_suffix(".digest").write_text(digest + "\n", encoding="ascii")


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
