"""The platform's typical calls: metadata, the constructor flow, get-result and variable values.

These are the calls every platform page makes; each answer is validated against the spec schema
for its operation and status, and the flow rules (empty filter first, trigger re-requests with
the values of all trigger fields, saved values) are exercised as the contract describes them.
"""

from __future__ import annotations

import re
import time
from collections.abc import Mapping, Sequence
from typing import Any

from scaffold.check.plugin_session import (
    GET_RESULT,
    QUERY_FIELDS,
    VARIABLE_FIELDS,
    VARIABLE_VALUES,
    WELL_KNOWN,
    PluginSession,
    has_message,
)
from scaffold.check.plugin_values import (
    JsonObject,
    alternative_value,
    as_fields,
    code_of,
    codes,
    filter_values,
    find_field,
    is_trigger,
    query_json,
    saved_values,
)
from scaffold.host import plugin_requests

_TIMESTAMP_KEY = re.compile(r"^\d{9,13}$")
_MAX_TRIGGERS = 8
FLOW_NEW = "contract: Constructor flow 1 (a form created from scratch sends filter.fields [])"
FLOW_TRIGGER = (
    "contract: Constructor flow 2-3 (a trigger change re-requests with the values of all trigger fields; "
    "the answer carries the updated set of fields)"
)
FLOW_SAVED = (
    "contract: Constructor flow 1 (a saved form sends the values of all fields); returning them as "
    "ConstructorField.value, the value preset in the UI, is implied but not stated, hence a WARN"
)
METADATA_READ = "contract: Endpoints rule 1 (the platform reads name, version, title, description)"


WELL_KNOWN_NAME = "well-known"
GET_RESULT_NAMES = ("get-result.queries", "get-result.refids", "get-result.value-contracts")
NO_QUERIES_NAME = "get-result.no-queries-400"
VARIABLE_VALUES_NAME = "variable-values"
FLOW_STEPS = ("new-form", "trigger", "saved-form")


def flow_names(s: PluginSession, operation_id: str) -> list[str]:
    """The checks of one constructor flow (`constructor_flow`), in the order they run."""
    return [f"{s.label(operation_id)}.{step}" for step in FLOW_STEPS]


def check_well_known(s: PluginSession) -> str | None:
    """GET /well-known, the first call; returns why nothing else can run, or None to go on.

    Without an answer that is at least a JSON object (no answer, not HTTP, not 200, not JSON, not
    an object), this is most likely not a plugin at this URL, and every further call would only
    wait for the same nothing. A metadata object that breaks the schema is a FAIL, but the plugin
    is there, so the run goes on.
    """
    name = WELL_KNOWN_NAME
    exchange = s.client.get(s.url(WELL_KNOWN))
    unusable = exchange.not_a_json_object()
    if unusable is not None:
        s.report.failed(name, f"{unusable} ({exchange.url})", s.rule(WELL_KNOWN))
        return f"well-known got no usable answer, so no other call was made (is a plugin running at {s.base_url}?)"
    problems = s.problems(WELL_KNOWN, exchange)
    if problems:
        s.report.failed(name, "; ".join(problems), s.rule(WELL_KNOWN))
        return None
    body: Mapping[str, Any] = exchange.body
    missing = [key for key in ("name", "version", "title", "description") if not body.get(key)]
    if missing:
        s.report.failed(name, f"missing or empty: {', '.join(missing)}", METADATA_READ)
        return None
    base = body.get("baseUrl")
    if isinstance(base, str) and not base.rstrip("/").endswith("/api/v1"):
        s.report.warned(
            name,
            f"baseUrl {base!r} does not end with /api/v1",
            "contract: PluginMetadata.baseUrl includes /api/v1",
        )
        return None
    s.report.passed(name, f"{body.get('name')} {body.get('version')}")
    return None


def new_form(s: PluginSession, operation_id: str, config: list[JsonObject]) -> list[JsonObject] | None:
    """The first request of a form created from scratch; returns the described fields."""
    name = f"{s.label(operation_id)}.new-form"
    exchange = s.post(operation_id, s.constructor_request([], config=config))
    problems = s.problems(operation_id, exchange)
    if problems:
        s.report.failed(name, "; ".join(problems), f"{s.rule(operation_id)}; {FLOW_NEW}")
        s.broken.add(operation_id)
        # Later checks still need some fields (the config is built from the data source form).
        s.fallback_forms[operation_id] = as_fields(exchange.body) if exchange.is_json else []
        return None
    fields = as_fields(exchange.body)
    triggers = [code_of(f) for f in fields if is_trigger(f)]
    detail = f"{len(fields)} fields ({', '.join(codes(fields)) or 'none'})"
    if triggers:
        detail += f"; triggers: {', '.join(triggers)}"
    s.report.passed(name, detail)
    s.forms[operation_id] = fields
    return fields


