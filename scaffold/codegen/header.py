"""The DO-NOT-EDIT headers every contract-owned file starts with: generated, or copied.

A file generated from the spec names the contract, version and spec sha256, so anyone holding it
can tell which exact spec text produced it. A runtime file copied as it is (the same whatever the
spec) names instead the scaffold version and the source file it was copied from: the spec did not
shape it, scaffold owns it, and that file is where to read or fix it. Both tell the one command
that rewrites them. The words are the same in every language; how a language comments them is in
its folder (scaffold/codegen/<language>/headers.py), which this module does not know.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from scaffold import __version__
from scaffold.specs.document import SpecDocument

_TEXT = "generated from {contract} {version} (sha256 {sha}) — do not edit; run `scaffold regenerate`"
_PATTERN = re.compile(
    r"generated from (?P<contract>[a-z0-9-]+) (?P<version>\S+) \(sha256 (?P<sha>[0-9a-f]{64})\)"
)


_COPIED_TEXT = (
    "copied from scaffold {version} ({source}) — owned by scaffold, do not edit; "
    "`scaffold regenerate` rewrites it"
)
_COPIED_PATTERN = re.compile(
    r"copied from scaffold (?P<version>[0-9A-Za-z.+!-]+) \((?P<source>scaffold/[\w/-]+\.\w+)\) — owned by scaffold"
)


@dataclass(frozen=True)
class HeaderStamp:
    contract: str
    version: str
    sha256: str


def header_text(spec: SpecDocument) -> str:
    return _TEXT.format(contract=spec.contract, version=spec.version, sha=spec.sha256)


def read_stamp(text: str) -> HeaderStamp | None:
    """The stamp in the first lines of a generated file, or None when it has none."""
    head = "\n".join(text.splitlines()[:3])
    match = _PATTERN.search(head)
    if match is None:
        return None
    return HeaderStamp(match["contract"], match["version"], match["sha"])


@dataclass(frozen=True)
class CopyStamp:
    scaffold_version: str
    source: (
        str  # the copied file in scaffold's source tree, e.g. scaffold/codegen/python/runtime_files/locale.py
    )


def copied_text(source: str) -> str:
    """The words of a copied runtime file's header (each language's folder wraps them in its comment)."""
    return _COPIED_TEXT.format(version=__version__, source=source)


def read_copy_stamp(text: str) -> CopyStamp | None:
    """The copy stamp in the first lines of a copied runtime file, or None when it has none."""
    head = "\n".join(text.splitlines()[:3])
    match = _COPIED_PATTERN.search(head)
    if match is None:
        return None
    return CopyStamp(match["version"], match["source"])
