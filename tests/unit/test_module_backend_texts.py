"""The module backend's texts are written once (module_backend_texts.py): no runtime file spells one.

Each language renders the table into the project (module_texts.py, module-texts.ts,
moduletexts_gen.go), and the runtime files look a text up by its key. A sentence copied into a
runtime file by hand is a parity gap waiting: changed in the table, the copy stays (as the sealing
route's summary did, spelled in all three runtimes).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scaffold.codegen.module_backend_texts import MODULE_TEXTS

CODEGEN = Path(__file__).resolve().parents[2] / "scaffold" / "codegen"
RUNTIME_FILES = sorted(
    path
    for language in ("python", "typescript", "go")
    for path in (CODEGEN / language / "runtime_files").rglob("*")
    if path.is_file() and path.suffix in {".py", ".ts", ".go"}
)
# The longest piece of each text between its {name}s: what a hand-written copy would hold.
SHORTEST_PIECE = 20


def _pieces() -> list[tuple[str, str]]:
    pieces = []
    for key, text in MODULE_TEXTS.items():
        piece = max(re.split(r"\{\w+\}", text), key=len)
        if len(piece) >= SHORTEST_PIECE:
            pieces.append((key, piece))
    return pieces


@pytest.mark.parametrize(("key", "piece"), _pieces(), ids=[key for key, _ in _pieces()])
def test_no_runtime_file_spells_a_module_text(key: str, piece: str) -> None:
    spelled = [
        str(path.relative_to(CODEGEN))
        for path in RUNTIME_FILES
        if piece in path.read_text(encoding="utf-8") and not path.stem.endswith(("_test", ".test"))
    ]
    assert not spelled, f"{key} is spelled by hand in {spelled}; look it up by its key"


def test_the_runtime_files_are_found() -> None:
    assert len(RUNTIME_FILES) > 50
    assert {path.suffix for path in RUNTIME_FILES} == {".py", ".ts", ".go"}


def test_a_module_backend_never_says_plugin() -> None:
    """Its answers and the reasons its runtime gives are a module backend's, not a data source
    plugin's: the TypeScript backend's glue catalogue (contract/texts.ts) held the plugins' texts
    ("The plugin is stopping"), and shutdown.ts's cancellation reason said "the plugin"."""
    from scaffold.codegen.module_contract import read_module_contract
    from scaffold.codegen.typescript.module_backend import backend_files
    from scaffold.specs.catalog import load_shipped

    assert not [key for key, text in MODULE_TEXTS.items() if "plugin" in text.lower()]
    spec = load_shipped("dashboard-module")
    files = backend_files(spec, read_module_contract(spec), "acme_map")
    texts = files["backend/src/contract/texts.ts"]
    assert "RUNTIME_TEXTS" in texts and "plugin" not in texts.lower()
    shutdown = files["backend/src/contract/shutdown.ts"]
    reasons = re.findall(r"super\('([^']*)'\)", shutdown)
    # a setting's name (PLUGIN_QUERY_SECONDS, which a module backend never sets) is no wording
    assert reasons and not [reason for reason in reasons if re.search(r"\bplugins?\b", reason, re.I)], reasons
