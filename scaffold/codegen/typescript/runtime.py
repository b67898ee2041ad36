"""The TypeScript runtime of generated plugin services, copied into projects as contract-owned files.

The files in `runtime_files/` are plain TypeScript kept here as real modules (a project's `tsc`,
ESLint and vitest see them, and scaffold's functional tests run them inside generated projects):
each is copied into `src/contract/` as it is, after a DO-NOT-EDIT header naming scaffold's version
and the source file, and `scaffold regenerate` rewrites them like generated code. They import each
other and the generated modules of the same folder (`./types.js`, `./operations.js`, `./spec.js`)
by their project names, which are their names here.
"""

from __future__ import annotations

from pathlib import Path

from scaffold.codegen.typescript.headers import copied_typescript_header

_HERE = Path(__file__).resolve().parent / "runtime_files"
SOURCE_FOLDER = "scaffold/codegen/typescript/runtime_files"


def copied_runtime_file(source: str) -> str:
    """The text of runtime file `source` (e.g. "serve.ts") as copied into a project."""
    return copied_typescript_header(f"{SOURCE_FOLDER}/{source}") + (_HERE / source).read_text(
        encoding="utf-8"
    )
