"""Static runtime modules copied into generated projects as contract-owned files.

They are the Python runtime of generated services: plain, tested Python kept here as real modules
(so ruff, mypy and unit tests see them), and copied with the DO-NOT-EDIT header that names
scaffold's version and the source file; `scaffold regenerate` rewrites them like generated code.
They are Python's, so they stand in Python's language folder (issue 39 point 4: a language is a
folder); the header of each copy names this folder, and a project's copies take the new name when
`scaffold regenerate` or `upgrade` rewrites them, as every scaffold release rewrites the headers.

A few are named here for what they are, where a project's folder gives them a shorter name that
would send a reader of scaffold to the wrong file (`catalog.py` beside scaffold/specs/catalog.py;
`operations.py`, once beside the generator's own operations module). Their relative imports of
each other use the names here; the copy puts the project's names in those import lines, the one
change a copy makes besides the header.
"""

from __future__ import annotations

import re
from pathlib import Path

from scaffold.codegen.python.headers import copied_python_header

_HERE = Path(__file__).resolve().parent
SOURCE_FOLDER = "scaffold/codegen/python/runtime_files"
# source file here -> its name in a project's contract folder, where the two differ
PROJECT_NAMES = {
    "text_catalog.py": "catalog.py",
    "operation_table.py": "operations.py",
    "module_envelope.py": "envelope.py",
    "module_errors.py": "errors.py",
    "module_endpoints.py": "endpoints.py",
    "module_assets.py": "assets.py",
}
_RENAMED_IMPORT = re.compile(
    r"^(\s*from \.)(" + "|".join(re.escape(Path(name).stem) for name in PROJECT_NAMES) + r")( import )",
    re.MULTILINE,
)


def project_name(source: str) -> str:
    """The name runtime file `source` has in a project (its own name unless PROJECT_NAMES says)."""
    return PROJECT_NAMES.get(source, source)


def runtime_file(source: str) -> str:
    """The text of runtime module `source` (e.g. "locale.py") as copied into a project."""
    body = (_HERE / source).read_text(encoding="utf-8")
    body = _RENAMED_IMPORT.sub(lambda m: m[1] + Path(PROJECT_NAMES[m[2] + ".py"]).stem + m[3], body)
    return copied_python_header(f"{SOURCE_FOLDER}/{source}") + body
