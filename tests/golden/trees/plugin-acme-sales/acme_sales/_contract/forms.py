# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/forms.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Reading the values a form sends, and checking a data source configuration against its form.

The contract describes forms as field lists (code, type, required, validationRule, options,
bounds) and sends values back as `{code, value}` (DatasourceField) or `{key, arrayIndex, value}`
(ConstructorFilterField, read by form_values.py). These helpers work on any objects with those
attribute names, so they serve the generated models without importing them.

`check_config` is what a health check needs for the contract's field validation, and
`require_valid_config` answers it with the contract's split (Errors): a required field absent from
the request (or no fields at all: `missing`) is "too few entries in DatasourceConfig.fields", a 400
whose message names the codes; a field that is present but empty, holds disallowed characters, or
breaks its validationRule, its bounds or its options (`errors`) is a validation error, a 422 whose
validationErrors name every field code. `ConfigCheck.field_errors` merges both for a plugin that
answers them its own way. Password values arrive decrypted (the routes decrypt them before a
data source method runs), so `config_values` reads them as the user typed them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .catalog import runtime_text
from .errors import PluginError
from .form_values import FilterValues as FilterValues
from .form_values import filter_values as filter_values

MAX_VALUE_CHARS = 4096
# C0/C1 controls and the invisible bidirectional overrides: never meaningful in a form value.
_DISALLOWED = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
_LINE_BREAKS = re.compile(r"[\n\r\t]")


@dataclass(frozen=True)
class FormMessages:
    """Message templates of `check_config`; pass localised ones from your catalogue.

    The defaults are English; `FormMessages.for_locale(context.locale)` gives the glue's own
    ru-RU or en-US texts, so a health check answers in the caller's language without a catalogue.
    """

    required: str = "The field is required and must not be empty"
    disallowed: str = "Disallowed characters: {chars}"
    too_long: str = "At most {max} characters"
    too_short: str = "At least {min} characters"
    rule: str = "The value does not match the expected format"
    number: str = "A whole number is expected"
    range: str = "A number from {min} to {max} is expected"
    option: str = "Choose one of: {options}"

    @classmethod
    def for_locale(cls, locale: str) -> FormMessages:
        """The glue's built-in texts in `locale` (its language, else ru-RU)."""
        return cls(**{name: runtime_text(locale, f"form.{_KEYS.get(name, name)}") for name in _FIELDS})


_FIELDS = ("required", "disallowed", "too_long", "too_short", "rule", "number", "range", "option")
_KEYS = {"too_long": "tooLong", "too_short": "tooShort"}


@dataclass
class ConfigCheck:
    """The outcome of checking sent values against a form."""

    values: dict[str, str] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.missing and not self.errors

    def field_errors(self, required: str) -> dict[str, str]:
        """Field code -> message for every problem; a missing required field gets `required`."""
        return {**{code: required for code in self.missing}, **self.errors}


def config_values(fields: Iterable[Any] | None) -> dict[str, str]:
    """code -> value of DatasourceConfig fields (the last one wins; missing values are "")."""
    values: dict[str, str] = {}
    for item in fields or ():
        code = getattr(item, "code", None)
        if isinstance(code, str):
            value = getattr(item, "value", None)
            values[code] = value if isinstance(value, str) else ""
    return values


def disallowed_characters(value: str, *, multiline: bool = False) -> str:
    """The disallowed characters in `value`, as readable escapes ("" when there are none)."""
    found = set(_DISALLOWED.findall(value))
    if not multiline:
        found |= set(_LINE_BREAKS.findall(value))
    return ", ".join(sorted(f"U+{ord(ch):04X}" for ch in found))


