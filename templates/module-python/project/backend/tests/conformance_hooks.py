"""What tests/test_conformance.py saw, per operation (Schemathesis hooks of the backend go here).

The module contract's requests need no preparation: the demo endpoint serves any body of either
documented shape, so the generated requests already reach its success path. When you add
operations whose requests need real data (an id that exists, a token), add a `map_case` hook in
`install` that rewrites schema-valid cases into requests your backend can serve, as the plugin
projects do for their data source configuration.

This file is yours.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from schemathesis import Case


@dataclass
class Conformance:
    # (operation, phase, mode, status class) -> answers that passed every check,
    # e.g. ("POST /api/v1/demo/status", "fuzzing", "positive", "2xx")
    seen: Counter[tuple[str, str, str, str]] = field(default_factory=Counter)

    def install(self, schema: Any) -> None:
        """Register this backend's hooks on `schema` (none needed yet)."""

    def record(self, case: Case[Any], status: int) -> None:
        meta = case.meta
        phase = meta.phase.name.value if meta else "explicit"
        mode = meta.generation.mode.value if meta else "positive"
        self.seen[(case.operation.label, phase, mode, f"{status // 100}xx")] += 1

    def unserved(self) -> list[str]:
        """Operations that answered no call with a 2xx."""
        served = {label for (label, _, _, status) in self.seen if status == "2xx"}
        return sorted({label for (label, _, _, _) in self.seen} - served)

    def write_report(self, path: str) -> None:
        """The counts as JSON lines (CONFORMANCE_REPORT=<file> asks for them)."""
        with open(path, "a", encoding="utf-8") as out:
            for (label, phase, mode, status), count in sorted(self.seen.items()):
                row = {"operation": label, "phase": phase, "mode": mode, "status": status}
                out.write(json.dumps({**row, "count": count}) + "\n")
