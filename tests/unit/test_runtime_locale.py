"""The Accept-Language choice that generated plugins and modules embed, read from the shared cases.

scaffold/codegen/cases/locales.json is read by this runner, by Go's acceptlanguage/acceptlanguage_test.go
(tests/functional/test_plugin_go.py) and by TypeScript's locale.test.ts
(tests/functional/test_json_bodies_typescript.py): a case added there runs in three languages.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.locale import DEFAULT_LOCALE, choose_locale, parse_accept_language
from tests.conftest import REPO

CASES_FILE = REPO / "scaffold" / "codegen" / "cases" / "locales.json"
AVAILABLE = ["ru-RU", "en-US"]
KNOWN = {"choose": {"name", "header", "available", "chosen"}, "parse": {"name", "header", "ranges"}}
FILE: dict[str, Any] = json.loads(CASES_FILE.read_text(encoding="utf-8"))


def header_of(header: str | list[list[Any]]) -> str:
    """The case's header: a string, or [string, count] parts joined in order."""
    return header if isinstance(header, str) else "".join(part * count for part, count in header)


def test_the_cases_are_well_formed() -> None:
    assert set(FILE) == {"about", *KNOWN}, sorted(FILE)
    for kind, keys in KNOWN.items():
        names = [case["name"] for case in FILE[kind]]
        assert len(names) == len(set(names)), f"{kind}: a name twice"
        for case in FILE[kind]:
            assert set(case) <= keys, f"{case['name']}: keys this runner does not know: {set(case) - keys}"
            assert max(map(ord, header_of(case["header"])), default=0) <= 0xFF, (
                f"{case['name']}: not one byte each"
            )


@pytest.mark.parametrize("case", FILE["choose"], ids=[case["name"] for case in FILE["choose"]])
def test_choose_locale(case: dict[str, Any]) -> None:
    available = case.get("available", AVAILABLE)
    assert choose_locale(header_of(case["header"]), available, DEFAULT_LOCALE) == case["chosen"]


@pytest.mark.parametrize("case", FILE["parse"], ids=[case["name"] for case in FILE["parse"]])
def test_parse_accept_language(case: dict[str, Any]) -> None:
    expected = [(tag, float(weight)) for tag, weight in case["ranges"]]
    assert parse_accept_language(header_of(case["header"])) == expected


def test_no_header_at_all_is_the_default() -> None:
    """Python's own None (the header absent), which the other languages spell as an empty string."""
    assert choose_locale(None, AVAILABLE) == DEFAULT_LOCALE
