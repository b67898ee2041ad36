"""The DO-NOT-EDIT header every contract-owned file starts with.

The header names the contract, version and spec sha256 so anyone holding the file can tell which
exact spec text produced it, and tells them the one command that rewrites it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scaffold.specs.document import SpecDocument

_TEXT = "generated from {contract} {version} (sha256 {sha}) — do not edit; run `scaffold regenerate`"
_PATTERN = re.compile(
    r"generated from (?P<contract>[a-z0-9-]+) (?P<version>\S+) \(sha256 (?P<sha>[0-9a-f]{64})\)"
)


@dataclass(frozen=True)
class HeaderStamp:
    contract: str
    version: str
    sha256: str


def header_text(spec: SpecDocument) -> str:
    return _TEXT.format(contract=spec.contract, version=spec.version, sha=spec.sha256)


def python_header(spec: SpecDocument) -> str:
    return f"# {header_text(spec)}\n"


def typescript_header(spec: SpecDocument) -> str:
    return f"// {header_text(spec)}\n"


def read_stamp(text: str) -> HeaderStamp | None:
    """The stamp in the first lines of a generated file, or None when it has none."""
    head = "\n".join(text.splitlines()[:3])
    match = _PATTERN.search(head)
    if match is None:
        return None
    return HeaderStamp(match["contract"], match["version"], match["sha"])
