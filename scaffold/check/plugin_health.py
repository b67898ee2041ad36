"""POST /datasource/health-check: success, secrets, and the two documented error answers.

The config is built from the plugin's own data source form (defaults, --config overrides, a
marker secret in password fields), so the checks hold for any plugin. A password must never come
back in plain text, and the encrypted config the plugin returns must be accepted again, because
the platform stores and resends only that form (contract, Endpoints rule 2).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from scaffold.check.plugin_session import HEALTH, PluginSession, has_message
from scaffold.check.plugin_values import JsonObject, as_fields, code_of, config_fields

RULE_SUCCESS = (
    "contract: Endpoints rule 2 (on success the response has status true and datasourceConfig "
    "carrying the fields with their values)"
)
RULE_ENCRYPTED = (
    "contract: Endpoints rule 2 (the plugin encrypts sensitive fields in this response; afterwards the "
    "values are used and returned only in encrypted form)"
)
RULE_400 = (
    "contract: Errors (400 on /datasource/health-check: request format is wrong, for example too few "
    "entries in DatasourceConfig.fields; body HealthCheckResponse with message)"
)
RULE_422 = (
    "contract: Errors (422 on /datasource/health-check: validation error, for example an empty required "
    "field; body HealthCheckResponse with message and validationErrors)"
)
HINT = "pass the values the plugin needs with --config CODE=VALUE"
NAMES = (
    "health-check.valid-config",
    "health-check.password-hidden",
    "health-check.encrypted-accepted",
    "health-check.too-few-fields",
    "health-check.empty-required-422",
)
NO_FORM = "datasource-fields.new-form failed, so the data source form's fields are unknown"


def check_health(s: PluginSession) -> None:
    plain = config_fields(s.datasource_form, s.options.config, s.secret)
    s.config = plain
    s.report.hide(_given_secrets(s))
    if s.datasource_form_unknown:
        # Every check here builds on the form: its fields, which are passwords, which are
        # required. Without it, only a config the user gave (--config) can still be tried.
        if s.options.config:
            _valid_config(s, plain)
        else:
            s.report.skipped(NAMES[0], f"{NO_FORM} and no config can be built ({HINT})")
        for name in NAMES[1:]:
            s.report.skipped(name, NO_FORM)
        return
    passwords = [
        str(f["value"])
        for f in plain
        if f.get("type") == "password" and isinstance(f.get("value"), str) and f["value"]
    ]
    returned = _valid_config(s, plain)
    _password_hidden(s, passwords, returned)
    _encrypted_accepted(s, passwords, returned)
    _too_few_fields(s, plain)
    _empty_required(s, plain)


def _given_secrets(s: PluginSession) -> list[str]:
    """The values the user gave (--config, --config-file, --config-env) that may be secret: those of
    the form's password fields, and those of codes the form does not describe (or of every code,
    when the form is unknown). A report, text or JSON, never shows them."""
    described = {code_of(f): f.get("type") for f in ([] if s.datasource_form_unknown else s.datasource_form)}
    return [
        value for code, value in s.options.config.items() if described.get(code, "password") == "password"
    ]


def _valid_config(s: PluginSession, plain: list[JsonObject]) -> list[JsonObject] | None:
    """Returns the datasourceConfig fields of a successful answer (None when it failed)."""
    name = NAMES[0]
    exchange = s.post(HEALTH, {"fields": plain})
    s.health_answers.append(exchange.text)
    problems = s.problems(HEALTH, exchange)
    if problems:
        if exchange.status == 422 and isinstance(exchange.body, dict):
            problems.append(f"validationErrors {exchange.body.get('validationErrors')!r}; {HINT}")
        s.report.failed(name, "; ".join(problems), s.rule(HEALTH))
        return None
    body: Mapping[str, Any] = exchange.body
    if body.get("status") is not True:
        s.report.failed(
            name, f"status {body.get('status')!r}, message {body.get('message')!r}; {HINT}", RULE_SUCCESS
        )
        return None
    config = body.get("datasourceConfig")
    fields = as_fields(config.get("fields")) if isinstance(config, dict) else []
    if not fields and plain:
        s.report.failed(name, "status true but no datasourceConfig.fields in the answer", RULE_SUCCESS)
        return None
    s.report.passed(name, f"status true: {body.get('message', '')!r}; {len(fields)} fields returned")
    s.config = fields
    return fields


def _password_hidden(s: PluginSession, passwords: list[str], returned: list[JsonObject] | None) -> None:
    name = NAMES[1]
    if not passwords:
        s.report.skipped(name, "not applicable: the data source form has no password field with a value")
        return
    if not s.health_answers or not s.health_answers[0]:
        s.report.skipped(name, "health-check.valid-config got no answer")
        return
    needles = {p for p in passwords} | {json.dumps(p)[1:-1] for p in passwords}
    if any(needle in s.health_answers[0] for needle in needles):
        s.report.failed(name, "the answer contains a password that was sent, in plain text", RULE_ENCRYPTED)
        return
    detail = "the sent password does not appear in the answer"
    if returned is not None:
        password_codes = {code_of(f) for f in s.datasource_form if f.get("type") == "password"}
        echoed = [f for f in returned if code_of(f) in password_codes]
        if echoed:
            detail += f"; {', '.join(code_of(f) for f in echoed)} returned in another (encrypted) form"
    s.report.passed(name, detail)


def _encrypted_accepted(s: PluginSession, passwords: list[str], returned: list[JsonObject] | None) -> None:
    name = NAMES[2]
    if not passwords:
        s.report.skipped(name, "not applicable: the data source form has no password field with a value")
        return
    if returned is None:
        s.report.skipped(name, "health-check.valid-config failed, so there is no returned config to resend")
        return
    exchange = s.post(HEALTH, {"fields": returned})
    problems = s.problems(HEALTH, exchange)
    if not problems and exchange.body.get("status") is not True:
        problems = [f"status {exchange.body.get('status')!r}, message {exchange.body.get('message')!r}"]
    if not problems and any(p in exchange.text for p in passwords):
        problems = ["the answer to the encrypted config contains the password in plain text"]
    if problems:
        s.report.failed(
            name, "resending the returned datasourceConfig: " + "; ".join(problems), RULE_ENCRYPTED
        )
    else:
        s.report.passed(name, "the returned (encrypted) datasourceConfig is accepted again with status true")


def _too_few_fields(s: PluginSession, plain: list[JsonObject]) -> None:
    """A config without one of its required fields (or none at all) is the contract's example of
    a 400 ("too few entries in DatasourceConfig.fields"); a 422 is a validation error, another rule."""
    name = NAMES[3]
    if not s.datasource_form:
        s.report.skipped(name, "not applicable: the data source form has no fields, so none can be too few")
        return
    required = [
        code_of(f) for f in s.datasource_form if f.get("required") is True and f.get("type") != "array"
    ]
    sent = [dict(f) for f in plain if code_of(f) != required[0]] if required else []
    what = f"the config without required field {required[0]!r}" if required else '{"fields": []}'
    exchange = s.post(HEALTH, {"fields": sent})
    if not required and exchange.status == 200 and exchange.is_json:
        invalid = s.problems(HEALTH, exchange)
        if invalid:
            s.report.failed(name, f"{what} answered 200: " + "; ".join(invalid), s.rule(HEALTH))
        else:
            s.report.passed(name, "no required field, so an empty config may be valid: answered 200")
        return
    problems = s.problems(HEALTH, exchange, 400)
    if exchange.status == 422 and exchange.failure is None:
        problems = ["answered 422, a validation error; too few entries is the contract's 400"]
    if not problems and not has_message(exchange.body):
        problems = ["the 400 body has no message"]
    if problems:
        s.report.failed(name, f"{what}: " + "; ".join(problems), RULE_400)
    else:
        s.report.passed(name, f"{what}: 400: {exchange.body.get('message')!r}")


def _empty_required(s: PluginSession, plain: list[JsonObject]) -> None:
    name = NAMES[4]
    candidates = [
        f
        for f in s.datasource_form
        if f.get("required") is True and f.get("type") not in ("array", "checkbox")
    ]
    candidates.sort(key=lambda f: f.get("type") == "password")
    if not candidates:
        s.report.skipped(name, "not applicable: the data source form has no required text field to empty")
        return
    code = code_of(candidates[0])
    emptied = [{**f, "value": ""} if code_of(f) == code else dict(f) for f in plain]
    exchange = s.post(HEALTH, {"fields": emptied})
    problems = s.problems(HEALTH, exchange, 422)
    if not problems:
        errors = exchange.body.get("validationErrors")
        if not has_message(exchange.body):
            problems.append("the 422 body has no message")
        if not isinstance(errors, dict) or code not in errors:
            problems.append(f"validationErrors {errors!r} does not name {code!r}")
    if problems:
        s.report.failed(name, f"required field {code!r} sent empty: " + "; ".join(problems), RULE_422)
    else:
        s.report.passed(
            name,
            f"{code!r} empty: 422, validationErrors[{code!r}] = {exchange.body['validationErrors'][code]!r}",
        )