def trigger_flow(
    s: PluginSession, operation_id: str, fields: list[JsonObject], config: list[JsonObject]
) -> None:
    """Change each trigger field in turn and re-request with the values of all trigger fields."""
    name = f"{s.label(operation_id)}.trigger"
    triggers = [f for f in fields if is_trigger(f)][:_MAX_TRIGGERS]
    if not triggers:
        s.report.skipped(name, "not applicable: the form has no trigger fields (isTrigger)")
        return
    notes: list[str] = []
    problems: list[str] = []
    sent = 0
    for trigger in triggers:
        code = code_of(trigger)
        other = alternative_value(trigger)
        if other is None:
            notes.append(f"{code}: no other value to choose")
            continue
        request = s.constructor_request(
            filter_values(fields, only_triggers=True, values={code: other}), config=config
        )
        exchange = s.post(operation_id, request)
        sent += 1
        errors = s.problems(operation_id, exchange)
        if errors:
            problems.append(f"{code}={other!r}: {'; '.join(errors)}")
            continue
        answer = as_fields(exchange.body)
        if codes(answer) != codes(fields):
            notes.append(f"{code}={other!r}: fields now {', '.join(codes(answer)) or 'none'}")
        else:
            notes.append(f"{code}={other!r}: same fields{'' if answer == fields else ', changed content'}")
    if problems:
        s.report.failed(name, "; ".join(problems), f"{s.rule(operation_id)}; {FLOW_TRIGGER}")
    elif not sent:
        s.report.skipped(name, "not applicable: no trigger field offers another value; " + "; ".join(notes))
    else:
        s.report.passed(name, "; ".join(notes))


def saved_form(
    s: PluginSession, operation_id: str, fields: list[JsonObject], config: list[JsonObject]
) -> None:
    """Open the form 'with a saved configuration': send the values of all fields."""
    name = f"{s.label(operation_id)}.saved-form"
    values = saved_values(fields)
    exchange = s.post(
        operation_id, s.constructor_request(filter_values(fields, values=values), config=config)
    )
    problems = s.problems(operation_id, exchange)
    if problems:
        s.report.failed(name, "; ".join(problems), f"{s.rule(operation_id)}; {FLOW_SAVED}")
        return
    answer = as_fields(exchange.body)
    ignored = []
    for code, value in values.items():
        field = find_field(answer, code)
        if field is not None and field.get("value") != value:
            ignored.append(f"{code} (sent {value!r}, got {field.get('value')!r})")
    if ignored:
        s.report.warned(name, f"sent values not returned as value: {', '.join(ignored)}", FLOW_SAVED)
    else:
        s.report.passed(name, f"{len(values)} saved values sent; each field still present returns its value")


def constructor_flow(s: PluginSession, operation_id: str, config: list[JsonObject]) -> None:
    fields = s.forms.get(operation_id)
    if fields is None and operation_id not in s.broken:
        fields = new_form(s, operation_id, config)
    if fields is None:
        for step in ("trigger", "saved-form"):
            s.report.skipped(f"{s.label(operation_id)}.{step}", f"{s.label(operation_id)}.new-form failed")
        return
    trigger_flow(s, operation_id, fields, config)
    saved_form(s, operation_id, fields, config)


def query_texts(s: PluginSession) -> list[str] | None:
    """DataQuery.json texts: --query values, else built from the query form; None when impossible."""
    given = list(s.options.queries)
    if len(given) == 1:
        return [given[0], given[0]]
    if given:
        return given
    fields = s.forms.get(QUERY_FIELDS)
    if fields is None:
        return None
    text = query_json(fields)
    return [text, text]


def check_get_result(s: PluginSession) -> None:
    names = GET_RESULT_NAMES
    texts = query_texts(s)
    if texts is None:
        for name in names:
            s.report.skipped(
                name, "query-fields.new-form failed, so no query can be built (pass --query JSON)"
            )
    else:
        _get_result(s, texts, names)
    _no_queries(s)


def _get_result(s: PluginSession, texts: list[str], names: tuple[str, str, str]) -> None:
    now = int(time.time())
    refs = plugin_requests.ref_ids(len(texts))
    queries = [
        plugin_requests.data_query(
            ref, time_from=now - 86400, time_to=now, max_data_points=100, json_text=text, code=None
        )
        for ref, text in zip(refs, texts, strict=True)
    ]
    body = plugin_requests.query_data_request(s.config, queries)
    exchange = s.post(GET_RESULT, body)
    problems = s.problems(GET_RESULT, exchange)
    answer: Mapping[str, Any] = exchange.body if not problems else {}
    if not problems and answer.get("error") is True:
        problems = [
            f"error: true, message {answer.get('message')!r} (pass --query JSON or --config CODE=VALUE)"
        ]
    if problems:
        s.report.failed(names[0], "; ".join(problems), s.rule(GET_RESULT))
        for name in names[1:]:
            s.report.skipped(name, f"{names[0]} failed")
        return
    frames = [f for f in answer.get("frames") or [] if isinstance(f, dict)]
    s.report.passed(names[0], f"{len(queries)} queries ({', '.join(refs)}), {len(frames)} frames")
    _refids(s, names[1], refs, frames)
    _value_contracts(s, names[2], frames)


