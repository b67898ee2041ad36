"""Reading a file of the cases every runtime reads (scaffold/codegen/cases/*.json) in pytest.

The vitest runners share shared-cases.ts and the go test runners sharedcases_test.go for the same
two things: the file's cases, and a failure on a key this runner does not know or a name given
twice (a runner that skipped a key would pass without deciding what the key says).
"""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import REPO

CASES = REPO / "scaffold" / "codegen" / "cases"


def read_cases(name: str) -> list[dict[str, Any]]:
    """The cases of scaffold/codegen/cases/`name`."""
    cases: list[dict[str, Any]] = json.loads((CASES / name).read_text(encoding="utf-8"))["cases"]
    return cases


def assert_known_keys(cases: list[dict[str, Any]], known: set[str], name: str) -> None:
    """Every case uses only `known` keys and has a name of its own."""
    assert cases, f"{name} holds no cases"
    unknown = {case["name"]: sorted(set(case) - known) for case in cases if set(case) - known}
    assert not unknown, f"keys this runner does not know: {unknown}"
    names = [case["name"] for case in cases]
    assert len(names) == len(set(names)), "case names must be unique"
