# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/dispatch.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""Serving one contract operation: body -> model -> data source method -> JSON answer.

Every endpoint of a generated plugin runs the same steps, driven by its `Operation` entry:

1. read the raw body (JSON only, at most 10 MiB: 413 beyond; 503 with Retry-After while the
   process already holds its most bytes of bodies at once, 64 MiB by default; 408 and a closed
   connection for a body that stops arriving; see body_limits) and parse it with
   `Model.model_validate_json(strict=True, by_name=False)` - malformed or schema-invalid bodies
   are the contract's "request format is wrong", answered 400 in the endpoint's error shape.
   Strict, because the schema is: "1" is not an integer, "true" is not a boolean, and null is not
   an omitted field (the models' NOT_NULL marker refuses it in strict validation only). Wire
   names only: a key spelled as a model's Python attribute (`max_file_size`) is an unknown
   property to the schema, ignored like any other, never read as `maxFileSize`;
2. decrypt `enc:v1:` values of DatasourceField lists (a token that does not decrypt is content
   the plugin cannot process, not a wrong form: 422, with validationErrors naming the field
   where the endpoint's error body has them);
3. call the data source method with a RequestContext - sync methods in the threadpool, async
   ones awaited - whose `log` names the request on every line and whose `deadline` is
   PLUGIN_QUERY_SECONDS away: a method still running then is cancelled and answered 422 in the
   operation's 422 shape (`query.deadline`, issue 40 point 3);
4. encrypt password fields of the answer, serialise it once straight to bytes with the
   contract's wire names and without unset optional fields (`answer_json.model_json`).

`PluginError` from the method becomes its status (422 unless it says otherwise) and message; any other exception is a plugin
bug: the traceback is logged with an incident id and the caller gets a generic 500. A caller that
hangs up while its body is still arriving is no bug at all: one INFO line, no traceback; one that
hangs up while the method runs cancels it (hang_up): one DEBUG line, status 499. The
glue's own messages are in the call's language and never quote the request (see http_json).
"""

from __future__ import annotations

import inspect
import logging
import re
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, TypeAdapter
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import Headers
from starlette.requests import ClientDisconnect
from starlette.routing import Route
from starlette.types import Receive, Scope, Send

from .answer_json import model_json
from .body_limits import BUSY, STALLED, TOO_LARGE, BodyBudget, BodyHold
from .catalog import runtime_text
from .context import RequestContext, RequestLogger
from .errors import PluginError
from .hang_up import DeadlinePassed, HungUp, call_until_hang_up
from .http_json import (
    BUSY_HEADERS,
    JSON_MEDIA_TYPE,
    MAX_BODY_BYTES,
    MAX_BODY_BYTES_IN_FLIGHT,
    BodyError,
    clip,
    error_response,
    incident_id,
    json_bytes,
    parse_json_body,
    read_json_body,
)
from .locale import choose_locale
from .logs import request_id_var
from .operations import Operation
from .runtime_constants import CLIENT_CLOSED_STATUS
from .secrets import SecretBox, SecretError, is_token

_log = logging.getLogger(__name__)
# A field code that may be a validationErrors key: the contract keys errors by field code, but a
# code that is not a plain identifier is the caller's text, and is not reflected.
_FIELD_CODE = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,63}")


@dataclass(frozen=True)
class Wiring:
    """What every endpoint of one plugin shares."""

    datasource: object
    secrets: SecretBox
    locales: tuple[str, ...]
    max_body_bytes: int = MAX_BODY_BYTES
    secret_fields: frozenset[str] = frozenset()
    body_budget: BodyBudget = field(default_factory=lambda: BodyBudget(MAX_BODY_BYTES_IN_FLIGHT))
    # PLUGIN_QUERY_SECONDS: how long a data source method may take (None: as long as it takes)
    query_seconds: float | None = None


class _FieldSecretError(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class OperationApp:
    """The ASGI app serving `op` with the data source method of the same name.

    An ASGI app rather than a Starlette request/response function: it reads the four headers it
    needs in one pass, the body straight from `receive`, and sends its answer itself, so no
    Request, Response or per-route exception wrapper is built per call (8 us of the glue's 65 us
    around a get-result, measured in-process). It answers every outcome itself, so nothing but a
    bug in this module reaches the app's error handlers.
    """

    def __init__(self, op: Operation, wiring: Wiring) -> None:
        self.op = op
        self.wiring = wiring
        self.method = getattr(wiring.datasource, op.method_name)
        self.is_async = inspect.iscoroutinefunction(self.method)
        self.serialise = _serialiser(op)
        # the data source's own logger: its lines are named after its module, as its other lines
        self.logger = logging.getLogger(type(wiring.datasource).__module__)

    def __repr__(self) -> str:
        return f"<OperationApp {self.op.key}>"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        hold = self.wiring.body_budget.hold()
        try:
            await self._serve(scope, receive, send, hold)
        finally:  # the body's bytes count until the answer has been sent
            hold.release()

    async def _serve(self, scope: Scope, receive: Receive, send: Send, hold: BodyHold) -> None:
        op, wiring = self.op, self.wiring
        language, host, content_type, content_length = _call_headers(scope)
        locale = choose_locale(language, wiring.locales, wiring.locales[0])
        parsed: Any = None
        if op.request_model is not None:
            try:
                raw = await read_json_body(
                    receive, content_type, content_length, wiring.max_body_bytes, locale, hold
                )
                parsed = parse_json_body(op.request_model, raw, locale)
                for path in op.request_secrets:
                    _reveal(parsed, path, wiring.secrets)
            except ClientDisconnect:
                _log.info("%s: the client disconnected before its request body arrived", op.method_name)
                await _send_answer(send, CLIENT_CLOSED_STATUS, b"", None)
                return
            except BodyError as exc:
                if exc.status == TOO_LARGE:  # the spec's decision: exactly {"error": true, "message"}
                    await error_response(TOO_LARGE, exc.message)(scope, receive, send)
                    return
                if exc.status == BUSY:  # busy: the same body, and when to try again
                    await error_response(BUSY, exc.message, BUSY_HEADERS)(scope, receive, send)
                    return
                if exc.status == STALLED:  # stalled: the rest of the body will not be read, so close
                    await self._fail(send, STALLED, exc.message, close=True)
                    return
                await self._fail(send, exc.status, exc.message)
                return
            except _FieldSecretError as exc:
                _log.info("%s: field %r: %s", op.method_name, clip(exc.code, 64), exc.reason)
                message = runtime_text(locale, "secret.undecryptable")
                field_errors = {exc.code: message} if _FIELD_CODE.fullmatch(exc.code) else None
                await self._fail(send, 422, message, field_errors)
                return
        seconds = wiring.query_seconds
        context = RequestContext(
            locale=locale,
            headers=Headers(scope=scope),
            operation_id=op.operation_id,
            base_url=_base_url(scope, host, op.path),
            log=RequestLogger(self.logger, request_id_var.get()),
            deadline=None if seconds is None else time.monotonic() + seconds,
            cancelled=threading.Event(),
        )
        args: tuple[Any, ...] = (context,) if op.request_model is None else (parsed, context)
        try:
            method = self.method
            call = method(*args) if self.is_async else run_in_threadpool(method, *args)
            result = await call_until_hang_up(call, receive, seconds, context.cancelled)
            for path in op.response_secrets:
                _seal(result, path, wiring.secrets, wiring.secret_fields)
            payload = self.serialise(result)
        except HungUp:
            _log.debug("%s stopped: the caller hung up", op.method_name)
            await _send_answer(send, CLIENT_CLOSED_STATUS, b"", None)  # for the access line: no one reads it
            return
        except DeadlinePassed:
            said = f"{seconds:g}"
            _log.info("%s stopped: no answer within PLUGIN_QUERY_SECONDS (%s s)", op.method_name, said)
            await self._fail(send, 422, runtime_text(locale, "query.deadline", seconds=said))
            return
        except PluginError as exc:
            await self._fail(send, exc.status, exc.message, exc.validation_errors)
            return
        except Exception as exc:
            incident = incident_id()
            _log.error("%s failed (incident %s)", op.method_name, incident, exc_info=exc)
            await self._fail(send, 500, runtime_text(context.locale, "internal", incident=incident))
            return
        await _send_answer(send, 200, payload, _JSON)

    async def _fail(
        self,
        send: Send,
        status: int,
        message: str,
        validation_errors: Mapping[str, str] | None = None,
        *,
        close: bool = False,
    ) -> None:
        body = self.op.errors.body(status, message, validation_errors)
        await _send_answer(send, status, json_bytes(body), _JSON, close=close)


_JSON = JSON_MEDIA_TYPE.encode("latin-1")


async def _send_answer(
    send: Send, status: int, body: bytes, content_type: bytes | None, *, close: bool = False
) -> None:
    """The answer as Starlette's Response would send it: Content-Length, then Content-Type (and
    `Connection: close` when the connection must not carry another request: uvicorn closes it)."""
    headers = [(b"content-length", str(len(body)).encode("latin-1"))]
    if content_type is not None:
        headers.append((b"content-type", content_type))
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _call_headers(scope: Scope) -> tuple[str | None, str | None, str | None, str | None]:
    """Accept-Language, Host, Content-Type and Content-Length (the first of each, None if absent)."""
    language = host = content_type = content_length = None
    for name, value in scope["headers"]:
        if name == b"accept-language":
            language = language if language is not None else value.decode("latin-1")
        elif name == b"host":
            host = host if host is not None else value.decode("latin-1")
        elif name == b"content-type":
            content_type = content_type if content_type is not None else value.decode("latin-1")
        elif name == b"content-length":
            content_length = content_length if content_length is not None else value.decode("latin-1")
    return language, host, content_type, content_length


def _base_url(scope: Scope, host: str | None, path: str) -> str:
    """scheme://host[:port]/root/api/v1 as the caller reached it (cheaper than request.url)."""
    full_path = scope["path"]  # ASGI: includes root_path
    base_path = full_path[: -len(path)] if full_path.endswith(path) else full_path
    host = clip(host or "", 255)
    if not host:
        server = scope.get("server") or ("localhost", None)
        host = server[0] if server[1] is None else f"{server[0]}:{server[1]}"
    return f"{scope.get('scheme', 'http')}://{host}{base_path}"


def _serialiser(op: Operation) -> Callable[[Any], bytes]:
    """Answer -> JSON bytes; answers that are not already models are validated first."""
    model = op.response_model
    adapter: TypeAdapter[Any] = TypeAdapter(list[model] if op.response_is_list else model)  # type: ignore[valid-type]

    if op.response_is_list:

        def dump_list(result: Any) -> bytes:
            if not (isinstance(result, list) and all(isinstance(item, model) for item in result)):
                result = adapter.validate_python(result)
            return model_json(adapter, result, model)

        return dump_list

    def dump_model(result: Any) -> bytes:
        if not isinstance(result, model):
            result = adapter.validate_python(result)
        return model_json(adapter, result, model)

    return dump_model


@lru_cache(maxsize=256)
def _attribute_names(cls: type[BaseModel]) -> dict[str, str]:
    """Wire name -> attribute name of a model's fields."""
    return {(info.alias or name): name for name, info in cls.model_fields.items()}


def _field_lists(root: Any, path: Sequence[str]) -> list[Any]:
    """The list at `path` (wire names) below `root`, or [] when any step is absent."""
    node = root
    for wire_name in path:
        if not isinstance(node, BaseModel):
            return []
        node = getattr(node, _attribute_names(type(node)).get(wire_name, wire_name), None)
    return node if isinstance(node, list) else []


def _reveal(root: Any, path: Sequence[str], secrets: SecretBox) -> None:
    for item in _field_lists(root, path):
        value = getattr(item, "value", None)
        if is_token(value):
            code = str(getattr(item, "code", ""))
            try:
                item.value = secrets.decrypt(value, field=code)
            except SecretError as exc:
                raise _FieldSecretError(code, str(exc)) from None


def _seal(root: Any, path: Sequence[str], secrets: SecretBox, secret_fields: frozenset[str]) -> None:
    for item in _field_lists(root, path):
        value = getattr(item, "value", None)
        code = str(getattr(item, "code", ""))
        if (
            isinstance(value, str)
            and value
            and (getattr(item, "type", None) == "password" or code in secret_fields)
        ):
            item.value = secrets.seal(value, field=code)


def add_operation(router: Any, op: Operation, wiring: Wiring, prefix: str = "") -> None:
    """Register `op` at `prefix` + its path on a FastAPI APIRouter (or any router with a `routes` list).

    A plain Starlette Route around the operation's own ASGI app (`OperationApp`): it reads and
    answers raw bytes itself, so FastAPI's per-request dependency and response-model machinery
    would only add time.
    """
    app = OperationApp(op, wiring)
    router.routes.append(Route(prefix + op.path, app, methods=[op.http_method.upper()], name=op.operation_id))
