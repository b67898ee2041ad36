"""Static runtime modules copied into generated projects as contract-owned files.

They are plain, tested Python kept here as real modules (so ruff, mypy and unit tests see them),
and copied with the DO-NOT-EDIT header; `scaffold regenerate` rewrites them like generated code.
"""

from __future__ import annotations

from pathlib import Path

from scaffold.codegen.header import python_header
from scaffold.specs.document import SpecDocument

_HERE = Path(__file__).resolve().parent


def runtime_file(name: str, spec: SpecDocument) -> str:
    """The text of runtime module `name` (e.g. "locale.py") stamped for `spec`."""
    body = (_HERE / name).read_text(encoding="utf-8")
    return python_header(spec) + body
