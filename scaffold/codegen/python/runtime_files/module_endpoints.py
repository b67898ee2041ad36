"""A module's own proxied endpoints: the platform proxy's request read for any route, strictly.

The platform's proxy forwards a Widget's call to the module backend as `{"payload": ...,
"moduleContext": ...}`, where moduleContext holds the module's saved settings (the Settings
component's values, secrets possibly encrypted) in a shape the contract leaves to the module; a
browser calling the backend directly sends the bare payload. The demo endpoint reads one fixed
payload (`envelope.py`); here the author names their own pydantic models and gets the same rules
for any POST route:

    ENDPOINTS = Endpoints()

    @ENDPOINTS.post("/api/v1/series", payload=SeriesQuery, module_context=SalesApi)
    def series(call: Call[SeriesQuery, SalesApi]) -> Series: ...

Every rule, in the order it is applied (the body rules are `envelope.py`'s, shared):

- the body's Content-Type, size (413 over 1 MiB; 503 with Retry-After while the process holds
  its bytes in flight, counted in one budget with the contract's routes), nesting depth (422 over
  64 levels) and JSON syntax (400), as for the demo endpoint;
- a body with a top-level "payload" key is the envelope: its payload is validated by the payload
  model, its moduleContext, when the key is present, must be an object (null is refused) and is
  validated by the module_context model when one is named (else handed over as a dict); an empty
  object is read as no moduleContext (nothing saved yet: the platform, and `scaffold dev`, may
  send `{}` before the Settings component saved anything); other keys are ignored; before any
  model sees moduleContext, its `enc:v1:` values are decrypted (`module_secrets.py`: 400 for a
  token this backend cannot decrypt, 503 when it has no MODULE_SECRET_KEY). Any other
  body is a bare payload, validated by the payload model, with no moduleContext. So that the two
  cannot be mistaken, a payload model must forbid unknown keys and must not have a property
  named "payload" or "moduleContext" (checked when the route is registered);
- validation is pydantic's strict JSON mode: nothing is coerced ("1" is no integer, 1.5 no int,
  "true" no boolean), while 79.0 is an integer as JSON Schema says; a failure is 400 naming the
  first problem's place and pydantic's message, never the value sent nor a key name the models
  do not declare (a body may hold secrets);
- the handler (sync, run in a worker thread, or async) gets a `Call` and returns an instance of
  its return annotation, a pydantic model, sent with its wire names (aliases) and Content-Language;
  `raise ModuleError(status, message)` answers that status with the error body; any other
  exception is a 500 with an incident id (`errors.py`);
- the handler ends when its caller does, as a plugin's data source method (`hang_up.py`, shared):
  when the caller hangs up, `call.cancelled` is set, an async handler is cancelled at its `await`
  (a sync one, which Python cannot interrupt, has its answer dropped) and the call is answered
  499 (CLIENT_CLOSED_STATUS) for the access line and metrics, with one debug line and no error;
  at the end of the shutdown's grace period `call.cancelled` is set too, and the request is
  answered 503 `stopping` (`observability.py`). The TypeScript backend aborts `call.signal`, the
  Go one cancels the request's context, in both cases.

`Endpoints.openapi(contract)` adds these routes to a copy of the contract document, their schemas
taken from the same models (components named `endpoints.<Model>`), so the project's conformance
test checks them beside the contract's operations.
"""

from __future__ import annotations

import inspect
import json
import logging
import os
import threading
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, get_type_hints

from fastapi import APIRouter
from pydantic import BaseModel, ValidationError
from pydantic.json_schema import models_json_schema
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from .body_limits import BodyBudget
from .hang_up import HungUp, call_until_hang_up
from .locale import choose_locale
from .module_envelope import (
    ENVELOPE_CONTEXT,
    ENVELOPE_PAYLOAD,
    BodyError,
    body_budget,
    parse_json,
    read_body,
    refuse_context_without_payload,
)
from .module_errors import error_response, internal_error
from .module_secrets import (
    MODULE_NO_KEY_STATUS,
    MODULE_SECRETS_PATH,
    SealedSecret,
    SecretToSeal,
    module_secret_box,
    reveal_context,
)
from .module_texts import module_text
from .runtime_constants import (
    CLIENT_CLOSED_STATUS,
    HEALTH_PATH,
    METRICS_PATH,
    MODULE_REFUSING_STATUSES,
    READY_PATH,
)
from .secrets import SecretBox
from .wire_names import wire_names

PayloadT = TypeVar("PayloadT", bound=BaseModel)
ContextT = TypeVar("ContextT")
HandlerT = TypeVar("HandlerT", bound=Callable[..., Any])

