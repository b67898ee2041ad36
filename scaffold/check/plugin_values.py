"""Values the checker sends, derived from the fields a plugin itself describes.

A checker that works for any plugin cannot know its forms; it fills them the way a user of the
platform would: defaults first (`value`, else the first option), overrides from the command line,
a marker secret in password fields so a leak can be recognised, and a different choice of a
trigger field to exercise the re-request flow. Everything here is pure data in, data out.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

JsonObject = dict[str, Any]

# DatasourceField.type allows fewer types than ConstructorField.type (no checkbox, no array).
DATASOURCE_FIELD_TYPES = frozenset({"number", "password", "text", "textarea", "file", "select", "radio"})
CHECK_TEXT = "scaffold-check"


def marker_secret() -> str:
    """A password no plugin could produce by chance, so finding it in an answer proves a leak."""
    return f"scaffold-secret-{secrets.token_hex(8)}"


def as_fields(value: Any) -> list[JsonObject]:
    """The field objects of an answer; anything that is not an object is dropped."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, dict) and isinstance(item.get("code"), str)]


def code_of(field: Mapping[str, Any]) -> str:
    return str(field.get("code", ""))


def props_of(field: Mapping[str, Any]) -> Mapping[str, Any]:
    props = field.get("props")
    return props if isinstance(props, dict) else {}


def options_of(field: Mapping[str, Any]) -> list[JsonObject]:
    """props.options (ConstructorField) or options (DatasourceField), as label/value objects."""
    raw = props_of(field).get("options", field.get("options"))
    if not isinstance(raw, list):
        return []
    return [o for o in raw if isinstance(o, dict) and isinstance(o.get("value"), str)]


def nested_fields(field: Mapping[str, Any]) -> list[JsonObject]:
    return as_fields(props_of(field).get("fields"))


def is_trigger(field: Mapping[str, Any]) -> bool:
    return field.get("isTrigger") is True


def find_field(fields: Iterable[Mapping[str, Any]], code: str) -> Mapping[str, Any] | None:
    return next((f for f in fields if code_of(f) == code), None)


def default_value(field: Mapping[str, Any]) -> str:
    """What a user who accepts every default would send: `value`, else the first option."""
    value = field.get("value")
    if isinstance(value, str) and value != "":
        return value
    options = options_of(field)
    if options:
        return str(options[0]["value"])
    if field.get("type") == "checkbox":
        return "false"
    return value if isinstance(value, str) else ""


def alternative_value(field: Mapping[str, Any]) -> str | None:
    """A value different from the default that the field itself allows, or None if there is none."""
    current = default_value(field)
    kind = field.get("type")
    for option in options_of(field):
        if option["value"] != current:
            return str(option["value"])
    if kind == "checkbox":
        return "false" if current == "true" else "true"
    if kind == "number":
        props = props_of(field)
        low = props.get("min", field.get("min"))
        high = props.get("max", field.get("max"))
        for candidate in (low, high, 7, 1, 0):
            if not isinstance(candidate, int) or str(candidate) == current:
                continue
            if (not isinstance(low, int) or candidate >= low) and (
                not isinstance(high, int) or candidate <= high
            ):
                return str(candidate)
        return None
    if kind in ("text", "textarea", None) and not options_of(field):
        return CHECK_TEXT if current != CHECK_TEXT else f"{CHECK_TEXT}-2"
    return None


def config_fields(
    form: Iterable[Mapping[str, Any]], overrides: Mapping[str, str], secret: str
) -> list[JsonObject]:
    """A DatasourceConfig.fields list built from the data source form, as the platform sends it.

    Password fields get the override or the marker `secret`; fields the form does not describe
    but the user passed with --config are appended, so a plugin can be given any value it needs.
    """
    result: list[JsonObject] = []
    seen: set[str] = set()
    for field in form:
        code = code_of(field)
        kind = field.get("type")
        if not code or kind == "array" or code in seen:
            continue
        seen.add(code)
        if code in overrides:
            value = overrides[code]
        elif kind == "password":
            value = secret
        else:
            value = default_value(field)
        entry: JsonObject = {"code": code, "value": value}
        if isinstance(kind, str) and kind in DATASOURCE_FIELD_TYPES:
            entry["type"] = kind
        result.append(entry)
    for code, value in overrides.items():
        if code not in seen:
            result.append({"code": code, "value": value})
    return result


def filter_values(
    fields: Iterable[Mapping[str, Any]],
    *,
    only_triggers: bool = False,
    values: Mapping[str, str] | None = None,
) -> list[JsonObject]:
    """ConstructorFilter.fields: {key, value}, nested array fields with arrayIndex 0.

    `values` replaces the default of the named fields (a changed trigger, a saved value).
    """
    chosen = values or {}
    result: list[JsonObject] = []
    for field in fields:
        code = code_of(field)
        if field.get("type") == "array":
            for child in nested_fields(field):
                if only_triggers and not is_trigger(child):
                    continue
                child_code = code_of(child)
                result.append(
                    {
                        "key": child_code,
                        "arrayIndex": 0,
                        "value": chosen.get(child_code, default_value(child)),
                    }
                )
            continue
        if only_triggers and not is_trigger(field):
            continue
        result.append({"key": code, "value": chosen.get(code, default_value(field))})
    return result


def saved_values(fields: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """Values a saved form would hold: non-default where the field allows it, triggers untouched.

    Triggers keep their defaults so the answer describes the same set of fields; every other
    field gets a value different from its default, so echoing it back is distinguishable from
    returning defaults.
    """
    result: dict[str, str] = {}
    for field in fields:
        if field.get("type") in ("array", "password", "file"):
            continue
        code = code_of(field)
        if is_trigger(field):
            result[code] = default_value(field)
            continue
        alternative = alternative_value(field)
        result[code] = alternative if alternative is not None else default_value(field)
    return result


def query_json(fields: Iterable[Mapping[str, Any]]) -> str:
    """DataQuery.json / VariablesRequest.json: a JSON object of field code to value.

    An array field becomes a list holding one group object, as one filter row of the accordion.
    """
    data: JsonObject = {}
    for field in fields:
        code = code_of(field)
        if field.get("type") == "array":
            group = {code_of(child): default_value(child) for child in nested_fields(field)}
            data[code] = [group] if group else []
        elif field.get("type") not in ("password", "file"):
            data[code] = default_value(field)
    return json.dumps(data, ensure_ascii=False)


def codes(fields: Iterable[Mapping[str, Any]]) -> list[str]:
    return [code_of(f) for f in fields]
