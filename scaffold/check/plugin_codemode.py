"""The Code-mode rule of POST /query/constructor-fields, tried with three data source configs.

The contract: Code mode is offered only when the data source configuration holds codeMode set to
the string "true" and a codeLang value; when codeLang is absent the Code option is hidden and the
mode returns to fields. The Code option is a queryType radio option whose value or label is
"Code" (case-insensitive); requests carry Accept-Language en-US so the label is not translated.
Offering Code is optional (a plugin may have no Code mode): for a plugin that never offers it the
check is a SKIP, "not applicable" (the README's meaning of SKIP: nothing in this service is subject
to the rule), and so are the two "hidden without" checks (nothing to hide). Offering it when the
rule forbids it is a FAIL.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scaffold.check.plugin_session import QUERY_FIELDS, PluginSession
from scaffold.check.plugin_values import JsonObject, as_fields, code_of, find_field, options_of

RULE = (
    "contract: What the service does (Code mode is offered only when the data source configuration "
    "contains codeMode set to the string true and a codeLang value; when codeLang is absent, the Code "
    "option is hidden and the mode returns to fields)"
)
QUERY_TYPE = "queryType"
NAMES = ("code-mode.offered", "code-mode.hidden-without-codeLang", "code-mode.hidden-without-codeMode")
HEADERS = {"Accept-Language": "en-US"}


def code_option(field: Mapping[str, Any] | None) -> JsonObject | None:
    if field is None:
        return None
    for option in options_of(field):
        if str(option.get("value", "")).lower() == "code" or str(option.get("label", "")).lower() == "code":
            return option
    return None


def _lang(s: PluginSession) -> str:
    configured = find_field(s.config, "codeLang")
    if configured is not None and isinstance(configured.get("value"), str) and configured["value"]:
        return str(configured["value"])
    form_field = find_field(s.datasource_form, "codeLang")
    if form_field is not None:
        options = options_of(form_field)
        if options:
            return str(options[0]["value"])
        if isinstance(form_field.get("value"), str) and form_field["value"]:
            return str(form_field["value"])
    return "sql"


def _config(s: PluginSession, *, code_mode: bool, code_lang: bool) -> list[JsonObject]:
    base = [dict(f) for f in s.config if code_of(f) not in ("codeMode", "codeLang")]
    if code_mode:
        original = find_field(s.config, "codeMode") or {}
        base.append({**original, "code": "codeMode", "value": "true"})
    if code_lang:
        original = find_field(s.config, "codeLang") or {}
        base.append({**original, "code": "codeLang", "value": _lang(s)})
    return base


def check_code_mode(s: PluginSession) -> None:
    names = NAMES
    if QUERY_FIELDS in s.broken:
        for name in names:
            s.report.skipped(name, "query-fields.new-form failed")
        return
    answers: dict[str, list[JsonObject]] = {}
    variants = {
        "both": _config(s, code_mode=True, code_lang=True),
        "no-lang": _config(s, code_mode=True, code_lang=False),
        "no-mode": _config(s, code_mode=False, code_lang=True),
    }
    for key, config in variants.items():
        exchange = s.post(QUERY_FIELDS, s.constructor_request([], config=config), headers=HEADERS)
        problems = s.problems(QUERY_FIELDS, exchange)
        if problems:
            for name in names:
                s.report.failed(name, f"config {key}: {'; '.join(problems)}", s.rule(QUERY_FIELDS))
            return
        answers[key] = as_fields(exchange.body)
    query_types = {key: find_field(fields, QUERY_TYPE) for key, fields in answers.items()}
    offered = code_option(query_types["both"])
    if all(field is None for field in query_types.values()):
        s.report.skipped(names[0], "not applicable: no queryType field, so no Code mode to offer", RULE)
    elif offered is None:
        s.report.skipped(
            names[0],
            'not applicable: queryType has no Code option even with codeMode "true" and codeLang',
            RULE,
        )
    elif query_types["both"] is not None and query_types["both"].get("type") != "radio":
        s.report.warned(
            names[0],
            f"Code offered, but queryType is a {query_types['both'].get('type')!r}, not a radio",
            RULE,
        )
    else:
        s.report.passed(
            names[0], f'codeMode "true" + codeLang {_lang(s)!r}: Code offered ({offered.get("value")!r})'
        )
    if offered is None and all(code_option(field) is None for field in query_types.values()):
        # Never offered in any config: nothing here is subject to "hidden without" (a SKIP, not a PASS).
        for name in names[1:]:
            s.report.skipped(
                name, "not applicable: the plugin offers no Code mode in any configuration", RULE
            )
        return
    _hidden_without_lang(s, names[1], query_types["no-lang"], offered)
    if code_option(query_types["no-mode"]) is not None:
        s.report.failed(names[2], "Code offered although the config has no codeMode", RULE)
    else:
        s.report.passed(names[2], "Code not offered without codeMode")


def _hidden_without_lang(
    s: PluginSession, name: str, query_type: Mapping[str, Any] | None, offered: JsonObject | None
) -> None:
    if code_option(query_type) is not None:
        s.report.failed(name, 'Code offered although codeMode "true" comes without codeLang', RULE)
        return
    # A user had switched to Code, then codeLang disappeared: the mode must return to fields.
    code_value = str(offered.get("value")) if offered is not None else "code"
    request = s.constructor_request(
        [{"key": QUERY_TYPE, "value": code_value}], config=_config(s, code_mode=True, code_lang=False)
    )
    exchange = s.post(QUERY_FIELDS, request, headers=HEADERS)
    problems = s.problems(QUERY_FIELDS, exchange)
    if problems:
        s.report.failed(
            name, f"queryType={code_value!r} without codeLang: {'; '.join(problems)}", s.rule(QUERY_FIELDS)
        )
        return
    answer = as_fields(exchange.body)
    field = find_field(answer, QUERY_TYPE)
    if code_option(field) is not None or (field is not None and field.get("value") == code_value):
        s.report.failed(name, f"queryType={code_value!r} without codeLang keeps Code mode", RULE)
        return
    s.report.passed(name, "Code hidden without codeLang; queryType=Code returns to fields")
