"""The base of every generated contract model, tested as the real module it is.

scaffold/codegen/python/runtime_files/contract_base.py heads every generated `models.py`; these tests
import it directly (no generation), then check that a generated module carries exactly its code.
"""

from __future__ import annotations

import ast
from typing import Annotated

import pytest
from pydantic import Field, ValidationError

from scaffold.codegen.python import models as python_models
from scaffold.codegen.python.runtime_files.contract_base import NOT_NULL, ContractModel, omit_none
from scaffold.specs.catalog import load_shipped


class Window(ContractModel):
    """A model shaped as the generator writes one: wire aliases, an optional field not nullable."""

    row_limit: Annotated[int | None, Field(alias="rowLimit", exclude_if=omit_none), NOT_NULL] = None
    label: Annotated[str | None, Field(exclude_if=omit_none), NOT_NULL] = None


def test_output_uses_wire_names_and_leaves_unset_optional_fields_out() -> None:
    assert Window(rowLimit=5).model_dump() == {"rowLimit": 5}
    assert Window().model_dump_json() == "{}"


def test_input_takes_the_wire_name_or_the_attribute_name_and_ignores_unknown_fields() -> None:
    assert Window.model_validate({"row_limit": 3}).row_limit == 3
    assert Window.model_validate({"rowLimit": 3, "newerField": 1}).row_limit == 3


def test_strict_validation_refuses_an_explicit_null_lax_validation_takes_it_as_not_set() -> None:
    with pytest.raises(ValidationError):
        Window.model_validate({"rowLimit": None}, strict=True)
    with pytest.raises(ValidationError):
        Window.model_validate({"label": None}, strict=True)
    assert Window.model_validate({"rowLimit": None}).row_limit is None


@pytest.mark.parametrize("value", ["5", True, 5.5])
def test_strict_integer_refuses_what_json_schema_does_not_count_as_an_integer(value: object) -> None:
    with pytest.raises(ValidationError):
        Window.model_validate({"rowLimit": value}, strict=True)


def test_strict_integer_takes_a_whole_number_float() -> None:
    assert Window.model_validate({"rowLimit": 5.0}, strict=True).row_limit == 5
    assert type(Window.model_validate({"rowLimit": 5.0}, strict=True).row_limit) is int


def test_the_generator_names_what_the_file_defines() -> None:
    tree = ast.parse(python_models._BASE_SOURCE.read_text(encoding="utf-8"))
    defined = {getattr(node, "name", None) for node in tree.body} | {
        target.id
        for node in tree.body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    assert {python_models._BASE_CLASS, python_models._OMIT, python_models._NOT_NULL} <= defined


def test_a_generated_models_module_carries_the_code_below_the_imports_unchanged() -> None:
    imports, code = python_models.contract_base()
    assert imports["pydantic"] == {"BaseModel", "ConfigDict", "GetCoreSchemaHandler"}
    base = [ast.dump(node) for node in ast.parse(code).body]
    models = python_models.generate_python_models(load_shipped("datasource-plugin"), use_cache=False)
    generated = [ast.dump(node) for node in ast.parse(models).body]
    start = generated.index(base[0])
    assert generated[start : start + len(base)] == base