_log = logging.getLogger(__name__)

COMPONENT_PREFIX = "endpoints."
# Paths the contract's routes and the service's probes answer; an own endpoint may not take them.
RESERVED_PATHS = (
    HEALTH_PATH,
    READY_PATH,
    METRICS_PATH,
    "/openapi.json",
    "/api/v1/demo/status",
    MODULE_SECRETS_PATH,
)
RESERVED_PREFIXES = ("/.well-known/", "/static/")
_ERROR_SCHEMA = {"$ref": "#/components/schemas/DemoStatusError"}


class ModuleError(Exception):
    """Raise in an endpoint to answer `status` with `{"error": true, "message": message}`.

    Name the status in the route's `errors=` so the conformance test expects it; the message is
    the caller's to read, in `call.locale`, and must not echo what the caller sent.
    """

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class EndpointDefinitionError(TypeError):
    """A route registered with `Endpoints.post` that cannot be served as its models say."""


@dataclass(frozen=True)
class Call(Generic[PayloadT, ContextT]):
    """One call of an own endpoint: the validated payload, the module's settings, the language,
    and whether its answer is still awaited (`cancelled`, named as a plugin's RequestContext has it)."""

    payload: PayloadT
    module_context: ContextT | None  # None for a bare payload or an envelope without moduleContext
    locale: str  # chosen from Accept-Language among the project's languages
    via_proxy: bool  # the body was the proxy's envelope
    request: Request  # headers and the request id, should the endpoint need them
    # Set when the caller hangs up or the shutdown's grace period ends: a sync handler looks at it
    # between upstream calls (or waits on it); an async one is cancelled at its `await` besides.
    cancelled: threading.Event = field(default_factory=threading.Event, compare=False)


@dataclass(frozen=True)
class _Route:
    path: str
    payload: type[BaseModel]
    module_context: type[BaseModel] | None
    answer: type[BaseModel]
    errors: tuple[int, ...]
    handler: Callable[[Call[Any, Any]], Any]
    summary: str
    reveals: bool = True  # decrypt the enc:v1: values of moduleContext before the handler sees it


def _problem(error: ValidationError, where: str, known: frozenset[str]) -> str:
    """The first problem, by place and pydantic's message; undeclared key names are not repeated."""
    first = error.errors(include_url=False, include_input=False)[0]
    place = [where]
    for part in first["loc"]:
        place.append(f"[{part}]" if isinstance(part, int) else (str(part) if part in known else "*"))
    text = ".".join(place).replace(".[", "[")
    if first["type"] == "extra_forbidden":
        return module_text("endpoint.extra", where=text.rsplit(".", 1)[0])
    return f"{text}: {first['msg']}"


