"""The Accept-Language choice that generated plugins and modules embed."""

from __future__ import annotations

import pytest

from scaffold.codegen.runtime_files.locale import choose_locale, parse_accept_language

AVAILABLE = ("ru-RU", "en-US")


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "ru-RU"),
        ("", "ru-RU"),
        ("en-US", "en-US"),
        ("EN-us", "en-US"),
        ("en", "en-US"),
        ("en-GB", "en-US"),
        ("ru-RU", "ru-RU"),
        ("fr-FR", "ru-RU"),
        ("xx-XX", "ru-RU"),
        ("fr-FR;q=0.9, en-US;q=0.8", "en-US"),
        ("ru-RU;q=0.5, en-US;q=0.9", "en-US"),
        ("en-US;q=0.5, ru-RU;q=0.5", "en-US"),
        ("en-US;q=0", "ru-RU"),
        ("*", "ru-RU"),
        ("en-US;q=abc, ru", "ru-RU"),
        (";;;,,,", "ru-RU"),
        ("\x00\u202e", "ru-RU"),
        ("en-US" + ",x" * 5000, "en-US"),
    ],
)
def test_choose_locale(header: str | None, expected: str) -> None:
    assert choose_locale(header, AVAILABLE) == expected


def test_parse_orders_by_weight_then_position() -> None:
    assert parse_accept_language("a;q=0.5, b, c;q=0.9") == [("b", 1.0), ("c", 0.9), ("a", 0.5)]
