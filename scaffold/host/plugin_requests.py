"""The bodies the platform sends to a data source plugin, built one way for `check` and `dev`.

The contract fixes their shape (PluginContext, ConstructorRequest, QueryDataRequest,
VariablesRequest); what goes in them comes from the caller: the checker's generated values or
what a person typed into the dev page. orgID and pluginID are the platform's own identifiers,
which a plugin only echoes, so the emulated platform uses fixed ones.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

JsonObject = dict[str, Any]
ORG_ID = 1
PLUGIN_ID = "scaffold-check"


def plugin_context(config: Iterable[Mapping[str, Any]]) -> JsonObject:
    """PluginContext carrying the data source configuration's fields (DatasourceConfig)."""
    return {
        "orgID": ORG_ID,
        "pluginID": PLUGIN_ID,
        "dataSourceInstanceSettings": {"fields": [dict(f) for f in config]},
    }


def constructor_request(
    config: Iterable[Mapping[str, Any]],
    filter_fields: Sequence[Mapping[str, Any]],
    variables: Mapping[str, Any] | None = None,
) -> JsonObject:
    """ConstructorRequest / DataSourceConstructorRequest as the platform UI sends it.

    `filter_fields` is [] for a new form, all values for a saved one, and the values of all
    trigger fields after a trigger change (contract: Constructor flow).
    """
    return {
        "pluginContext": plugin_context(config),
        "filter": {"fields": [dict(f) for f in filter_fields]},
        "variables": dict(variables or {}),
    }


def ref_ids(count: int) -> list[str]:
    """A, B, C, ...: the refIDs the platform gives the queries of one panel."""
    return [chr(ord("A") + i) if i < 26 else f"Q{i + 1}" for i in range(count)]


def data_query(
    ref_id: str,
    *,
    time_from: int,
    time_to: int,
    max_data_points: int,
    json_text: str | None,
    code: str | None,
) -> JsonObject:
    """One DataQuery: the JSON text of a Constructor/JSON query, or codeQuery in Code mode."""
    query: JsonObject = {
        "refID": ref_id,
        "maxDataPoints": max_data_points,
        "timeRange": {"from": time_from, "to": time_to},
    }
    if json_text is not None:
        query["json"] = json_text
    if code is not None:
        query["codeQuery"] = code
    return query


def query_data_request(
    config: Iterable[Mapping[str, Any]],
    queries: Sequence[Mapping[str, Any]],
    variables: Mapping[str, Any] | None = None,
) -> JsonObject:
    """QueryDataRequest: several queries of one panel, run together."""
    return {
        "pluginContext": plugin_context(config),
        "dataQuery": [dict(q) for q in queries],
        "variables": dict(variables or {}),
    }


def variables_request(
    config: Iterable[Mapping[str, Any]], json_text: str, variables: Mapping[str, Any] | None = None
) -> JsonObject:
    """VariablesRequest: the variable editor's query as JSON text."""
    return {"pluginContext": plugin_context(config), "json": json_text, "variables": dict(variables or {})}
