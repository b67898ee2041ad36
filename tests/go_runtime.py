"""A Go module holding a spec's contract package as a project has it, for tests that build it.

The runtime's packages import one another under the module path scaffold's source tree uses
(scaffold.codegen.go.plugin_service.SOURCE_MODULE), and a project's copies under its own; a module
built here takes that source path as its name, so the runtime's own tests (copied beside the
generated code, with the casefiles package they read the shared cases through) build unchanged.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from scaffold.codegen.go.plugin_service import (
    MODULE_ONLY,
    RUNTIME_FOLDER,
    SOURCE_MODULE,
    TEST_ONLY,
    contract_files,
)
from scaffold.specs.document import SpecDocument

MODULE = SOURCE_MODULE.rstrip("/")
GO_MOD = f"module {MODULE}\n\ngo 1.22\n"


def write_go_module(folder: Path, spec: SpecDocument, *, with_tests: bool = False) -> Path:
    """`folder` as a Go module: go.mod, internal/contract/ of `spec` and, with_tests, the runtime's
    *_test.go files in their packages and the test-only packages; returns internal/contract/."""
    for relative, text in contract_files(spec, {"project_name": MODULE}).items():
        path = folder / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    package = folder / "internal" / "contract"
    if with_tests:
        for source in RUNTIME_FOLDER.rglob("*.go"):
            relative = source.relative_to(RUNTIME_FOLDER)
            if MODULE_ONLY in relative.parts:
                continue  # the module backend's package: write_go_module_backend
            if source.name.endswith("_test.go") or TEST_ONLY & set(relative.parts):
                (package / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, package / relative)
    (folder / "go.mod").write_text(GO_MOD, encoding="utf-8")
    return package


def write_go_module_backend(folder: Path, spec: SpecDocument, *, with_tests: bool = False) -> Path:
    """`folder` as a Go module holding a module backend's internal/contract/ of `spec` (the module
    contract) and, with_tests, the module package's own *_test.go files; returns internal/contract/."""
    from scaffold.codegen.go.module_backend import CONTRACT_FOLDER, backend_files
    from scaffold.codegen.module_contract import read_module_contract

    files = backend_files(spec, read_module_contract(spec), "unused", {"project_name": MODULE})
    for relative, text in files.items():
        path = folder / relative.removeprefix("backend/")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    package = folder / CONTRACT_FOLDER.removeprefix("backend/")
    if with_tests:
        for source in (RUNTIME_FOLDER / MODULE_ONLY).glob("*_test.go"):
            shutil.copy2(source, package / MODULE_ONLY / source.name)
        for helper in TEST_ONLY:  # the shared cases' reader (modulebodies_test.go)
            shutil.copytree(RUNTIME_FOLDER / helper, package / helper, dirs_exist_ok=True)
    (folder / "go.mod").write_text(GO_MOD, encoding="utf-8")
    return package
