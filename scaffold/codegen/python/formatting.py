"""Formatting generated Python with ruff (black-compatible output, ~5 ms instead of ~140 ms).

Generated files must be formatted and byte-stable; ruff's formatter produces black's style, and
`--isolated` keeps a user's own ruff configuration from changing scaffold's output.

Each run is a subprocess (about 6 ms of CPU), and a plugin project formats five modules; the
output for an exact input text is kept in the per-user cache (scaffold.user_cache),
keyed by the text, ruff's version, scaffold's version and the bytes of this module.
"""

from __future__ import annotations

import hashlib
import subprocess
from functools import lru_cache
from pathlib import Path

import scaffold
from scaffold import user_cache
from scaffold.errors import GenerationError, ToolMissingError

LINE_LENGTH = 88
CACHE_KIND = "ruff-format"
_SOURCES = ("codegen/python/formatting.py", "user_cache.py")
_PACKAGE_DIR = Path(__file__).resolve().parents[2]  # scaffold/


@lru_cache(maxsize=1)
def _ruff_binary() -> str:
    try:
        from ruff.__main__ import find_ruff_bin
    except ImportError:
        raise ToolMissingError(
            "the ruff package is missing; scaffold formats generated Python with it",
            hint=f"Reinstall scaffold (pip install --force-reinstall {scaffold.DISTRIBUTION}).",
        ) from None
    return str(find_ruff_bin())


@lru_cache(maxsize=1)
def _environment() -> str | None:
    return user_cache.environment(_PACKAGE_DIR, _SOURCES, ("ruff",))


def cache_key(source: str) -> str | None:
    """The key of `source`'s formatted text, or None when the formatter's version is unknown."""
    environment = _environment()
    if environment is None:
        return None
    inputs = f"{environment}scaffold=={scaffold.__version__}\n{source}"
    return hashlib.sha256(inputs.encode("utf-8", errors="surrogatepass")).hexdigest()


def format_python(source: str, *, what: str) -> str:
    """`source` formatted like black (line length 88, Python 3.11); `what` names it in errors."""
    key = cache_key(source)
    if key is not None:
        cached = user_cache.read_entry(CACHE_KIND, key)
        if cached is not None:
            return cached
    formatted = _run_ruff(source, what=what)
    if key is not None:
        user_cache.write_entry(CACHE_KIND, key, formatted)
    return formatted


def _run_ruff(source: str, *, what: str) -> str:
    result = subprocess.run(
        [
            _ruff_binary(),
            "format",
            "--isolated",
            "--quiet",
            f"--line-length={LINE_LENGTH}",
            "--target-version=py311",
            "--stdin-filename=generated.py",
            "-",
        ],
        input=source.encode("utf-8"),
        capture_output=True,
        check=False,
    )
    if result.returncode != 0:
        raise GenerationError(
            f"the code generated for {what} is not valid Python: {result.stderr.decode(errors='replace').strip()}",
            hint="This is a scaffold bug; please report it with the spec file.",
        )
    return result.stdout.decode("utf-8")
