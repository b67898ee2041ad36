"""Text catalogues: one JSON file per language (`ru-RU.json`, `en-US.json`, ...) in a folder.

The contract localises field names, descriptions, placeholders, labels and option texts by
Accept-Language, ru-RU by default. Keeping the texts in per-language files (owned by the plugin
team, not generated) lets a team add a language by adding a file; a key missing from one
language falls back to the default language, then to the key itself, so a half-translated
catalogue never breaks an answer.

The generated glue has texts of its own (a body that is not JSON, an unknown path, a token that
does not decrypt, ...): `RUNTIME_TEXTS` holds them in the contract's default language and in
English, and `runtime_text` picks them by the call's locale, so no answer mixes languages even
before the plugin's own catalogue is involved. None of them quotes the request: a message says
what is wrong, the log says with what.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from .errors import ConfigurationError
from .locale import DEFAULT_LOCALE, choose_locale
from .runtime_texts import RUNTIME_TEXTS as RUNTIME_TEXTS

Translator = Callable[..., str]

RUNTIME_LOCALES: tuple[str, ...] = (DEFAULT_LOCALE, "en-US")


def runtime_text(locale: str, key: str, /, **params: Any) -> str:
    """A text of the generated glue in `locale` (its language, else ru-RU), formatted.

    `locale` is usually the call's RequestContext.locale, chosen among the plugin's own
    catalogues; a language the glue has no texts for (say de-DE) gets the contract's default.
    """
    texts = RUNTIME_TEXTS.get(locale) or RUNTIME_TEXTS[_runtime_locale(locale)]
    template = texts.get(key) or RUNTIME_TEXTS[DEFAULT_LOCALE].get(key, key)
    return template.format_map(_Params(params)) if params else template


def _runtime_locale(locale: str) -> str:
    return choose_locale(locale, RUNTIME_LOCALES, DEFAULT_LOCALE)


class Catalog:
    """Texts by locale and key; keys are dotted paths (`query.table.name`)."""

    def __init__(self, texts: Mapping[str, Mapping[str, str]], default: str = DEFAULT_LOCALE) -> None:
        self._texts = {locale: dict(entries) for locale, entries in texts.items()}
        self._texts.setdefault(default, {})
        self.default = default
        others = sorted(locale for locale in self._texts if locale != default)
        self.locales: tuple[str, ...] = (default, *others)

    @classmethod
    def load(cls, folder: Path, default: str = DEFAULT_LOCALE) -> Catalog:
        """Every `<locale>.json` in `folder`; nested objects are flattened to dotted keys."""
        texts: dict[str, dict[str, str]] = {}
        for path in sorted(folder.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as exc:
                raise ConfigurationError(f"the text catalogue {path} is not readable JSON ({exc})") from exc
            if not isinstance(data, dict):
                raise ConfigurationError(f"the text catalogue {path} must hold a JSON object of texts")
            texts[path.stem] = _flatten(data, path)
        return cls(texts, default)

    def choose(self, accept_language: str | None) -> str:
        """The locale to answer in for an Accept-Language header."""
        return choose_locale(accept_language, self.locales, self.default)

    def find(self, locale: str, key: str) -> str | None:
        """The text of `key` in `locale` or the default locale; None when neither has it."""
        found = self._texts.get(locale, {}).get(key)
        return found if found is not None else self._texts[self.default].get(key)

    def text(self, locale: str, key: str, /, **params: Any) -> str:
        """The text of `key` in `locale` (else the default locale, else the key), formatted."""
        template = self.find(locale, key)
        if template is None:
            template = key
        if not params:
            return template
        try:
            return template.format_map(_Params(params))
        except (ValueError, IndexError, AttributeError):  # a malformed text: show it unformatted
            return template

    def translator(self, locale: str) -> Translator:
        """`t(key, **params)` bound to one locale."""

        def translate(key: str, /, **params: Any) -> str:
            return self.text(locale, key, **params)

        return translate

    def all_texts(self, key: str) -> list[tuple[str, str]]:
        """(locale, text) for every locale that has `key`, default locale first."""
        return [(locale, self._texts[locale][key]) for locale in self.locales if key in self._texts[locale]]


class _Params(dict[str, Any]):
    """Format parameters that leave an unknown `{name}` in place instead of failing."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _flatten(data: Mapping[str, Any], path: Path, prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, path, f"{name}."))
        elif isinstance(value, str):
            flat[name] = value
        else:
            raise ConfigurationError(f"the text catalogue {path} has a non-text value at {name!r}")
    return flat
