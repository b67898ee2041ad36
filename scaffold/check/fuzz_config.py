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
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from scaffold.check.plugin_session import HEALTH
from scaffold.check.plugin_values import JsonObject, as_fields, config_fields, marker_secret
from scaffold.host.http_client import HttpClient
from scaffold.host.plugin_requests import constructor_request, plugin_context


def configured_fields(
    base_url: str, path: str, client: HttpClient, values: Mapping[str, str]
) -> list[JsonObject]:
    """The DatasourceConfig.fields the platform would send: the plugin's form at `path`, filled with `values`.

    A form the plugin does not give (an error, not JSON) leaves the values alone as the config: the
    fuzz run itself then reports what is wrong with that operation.
    """
    exchange = client.post_json(base_url.rstrip("/") + path, constructor_request([], []))
    form = as_fields(exchange.body) if exchange.status == 200 and exchange.is_json else []
    return config_fields(form, values, marker_secret())


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
