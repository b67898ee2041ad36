"""The values the plugin checker sends, derived from the plugin's own field descriptions."""

from __future__ import annotations

import json
from typing import Any

from scaffold.check.plugin_values import (
    alternative_value,
    config_fields,
    default_value,
    filter_values,
    query_json,
    saved_values,
)

RADIO: dict[str, Any] = {
    "code": "queryType",
    "type": "radio",
    "value": "constructor",
    "isTrigger": True,
    "props": {
        "options": [{"label": "Constructor", "value": "constructor"}, {"label": "JSON", "value": "json"}]
    },
}
SELECT: dict[str, Any] = {
    "code": "table",
    "type": "select",
    "props": {"options": [{"label": "a", "value": "a"}, {"label": "b", "value": "b"}]},
}
NUMBER: dict[str, Any] = {
    "code": "limit",
    "type": "number",
    "value": "1000",
    "props": {"min": 1, "max": 100000},
}
CHECKBOX: dict[str, Any] = {"code": "codeMode", "type": "checkbox", "value": "true", "isTrigger": True}
ARRAY: dict[str, Any] = {
    "code": "filters",
    "type": "array",
    "props": {
        "fields": [
            {
                "code": "column",
                "type": "select",
                "isTrigger": True,
                "props": {"options": [{"label": "h", "value": "host"}]},
            },
            {"code": "value", "type": "text", "value": "x"},
        ]
    },
}
PASSWORD: dict[str, Any] = {"code": "password", "type": "password", "required": True}


def test_defaults() -> None:
    assert default_value(RADIO) == "constructor"
    assert default_value(SELECT) == "a", "first option when there is no value"
    assert default_value(CHECKBOX) == "true"
    assert default_value({"code": "c", "type": "checkbox"}) == "false"
    assert default_value({"code": "t", "type": "text"}) == ""


def test_alternatives_stay_within_the_field() -> None:
    assert alternative_value(RADIO) == "json"
    assert alternative_value(SELECT) == "b"
    assert alternative_value(CHECKBOX) == "false"
    assert alternative_value(NUMBER) == "1"
    assert (
        alternative_value({"code": "n", "type": "number", "value": "5", "props": {"min": 5, "max": 5}})
        is None
    )
    assert alternative_value({"code": "t", "type": "text", "value": "x"}) == "scaffold-check"
    assert alternative_value(PASSWORD) is None


def test_config_uses_overrides_and_marks_passwords() -> None:
    form = [NUMBER, CHECKBOX, PASSWORD, ARRAY, {"code": "host", "type": "text", "value": "db"}]
    config = config_fields(form, {"host": "db-02", "extra": "1"}, "SECRET")
    assert config == [
        {"code": "limit", "value": "1000", "type": "number"},
        {"code": "codeMode", "value": "true"},
        {"code": "password", "value": "SECRET", "type": "password"},
        {"code": "host", "value": "db-02", "type": "text"},
        {"code": "extra", "value": "1"},
    ]


def test_filter_of_trigger_fields_includes_nested_ones() -> None:
    fields = [RADIO, SELECT, CHECKBOX, ARRAY]
    assert filter_values(fields, only_triggers=True, values={"queryType": "json"}) == [
        {"key": "queryType", "value": "json"},
        {"key": "codeMode", "value": "true"},
        {"key": "column", "arrayIndex": 0, "value": "host"},
    ]
    assert len(filter_values(fields)) == 5


def test_saved_values_differ_from_defaults_except_triggers() -> None:
    values = saved_values([RADIO, SELECT, NUMBER, PASSWORD, ARRAY])
    assert values == {"queryType": "constructor", "table": "b", "limit": "1"}


def test_query_json_groups_array_fields() -> None:
    data = json.loads(query_json([RADIO, SELECT, ARRAY, PASSWORD]))
    assert data == {"queryType": "constructor", "table": "a", "filters": [{"column": "host", "value": "x"}]}
