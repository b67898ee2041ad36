"""The shared query-text cases (scaffold/codegen/cases/data_queries.json and variable_expansion.json),
read by the Python runtime (_contract/query_text.py).

The same files are read by TypeScript's data-queries.test.ts and variable-expansion.test.ts and
Go's querytexts_test.go, so how a DataQuery.json is read (bounds, strictness, the 422 naming the
query) and how `$variables` expand (grammar, lists, escaping, undefined names) is decided once for
three languages (issue 40 point 2).
A query goes through the generated pydantic model of the shipped spec, as get-result gets it.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.errors import PluginError
from scaffold.codegen.python.runtime_files.query_text import (
    expand_variables,
    query_json,
    sql_string,
    url_component,
    variable_query_json,
    variable_reference,
)
from scaffold.codegen.python.runtime_files.text_catalog import runtime_text
from scaffold.specs.catalog import load_shipped
from tests.model_loading import import_models
from tests.shared_cases import assert_known_keys, read_cases

QUERIES = read_cases("data_queries.json")
EXPANSIONS = read_cases("variable_expansion.json")
QUERY_KEYS = {"name", "kind", "refID", "index", "json", "locale", "maxBytes", "maxDepth", "status", "value"}
QUERY_KEYS |= {"message", "validationErrors"}
EXPANSION_KEYS = {"name", "text", "variables", "escape", "undefined", "maxBytes", "locale", "expanded"}
EXPANSION_KEYS |= {"status", "message", "reference"}
ESCAPES = {"none": None, "sql": sql_string, "url": url_component}


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return import_models(load_shipped("datasource-plugin"), Path(tmp_path_factory.mktemp("models")))


def expected_text(value: str | dict[str, Any], locale: str) -> str:
    """A case's text: a literal, or {text, params} from the glue's catalogue (a param a text too)."""
    if isinstance(value, str):
        return value
    params = {name: expected_text(param, locale) for name, param in value.get("params", {}).items()}
    return runtime_text(locale, value["text"], **params)


def bounds(case: dict[str, Any]) -> dict[str, int]:
    names = {"maxBytes": "max_bytes", "maxDepth": "max_depth"}
    return {names[key]: case[key] for key in names if key in case}


def test_every_case_uses_only_keys_this_runner_knows() -> None:
    assert_known_keys(QUERIES, QUERY_KEYS, "data_queries.json")
    assert_known_keys(EXPANSIONS, EXPANSION_KEYS, "variable_expansion.json")


@pytest.mark.parametrize("case", QUERIES, ids=[case["name"] for case in QUERIES])
def test_query_json_reads_as_the_case_says(models: ModuleType, case: dict[str, Any]) -> None:
    locale = case["locale"]

    def read() -> dict[str, Any]:
        if case["kind"] == "variable":
            request = models.VariablesRequest.model_validate({k: case[k] for k in ("json",) if k in case})
            return variable_query_json(request.json_, locale, **bounds(case))
        query = models.DataQuery.model_validate({k: case[k] for k in ("refID", "json") if k in case})
        return query_json(query, case["index"], locale, **bounds(case))

    if case["status"] == 200:
        assert read() == case["value"]
        return
    with pytest.raises(PluginError) as raised:
        read()
    assert raised.value.status == case["status"]
    assert raised.value.message == expected_text(case["message"], locale)
    expected = {key: expected_text(text, locale) for key, text in case["validationErrors"].items()}
    assert raised.value.validation_errors == expected


@pytest.mark.parametrize("case", EXPANSIONS, ids=[case["name"] for case in EXPANSIONS])
def test_expand_variables_answers_as_the_case_says(models: ModuleType, case: dict[str, Any]) -> None:
    request = models.QueryDataRequest.model_validate({"dataQuery": [{}], "variables": case["variables"]})
    locale = case["locale"]
    options: dict[str, Any] = {
        "escape": ESCAPES[case.get("escape", "none")],
        "undefined": case.get("undefined", "error"),
        **bounds(case),
    }
    if "reference" in case:
        assert variable_reference(case["text"]) == case["reference"]
    if "expanded" in case:
        assert expand_variables(case["text"], request.variables, locale, **options) == case["expanded"]
        return
    with pytest.raises(PluginError) as raised:
        expand_variables(case["text"], request.variables, locale, **options)
    assert raised.value.status == case["status"]
    assert raised.value.message == expected_text(case["message"], locale)
    assert not raised.value.validation_errors
