"""The dev page's server side for a data source plugin: it plays the platform's backend.

The page never talks to the plugin itself (the plugin may live on another origin and is
untrusted); it asks this API to make a call: `POST /call` names a contract operation and the
values a person entered. The body the platform would send is built by scaffold.host.plugin_requests,
the path comes from the spec by operationId, the call goes through the bounded HttpClient, and the
answer is judged against the spec: every call becomes a log entry with its contract problems.

Routes (paths after /dev-api/plugin):
- `GET /metadata`: calls well-known; `{"entry": LogEntry, "datasourceFieldTypes": [...]}`.
- `POST /call`: `{"operation", "locale", "input"}` -> `{"entry": LogEntry}`; bad input is 400.
  A healthCheck answer adds `datasourceConfig` (the fields the plugin returned, for the page to
  keep and resend) and `echoedSecrets` (codes whose returned value is what the page typed, shown
  masked: the page resends its own value for them).
- `GET /log[?after=ID]`: `{"entries": [...]}`, the last LOG_SIZE calls, newest last.

Entries, in the log and in /call's answer, never hold a password: scaffold.dev.plugin_secrets
masks them (the page keeps what it typed in its own memory).
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs

from scaffold.contracts import PLUGIN
from scaffold.dev.api import ApiAnswer, ApiRequest, BadApiRequest, error_answer, json_answer
from scaffold.dev.plugin_input import OPERATIONS, InputError, build_body, check_locale
from scaffold.dev.plugin_secrets import MASK, PluginSecrets
from scaffold.errors import SpecError
from scaffold.host.http_client import DEFAULT_TIMEOUT, Exchange, HttpClient
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape, operations

JsonObject = dict[str, Any]
WELL_KNOWN = "getMetadata"
HEALTH_CHECK = "checkHealth"
ECHO_PROBLEM = (
    "the answer contains a password that was sent, in plain text (masked here); the contract has "
    "the plugin return passwords only encrypted"
)
LOG_SIZE = 500
# A logged body above this many bytes is kept as a note: the page got it whole from /call.
LOG_BODY_LIMIT = 256 * 1024


class PluginDevApi:
    """Calls one plugin for the page and remembers every call (thread-safe: the server is threaded)."""

    def __init__(
        self,
        base_url: str,
        spec: SpecDocument,
        timeout: float = DEFAULT_TIMEOUT,
        *,
        client: HttpClient | None = None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.spec = spec
        self.validator = SpecValidator(spec)
        self.client = client or HttpClient(timeout)
        self._operations = {op.operation_id: op for op in operations(spec)}
        needed = [WELL_KNOWN, *OPERATIONS.values()]
        missing = [op for op in needed if op not in self._operations]
        if missing:
            raise SpecError(
                f"the spec has no operation {', '.join(missing)}, which the dev page calls",
                path=spec.path,
                pointer="/paths",
                hint=f"Serve the plugin page with a {PLUGIN.contract} spec.",
            )
        self._log: deque[JsonObject] = deque(maxlen=LOG_SIZE)
        self._secrets = PluginSecrets()
        self._lock = threading.Lock()
        self._next_id = 1
        self._routes: dict[tuple[str, str], Callable[[ApiRequest], ApiAnswer]] = {
            ("GET", "/metadata"): self._metadata,
            ("POST", "/call"): self._call,
            ("GET", "/log"): self._entries,
        }

    def handle(self, request: ApiRequest) -> ApiAnswer:
        route = self._routes.get((request.method.upper(), request.path))
        if route is None:
            known = ", ".join(f"{method} {path}" for method, path in self._routes)
            return error_answer(f"no route {request.method} {request.path}; known: {known}", 404)
        try:
            return route(request)
        except InputError as exc:
            return error_answer(str(exc), 400)
        except BadApiRequest as exc:
            return error_answer(str(exc), exc.status)

    def close(self) -> None:
        self.client.close()

    # -- routes -----------------------------------------------------------------------------------

    def _metadata(self, request: ApiRequest) -> ApiAnswer:
        entry = self.call(WELL_KNOWN, None, locale=None)
        return json_answer({"entry": entry, "datasourceFieldTypes": self.datasource_field_types()})

    def _call(self, request: ApiRequest) -> ApiAnswer:
        data = request.json()
        if not isinstance(data, dict):
            raise InputError("the body must be a JSON object with operation, locale and input")
        unknown = sorted(set(data) - {"operation", "locale", "input"})
        if unknown:
            raise InputError(f"unknown key {unknown[0]!r}: the body has operation, locale and input")
        name = data.get("operation")
        if not isinstance(name, str) or name not in OPERATIONS:
            raise InputError(f"operation must be one of {', '.join(OPERATIONS)}, got {name!r}")
        locale = check_locale(data.get("locale"))
        body = build_body(name, data.get("input", {}))
        entry, answer = self._exchange(OPERATIONS[name], body, locale)
        result: JsonObject = {"entry": entry}
        if OPERATIONS[name] == HEALTH_CHECK:
            with self._lock:
                saved, echoed = self._secrets.saved_config(answer)
            result.update(datasourceConfig=saved, echoedSecrets=echoed)
        return json_answer(result)

    def _entries(self, request: ApiRequest) -> ApiAnswer:
        after_text = parse_qs(request.query).get("after", ["0"])[0]
        if not (after_text.isascii() and after_text.isdigit()):  # int() refuses `²`, a digit to isdigit
            raise InputError(f"after must be an entry id (a whole number), got {after_text!r}")
        after = int(after_text)
        with self._lock:
            entries = [e for e in self._log if e["id"] > after]
        return json_answer({"entries": entries})

    # -- calls ------------------------------------------------------------------------------------

    def datasource_field_types(self) -> list[str]:
        """DatasourceField.type's enum: the types a DatasourceConfig field may name (checkbox is not one)."""
        schemas = self.spec.data.get("components", {}).get("schemas", {})
        enum = schemas.get("DatasourceFieldType", {}).get("enum", [])
        return [str(value) for value in enum]

    def call(self, operation_id: str, body: Any, *, locale: str | None) -> JsonObject:
        """Make one call, log it and return its entry (the full response, whatever its size),
        passwords masked."""
        return self._exchange(operation_id, body, locale)[0]

    def _exchange(self, operation_id: str, body: Any, locale: str | None) -> tuple[JsonObject, Any]:
        """The call's entry as served (passwords masked) and the plugin's answer as it came."""
        operation = self._operations[operation_id]
        with self._lock:
            self._secrets.learn_request(body)
            known = self._secrets.known()
        headers = {"Accept-Language": locale} if locale else {}
        url = self.base_url + operation.path
        started = time.monotonic()
        if operation.method == "get":
            exchange = self.client.get(url, headers=headers)
        else:
            exchange = self.client.post_json(url, body, headers=headers)
        duration = (time.monotonic() - started) * 1000
        response = _response_of(exchange)
        problems = self.problems(operation, body, exchange, known)
        with self._lock:
            secrets = self._secrets
            secrets.learn_answer(operation_id, response)
            if operation_id == HEALTH_CHECK and secrets.echoed(response):
                problems.append(ECHO_PROBLEM)
            served_request = secrets.mask(body)
            served_response = secrets.mask(response, saved_config=operation_id == HEALTH_CHECK)
            failure = secrets.mask(exchange.failure)
            problems = secrets.mask(problems)
        entry: JsonObject = {
            "id": 0,
            "operation": operation_id,
            "method": operation.method.upper(),
            "path": operation.path,
            "locale": locale,
            "at": time.time(),
            "status": exchange.status,
            "durationMs": round(duration, 1),
            "request": served_request,
            "response": served_response,
            "failure": failure,
            "problems": problems,
        }
        with self._lock:
            entry["id"] = self._next_id
            self._next_id += 1
            self._log.append(_for_log(entry))
        return entry, response

    def problems(
        self, operation: OperationShape, body: Any, exchange: Exchange, secrets: tuple[str, ...] = ()
    ) -> list[str]:
        """Contract findings about this call: the request sent (the person's values) and the answer,
        with `secrets` masked in every spelling before a message is cut to length."""
        found: list[str] = []
        if body is not None and operation.request is not None:
            found += [
                f"request {p}" for p in self.validator.errors_for_request(operation, body, secrets, MASK)
            ]
        if exchange.failure is not None or exchange.status is None:
            return found
        status = exchange.status
        if not any(r.status == str(status) for r in operation.responses):
            documented = ", ".join(r.status for r in operation.responses)
            found.append(f"status {status} is not documented for {operation.key} (documented: {documented})")
            return found
        if not exchange.is_json:
            found.append(f"the body is {exchange.json_error}")
        elif self.validator.has_response(operation, status):
            found += self.validator.errors_for_response(operation, status, exchange.body, secrets, MASK)
        return found


def _response_of(exchange: Exchange) -> Any:
    """The parsed JSON answer, else its text (None when nothing came back)."""
    if exchange.failure is not None:
        return None
    return exchange.body if exchange.is_json else exchange.text


def _for_log(entry: Mapping[str, Any]) -> JsonObject:
    """The entry as the log keeps it: bodies larger than LOG_BODY_LIMIT become a short note."""
    kept = dict(entry)
    for key in ("request", "response"):
        size = len(json.dumps(kept[key], ensure_ascii=False))
        if size > LOG_BODY_LIMIT:
            kept[key] = f"({size} bytes, too large for the log; it was shown when it arrived)"
    return kept
