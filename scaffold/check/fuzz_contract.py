"""What the spec promises about one operation, and the verdict on one fuzzed request and its answer.

`scaffold check plugin --fuzz` lets Schemathesis *generate* requests, but the verdict is scaffold's
own: the request is judged valid or invalid by scaffold's validator (not by the mode it was
generated in, since negative generation sometimes yields valid data and shrinking can turn an
invalid case valid), and the answer by the statuses and schemas the spec documents. The rules:

- no answer (refused, dropped, timed out, too large): a failure, as in every other check;
- any 5xx: a defect in the plugin's own code, documented or not;
- a status the operation does not document (exact code, `4XX`-style range or `default`);
- an answer body that breaks the documented schema of its status;
- a schema-invalid request accepted with 2xx, or a schema-valid request rejected with 400
  (422 is the documented rejection of content the schema cannot describe, so it is fine; so is a
  400 for a data source config without an entry its form requires, the contract's "too few
  entries": scaffold.check.fuzz_config tells those apart, as the schema cannot).

`$ref`s to shared responses, parameters and request bodies are followed, so an operation may
document a status through `components/responses` and still be judged against the right schema.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from scaffold.host.http_client import NOT_JSON, Exchange
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.document import SpecDocument
from scaffold.specs.pointers import escape
from scaffold.specs.shapes import HTTP_METHODS, JSON_MEDIA, deref, json_schema_pointer


class Breach(Enum):
    """The kinds of failure, each with the contract sentence it breaks."""

    NO_ANSWER = "answers every request"
    SERVER_ERROR = "answers no 5xx: a 5xx is an unexpected error in the plugin's own code"
    UNDOCUMENTED = "answers only the statuses it documents"
    BAD_ANSWER = "answers bodies valid against the schema of their status"
    ACCEPTED_INVALID = "rejects a request that breaks the request schema with 400"
    REJECTED_VALID = "never rejects a schema-valid request for its form (400); 422 is for its content"


@dataclass(frozen=True)
class Verdict:
    """Why one answer breaks the contract."""

    breach: Breach
    detail: str


@dataclass(frozen=True)
class HeaderRule:
    name: str
    required: bool
    schema_pointer: str | None


@dataclass(frozen=True)
class OperationContract:
    """One operation as the fuzz judge needs it: statuses with their body schemas, request rules."""

    operation_id: str
    method: str
    path: str
    statuses: Mapping[str, str | None]  # "200" / "4XX" / "default" -> JSON body schema pointer
    request_pointer: str | None
    request_required: bool
    headers: tuple[HeaderRule, ...]

    @property
    def key(self) -> str:
        return f"{self.method.upper()} {self.path}"

    def status_key(self, status: int) -> str | None:
        """The documented response key that covers `status`, or None when it is undocumented."""
        for key in (str(status), f"{str(status)[0]}XX", f"{str(status)[0]}xx", "default"):
            if key in self.statuses:
                return key
        return None

    def rule(self, breach: Breach) -> str:
        return f"contract: Endpoints / {self.key} {breach.value}"


def operation_contracts(spec: SpecDocument) -> list[OperationContract]:
    """Every operation of the spec, in document order."""
    data = spec.data
    found: list[OperationContract] = []
    for path, item in (data.get("paths") or {}).items():
        if not isinstance(item, Mapping):
            continue
        for method in HTTP_METHODS:
            operation = item.get(method)
            if isinstance(operation, Mapping):
                base = f"/paths/{escape(path)}/{method}"
                found.append(_contract(data, base, str(path), method, operation, item))
    return found


def _contract(
    data: Mapping[str, Any],
    base: str,
    path: str,
    method: str,
    operation: Mapping[str, Any],
    item: Mapping[str, Any],
) -> OperationContract:
    statuses: dict[str, str | None] = {}
    for code, response in (operation.get("responses") or {}).items():
        pointer, resolved = deref(data, f"{base}/responses/{escape(code)}", response)
        statuses[str(code)] = json_schema_pointer(pointer, resolved)
    request_pointer: str | None = None
    required = False
    if "requestBody" in operation:
        pointer, body = deref(data, f"{base}/requestBody", operation["requestBody"])
        request_pointer = json_schema_pointer(pointer, body)
        required = bool(body.get("required", False))
    headers: list[HeaderRule] = []
    params = [*(item.get("parameters") or []), *(operation.get("parameters") or [])]
    for index, param in enumerate(params):
        pointer, resolved = deref(data, f"{base}/parameters/{index}", param)
        if resolved.get("in") == "header" and isinstance(resolved.get("name"), str):
            schema = f"{pointer}/schema" if isinstance(resolved.get("schema"), Mapping) else None
            headers.append(HeaderRule(resolved["name"], bool(resolved.get("required")), schema))
    return OperationContract(
        operation_id=str(operation.get("operationId", f"{method} {path}")),
        method=method,
        path=path,
        statuses=statuses,
        request_pointer=request_pointer,
        request_required=required,
        headers=tuple(headers),
    )


def is_json_media(media_type: str | None) -> bool:
    """`application/json`, with parameters or as a `+json` suffix type."""
    if media_type is None:
        return False
    essence = media_type.split(";")[0].strip().lower()
    return essence == JSON_MEDIA or (essence.startswith("application/") and essence.endswith("+json"))


class Judge:
    """Judges requests and answers of one spec with scaffold's own validator."""

    def __init__(self, spec: SpecDocument, validator: SpecValidator | None = None) -> None:
        self.validator = validator or SpecValidator(spec)

    def request_problems(
        self,
        contract: OperationContract,
        *,
        body: Any,
        has_body: bool,
        media_type: str | None,
        headers: Mapping[str, str],
    ) -> list[str]:
        """Why the request breaks the spec (empty when it is schema-valid).

        `body` is the parsed JSON sent (`NOT_JSON` from http_client when the bytes are not JSON).
        """
        problems: list[str] = []
        if not has_body:
            if contract.request_required:
                problems.append("the request body is required")
        elif contract.request_pointer is not None:
            if not is_json_media(media_type):
                problems.append(f"Content-Type {media_type!r} is not JSON")
            elif body is NOT_JSON:
                problems.append("the body is not JSON")
            else:
                problems.extend(self.validator.errors_at(contract.request_pointer, body))
        lowered = {name.lower(): value for name, value in headers.items()}
        for rule in contract.headers:
            value = lowered.get(rule.name.lower())
            if value is None:
                if rule.required:
                    problems.append(f"header {rule.name} is required")
            elif rule.schema_pointer is not None:
                problems.extend(
                    f"header {rule.name} {error}"
                    for error in self.validator.errors_at(rule.schema_pointer, value)
                )
        return problems

    def verdict(self, contract: OperationContract, exchange: Exchange, request_valid: bool) -> Verdict | None:
        """The breach this answer shows, or None when the answer is what the contract allows."""
        if exchange.failure is not None or exchange.status is None:
            return Verdict(Breach.NO_ANSWER, exchange.failure or "no answer")
        status = exchange.status
        if status >= 500:
            return Verdict(Breach.SERVER_ERROR, exchange.summary())
        key = contract.status_key(status)
        if key is None:
            documented = ", ".join(contract.statuses) or "none"
            return Verdict(Breach.UNDOCUMENTED, f"{exchange.summary()} (documented: {documented})")
        if not request_valid and 200 <= status < 300:
            return Verdict(Breach.ACCEPTED_INVALID, exchange.summary())
        if request_valid and status == 400:
            return Verdict(Breach.REJECTED_VALID, exchange.summary())
        pointer = contract.statuses[key]
        if pointer is None:
            return None
        if not exchange.is_json:
            return Verdict(Breach.BAD_ANSWER, f"{status} body is {exchange.json_error}: {exchange.summary()}")
        errors = self.validator.errors_at(pointer, exchange.body)
        if errors:
            return Verdict(Breach.BAD_ANSWER, f"{status} body {'; '.join(errors)}")
        return None