def _refids(s: PluginSession, name: str, refs: list[str], frames: Sequence[Mapping[str, Any]]) -> None:
    rule = "contract: Endpoints rule 5 and DataQuery.refID (query reference id, echoed in frames and fields)"
    answered = {f.get("refID") for f in frames}
    missing = [ref for ref in refs if ref not in answered]
    mismatched = [
        f"{frame.get('refID')}/{field.get('name')} carries {field.get('refID')!r}"
        for frame in frames
        for field in frame.get("fields") or []
        if isinstance(field, dict) and "refID" in field and field.get("refID") != frame.get("refID")
    ]
    if missing:
        s.report.failed(name, f"no frame carries refID {', '.join(missing)}", rule)
    elif mismatched:
        s.report.failed(name, f"field refID differs from its frame: {'; '.join(mismatched[:3])}", rule)
    else:
        s.report.passed(name, f"every refID ({', '.join(refs)}) answered")


def _value_contracts(s: PluginSession, name: str, frames: Sequence[Mapping[str, Any]]) -> None:
    rule = "contract: Result value contracts 1 (Timestamp: key a timestamp, value a string)"
    timestamp: list[str] = []
    regular: list[str] = []
    broken: list[str] = []
    for frame in frames:
        for field in frame.get("fields") or []:
            if not isinstance(field, dict):
                continue
            values = [v for v in field.get("values") or [] if isinstance(v, dict)]
            label = f"{frame.get('refID')}/{field.get('name')}"
            if values and all(v and all(_TIMESTAMP_KEY.match(k) for k in v) for v in values):
                timestamp.append(label)
                wrong = [repr(x) for v in values for x in v.values() if not isinstance(x, str)]
                if wrong:
                    broken.append(f"{label} has non-string values {', '.join(wrong[:3])}")
            elif values:
                regular.append(label)
    if broken:
        s.report.failed(name, "; ".join(broken), rule)
        return
    detail = f"Timestamp: {', '.join(timestamp) or 'none'}; Regular: {', '.join(regular) or 'none'}"
    s.report.passed(name, detail)


def _no_queries(s: PluginSession) -> None:
    name = NO_QUERIES_NAME
    rule = (
        "contract: Errors (400 on /query/get-result: request format is wrong, for example too few entries; "
        "body QueryDataResponse with message)"
    )
    exchange = s.post(GET_RESULT, {"pluginContext": s.plugin_context(), "dataQuery": [], "variables": {}})
    if exchange.status is not None and 200 <= exchange.status < 300:
        s.report.warned(name, f"an empty dataQuery was answered {exchange.status}, not 400", rule)
        return
    problems = s.problems(GET_RESULT, exchange, 400)
    client_error = exchange.status is not None and 400 <= exchange.status < 500
    if problems and client_error and exchange.is_json:
        s.report.warned(name, f"answered {exchange.status}, the contract names 400 for too few entries", rule)
        return
    if not problems and not has_message(exchange.body):
        problems = ["the 400 body has no message"]
    if problems:
        s.report.failed(name, "; ".join(problems), rule)
    else:
        s.report.passed(name, f"400: {exchange.body.get('message')!r}")


def check_variable_values(s: PluginSession) -> None:
    name = VARIABLE_VALUES_NAME
    fields = s.forms.get(VARIABLE_FIELDS)
    if fields is None:
        s.report.skipped(name, "variable-fields.new-form failed, so no variable query can be built")
        return
    body = plugin_requests.variables_request(s.config, query_json(fields))
    exchange = s.post(VARIABLE_VALUES, body)
    problems = s.problems(VARIABLE_VALUES, exchange)
    if problems:
        s.report.failed(name, "; ".join(problems), s.rule(VARIABLE_VALUES))
        return
    items = [i for i in exchange.body if isinstance(i, dict)]
    partial = [i for i in items if "label" not in i or "value" not in i]
    if partial:
        s.report.warned(
            name,
            f"{len(partial)} of {len(items)} values lack label or value",
            "contract: Endpoints (label, value)",
        )
        return
    s.report.passed(name, f"{len(items)} values")
