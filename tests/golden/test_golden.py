"""Generated output must match the committed golden trees byte for byte."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from tests.golden.producers import PRODUCERS, REFRESH_COMMAND, tree_files, tree_root


def _report(name: str, expected: dict[str, bytes], actual: dict[str, bytes]) -> str:
    lines = [f"generated output differs from tests/golden/trees/{name}:"]
    for path in sorted(set(expected) - set(actual)):
        lines.append(f"  missing from output: {path}")
    for path in sorted(set(actual) - set(expected)):
        lines.append(f"  new in output: {path}")
    for path in sorted(set(expected) & set(actual)):
        if expected[path] != actual[path]:
            diff = difflib.unified_diff(
                expected[path].decode(errors="replace").splitlines(),
                actual[path].decode(errors="replace").splitlines(),
                f"golden/{path}",
                f"output/{path}",
                lineterm="",
                n=1,
            )
            lines.extend(list(diff)[:40])
    lines.append(f"If the change is intended, refresh the golden trees with: {REFRESH_COMMAND}")
    return "\n".join(lines)


@pytest.mark.parametrize("name", sorted(PRODUCERS))
def test_golden_tree(name: str, tmp_path: Path) -> None:
    PRODUCERS[name](tmp_path)
    expected = tree_files(tree_root(name))
    actual = tree_files(tmp_path)
    assert expected, f"no golden tree for {name}; create it with: {REFRESH_COMMAND} {name}"
    if expected != actual:
        pytest.fail(_report(name, expected, actual), pytrace=False)
