"""What the plugin page may ask the dev server to send, checked strictly, then turned into contract bodies.

The page is ours, but the dev server is an HTTP endpoint on the developer's machine: anything can
post to it. So `input` is read field by field and refused with one sentence (HTTP 400) naming the
first thing wrong, before a byte goes to the plugin. The bodies themselves come from
scaffold.host.plugin_requests, the one place that knows the platform's request shapes.

Inputs, by operation (every key optional unless said):
- datasourceFields, queryFields, variableFields: config, filter [{key, value, arrayIndex?}], variables
- healthCheck: fields [{code, value?, type?, ...}] (the DatasourceConfig sent as is)
- getResult: config, queries [{json?, codeQuery?}] (refIDs A, B, ... by position, at least one),
  timeRange {from, to} (unix seconds), maxDataPoints, variables
- variableValues: config, json, variables
`config` is DatasourceConfig.fields, e.g. the datasourceConfig a health check returned.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from scaffold.host import plugin_requests

JsonObject = dict[str, Any]
OPERATIONS = {
    "datasourceFields": "getDatasourceConstructorFields",
    "queryFields": "getQueryConstructorFields",
    "variableFields": "getVariableConstructorFields",
    "healthCheck": "checkHealth",
    "getResult": "getQueryResult",
    "variableValues": "getVariableValues",
}
_KEYS = {
    "datasourceFields": {"config", "filter", "variables"},
    "queryFields": {"config", "filter", "variables"},
    "variableFields": {"config", "filter", "variables"},
    "healthCheck": {"fields"},
    "getResult": {"config", "queries", "timeRange", "maxDataPoints", "variables"},
    "variableValues": {"config", "json", "variables"},
}
MAX_QUERIES = 52
_INT64 = 2**63
# Accept-Language: language tags, q-values, commas; never a character that could end the header.
_LOCALE = re.compile(r"^[A-Za-z0-9*][A-Za-z0-9*;=.,\- ]{0,199}$")


class InputError(ValueError):
    """The page's request is wrong; the message is the one sentence the 400 answer carries."""


def check_locale(value: Any) -> str | None:
    """The Accept-Language value to send, None for none; only header-safe locale lists pass."""
    if value is None or value == "":
        return None
    if not isinstance(value, str) or not _LOCALE.match(value):
        raise InputError(f"locale must be a language tag such as ru-RU or en-US, got {value!r}")
    return value


def build_body(operation: str, raw: Any) -> JsonObject:
    """The contract body of `operation` (a key of OPERATIONS) from the page's `input`."""
    data = _object(raw, "input")
    unknown = sorted(set(data) - _KEYS[operation])
    if unknown:
        allowed = ", ".join(sorted(_KEYS[operation]))
        raise InputError(f"input.{unknown[0]} is not an input of {operation} (it takes {allowed})")
    if operation == "healthCheck":
        return {"fields": _config(data.get("fields", []), "input.fields")}
    config = _config(data.get("config", []), "input.config")
    variables = _variables(data.get("variables", {}))
    if operation == "getResult":
        return plugin_requests.query_data_request(config, _queries(data), variables)
    if operation == "variableValues":
        text = data.get("json", "")
        if not isinstance(text, str):
            raise InputError(f"input.json must be the query's JSON text (a string), got {_kind(text)}")
        return plugin_requests.variables_request(config, text, variables)
    return plugin_requests.constructor_request(config, _filter(data.get("filter", [])), variables)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "an array"}.get(
        type(value), "an object"
    )


def _object(value: Any, where: str) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise InputError(f"{where} must be an object, got {_kind(value)}")
    return value


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError(f"{where} must be an array, got {_kind(value)}")
    return value


def _string(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise InputError(f"{where} must be a string, got {_kind(value)}")
    return value


def _integer(value: Any, where: str, *, low: int = -_INT64, high: int = _INT64 - 1) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise InputError(f"{where} must be a whole number from {low} to {high}, got {value!r}")
    return value


def _config(value: Any, where: str) -> list[JsonObject]:
    """DatasourceConfig.fields: objects with a string code; value, type and name strings when given."""
    result = []
    for index, item in enumerate(_list(value, where)):
        field = dict(_object(item, f"{where}[{index}]"))
        _string(field.get("code"), f"{where}[{index}].code")
        for key in ("value", "type", "name"):
            if key in field:
                _string(field[key], f"{where}[{index}].{key}")
        result.append(field)
    return result


def _filter(value: Any) -> list[JsonObject]:
    """ConstructorFilter.fields: {key, value} and arrayIndex for fields nested in an array."""
    result = []
    for index, item in enumerate(_list(value, "input.filter")):
        where = f"input.filter[{index}]"
        entry = _object(item, where)
        unknown = sorted(set(entry) - {"key", "value", "arrayIndex"})
        if unknown:
            raise InputError(
                f"{where}.{unknown[0]} is not a ConstructorFilterField key (key, value, arrayIndex)"
            )
        built: JsonObject = {"key": _string(entry.get("key"), f"{where}.key")}
        if "arrayIndex" in entry:
            built["arrayIndex"] = _integer(entry["arrayIndex"], f"{where}.arrayIndex", low=0, high=2**31 - 1)
        built["value"] = _string(entry.get("value", ""), f"{where}.value")
        result.append(built)
    return result


def _variables(value: Any) -> JsonObject:
    """The dashboard variables: name -> string or array of strings."""
    result: JsonObject = {}
    for name, item in _object(value, "input.variables").items():
        where = f"input.variables.{name}"
        if isinstance(item, list):
            result[name] = [_string(v, f"{where}[{i}]") for i, v in enumerate(item)]
        else:
            result[name] = _string(item, where)
    return result


def _queries(data: Mapping[str, Any]) -> list[JsonObject]:
    queries = _list(data.get("queries"), "input.queries")
    if not queries or len(queries) > MAX_QUERIES:
        raise InputError(f"input.queries must hold 1 to {MAX_QUERIES} queries, got {len(queries)}")
    span = _object(data.get("timeRange"), "input.timeRange")
    time_from = _integer(span.get("from"), "input.timeRange.from")
    time_to = _integer(span.get("to"), "input.timeRange.to")
    points = _integer(data.get("maxDataPoints", 1000), "input.maxDataPoints")
    result = []
    for ref_id, (index, item) in zip(plugin_requests.ref_ids(len(queries)), enumerate(queries), strict=True):
        where = f"input.queries[{index}]"
        query = _object(item, where)
        unknown = sorted(set(query) - {"json", "codeQuery"})
        if unknown:
            raise InputError(f"{where}.{unknown[0]} is not a query input (json, codeQuery)")
        json_text = query.get("json")
        code = query.get("codeQuery")
        result.append(
            plugin_requests.data_query(
                ref_id,
                time_from=time_from,
                time_to=time_to,
                max_data_points=points,
                json_text=None if json_text is None else _string(json_text, f"{where}.json"),
                code=None if code is None else _string(code, f"{where}.codeQuery"),
            )
        )
    return result
