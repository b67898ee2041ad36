"""The environment for a generated project's own `pytest`: pytest may keep its assertion-rewrite cache.

pytest rewrites the asserts of every module of a distribution that registers a pytest plugin
(here Schemathesis, Hypothesis, anyio, typeguard, xdist, platformdirs: about 380 modules that a
project's conformance test imports) and keeps the rewritten code beside the module, in its
`__pycache__`, unless bytecode writing is off. This CI's shell sets PYTHONDONTWRITEBYTECODE=1 and
the tests that run a project's checks set it too, so every child pytest rewrote all of them again:
measured on a plugin project, `pytest --collect-only` took 12.3 s of CPU with the variable set and
6.4 s once the cache is there (also with the variable set: pytest reads the cache in any case).
Without the variable the first child pytest of a run writes the cache into the test venv's
site-packages (atomic renames: safe with several workers) and the later ones, of any test file,
read it. A project's own CI (its workflow sets no such variable) runs its pytest this way too; what
the tests prove does not change, only where the rewritten code comes from. CPython also writes the
project's own `__pycache__` folders, in the test's temporary project: pytest is the last check of a
Python part, and no later check reads them.
"""

from __future__ import annotations

from collections.abc import Mapping


def writing_bytecode(env: Mapping[str, str]) -> dict[str, str]:
    """`env` without PYTHONDONTWRITEBYTECODE, for a project's own pytest."""
    return {name: value for name, value in env.items() if name != "PYTHONDONTWRITEBYTECODE"}
