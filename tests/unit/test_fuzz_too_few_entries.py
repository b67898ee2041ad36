"""`check plugin --fuzz` takes a 400 for a config lacking an entry the form requires as the contract's.

The contract's Errors table names 400 for "too few entries in DatasourceConfig.fields", which a
request valid against the schema can have (the schema cannot say which entries a form requires).
Found: once the plugins answered the contract's 400/422 split (issue 40 point 6), `--fuzz` failed
every TypeScript and Go starter's health check with "schema-valid request rejected with 400".
"""

from __future__ import annotations

from typing import Any

import pytest

from scaffold.check.fuzz_config import NO_CONFIG, PluginConfig
from scaffold.check.plugin_session import GET_RESULT, HEALTH, QUERY_FIELDS

NEEDS_URL = PluginConfig(fields=None, required=frozenset({"url"}))


def _context(fields: Any) -> dict[str, Any]:
    return {"pluginContext": {"dataSourceInstanceSettings": {"fields": fields}}}


@pytest.mark.parametrize(
    ("operation", "body", "too_few"),
    [
        (HEALTH, {"fields": []}, True),
        (HEALTH, {"fields": [{"code": "other", "value": "x"}]}, True),
        (HEALTH, {"fields": [{"code": "url", "value": ""}]}, False),
        (HEALTH, {"fields": [{"code": "url", "value": "https://a"}, {"code": "other"}]}, False),
        (GET_RESULT, _context([{"code": "other", "value": "x"}]), True),
        (GET_RESULT, _context([{"code": "url", "value": "x"}]), False),
        (GET_RESULT, {"query": {}}, True),
    ],
)
def test_a_config_without_a_required_entry_is_too_few(operation: str, body: Any, too_few: bool) -> None:
    assert NEEDS_URL.too_few_entries(operation, body) is too_few


def test_other_operations_never_answer_too_few_entries_with_400() -> None:
    """The contract's Errors table names the 400 for the health check and get-result only."""
    assert not NEEDS_URL.too_few_entries(QUERY_FIELDS, _context([]))


def test_a_form_requiring_nothing_never_makes_a_400_right() -> None:
    assert not NO_CONFIG.too_few_entries(HEALTH, {"fields": []})
    assert not NO_CONFIG.too_few_entries(GET_RESULT, {"query": {}})
