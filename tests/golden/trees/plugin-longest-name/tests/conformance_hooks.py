"""Schemathesis hooks of tests/test_conformance.py: requests the plugin can really serve.

Requests generated from the contract alone carry a random data source configuration and random
query JSON, which a plugin can only refuse (422). So that the schema-valid (positive) cases also
reach the success paths, the hook rewrites most of them, before they are sent:

- `pluginContext` becomes a working configuration: the fields the plugin's own data source form
  answers, with the values of CONFIG_VALUES, saved the way the platform saves them (the health
  check's `datasourceConfig`, so password fields carry `enc:v1:` values made with the running
  key);
- the health check gets that configuration (plain, or as saved);
- `DataQuery.json`/`codeQuery` and `VariablesRequest.json` become queries from QUERIES and
  VARIABLE_QUERIES, and the constructor forms get values the forms know.

About one positive case in four is left as generated (a random configuration, random JSON), and
schema-invalid (negative) cases are never touched: they must be refused as they are.

`conformance_data_source` chooses the data source the run calls. Here it is the example's own
(it needs no service), so the run checks the example's answers too. When you replace the example
with a data source that calls a service, return `stub()` there (the stand-in answering the spec's
examples: the run then checks the routes, and stays green whatever your data source needs), or
keep yours and put a configuration and queries it understands here (CONFIG_VALUES must pass its
health check where the tests run).

This file is yours.
"""

from __future__ import annotations

import json
import zlib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from schemathesis import Case, GenerationMode

from weather_station_telemetry_gateway_for_the_northern_coasts_region._contract import (
    DataSourceBase,
)


def conformance_data_source() -> DataSourceBase | None:
    """The data source the run calls: None is the plugin's own (create_app's default)."""
    return None


# Values of the data source form's fields (the others keep the form's defaults).
CONFIG_VALUES: dict[str, str] = {
    "database": "example.sqlite3",
    "accessKey": "conformance-access-key",
    "codeMode": "true",
    "codeLang": "sql",
}
# DataQuery contents the example understands (json as an object; codeQuery as text).
QUERIES: list[dict[str, Any]] = [
    {
        "json": {
            "queryType": "constructor",
            "table": "cpu_metrics",
            "format": "timeseries",
            "timeColumn": "time",
            "valueColumns": ["usage", "iowait"],
            "groupBy": "host",
        }
    },
    {"json": {"queryType": "constructor", "table": "servers", "format": "table"}},
    {
        "json": {
            "queryType": "json",
            "table": "disk_metrics",
            "format": "timeseries",
            "timeColumn": "time",
            "valueColumns": "read_bytes,write_bytes",
            "filters": [{"column": "host", "operator": "=", "value": "db-01"}],
        }
    },
    {
        "json": {"queryType": "code", "format": "table"},
        "codeQuery": "SELECT hostname, cores FROM servers ORDER BY hostname",
    },
]
# VariablesRequest.json contents the example understands.
VARIABLE_QUERIES: list[dict[str, Any]] = [
    {"source": "column_values", "table": "servers", "column": "hostname"},
    {"source": "tables"},
]
# Values of the query and variable forms (trigger fields first, as the platform sends them).
QUERY_FORM_VALUES: list[dict[str, str]] = [
    {"key": "queryType", "value": "constructor"},
    {"key": "table", "value": "cpu_metrics"},
]
VARIABLE_FORM_VALUES: list[dict[str, str]] = [
    {"key": "source", "value": "column_values"},
    {"key": "table", "value": "servers"},
]
# Out of four positive cases, how many the hook rewrites (the rest stay as generated).
REWRITTEN_OF_FOUR = 3

Post = Callable[[str, Any], Any]


