"""The shared config-check cases (scaffold/codegen/cases/config_checks.json), read by the Python runtime.

The same file is read by TypeScript's config-checks.test.ts and Go's configchecks_test.go, so which
configuration is "too few entries" (400) and which a validation error (422 with validationErrors)
is decided once for three languages (issue 40 points 2 and 6). The form and the fields go through
the generated pydantic models of the shipped spec, as a plugin's health check gets them.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.errors import PluginError
from scaffold.codegen.python.runtime_files.forms import require_valid_config
from scaffold.codegen.python.runtime_files.text_catalog import runtime_text
from scaffold.specs.catalog import load_shipped
from tests.model_loading import import_models
from tests.shared_cases import assert_known_keys, read_cases

CASES = read_cases("config_checks.json")
KNOWN = {"name", "form", "fields", "locale", "status", "values", "message", "validationErrors"}


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return import_models(load_shipped("datasource-plugin"), Path(tmp_path_factory.mktemp("models")))


def expected_text(value: str | dict[str, Any], locale: str) -> str:
    """A case's text: a literal, or {text, params} read from the glue's catalogue in `locale`."""
    if isinstance(value, str):
        return value
    return runtime_text(locale, value["text"], **value.get("params", {}))


def test_every_case_uses_only_keys_this_runner_knows() -> None:
    assert_known_keys(CASES, KNOWN, "config_checks.json")


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_require_valid_config_answers_as_the_case_says(models: ModuleType, case: dict[str, Any]) -> None:
    form = [models.ConstructorField.model_validate(item) for item in case["form"]]
    fields = [models.DatasourceField.model_validate(item) for item in case["fields"]]
    locale = case["locale"]
    if case["status"] == 200:
        assert require_valid_config(form, fields, locale) == case["values"]
        return
    with pytest.raises(PluginError) as raised:
        require_valid_config(form, fields, locale)
    assert raised.value.status == case["status"]
    assert raised.value.message == expected_text(case["message"], locale)
    expected = {code: expected_text(text, locale) for code, text in case.get("validationErrors", {}).items()}
    assert raised.value.validation_errors == expected
