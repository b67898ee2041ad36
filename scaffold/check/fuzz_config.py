"""`check plugin --fuzz` with a data source config: fuzzing past the plugin's config check.

Without one, the data source config of every generated request is random, so a plugin that needs a
token or a URL answers every case at its config check (400/422) and nothing behind that check is
ever fuzzed. Given values (`--config`, `--config-file`, `--config-env`, as the platform checks take
them), the run first asks the plugin for its data source form, as the platform does, and builds the
config the platform would send from it (plugin_values.config_fields: the form's defaults, the values
given). That config then replaces the generated one in every schema-valid request that carries a
data source config (`pluginContext.dataSourceInstanceSettings`, added when the case has none); the
rest of the request stays generated. Schema-invalid requests, whose broken part may be that very
config, and the health check, whose body is the config under test, are sent as generated.

The values go as given: the runtimes scaffold generates read a plain value in a password field as it
is (only `enc:v1:` values are decrypted), so no health-check round trip is needed to use them.

The form is asked for with or without values, for one more reason: a schema-valid request whose
config has no entry for a field the form requires is the contract's own example of a 400 ("too few
entries in DatasourceConfig.fields"); the schema cannot say which entries a form requires, so only
the form tells a right 400 from a schema-valid request wrongly rejected.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scaffold.check.plugin_session import GET_RESULT, HEALTH
from scaffold.check.plugin_values import JsonObject, as_fields, code_of, config_fields, marker_secret
from scaffold.host.http_client import HttpClient
from scaffold.host.plugin_requests import constructor_request, plugin_context

TOO_FEW_ENTRIES_ANSWERED = frozenset({HEALTH, GET_RESULT})
"""The operations whose 400 the contract names for too few entries in DatasourceConfig.fields."""


@dataclass(frozen=True)
class PluginConfig:
    """What a fuzz run knows of the plugin's data source config."""

    fields: list[JsonObject] | None
    """The config the platform would send with the values the user gave; None when none were given."""
    required: frozenset[str]
    """Codes of the fields the plugin's data source form requires."""

    def too_few_entries(self, operation_id: str, body: Any) -> bool:
        """Whether `body`'s data source config lacks an entry the form requires: the contract's 400,
        which its Errors table names for the health check and get-result only."""
        if operation_id not in TOO_FEW_ENTRIES_ANSWERED:
            return False
        entries = _config_entries(operation_id, body)
        if entries is None:
            return bool(self.required)
        present = {code_of(entry) for entry in entries if isinstance(entry, dict)}
        return bool(self.required - present)


NO_CONFIG = PluginConfig(fields=None, required=frozenset())


def plugin_config(base_url: str, path: str, client: HttpClient, values: Mapping[str, str]) -> PluginConfig:
    """The plugin's form at `path`, and the config the platform would send: that form filled with `values`.

    A form the plugin does not give (an error, not JSON) leaves the values alone as the config: the
    fuzz run itself then reports what is wrong with that operation.
    """
    exchange = client.post_json(base_url.rstrip("/") + path, constructor_request([], []))
    form = as_fields(exchange.body) if exchange.status == 200 and exchange.is_json else []
    required = frozenset(code_of(field) for field in form if field.get("required") is True)
    return PluginConfig(
        fields=config_fields(form, values, marker_secret()) if values else None, required=required
    )


def _config_entries(operation_id: str, body: Any) -> list[Any] | None:
    """The DatasourceConfig.fields a request carries: the health check's body, else its plugin context's."""
    if not isinstance(body, dict):
        return None
    if operation_id != HEALTH:
        context = body.get("pluginContext")
        settings = context.get("dataSourceInstanceSettings") if isinstance(context, dict) else None
        body = settings if isinstance(settings, dict) else {}
    entries = body.get("fields")
    return entries if isinstance(entries, list) else None


def with_config(operation_id: str, body: Any, fields: list[JsonObject]) -> Any:
    """`body` with `fields` as its data source config, or `body` itself where none belongs."""
    if operation_id == HEALTH or not isinstance(body, dict):
        return body
    changed = copy.deepcopy(body)
    context = changed.get("pluginContext")
    if isinstance(context, dict):
        context["dataSourceInstanceSettings"] = {"fields": copy.deepcopy(fields)}
    else:
        changed["pluginContext"] = plugin_context(fields)
    return changed
