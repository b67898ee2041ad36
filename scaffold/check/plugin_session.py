"""The state one plugin run shares between its check groups, and the judging helpers they use.

Operations are looked up in the spec by operationId, so paths and schemas always come from the
spec file; a check group only knows which operation it exercises and what the contract says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scaffold.check.plugin_values import JsonObject, marker_secret
from scaffold.check.run_limits import DEFAULT_PLUGIN_DEADLINE
from scaffold.contracts import PLUGIN
from scaffold.errors import SpecError
from scaffold.host import plugin_requests
from scaffold.host.http_client import DEFAULT_TIMEOUT, Exchange, HttpClient
from scaffold.host.report import CheckReport
from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import OperationShape, operations

WELL_KNOWN = "getMetadata"
HEALTH = "checkHealth"
DATASOURCE_FIELDS = "getDatasourceConstructorFields"
QUERY_FIELDS = "getQueryConstructorFields"
GET_RESULT = "getQueryResult"
VARIABLE_FIELDS = "getVariableConstructorFields"
VARIABLE_VALUES = "getVariableValues"

CONSTRUCTORS = (DATASOURCE_FIELDS, QUERY_FIELDS, VARIABLE_FIELDS)

# Short names used in check names; the spec's paths stay the authority for URLs.
LABELS = {
    WELL_KNOWN: "well-known",
    HEALTH: "health-check",
    DATASOURCE_FIELDS: "datasource-fields",
    QUERY_FIELDS: "query-fields",
    GET_RESULT: "get-result",
    VARIABLE_FIELDS: "variable-fields",
    VARIABLE_VALUES: "variable-values",
}


@dataclass(frozen=True)
class PluginCheckOptions:
    """What the user can tune from the command line.

    `timeout` bounds each request, `deadline` the whole run (None: no whole-run bound).
    """

    timeout: float = DEFAULT_TIMEOUT
    config: Mapping[str, str] = field(default_factory=dict)
    queries: tuple[str, ...] = ()
    deadline: float | None = DEFAULT_PLUGIN_DEADLINE


@dataclass
class PluginSession:
    """One run: the target, the spec, the client, the report, and what was learnt so far."""

    base_url: str
    spec: SpecDocument
    client: HttpClient
    options: PluginCheckOptions
    report: CheckReport
    validator: SpecValidator = field(init=False)
    operations: dict[str, OperationShape] = field(init=False)
    secret: str = field(default_factory=marker_secret)
    datasource_form: list[JsonObject] = field(default_factory=list)
    config: list[JsonObject] = field(default_factory=list)
    forms: dict[str, list[JsonObject]] = field(default_factory=dict)
    fallback_forms: dict[str, list[JsonObject]] = field(default_factory=dict)
    health_answers: list[str] = field(default_factory=list)
    broken: set[str] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.base_url = self.base_url.rstrip("/")
        self.validator = SpecValidator(self.spec)
        self.operations = {op.operation_id: op for op in operations(self.spec)}
        missing = [
            op
            for op in (WELL_KNOWN, HEALTH, *CONSTRUCTORS, GET_RESULT, VARIABLE_VALUES)
            if op not in self.operations
        ]
        if missing:
            raise SpecError(
                f"the spec has no operation {', '.join(missing)}, which scaffold check plays",
                path=self.spec.path,
                pointer="/paths",
                hint=f"Check a plugin against a {PLUGIN.contract} spec.",
            )

    def op(self, operation_id: str) -> OperationShape:
        return self.operations[operation_id]

    def url(self, operation_id: str) -> str:
        return self.base_url + self.op(operation_id).path

    def rule(self, operation_id: str, status: int = 200) -> str:
        """The contract sentence an answer breaks, e.g. `POST /query/get-result returns 200 QueryDataResponse`."""
        operation = self.op(operation_id)
        body = next((r for r in operation.responses if r.status == str(status)), None)
        returns = f"{status} {body.type_label}" if body is not None else str(status)
        return f"contract: Endpoints / {operation.key} returns {returns}"

    def post(self, operation_id: str, body: Any, *, headers: Mapping[str, str] | None = None) -> Exchange:
        return self.client.post_json(self.url(operation_id), body, headers=headers)

    def plugin_context(self, config: list[JsonObject] | None = None) -> JsonObject:
        return plugin_requests.plugin_context(self.config if config is None else config)

    def constructor_request(
        self, filter_fields: list[JsonObject], *, config: list[JsonObject] | None = None
    ) -> JsonObject:
        """ConstructorRequest / DataSourceConstructorRequest as the platform UI sends it."""
        return plugin_requests.constructor_request(self.config if config is None else config, filter_fields)

    def problems(self, operation_id: str, exchange: Exchange, status: int = 200) -> list[str]:
        """Why `exchange` is not a valid answer of `operation_id` with `status`; empty when it is."""
        if exchange.failure is not None:
            return [exchange.failure]
        if exchange.status != status:
            return [f"expected {status}, got {exchange.summary()}"]
        if not exchange.is_json:
            return [f"the body is {exchange.json_error}: {exchange.summary()}"]
        if not self.validator.has_response(self.op(operation_id), status):
            return []
        return self.validator.errors_for_response(
            self.op(operation_id), status, exchange.body, self.report.secrets
        )

    def label(self, operation_id: str) -> str:
        return LABELS.get(operation_id, operation_id)

    @property
    def datasource_form_unknown(self) -> bool:
        """True when no data source form was read at all, so nothing about its fields is known.

        A form whose answer broke the schema but still listed fields is known (its fields are
        used); an answer with no fields list at all (no answer, not JSON) is not.
        """
        return DATASOURCE_FIELDS in self.broken and not self.datasource_form


def has_message(body: Any) -> bool:
    """The contract's error bodies come 'with message': a non-empty string."""
    return isinstance(body, dict) and isinstance(body.get("message"), str) and body["message"].strip() != ""
