"""No source file under scaffold/ is over 500 lines (issue 39 point 9).

Found: the shared load cases of the secrets took secrets.test.ts to 572 lines and Go's
secretkeys_test.go to 571, and the published-key check secrets.ts to 513, with nothing to say so;
a module that long holds more than one concept (house style: 50-400 lines, one concept each).
Generated trees (tests/golden) and templates are not scaffold's source and are not counted.
"""

from __future__ import annotations

from tests.conftest import REPO

SOURCE_SUFFIXES = (".py", ".go", ".ts", ".tsx")
MOST_LINES = 500


def test_no_source_under_scaffold_is_over_500_lines() -> None:
    long = {
        str(path.relative_to(REPO)): count
        for path in sorted((REPO / "scaffold").rglob("*"))
        if path.suffix in SOURCE_SUFFIXES and path.is_file()
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES
    }
    assert long == {}, f"over {MOST_LINES} lines (split each by concept): {long}"
