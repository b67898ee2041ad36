# generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
"""Constructor fields and option lists labelled from the plugin's own text catalogue.

The contract localises a field's name, description, placeholder and validation message, and the
labels of its options, by the caller's locale. A form built with `FormTexts(catalog,
context.locale)` takes them from the catalogue by key: `<prefix>.<code>.name` and so on, so a
form's code says only what is not text (type, value, size, props). The TypeScript and Go
runtimes build alike (scaffold/codegen/cases/form_values.json holds all three to it).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .catalog import Catalog
from .models import ConstructorField, ConstructorFieldPropOption

# The optional texts of a field, each read from `<prefix>.<code>.<key>` when the catalogue has it.
FIELD_TEXT_KEYS = ("description", "placeholder", "validationMessage")


class FormTexts:
    """The catalogue's texts in one locale, and the fields and options labelled by them."""

    def __init__(self, catalog: Catalog, locale: str) -> None:
        self.catalog = catalog
        self.locale = locale

    def t(self, key: str, /, **params: Any) -> str:
        """The text of `key` (else the default locale's, else the key), its {name}s filled."""
        return self.catalog.text(self.locale, key, **params)

    def find(self, key: str) -> str | None:
        """The text of `key`, None when the catalogue has none (for optional texts)."""
        return self.catalog.find(self.locale, key)

    def field(
        self, prefix: str, code: str, kind: str, /, **extra: Any
    ) -> ConstructorField:
        """A ConstructorField named by `<prefix>.<code>.name` (the key itself when missing), with
        the description, placeholder and validationMessage the catalogue has for it.

        `extra` sets any other property by its wire or Python name (`isTrigger=True`,
        `props=...`); None leaves it unset.
        """
        values: dict[str, Any] = {
            "code": code,
            "type": kind,
            "name": self.t(f"{prefix}.{code}.name"),
        }
        for key in FIELD_TEXT_KEYS:
            found = self.find(f"{prefix}.{code}.{key}")
            if found is not None:
                values[key] = found
        values.update({key: value for key, value in extra.items() if value is not None})
        return ConstructorField.model_validate(values)

    def options(
        self, key_prefix: str, values: Iterable[str]
    ) -> list[ConstructorFieldPropOption]:
        """One option per value, labelled by `<key_prefix>.<value>` (the value itself when the
        catalogue has no such text, or `key_prefix` is "")."""
        return [
            ConstructorFieldPropOption(
                label=self._label(key_prefix, value), value=value
            )
            for value in values
        ]

    def _label(self, key_prefix: str, value: str) -> str:
        found = self.find(f"{key_prefix}.{value}") if key_prefix else None
        return value if found is None else found
