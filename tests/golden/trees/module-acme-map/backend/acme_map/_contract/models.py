# generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, RootModel
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
    floats = core_schema.chain_schema(
        [core_schema.no_info_plain_validator_function(_whole_number), schema]
    )
    return core_schema.union_schema(
        [(schema, "int"), (floats, "int-from-float")], mode="left_to_right"
    )


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


class LocaleArrayItem(ContractModel):
    """
    A localized string.
    """

    lang: str
    """
    Language code such as ru-RU or en-US.
    """
    value: str
    """
    The text in that language.
    """


class ModuleMetadata(ContractModel):
    """
    Module metadata, the answer of GET {baseUrl}/api/v1/well-known. Minimum required set: name, title, description, version, entryPoint, frontendHost, scope, components. Always returning the full set is recommended.
    """

    name: str
    """
    Unique technical module name; critical.
    """
    title: list[LocaleArrayItem]
    """
    Localized display name.
    """
    description: list[LocaleArrayItem]
    """
    Localized description.
    """
    version: str
    """
    Module version.
    """
    entry_point: Annotated[str, Field(alias="entryPoint")]
    """
    Path to the JS bundle; critical. The JS URL is the result of resolving entryPoint against frontendHost.
    """
    frontend_host: Annotated[str, Field(alias="frontendHost")]
    """
    Base host of frontend artifacts.
    """
    scope: str
    """
    Name of the global object in window.
    """
    components: list[str]
    """
    Component names available in registry; critical.
    """
    can_add_to_dashboard: Annotated[
        bool | None, Field(alias="canAddToDashboard", exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Whether widgets of this module may be created on a dashboard.
    """


class ModuleContext(ContractModel):
    """
    The content of the saved module settings (those set through Settings), added by the platform's backend proxy. Its shape is not standardized by the platform and it may contain secret values in encrypted form; a module backend either interprets it or ignores it safely. It is an object when present; null is not allowed.
    """

    model_config = ConfigDict(
        extra="allow",
    )


class DemoStatusPayload(ContractModel):
    """
    The demo stub's payload: a message to echo back. Sent bare by a browser calling the stub directly, or as the envelope's payload. Shape not shown in the contract.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    message: str
    """
    Free text the stub echoes back.
    """


class DemoStatusResponse(ContractModel):
    """
    Answer of the demo stub. Shape not shown in the contract.
    """

    status: Literal["ok"]
    """
    Status of the demo stub; always ok.
    """
    message: str
    """
    Human-readable status message, localised by Accept-Language.
    """
    payload: Annotated[
        DemoStatusPayload | None, Field(exclude_if=omit_none), NOT_NULL
    ] = None
    """
    Echo of the received payload (the envelope's payload, or the bare body).
    """
    module_context: Annotated[
        Literal["present", "absent"] | None,
        Field(alias="moduleContext", exclude_if=omit_none),
        NOT_NULL,
    ] = None
    """
    Whether a moduleContext was received; its content is never echoed.
    """


class DemoStatusError(ContractModel):
    """
    Error body of the module backend: every 4xx and 5xx answer of every path. Module endpoint errors are not shown in the contract.
    """

    error: Literal[True]
    """
    Always true.
    """
    message: str
    """
    What went wrong.
    """


class DemoStatusEnvelope(ContractModel):
    """
    The demo stub's body as the platform's backend proxy forwards it: the payload and, when the platform adds it, moduleContext.
    """

    model_config = ConfigDict(
        extra="allow",
    )
    payload: DemoStatusPayload
    module_context: Annotated[
        ModuleContext | None,
        Field(alias="moduleContext", exclude_if=omit_none),
        NOT_NULL,
    ] = None


class DemoStatusRequest(RootModel[DemoStatusEnvelope | DemoStatusPayload]):
    root: DemoStatusEnvelope | DemoStatusPayload
    """
    The body of POST /api/v1/demo/status: the proxy envelope (DemoStatusEnvelope) or a bare payload (DemoStatusPayload). The two are told apart by their required properties, so exactly one matches any valid body: the envelope requires `payload`; the bare payload requires `message` and allows no other property, so it never has `payload`. A body that matches neither (for example `{}`, `[]` or `{"message": {}}`) is answered 400.
    """
