"""A loaded, validated contract spec: the single input every generator reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class SpecDocument:
    """One contract version as data, with the identity generators stamp into their output.

    `sha256` is of the file's bytes, so a header or manifest can prove which exact text produced
    a generated file even when two files claim the same version. `raw` holds those bytes, so
    nothing downstream reads the (untrusted, possibly replaced) file a second time.
    """

    contract: str
    version: str
    release_label: str
    path: Path
    sha256: str
    data: Mapping[str, Any] = field(repr=False, compare=False)
    shipped: bool = False
    raw: bytes = field(default=b"", repr=False, compare=False)

    @property
    def title(self) -> str:
        return str(self.data.get("info", {}).get("title", self.contract))

    @property
    def short_sha(self) -> str:
        return self.sha256[:12]

    def identity(self) -> str:
        """How generated headers and messages name this spec, e.g. `datasource-plugin 1.2.0`."""
        return f"{self.contract} {self.version}"