def _integers_as_json_reads_them(value: Any) -> Any:
    """`value` with each float that has no fraction (79.0) as an int: JSON Schema's integer is a
    number without fraction, whichever way it is written, and pydantic's strict mode refuses
    79.0 for an int (found by the conformance test). A float field still takes the int."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {key: _integers_as_json_reads_them(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_integers_as_json_reads_them(item) for item in value]
    return value  # nesting is bounded: parse_json refused bodies over MAX_DEPTH levels


def _validate(model: type[BaseModel], value: Any, where: str, known: frozenset[str]) -> BaseModel:
    try:
        return model.model_validate_json(json.dumps(_integers_as_json_reads_them(value)), strict=True)
    except ValidationError as error:
        raise BodyError(
            400, module_text("endpoint.mismatch", problem=_problem(error, where, known))
        ) from None


class Endpoints:
    """The module's own proxied POST endpoints: register with `post`, serve with `router`."""

    def __init__(self) -> None:
        self._routes: list[_Route] = []

    @property
    def paths(self) -> tuple[str, ...]:
        return tuple(route.path for route in self._routes)

    def post(
        self,
        path: str,
        *,
        payload: type[BaseModel],
        module_context: type[BaseModel] | None = None,
        errors: Iterable[int] = (),
        summary: str = "",
    ) -> Callable[[HandlerT], HandlerT]:
        """Register the decorated function as `POST path` (see the module docstring).

        `errors` are the statuses the function raises with ModuleError, for the conformance test.
        """

        def register(handler: HandlerT) -> HandlerT:
            self._routes.append(
                _route(path, payload, module_context, tuple(errors), handler, summary, self.paths)
            )
            return handler

        return register

    def router(
        self,
        *,
        locales: Sequence[str],
        default_locale: str,
        budget: BodyBudget | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> APIRouter:
        """The routes, answering in one of `locales`; `budget` is shared with the contract's routes.

        Besides the module's own, POST /api/v1/secrets (`_sealing_route`); the key comes from
        `environ` (os.environ by default): a malformed one stops the backend here, at its start.
        """
        box = module_secret_box(os.environ if environ is None else environ)
        router = APIRouter()
        shared = budget or body_budget()
        for route in (_sealing_route(box), *self._routes):
            router.add_api_route(
                route.path,
                _serve(route, tuple(locales), default_locale, shared, box),
                methods=["POST"],
                response_model=None,
                include_in_schema=False,
            )
        return router

    def published(self, document: bytes) -> bytes:
        """The contract as GET /openapi.json serves it (JSON bytes) with these routes added, so the
        CI's Schemathesis job and other tools see the module's own endpoints, as in every language."""
        added = self.openapi(json.loads(document))
        return (json.dumps(added, ensure_ascii=False, indent=1) + "\n").encode("utf-8")

    def openapi(self, contract: dict[str, Any]) -> dict[str, Any]:
        """A copy of the contract document with these routes added (for the conformance test)."""
        document: dict[str, Any] = json.loads(json.dumps(contract))
        routes = (_sealing_route(None), *self._routes)
        models: list[tuple[type[BaseModel], Any]] = []
        for route in routes:
            models += [(route.payload, "validation"), (route.answer, "serialization")]
            if route.module_context is not None:
                models.append((route.module_context, "validation"))
        refs, definitions = models_json_schema(
            models, ref_template="#/components/schemas/" + COMPONENT_PREFIX + "{model}"
        )
        schemas = document.setdefault("components", {}).setdefault("schemas", {})
        for name, schema in definitions.get("$defs", {}).items():
            schemas[COMPONENT_PREFIX + name] = schema
        paths = document.setdefault("paths", {})
        for route in routes:
            saved = refs[(route.module_context, "validation")] if route.module_context else {"type": "object"}
            context = {"anyOf": [saved, {"type": "object", "maxProperties": 0}]}  # {}: nothing saved
            paths[route.path] = {"post": _operation(route, refs, context)}
        return document


def _operation(route: _Route, refs: dict[Any, Any], context: dict[str, Any]) -> dict[str, Any]:
    payload = refs[(route.payload, "validation")]
    envelope = {
        "type": "object",
        "required": [ENVELOPE_PAYLOAD],
        "properties": {ENVELOPE_PAYLOAD: payload, ENVELOPE_CONTEXT: context},
    }
    error = {
        "description": "Refused: the body, the module's settings or the endpoint said no",
        "content": {"application/json": {"schema": _ERROR_SCHEMA}},
    }
    answer = {"application/json": {"schema": refs[(route.answer, "serialization")]}}
    responses: dict[str, Any] = {"200": {"description": "The answer", "content": answer}}
    for status in sorted({*MODULE_REFUSING_STATUSES, *route.errors}):
        responses[str(status)] = error
    return {
        "operationId": "own_" + "".join(c if c.isalnum() else "_" for c in route.path.strip("/")),
        "summary": route.summary or f"The module's own endpoint {route.path}",
        "tags": ["endpoints"],
        "parameters": [{"$ref": "#/components/parameters/AcceptLanguage"}],
        "requestBody": {
            "required": True,
            "content": {"application/json": {"schema": {"oneOf": [envelope, payload]}}},
        },
        "responses": responses,
    }


def _route(
    path: str,
    payload: type[BaseModel],
    module_context: type[BaseModel] | None,
    errors: tuple[int, ...],
    handler: Callable[..., Any],
    summary: str,
    taken: tuple[str, ...],
) -> _Route:
    """A checked route: each mistake is one sentence naming the route and what to change."""
    where = f"@ENDPOINTS.post({path!r})"
    if not path.startswith("/") or "{" in path or "?" in path or "#" in path:
        raise EndpointDefinitionError(
            f"{where}: the path must start with '/' and hold no parameters or query"
        )
    if path in RESERVED_PATHS or path.startswith(RESERVED_PREFIXES) or path in taken:
        raise EndpointDefinitionError(f"{where}: the path is already served; choose another")
    for name, model in (("payload", payload), ("module_context", module_context)):
        if model is not None and not (isinstance(model, type) and issubclass(model, BaseModel)):
            raise EndpointDefinitionError(f"{where}: {name} must be a pydantic model class")
    if payload.model_config.get("extra") != "forbid":
        raise EndpointDefinitionError(
            f"{where}: the payload model {payload.__name__} must forbid unknown keys "
            "(model_config = ConfigDict(extra='forbid')), or a bare payload cannot be told from an envelope"
        )
    # A bare payload with a property "moduleContext" and no "payload" would be refused as an
    # envelope without its payload (envelope.contextWithoutPayload), so neither name is allowed.
    payload_keys = _top_level_names(payload)
    for envelope_key in (ENVELOPE_PAYLOAD, ENVELOPE_CONTEXT):
        if envelope_key in payload_keys:
            raise EndpointDefinitionError(
                f"{where}: the payload model {payload.__name__} may not have a property named {envelope_key!r}; "
                "the proxy's envelope uses that name"
            )
    if any(not 400 <= status <= 599 for status in errors):
        raise EndpointDefinitionError(f"{where}: errors= lists HTTP statuses from 400 to 599")
    try:
        answer = get_type_hints(handler).get("return")
    except Exception as error:  # a name the annotations use is not importable at runtime
        raise EndpointDefinitionError(
            f"{where}: the return annotation cannot be read ({error}); define the models at module level"
        ) from None
    if not (isinstance(answer, type) and issubclass(answer, BaseModel)):
        raise EndpointDefinitionError(f"{where}: the function must be annotated to return a pydantic model")
    return _Route(path, payload, module_context, answer, errors, handler, summary)


def _sealing_route(box: SecretBox | None) -> _Route:
    """POST /api/v1/secrets: the Settings' secret as the token it saves (module_secrets.py says why).

    It ignores moduleContext: a saved token it could not decrypt must not stop the settings from
    being saved again with a new one.
    """

    def seal(call: Call[SecretToSeal, None]) -> SealedSecret:
        if box is None:
            raise ModuleError(MODULE_NO_KEY_STATUS, module_text("secrets.noKey"))
        return SealedSecret(value=box.seal(call.payload.value, field=call.payload.name))

    summary = module_text("sealing.summary")
    return _Route(MODULE_SECRETS_PATH, SecretToSeal, None, SealedSecret, (), seal, summary, reveals=False)


def _top_level_names(model: type[BaseModel]) -> set[str]:
    return {field.alias or name for name, field in model.model_fields.items()}


def _serve(
    route: _Route, locales: tuple[str, ...], default: str, budget: BodyBudget, box: SecretBox | None
) -> Callable[[Request], Any]:
    payload_names = wire_names(route.payload)
    context_names = wire_names(route.module_context) if route.module_context else frozenset()
    call_async = inspect.iscoroutinefunction(route.handler)

    def read(data: Any, locale: str, request: Request) -> Call[Any, Any]:
        if isinstance(data, dict) and ENVELOPE_PAYLOAD in data:
            context = data.get(ENVELOPE_CONTEXT)
            if ENVELOPE_CONTEXT in data and not isinstance(context, dict):
                problem = module_text(
                    "envelope.contextNull" if context is None else "envelope.contextNotObject"
                )
                raise BodyError(400, module_text("endpoint.mismatch", problem=problem))
            if context == {}:  # nothing saved yet: the platform may send an empty object
                context = None
            if not route.reveals:
                context = None
            elif context is not None:  # before any model sees it: secrets are read decrypted
                context = reveal_context(context, box)
            if context is not None and route.module_context is not None:
                context = _validate(route.module_context, context, ENVELOPE_CONTEXT, context_names)
            payload = _validate(route.payload, data[ENVELOPE_PAYLOAD], ENVELOPE_PAYLOAD, payload_names)
            return Call(payload, context, locale, True, request)
        refuse_context_without_payload(data)
        payload = _validate(route.payload, data, "the body", payload_names)
        return Call(payload, None, locale, False, request)

    async def endpoint(request: Request) -> Response:
        locale = choose_locale(request.headers.get("accept-language"), locales, default)
        hold = budget.hold()
        try:
            try:
                call = read(parse_json(await read_body(request, hold)), locale, request)
            except BodyError as error:
                return error_response(error.status, error.message, error.headers)
            try:
                running = route.handler(call) if call_async else run_in_threadpool(route.handler, call)
                answer = await call_until_hang_up(running, request.receive, cancelled=call.cancelled)
                if not isinstance(answer, route.answer):
                    raise TypeError(
                        f"{route.path} returned {type(answer).__name__}, not {route.answer.__name__}"
                    )
                body = answer.model_dump(mode="json", by_alias=True)
            except HungUp:  # no one failed and no one reads the answer: the status is the access line's
                _log.debug("%s stopped: the caller hung up", route.path)
                return Response(status_code=CLIENT_CLOSED_STATUS)
            except ModuleError as error:
                return error_response(error.status, error.message)
            except Exception as error:  # the project's code failed: 500, never its traceback
                return internal_error(request, error)
        finally:  # the body's bytes count until the answer is made
            hold.release()
        return JSONResponse(body, headers={"Content-Language": locale, "Vary": "Accept-Language"})

    return endpoint
