"""Accept-Language on the three constructor endpoints: default, localisation, q-values, unknown.

Decisions where the contract is brief (it says only: localise texts by Accept-Language, default
ru-RU when absent), recorded here and in each result's rule:
- no header and `ru-RU` must give the same answer (FAIL otherwise: the contract's default);
- `en-US` identical to `ru-RU` is a WARN (texts not localised; a one-language plugin is possible),
  but a different set of field codes or values is a FAIL: localisation changes texts only;
- `fr-FR;q=0.5, en-US;q=0.9` prefers en-US (RFC 9110 q-values). The en-US answer PASSes; the
  ru-RU answer is a WARN (q-values ignored, the plugin fell back to its default); any third
  answer FAILs, because the plugin chose a language the header ranks below en-US;
- an unknown locale `xx-XX` must give the ru-RU answer (FAIL otherwise): an unsupported
  language is treated like an absent header, whose default the contract fixes.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scaffold.check.plugin_session import CONSTRUCTORS, DATASOURCE_FIELDS, PluginSession
from scaffold.check.plugin_values import JsonObject, as_fields, code_of, nested_fields, options_of

RULE_DEFAULT = "contract: What the service does / Localization (Accept-Language; default when absent: ru-RU)"
RULE_LOCALISE = (
    "contract: What the service does / Localization (the plugin uses Accept-Language to localize name, "
    "description, placeholder, label and similar texts)"
)
RULE_Q = f"{RULE_LOCALISE}; q-values per RFC 9110: 'fr-FR;q=0.5, en-US;q=0.9' prefers en-US"
RULE_UNKNOWN = f"{RULE_DEFAULT}; an unsupported locale is treated as absent"

HEADERS: dict[str, str | None] = {
    "none": None,
    "ru-RU": "ru-RU",
    "en-US": "en-US",
    "q-values": "fr-FR;q=0.5, en-US;q=0.9",
    "unknown": "xx-XX",
}


def locale_names(s: PluginSession, operation_id: str) -> list[str]:
    """The four locale checks of one constructor endpoint, in the order they are reported."""
    prefix = f"locale.{s.label(operation_id)}"
    return [f"{prefix}.default", f"{prefix}.en-US", f"{prefix}.q-values", f"{prefix}.unknown-locale"]


def check_locales(s: PluginSession) -> None:
    for operation_id in CONSTRUCTORS:
        _check_endpoint(s, operation_id)


def _check_endpoint(s: PluginSession, operation_id: str) -> None:
    names = locale_names(s, operation_id)
    if operation_id in s.broken:
        for name in names:
            s.report.skipped(name, f"{s.label(operation_id)}.new-form failed")
        return
    config: list[JsonObject] = [] if operation_id == DATASOURCE_FIELDS else s.config
    request = s.constructor_request([], config=config)
    answers: dict[str, Any] = {}
    for key, header in HEADERS.items():
        exchange = s.post(operation_id, request, headers={"Accept-Language": header} if header else None)
        problems = s.problems(operation_id, exchange)
        if problems:
            shown = header or "no Accept-Language"
            for name in names:
                s.report.failed(name, f"{shown}: {'; '.join(problems)}", s.rule(operation_id))
            return
        answers[key] = exchange.body
    ru, en = answers["ru-RU"], answers["en-US"]
    if answers["none"] == ru:
        s.report.passed(names[0], "no header and ru-RU give the same answer")
    else:
        s.report.failed(
            names[0], f"no header differs from ru-RU: {_difference(answers['none'], ru)}", RULE_DEFAULT
        )
    if _skeleton(en) != _skeleton(ru):
        s.report.failed(names[1], "en-US changes field codes, types or values, not only texts", RULE_LOCALISE)
    elif en == ru and not as_fields(en):
        s.report.skipped(
            names[1], "not applicable: the form has no fields, so no text to localise", RULE_LOCALISE
        )
    elif en == ru:
        s.report.warned(
            names[1], "en-US and ru-RU answers are identical: texts are not localised", RULE_LOCALISE
        )
    else:
        s.report.passed(names[1], f"localised: {_difference(en, ru)}")
    q = answers["q-values"]
    if q == en:
        s.report.passed(names[2], "answered in en-US, the highest-ranked language")
    elif q == ru:
        s.report.warned(names[2], "answered with the ru-RU default: q-values ignored", RULE_Q)
    else:
        s.report.failed(names[2], f"answer matches neither en-US nor ru-RU: {_difference(q, en)}", RULE_Q)
    if answers["unknown"] == ru:
        s.report.passed(names[3], "xx-XX falls back to ru-RU")
    else:
        s.report.failed(
            names[3], f"xx-XX differs from ru-RU: {_difference(answers['unknown'], ru)}", RULE_UNKNOWN
        )


def _skeleton(answer: Any) -> list[Any]:
    """What localisation must not change: codes, types, values and option values, recursively."""
    return [_field_skeleton(f) for f in as_fields(answer)]


def _field_skeleton(field: Mapping[str, Any]) -> tuple[Any, ...]:
    return (
        code_of(field),
        field.get("type"),
        field.get("value"),
        tuple(o.get("value") for o in options_of(field)),
        tuple(_field_skeleton(child) for child in nested_fields(field)),
    )


def _difference(left: Any, right: Any) -> str:
    """The first text that differs, for the report detail."""
    left_fields, right_fields = as_fields(left), as_fields(right)
    for a, b in zip(left_fields, right_fields, strict=False):
        for key in ("name", "description", "placeholder"):
            if a.get(key) != b.get(key):
                return f"{code_of(a)}.{key} {a.get(key)!r} vs {b.get(key)!r}"
        for oa, ob in zip(options_of(a), options_of(b), strict=False):
            if oa.get("label") != ob.get("label"):
                return f"{code_of(a)} option {oa.get('label')!r} vs {ob.get('label')!r}"
    if len(left_fields) != len(right_fields):
        return f"{len(left_fields)} fields vs {len(right_fields)}"
    return "the answers differ"
