# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/locale.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Choosing the response language from an Accept-Language header (RFC 9110 with q-values).

The contract: the platform sends Accept-Language (a locale such as ru-RU) on the endpoints that
return field metadata, and ru-RU applies when it is absent. A header may list several languages
with q-values; the best available catalogue wins, a bare language (`en`) matches a regional
catalogue (`en-US`), and an unknown or malformed header falls back to the default.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from .runtime_constants import ACCEPT_LANGUAGE_MAX_CHARS
from .runtime_constants import DEFAULT_LOCALE as DEFAULT_LOCALE

_RANGE = re.compile(r"^(?P<tag>[A-Za-z]{1,8}(?:-[A-Za-z0-9]{1,8})*|\*)(?:\s*;\s*q\s*=\s*(?P<q>[0-9.]+))?$")


def parse_accept_language(header: str | None) -> list[tuple[str, float]]:
    """Language ranges with their weights, best first; malformed items are skipped."""
    if not header:
        return []
    ranges: list[tuple[str, float, int]] = []
    for position, item in enumerate(header[:ACCEPT_LANGUAGE_MAX_CHARS].split(",")):
        match = _RANGE.match(item.strip())
        if match is None:
            continue
        try:
            weight = float(match["q"]) if match["q"] is not None else 1.0
        except ValueError:
            continue
        if not 0.0 < weight <= 1.0:
            continue
        ranges.append((match["tag"], weight, position))
    ranges.sort(key=lambda r: (-r[1], r[2]))
    return [(tag, weight) for tag, weight, _ in ranges]


@lru_cache(maxsize=1024)
def _choose(header: str, available: tuple[str, ...], default: str) -> str:
    by_lower = {locale.lower(): locale for locale in available}
    by_language: dict[str, str] = {}
    for locale in available:
        by_language.setdefault(locale.split("-")[0].lower(), locale)
    for tag, _weight in parse_accept_language(header):
        lowered = tag.lower()
        if lowered == "*":
            return default
        if lowered in by_lower:
            return by_lower[lowered]
        language = lowered.split("-")[0]
        if language in by_language:
            return by_language[language]
    return default


def choose_locale(header: str | None, available: Iterable[str], default: str = DEFAULT_LOCALE) -> str:
    """The locale to answer in: the best match of `header` among `available`, else `default`."""
    if not header:  # no Accept-Language: nothing to match
        return default
    return _choose(header, tuple(available), default)
