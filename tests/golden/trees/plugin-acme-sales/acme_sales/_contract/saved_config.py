# generated from datasource-plugin 1.2.0+r3 (sha256 f6d44f96e64be96f3b313d7519c2eddf791367d7f2438973637e95194322b9de) — do not edit; run `scaffold regenerate`
"""The configuration a health check answers as `datasourceConfig`: what the platform saves.

A successful health check answers the data source configuration the platform should save: every
field the request sent (the first of each code), then the form's default for each field it did not
send. A field keeps its type when datasource-plugin 1.2.0+r3 knows it: password fields must stay `password`,
because the routes encrypt their values in the answer and the platform saves them encrypted.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final

from .models import DatasourceConfig, DatasourceField

# The `type` values a DatasourceField may carry in datasource-plugin 1.2.0+r3.
DATASOURCE_FIELD_TYPES: Final = frozenset(
    {"file", "number", "password", "radio", "select", "text", "textarea"}
)


def saved_config(form: Iterable[Any], sent: Iterable[Any] | None) -> DatasourceConfig:
    """`sent` (the request's DatasourceField list), then `form`'s defaults (ConstructorField list).

    Both are read by attribute (`code`, `type`, `value`), so the models of the request and of your
    own form both serve.
    """
    fields = list(form)
    kinds = {str(field.code): _text(field.type) for field in fields}
    saved: list[DatasourceField] = []
    seen: set[str] = set()
    for item in sent or ():
        code = str(item.code)
        if code in seen:
            continue
        seen.add(code)
        saved.append(
            _field(code, _text(item.type) or kinds.get(code), _text(item.value) or "")
        )
    for field in fields:
        code = str(field.code)
        if code not in seen and field.value is not None:
            saved.append(_field(code, _text(field.type), _text(field.value)))
    return DatasourceConfig(fields=saved)


def _text(value: Any) -> str | None:
    """An enum member's value, a string as it is, None as None."""
    if value is None:
        return None
    return str(getattr(value, "value", value))


def _field(code: str, kind: str | None, value: str | None) -> DatasourceField:
    data: dict[str, Any] = {"code": code, "value": value or ""}
    if kind in DATASOURCE_FIELD_TYPES:
        data["type"] = kind
    return DatasourceField.model_validate(data)
