"""The shared form-helper cases (scaffold/codegen/cases/form_values.json), read by the Python runtime.

The same file is read by TypeScript's form-values.test.ts and Go's formvalues_test.go, so how a
field and its options are labelled from the catalogue, how a constructor filter splits into
trigger values and array groups by arrayIndex, and what a typed read answers for an absent or
malformed value are decided once for three languages (issue 40 point 2). The helpers run from a
generated `_contract` package (FormTexts builds the generated models), the filter goes through
the shipped spec's ConstructorFilter model, as a plugin's constructor method gets it.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from scaffold.codegen.plugin_project import contract_files
from scaffold.specs.catalog import load_shipped
from tests.shared_cases import CASES, assert_known_keys

FILE = json.loads((CASES / "form_values.json").read_text(encoding="utf-8"))
KNOWN = {
    "fields": {"name", "locale", "prefix", "code", "type", "field"},
    "options": {"name", "locale", "keyPrefix", "values", "options"},
    "filters": {"name", "filter", "values", "groups"},
    "reads": {"name", "values", "code", "as", "value"},
}
PACKAGE = "form_values_pkg"


@pytest.fixture(scope="module")
def contract(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    root = Path(tmp_path_factory.mktemp("contract"))
    for relative, text in contract_files(
        load_shipped("datasource-plugin"), {"package_name": PACKAGE}
    ).items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / PACKAGE / "__init__.py").write_text("", encoding="utf-8")
    sys.path.insert(0, str(root))
    try:
        yield importlib.import_module(f"{PACKAGE}._contract")
    finally:
        sys.path.remove(str(root))
        for name in [name for name in sys.modules if name == PACKAGE or name.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


def ids(section: str) -> list[str]:
    return [case["name"] for case in FILE[section]]


@pytest.mark.parametrize("section", sorted(KNOWN))
def test_every_case_uses_only_keys_this_runner_knows(section: str) -> None:
    assert_known_keys(FILE[section], KNOWN[section], f"form_values.json {section}")


@pytest.mark.parametrize("case", FILE["fields"], ids=ids("fields"))
def test_form_texts_build_the_field_the_case_says(contract: ModuleType, case: dict[str, Any]) -> None:
    texts = contract.FormTexts(contract.Catalog(FILE["catalog"]), case["locale"])
    field = texts.field(case["prefix"], case["code"], case["type"])
    assert field.model_dump(mode="json", by_alias=True, exclude_none=True) == case["field"]


@pytest.mark.parametrize("case", FILE["options"], ids=ids("options"))
def test_form_texts_label_the_options_the_case_says(contract: ModuleType, case: dict[str, Any]) -> None:
    texts = contract.FormTexts(contract.Catalog(FILE["catalog"]), case["locale"])
    options = texts.options(case["keyPrefix"], case["values"])
    assert [o.model_dump(mode="json", by_alias=True, exclude_none=True) for o in options] == case["options"]


@pytest.mark.parametrize("case", FILE["filters"], ids=ids("filters"))
def test_filter_values_split_the_filter_as_the_case_says(contract: ModuleType, case: dict[str, Any]) -> None:
    raw = case["filter"]
    filter_ = None if raw is None else contract.ConstructorFilter.model_validate(raw)
    sent = contract.filter_values(filter_)
    assert sent.values == case["values"]
    assert [{"index": g.index, "values": g.values} for g in sent.array_groups()] == case["groups"]


@pytest.mark.parametrize("case", FILE["reads"], ids=ids("reads"))
def test_typed_reads_answer_as_the_case_says(contract: ModuleType, case: dict[str, Any]) -> None:
    read = {
        "text": contract.text_value,
        "number": contract.number_value,
        "bool": contract.bool_value,
        "list": contract.list_value,
    }[case["as"]]
    got = read(case["values"], case["code"])
    assert got == case["value"] and type(got) is type(case["value"]), got
