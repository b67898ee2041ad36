"""The base every generated contract model builds on, and the markers on its fields.

Not copied as a file of its own: scaffold.codegen.python.models puts everything below the imports
at the top of each generated `models.py`, so a project's models module stays one self-contained
file (as datamodel-code-generator writes it). It lives here, a real module, so ruff, mypy and the
unit tests (tests/unit/test_contract_base.py) see the code every generated model runs on.

Three contract rules have no datamodel-code-generator option: an optional field the contract does
not allow as null is left out of output (pydantic's per-field `exclude_if`, cheaper than a
model-level serializer); the same field sent as an explicit null is refused in strict validation
only (a core-schema switch); models serialise with wire names and accept either name on input.
The generator marks such fields with `Field(exclude_if=omit_none)` and `NOT_NULL`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, GetCoreSchemaHandler
from pydantic_core import PydanticKnownError, core_schema


class ContractModel(BaseModel):
    """Base of every contract model.

    Output uses the contract's wire names (camelCase) by default; input accepts the wire name or
    the Python attribute name. Unknown input fields are ignored so a newer platform can talk to
    an older plugin.
    """

    model_config = ConfigDict(
        validate_by_name=True,
        validate_by_alias=True,
        serialize_by_alias=True,
        extra="ignore",
    )


def omit_none(value: object) -> bool:
    """True for None: an optional field the contract does not allow as null is left out instead."""
    return value is None


class StrictNotNull:
    """Marks an optional field the contract does not allow as null.

    Strict validation (how the routes parse request bodies) refuses an explicit null for it, as
    the contract's schema does; lax validation (the team's own code building a model) still takes
    None as "not set". An integer field in strict validation also takes a whole-number float
    (`5.0`), which JSON Schema counts as an integer, and still refuses "5" and true. All of it is
    built into the core schema: no Python call per field, except for an integer field whose
    value is not a plain integer (a float, or an invalid value about to be refused).
    """

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> core_schema.CoreSchema:
        schema = handler(source)
        if schema["type"] != "nullable":
            return schema
        inner = schema["schema"]
        strict = _whole_floats_too(inner) if inner["type"] == "int" else inner
        return core_schema.lax_or_strict_schema(lax_schema=schema, strict_schema=strict)


def _whole_floats_too(schema: core_schema.CoreSchema) -> core_schema.CoreSchema:
    """`schema` (an integer), or else a float with no fraction turned into one and checked again."""
    floats = core_schema.chain_schema([core_schema.no_info_plain_validator_function(_whole_number), schema])
    return core_schema.union_schema([(schema, "int"), (floats, "int-from-float")], mode="left_to_right")


def _whole_number(value: Any) -> Any:
    """A JSON float with no fraction as an int; anything else as it is, for the integer to refuse.

    Only a float: an int here already failed the integer's own bounds, a string or a boolean is
    not a number, and float(int) would round a huge one into range. A float whose double misstates
    its literal (9223372036854775807.0 reads as 2^63, 1.0000000000000001 as 1) comes marked by the
    body's reader (http_json.ExactNumber) and is judged by the literal: JSON Schema's "integer"
    is the exact value, and the data source receives that integer, not the double's.
    """
    if not isinstance(value, float):
        return value
    whole = getattr(value, "whole", None)
    if whole is None:
        return int(value) if value.is_integer() else value
    if not whole:
        return value  # a float still: not an integer, whatever its double says
    exact = getattr(value, "exact", None)
    if exact is None:  # more digits than an int is built from: beyond any bound
        raise PydanticKnownError("int_parsing_size")
    return exact


NOT_NULL = StrictNotNull()
