"""PluginSecrets: which values of the plugin page are passwords, and every place they are masked."""

from __future__ import annotations

import json
from typing import Any

from scaffold.dev.plugin_secrets import MASK, MAX_REMEMBERED, PluginSecrets

FORM = [
    {"code": "url", "type": "text"},
    {"code": "token", "type": "password"},
    {
        "code": "headers",
        "type": "array",
        "props": {
            "fields": [{"code": "headerName", "type": "text"}, {"code": "headerSecret", "type": "password"}]
        },
    },
]


def context(fields: list[dict[str, Any]]) -> dict[str, Any]:
    return {"pluginContext": {"dataSourceInstanceSettings": {"fields": fields}}, "filter": {"fields": []}}


def test_a_saved_config_without_types_is_masked_by_the_codes_the_form_declared() -> None:
    secrets = PluginSecrets()
    secrets.learn_answer("getDatasourceConstructorFields", FORM)
    body = context(
        [{"code": "url", "value": "https://a.example"}, {"code": "token", "value": "enc:v1:abcdef"}]
    )
    secrets.learn_request(body)
    masked = secrets.mask(body)
    fields = masked["pluginContext"]["dataSourceInstanceSettings"]["fields"]
    assert fields == [{"code": "url", "value": "https://a.example"}, {"code": "token", "value": MASK}]
    assert (
        body["pluginContext"]["dataSourceInstanceSettings"]["fields"][1]["value"] == "enc:v1:abcdef"
    )  # a copy


def test_the_filter_and_passwords_nested_in_an_array_field_are_masked() -> None:
    secrets = PluginSecrets()
    secrets.learn_answer("getDatasourceConstructorFields", FORM)
    groups = json.dumps([{"headerName": "X-Key", "headerSecret": 'k"ey-value\\9'}])
    body = {
        "pluginContext": {"dataSourceInstanceSettings": {"fields": [{"code": "headers", "value": groups}]}},
        "filter": {"fields": [{"key": "token", "value": "typed-token"}, {"key": "url", "value": "u"}]},
    }
    secrets.learn_request(body)
    text = json.dumps(secrets.mask(body))
    assert "typed-token" not in text and "ey-value" not in text
    assert '{"key": "url", "value": "u"}' in text and "X-Key" in text


def test_an_echo_anywhere_in_an_answer_is_masked_plain_or_json_escaped_keys_included() -> None:
    secrets = PluginSecrets()
    secrets.learn_request({"fields": [{"code": "token", "value": 'pa"ss\u00e9word', "type": "password"}]})
    answer = {
        "message": 'login as admin/pa"ss\u00e9word failed',
        "raw": 'body {"token": "pa\\"ss\\u00e9word"}',
        'pa"ss\u00e9word': [[[{"deep": 'pa"ss\u00e9word'}]]],
    }
    assert secrets.echoed(answer)
    masked = secrets.mask(answer)
    assert masked == {
        "message": f"login as admin/{MASK} failed",
        "raw": f'body {{"token": "{MASK}"}}',
        MASK: [[[{"deep": MASK}]]],
    }


def test_a_short_password_is_masked_in_its_field_only() -> None:
    secrets = PluginSecrets()
    body = {
        "fields": [{"code": "token", "value": "ab", "type": "password"}, {"code": "note", "value": "abc"}]
    }
    secrets.learn_request(body)
    assert secrets.mask(body)["fields"] == [
        {"code": "token", "value": MASK, "type": "password"},
        {"code": "note", "value": "abc"},  # searching for "ab" everywhere would mangle the log
    ]
    assert not secrets.echoed({"message": "abc"})


def test_the_saved_config_names_the_fields_that_echoed_what_was_typed() -> None:
    secrets = PluginSecrets()
    secrets.learn_request({"fields": [{"code": "token", "value": "typed-token", "type": "password"}]})
    answer = {
        "status": True,
        "datasourceConfig": {
            "fields": [{"code": "token", "value": "typed-token"}, {"code": "url", "value": "https://a"}]
        },
    }
    fields, echoed = secrets.saved_config(answer)
    assert fields == [{"code": "token", "value": MASK}, {"code": "url", "value": "https://a"}]
    assert echoed == ["token"]
    assert secrets.mask(answer, saved_config=True)["datasourceConfig"]["fields"][0]["value"] == MASK
    assert secrets.saved_config({"status": True}) == (None, [])


def test_a_deep_answer_is_walked_without_recursion_and_the_remembered_secrets_are_bounded() -> None:
    secrets = PluginSecrets()
    for n in range(MAX_REMEMBERED + 10):
        secrets.learn_request({"fields": [{"code": "token", "value": f"secret-{n:04}", "type": "password"}]})
    deep: Any = "secret-0073 and secret-0000"
    for _ in range(50_000):
        deep = [deep]
    assert secrets.echoed(deep)
    masked = secrets.mask(deep)
    for _ in range(50_000):
        masked = masked[0]
    assert masked == f"{MASK} and secret-0000"  # the oldest secrets are forgotten first
