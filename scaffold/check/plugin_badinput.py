"""Generated bad input for every POST endpoint: each must get a quick 4xx JSON answer.

The contract shows error answers only for health-check (400, 422) and get-result (400); for the
rest it says "not shown". The checker's reading, which any careful platform would need: a body
that breaks the request schema is the caller's fault, so it gets a 4xx with a JSON body within
the timeout, never a 5xx, a non-JSON page, a 2xx or a hang. Where the spec names a body for that
status, the body must match it and carry a message. Bodies that are valid but odd (control and
RTL characters, emoji, a 1 MB string) may succeed or be refused, but must get a JSON answer. A
valid body sent as text/plain should be refused; accepting it is a WARN (lenient, not harmful).
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from scaffold.check.plugin_session import (
    CONSTRUCTORS,
    DATASOURCE_FIELDS,
    GET_RESULT,
    HEALTH,
    VARIABLE_VALUES,
    PluginSession,
    has_message,
)
from scaffold.host.http_client import Exchange
from scaffold.host.report import Status
from scaffold.specs.shapes import SCHEMA_PREFIX

ODD_TEXT = 'nul\u0000 rtl\u202eעברית\u202c emoji😀 e\u0301\u0327 bom\ufeff line\nbreak "quote" \\ <script>'
HUGE_LENGTH = 1024 * 1024
NESTING_DEPTH = 5000
RULE = (
    "contract: all request and response bodies are JSON; where error answers are not shown, scaffold requires "
    "a structurally invalid body to get a 4xx JSON answer (never 5xx, non-JSON, 2xx or a hang)"
)
RULE_DOCUMENTED = "contract: Errors (400/422 bodies are HealthCheckResponse / QueryDataResponse with message)"


@dataclass(frozen=True)
class Case:
    name: str
    content: bytes
    content_type: str = "application/json"
    structural: bool = True  # the body breaks the request schema, so only a 4xx is right


@dataclass(frozen=True)
class Verdict:
    status: Status
    note: str


OPERATIONS = (HEALTH, *CONSTRUCTORS, GET_RESULT, VARIABLE_VALUES)


def bad_input_names(s: PluginSession) -> list[str]:
    return [f"bad-input.{s.label(operation_id)}" for operation_id in OPERATIONS]


def check_bad_input(s: PluginSession) -> None:
    for operation_id in OPERATIONS:
        name = f"bad-input.{s.label(operation_id)}"
        verdicts = [(case.name, _judge(s, operation_id, case)) for case in cases(s, operation_id)]
        failed = [f"{case}: {v.note}" for case, v in verdicts if v.status is Status.FAIL]
        warned = [f"{case}: {v.note}" for case, v in verdicts if v.status is Status.WARN]
        rule = f"{RULE_DOCUMENTED}; {RULE}" if operation_id in (HEALTH, GET_RESULT) else RULE
        if failed:
            s.report.failed(name, "; ".join(failed + warned), rule)
        elif warned:
            s.report.warned(name, "; ".join(warned), RULE)
        else:
            s.report.passed(
                name, f"{len(verdicts)} cases: " + ", ".join(f"{c} {v.note}" for c, v in verdicts)
            )


def valid_body(s: PluginSession, operation_id: str) -> dict[str, Any]:
    """A body the spec accepts, the starting point of the odd-string and wrong-item cases."""
    if operation_id == HEALTH:
        return {"fields": [dict(f) for f in s.config] or [{"code": "host", "value": "localhost"}]}
    if operation_id in CONSTRUCTORS:
        return s.constructor_request([], config=[] if operation_id == DATASOURCE_FIELDS else None)
    if operation_id == GET_RESULT:
        query = {
            "refID": "A",
            "maxDataPoints": 100,
            "timeRange": {"from": 1767225600, "to": 1767229200},
            "json": "{}",
        }
        return {"pluginContext": s.plugin_context(), "dataQuery": [query], "variables": {}}
    return {"pluginContext": s.plugin_context(), "json": "{}", "variables": {}}


def cases(s: PluginSession, operation_id: str) -> list[Case]:
    body = valid_body(s, operation_id)
    request = s.op(operation_id).request
    schema = _resolve(s, request.schema if request is not None else None)
    properties: Mapping[str, Any] = schema.get("properties") or {}
    first = next(iter(properties), "fields")
    wrong = {key: _wrong_value(_resolve(s, sub)) for key, sub in properties.items()} or {"fields": 5}
    nested = "[" * NESTING_DEPTH + "]" * NESTING_DEPTH
    result = [
        Case("malformed-json", b'{"' + first.encode() + b'": {'),
        Case("json-array", b"[]"),
        Case("wrong-types", _encode(wrong)),
        Case("empty-body", b""),
        Case("deep-nesting", ('{"' + first + '": ' + nested + "}").encode()),
    ]
    item_path = _array_of_objects_path(s, schema)
    if item_path:
        result.append(Case("wrong-item-type", _encode(_set_path(body, item_path, [5]))))
    result += [
        Case("text-plain", _encode(body), content_type="text/plain", structural=False),
        Case("odd-strings", _encode(_map_strings(body, lambda _: ODD_TEXT)), structural=False),
        Case("huge-string", _encode(_huge(body)), structural=False),
    ]
    return result


def _judge(s: PluginSession, operation_id: str, case: Case) -> Verdict:
    exchange = s.client.post_raw(s.url(operation_id), case.content, content_type=case.content_type)
    if exchange.failure is not None:
        return Verdict(Status.FAIL, exchange.failure)
    status = exchange.status or 0
    if status >= 500:
        return Verdict(Status.FAIL, exchange.summary())
    if not exchange.is_json:
        return Verdict(
            Status.FAIL, f"{status} with a body that is {exchange.json_error}: {exchange.summary()}"
        )
    if 200 <= status < 300:
        if case.structural:
            return Verdict(Status.FAIL, f"{status}: accepted a structurally invalid body")
        problems = s.problems(operation_id, exchange, status)
        if problems:
            return Verdict(Status.FAIL, f"{status} but the answer is invalid: {'; '.join(problems)}")
        if case.name == "text-plain":
            return Verdict(Status.WARN, f"{status}: accepted a body sent as text/plain")
        return Verdict(Status.PASS, str(status))
    if not 400 <= status < 500:
        return Verdict(Status.FAIL, f"unexpected {exchange.summary()}")
    return _documented_error(s, operation_id, exchange, status)


def _documented_error(s: PluginSession, operation_id: str, exchange: Exchange, status: int) -> Verdict:
    if not s.validator.has_response(s.op(operation_id), status):
        return Verdict(Status.PASS, str(status))
    problems = s.validator.errors_for_response(s.op(operation_id), status, exchange.body)
    if not has_message(exchange.body):
        problems.append("no message")
    if problems:
        return Verdict(Status.FAIL, f"{status} body breaks the spec: {'; '.join(problems)}")
    return Verdict(Status.PASS, str(status))


def _resolve(s: PluginSession, schema: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """Follow a component `$ref` of the spec (one level is all request schemas use)."""
    if not schema:
        return {}
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith(SCHEMA_PREFIX):
        target = s.spec.data.get("components", {}).get("schemas", {}).get(ref[len(SCHEMA_PREFIX) :], {})
        return _resolve(s, target) if isinstance(target, dict) else {}
    return schema


def _wrong_value(schema: Mapping[str, Any]) -> Any:
    kind = schema.get("type")
    if kind == "array":
        return 5
    if kind in ("string",):
        return 5
    return "x"


def _array_of_objects_path(s: PluginSession, schema: Mapping[str, Any]) -> list[str]:
    """The shallowest property path to an array of objects (breadth-first over the schema)."""
    queue: list[tuple[list[str], Mapping[str, Any]]] = [([], schema)]
    while queue:
        path, node = queue.pop(0)
        if len(path) > 3:
            continue
        for key, sub in (node.get("properties") or {}).items():
            resolved = _resolve(s, sub)
            if resolved.get("type") == "array" and _resolve(s, resolved.get("items")).get("type") == "object":
                return [*path, key]
            if resolved.get("type") == "object":
                queue.append(([*path, key], resolved))
    return []


def _set_path(body: Mapping[str, Any], path: list[str], value: Any) -> dict[str, Any]:
    result = copy.deepcopy(dict(body))
    node = result
    for key in path[:-1]:
        child = node.get(key)
        if not isinstance(child, dict):
            child = {}
            node[key] = child
        node = child
    node[path[-1]] = value
    return result


def _map_strings(value: Any, change: Callable[[str], str]) -> Any:
    if isinstance(value, str):
        return change(value)
    if isinstance(value, list):
        return [_map_strings(v, change) for v in value]
    if isinstance(value, dict):
        return {k: _map_strings(v, change) for k, v in value.items()}
    return value


def _huge(body: Mapping[str, Any]) -> dict[str, Any]:
    """The body with one string (pluginID, else the first string found) one megabyte long."""
    result = copy.deepcopy(dict(body))
    huge = "x" * HUGE_LENGTH
    context = result.get("pluginContext")
    if isinstance(context, dict) and isinstance(context.get("pluginID"), str):
        context["pluginID"] = huge
        return result
    done = False

    def first_only(text: str) -> str:
        nonlocal done
        if done:
            return text
        done = True
        return huge

    mapped: dict[str, Any] = _map_strings(result, first_only)
    return mapped


def _encode(body: Any) -> bytes:
    return json.dumps(body, ensure_ascii=False).encode("utf-8")