@dataclass
class Conformance:
    """The working configuration (once the app is up) and what the test saw per operation."""

    prepared: bool = False  # the configuration passed the health check
    plain_fields: list[dict[str, str]] = field(default_factory=list)
    saved_fields: list[dict[str, Any]] = field(default_factory=list)
    # (operation, phase, mode, status class) -> answers that passed every check,
    # e.g. ("POST /query/get-result", "fuzzing", "positive", "2xx")
    seen: Counter[tuple[str, str, str, str]] = field(default_factory=Counter)

    def prepare(self, post: Post) -> None:
        """Ask the app for its data source form and save CONFIG_VALUES through its health check."""
        form = post("/datasource/constructor-fields", {"filter": {"fields": []}, "variables": {}})
        plain = []
        for item in form:
            value = CONFIG_VALUES.get(item["code"], item.get("value"))
            if value is None:
                continue
            entry = {"code": item["code"], "value": str(value)}
            if item.get("type") == "password":
                entry["type"] = "password"
            plain.append(entry)
        answer = post("/datasource/health-check", {"fields": plain})
        if answer.get("status") is not True:
            raise AssertionError(
                "the conformance configuration does not pass the health check "
                f"({answer.get('message')!r}): set CONFIG_VALUES in tests/conformance_hooks.py"
            )
        self.prepared = True
        self.plain_fields = plain
        self.saved_fields = answer.get("datasourceConfig", {}).get("fields") or plain

    def context(self) -> dict[str, Any]:
        return {
            "orgID": 1,
            "pluginID": "conformance",
            "dataSourceInstanceSettings": {"fields": [dict(f) for f in self.saved_fields]},
        }

    def record(self, case: Case[Any], status: int) -> None:
        meta = case.meta
        phase = meta.phase.name.value if meta else "explicit"
        mode = meta.generation.mode.value if meta else "positive"
        self.seen[(case.operation.label, phase, mode, f"{status // 100}xx")] += 1

    def unserved(self) -> list[str]:
        """Operations that answered no call with a 2xx (the hooks' requests do not work)."""
        served = {label for (label, _, _, status) in self.seen if status == "2xx"}
        return sorted({label for (label, _, _, _) in self.seen} - served)

    def write_report(self, path: str) -> None:
        """The counts as JSON lines (CONFORMANCE_REPORT=<file> asks for them)."""
        with open(path, "a", encoding="utf-8") as out:
            for (label, phase, mode, status), count in sorted(self.seen.items()):
                row = {"operation": label, "phase": phase, "mode": mode, "status": status}
                out.write(json.dumps({**row, "count": count}) + "\n")

    def install(self, schema: Any) -> None:
        """Register the case hook on `schema` (this test's schema only)."""

        def working_requests(context: Any, case: Case[Any]) -> Case[Any]:
            meta = case.meta
            if meta is None or meta.generation.mode != GenerationMode.POSITIVE:
                return case
            if not isinstance(case.body, dict) or not self.prepared:
                return case
            choice = zlib.crc32(json.dumps(case.body, sort_keys=True, default=str).encode())
            if choice % 4 >= REWRITTEN_OF_FOUR:
                return case
            rewrite = REWRITES.get(case.path, _other_operation)
            case.body = rewrite(self, json.loads(json.dumps(case.body)), choice // 4)
            return case

        schema.hook("map_case")(working_requests)


def _health_check(setup: Conformance, body: dict[str, Any], pick: int) -> dict[str, Any]:
    fields = setup.plain_fields if pick % 2 else setup.saved_fields
    return {"fields": [dict(f) for f in fields]}


def _datasource_form(setup: Conformance, body: dict[str, Any], pick: int) -> dict[str, Any]:
    body["pluginContext"] = setup.context()
    saved = [{"key": f["code"], "value": f["value"]} for f in setup.saved_fields]
    body["filter"] = {"fields": [[], saved][pick % 2]}
    return body


def _form(values: list[dict[str, str]]) -> Callable[[Conformance, dict[str, Any], int], Any]:
    def rewrite(setup: Conformance, body: dict[str, Any], pick: int) -> dict[str, Any]:
        body["pluginContext"] = setup.context()
        body["filter"] = {"fields": [[], [dict(v) for v in values]][pick % 2]}
        return body

    return rewrite


def _get_result(setup: Conformance, body: dict[str, Any], pick: int) -> dict[str, Any]:
    body["pluginContext"] = setup.context()
    queries = body.get("dataQuery") or [{"refID": "A"}]
    for index, query in enumerate(queries):
        chosen = QUERIES[(pick + index) % len(QUERIES)]
        query.pop("codeQuery", None)
        query["json"] = json.dumps(chosen["json"])
        if "codeQuery" in chosen:
            query["codeQuery"] = chosen["codeQuery"]
    body["dataQuery"] = queries
    return body


def _variable_values(setup: Conformance, body: dict[str, Any], pick: int) -> dict[str, Any]:
    body["pluginContext"] = setup.context()
    body["json"] = json.dumps(VARIABLE_QUERIES[pick % len(VARIABLE_QUERIES)])
    return body


def _other_operation(setup: Conformance, body: dict[str, Any], pick: int) -> dict[str, Any]:
    """An operation a newer contract adds: queries as for get-result, else the working context."""
    if "dataQuery" in body:
        return _get_result(setup, body, pick)
    if "pluginContext" in body:
        body["pluginContext"] = setup.context()
    return body


REWRITES: dict[str, Callable[[Conformance, dict[str, Any], int], dict[str, Any]]] = {
    "/datasource/health-check": _health_check,
    "/datasource/constructor-fields": _datasource_form,
    "/query/constructor-fields": _form(QUERY_FORM_VALUES),
    "/query/get-result": _get_result,
    "/variable/constructor-fields": _form(VARIABLE_FORM_VALUES),
    "/variable/values": _variable_values,
}