def check_config(
    form: Iterable[Any], fields: Iterable[Any] | None, messages: FormMessages | None = None
) -> ConfigCheck:
    """Check DatasourceConfig `fields` against the `form` (ConstructorField list) describing them."""
    texts = messages or FormMessages()
    sent = list(fields or ())
    result = ConfigCheck(values=config_values(sent))
    present = {getattr(item, "code", None) for item in sent}
    for spec in form:
        code = getattr(spec, "code", None)
        if not isinstance(code, str) or getattr(spec, "type", None) == "array":
            continue
        required = getattr(spec, "required", None) is True
        if code not in present:
            if required:
                result.missing.append(code)
            continue
        problem = _field_problem(spec, result.values.get(code, ""), required, texts)
        if problem:
            result.errors[code] = problem
    if not sent:  # no fields at all: every required field is missing (every field if none is)
        codes = [(getattr(s, "code", None), getattr(s, "required", None) is True) for s in form]
        needed = [c for c, is_required in codes if isinstance(c, str) and is_required]
        result.missing = needed or [c for c, _ in codes if isinstance(c, str)]
    return result


def require_valid_config(form: Iterable[Any], fields: Iterable[Any] | None, locale: str) -> dict[str, str]:
    """The config's values by code when `fields` pass the `form`; else the contract's error split.

    Raises PluginError 400 (message in `locale` naming the missing codes) when a required field
    has no entry, else PluginError 422 with validationErrors when a field is empty or invalid.
    """
    check = check_config(form, fields, FormMessages.for_locale(locale))
    if check.missing:
        raise PluginError(runtime_text(locale, "form.missing", codes=", ".join(check.missing)), status=400)
    if check.errors:
        message = runtime_text(locale, "form.invalid", count=len(check.errors))
        raise PluginError(message, validation_errors=check.errors)
    return check.values


def _field_problem(spec: Any, value: str, required: bool, texts: FormMessages) -> str | None:
    kind = getattr(spec, "type", None)
    if value.strip() == "":
        return texts.required if required else None
    bad = disallowed_characters(value, multiline=kind == "textarea")
    if bad:
        return texts.disallowed.format(chars=bad)
    props = getattr(spec, "props", None)
    limit = _first_int(getattr(spec, "max_length", None), MAX_VALUE_CHARS)
    if len(value) > min(limit, MAX_VALUE_CHARS):
        return texts.too_long.format(max=min(limit, MAX_VALUE_CHARS))
    minimum_length = getattr(spec, "min_length", None)
    if isinstance(minimum_length, int) and len(value) < minimum_length:
        return texts.too_short.format(min=minimum_length)
    if kind == "password" or kind == "file":
        return None
    if kind == "number":
        return _number_problem(spec, props, value, texts)
    values = (getattr(o, "value", None) for o in (getattr(props, "options", None) or ()))
    options = [value for value in values if isinstance(value, str)]
    handwriting = getattr(props, "allow_handwriting", False)
    if kind in ("select", "radio") and options and not handwriting and value not in options:
        return texts.option.format(options=", ".join(options))
    rule = getattr(spec, "validation_rule", None)
    if isinstance(rule, str) and rule and not _matches(rule, value):
        message = getattr(spec, "validation_message", None)
        return message if isinstance(message, str) and message else texts.rule
    return None


def _number_problem(spec: Any, props: Any, value: str, texts: FormMessages) -> str | None:
    low = _first_int(getattr(props, "min", None), getattr(spec, "min", None))
    high = _first_int(getattr(props, "max", None), getattr(spec, "max", None))
    text = value.strip()
    if not re.fullmatch(r"[+-]?[0-9]{1,18}", text):
        return texts.number
    number = int(text)
    if (low is not None and number < low) or (high is not None and number > high):
        return texts.range.format(min="-∞" if low is None else low, max="∞" if high is None else high)
    return None


def _first_int(*candidates: Any) -> Any:
    return next((c for c in candidates if isinstance(c, int) and not isinstance(c, bool)), None)


@lru_cache(maxsize=256)
def _compiled(rule: str) -> re.Pattern[str] | None:
    try:
        return re.compile(rule)
    except re.error:
        return None


def _matches(rule: str, value: str) -> bool:
    """Whether `value` matches the form's own `rule` (an invalid rule accepts everything)."""
    pattern = _compiled(rule)
    return pattern is None or pattern.search(value) is not None
