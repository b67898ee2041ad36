"""Texts of the module in every language it answers in (seeded once; yours to edit).

The languages listed here are the ones Accept-Language can choose (ru-RU when it names none of
them) and the ones the well-known title and description are given in. Add a language by adding a
key with the same entries.
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    "ru-RU": {
        "title": "Acme Map",
        "description": "Acme Map dashboard widget module",
        "demo_ok": "Модуль работает",
    },
    "en-US": {
        "title": "Acme Map",
        "description": "Acme Map dashboard widget module",
        "demo_ok": "The module is working",
    },
}
