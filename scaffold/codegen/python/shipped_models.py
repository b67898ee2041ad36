"""The pydantic models of every spec scaffold ships, generated when scaffold was released.

A project's `_contract/models.py` depends only on its spec. For the specs scaffold ships, the
models are generated with the release's datamodel-code-generator and ruff, committed in
`shipped-models/<contract>-<version>.txt`, beside `.digest`, the sha256 of the generator's input
(scaffold's golden test regenerates both with the generator and compares byte for byte:
`python -m tests.golden.refresh models`), and served from there. So a new project from a shipped spec never imports the model generator, not even on the
first run after an install with an empty cache (it cost about 0.45 s of CPU, most of that run),
and every machine gets the same bytes whatever generator version it has installed, so
`regenerate --check` agrees across a team. A spec scaffold does not ship, or a text whose stamp
names other bytes than the spec's, is generated as before.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from scaffold.codegen.header import read_stamp
from scaffold.specs.document import SpecDocument

FOLDER = Path(__file__).resolve().parent / "shipped-models"
MAX_BYTES = 1 << 20


def input_digest(document: dict[str, Any]) -> str | None:
    """sha256 of the generator's input document, or None when it is not plain JSON data."""
    try:
        text = json.dumps(document, sort_keys=False, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def shipped_models(spec: SpecDocument, digest: str | None) -> str | None:
    """The released models of `spec` (the wire scope), or None when scaffold has none for it.

    `digest` is the sha256 of the generator's input (`input_digest`);
    the released text is used only when it equals the one recorded beside it, and when the text's
    stamp names the spec's own bytes: a spec built in code with the same version (or even the same
    sha256) but other schemas is generated, never served another spec's models.
    """
    name = f"{spec.contract}-{spec.version}"
    if digest is None or "/" in name or name.startswith("."):
        return None
    try:
        recorded = (FOLDER / f"{name}.digest").read_text(encoding="ascii").strip()
        raw = (FOLDER / f"{name}.txt").read_bytes()[: MAX_BYTES + 1]
    except (OSError, UnicodeDecodeError):
        return None
    if recorded != digest:
        return None
    if len(raw) > MAX_BYTES:
        return None
    text = raw.decode("utf-8", errors="replace")
    stamp = read_stamp(text)
    if stamp is None or (stamp.contract, stamp.version, stamp.sha256) != (
        spec.contract,
        spec.version,
        spec.sha256,
    ):
        return None
    return text
