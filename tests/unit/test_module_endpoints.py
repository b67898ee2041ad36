"""The runtime helper of a module's own proxied endpoints (runtime_files/module_endpoints.py).

Issue 27 point 2: the only helper read the demo's `{message}` payload, so an author copied
read_body, parse_json, error_response and choose_locale and wrote their own unwrap. These tests
serve real routes through FastAPI's TestClient, as a generated backend serves them.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
from typing import Any, Literal

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from openapi_spec_validator import validate
from pydantic import BaseModel, ConfigDict, Field

from scaffold.codegen.python.runtime_files.body_limits import BodyBudget
from scaffold.codegen.python.runtime_files.errors import ConfigurationError
from scaffold.codegen.python.runtime_files.module_endpoints import (
    Call,
    EndpointDefinitionError,
    Endpoints,
    ModuleError,
)
from scaffold.codegen.python.runtime_files.secrets import SecretBox, parse_key

URL = "/api/v1/series"
KEY = base64.urlsafe_b64encode(bytes(range(32))).decode()
BOX = SecretBox(parse_key(KEY))
# as the platform sends them: the secret the Settings had encrypted by POST /api/v1/secrets
SETTINGS = {"apiUrl": "https://sales.example.com", "apiKey": BOX.encrypt("s3cret", field="apiKey")}


class Query(BaseModel):
    model_config = ConfigDict(extra="forbid")
    metric: Literal["revenue", "orders"]
    points: int = Field(default=3, ge=1, le=100)
    scale: float = 1.0


class Api(BaseModel):
    api_url: str = Field(alias="apiUrl")
    api_key: str = Field(alias="apiKey")


class Series(BaseModel):
    metric: str
    values: list[int]
    first_value: int = Field(alias="firstValue")
    via_proxy: bool = Field(alias="viaProxy")


class Echo(BaseModel):
    keys: list[str]


SEEN: list[Api] = []  # the settings each call received, as the author's model


def _series(call: Call[Query, Api]) -> Series:
    if call.payload.metric == "orders" and call.module_context is None:
        raise ModuleError(409, {"en-US": "configure first", "ru-RU": "настройте"}[call.locale])
    if call.module_context is not None:
        SEEN.append(call.module_context)
    values = [int(i * 2 * call.payload.scale) for i in range(call.payload.points)]
    return Series(metric=call.payload.metric, values=values, firstValue=values[0], viaProxy=call.via_proxy)


def _app(
    endpoints: Endpoints, budget: BodyBudget | None = None, environ: dict[str, str] | None = None
) -> TestClient:
    app = FastAPI()
    environ = {"MODULE_SECRET_KEY": KEY} if environ is None else environ
    router = endpoints.router(
        locales=("ru-RU", "en-US"), default_locale="ru-RU", budget=budget, environ=environ
    )
    app.include_router(router)
    return TestClient(app, raise_server_exceptions=False)


@pytest.fixture
def client() -> TestClient:
    endpoints = Endpoints()
    endpoints.post(URL, payload=Query, module_context=Api, errors=[409])(_series)
    return _app(endpoints)


def test_an_envelope_gives_the_payload_and_the_settings_as_the_author_s_models(client: TestClient) -> None:
    body = {"payload": {"metric": "revenue", "points": 2}, "moduleContext": SETTINGS, "other": [1]}
    response = client.post(URL, json=body, headers={"Accept-Language": "en-US,en;q=0.9"})
    assert response.status_code == 200
    assert response.json() == {"metric": "revenue", "values": [0, 2], "firstValue": 0, "viaProxy": True}
    assert Series.model_validate(response.json()).first_value == 0
    assert (SEEN[-1].api_url, SEEN[-1].api_key) == ("https://sales.example.com", "s3cret")  # decrypted
    assert response.headers["content-language"] == "en-US"
    assert "enc:v1:" not in response.text


def test_a_bare_payload_is_a_direct_call_without_settings(client: TestClient) -> None:
    response = client.post(URL, json={"metric": "orders"}, headers={"Accept-Language": "en-US"})
    assert response.status_code == 409
    assert response.json() == {"error": True, "message": "configure first"}
    russian = client.post(URL, json={"metric": "orders"})  # ru-RU when Accept-Language names none
    assert russian.json()["message"] == "настройте"
    direct = client.post(URL, json={"metric": "revenue"})
    assert direct.status_code == 200 and direct.json()["viaProxy"] is False


@pytest.mark.parametrize(
    ("payload", "problem"),
    [
        ({"metric": "revenue", "points": "3"}, "payload.points: Input should be a valid integer"),
        ({"metric": "revenue", "points": 2.5}, "payload.points: Input should be a valid integer"),
        ({"metric": "revenue", "points": True}, "payload.points: Input should be a valid integer"),
        ({"metric": "revenue", "points": 0}, "payload.points: Input should be greater than or equal to 1"),
        ({"metric": "cpu"}, "payload.metric: Input should be 'revenue' or 'orders'"),
        ({}, "payload.metric: Field required"),
        (None, "payload: Input should be an object"),
    ],
)
def test_nothing_is_coerced_and_the_problem_is_named(client: TestClient, payload: Any, problem: str) -> None:
    response = client.post(URL, json={"payload": payload, "moduleContext": SETTINGS})
    assert response.status_code == 400
    assert response.json() == {"error": True, "message": f"The body does not match this endpoint: {problem}"}


def test_a_number_without_fraction_is_an_integer_as_json_schema_says(client: TestClient) -> None:
    """Found by the conformance test: JSON Schema's integer takes 79.0, pydantic's strict int did not."""
    response = client.post(URL, json={"payload": {"metric": "revenue", "points": 4.0, "scale": 2}})
    assert response.status_code == 200 and response.json()["values"] == [0, 4, 8, 12]


def test_an_unknown_key_is_refused_without_repeating_it(client: TestClient) -> None:
    body = {"payload": {"metric": "revenue", "apiKey-sk_live_123": 1}}
    response = client.post(URL, json=body)
    assert response.status_code == 400
    assert response.json()["message"].endswith("payload has a property this endpoint does not take")
    assert "sk_live" not in response.text
    bare = client.post(URL, json={"metric": "revenue", "sk_live_456": 1})
    assert bare.status_code == 400 and "sk_live" not in bare.text


@pytest.mark.parametrize(
    ("context", "problem"),
    [
        (None, "moduleContext must be an object (null is not allowed)"),
        ([1], "moduleContext must be an object"),
        ({"apiUrl": "https://x"}, "moduleContext.apiKey: Field required"),
        ({"apiUrl": 7, "apiKey": "k"}, "moduleContext.apiUrl: Input should be a valid string"),
    ],
)
def test_the_settings_are_checked_by_the_author_s_model(
    client: TestClient, context: Any, problem: str
) -> None:
    response = client.post(URL, json={"payload": {"metric": "revenue"}, "moduleContext": context})
    assert response.status_code == 400
    assert response.json()["message"] == f"The body does not match this endpoint: {problem}"


def test_an_empty_module_context_is_nothing_saved_yet(client: TestClient) -> None:
    body = {"payload": {"metric": "orders"}, "moduleContext": {}}
    response = client.post(URL, json=body, headers={"Accept-Language": "en-US"})
    assert response.status_code == 409 and response.json()["message"] == "configure first"


def test_without_a_settings_model_the_settings_arrive_as_they_were_saved() -> None:
    seen: list[Any] = []
    endpoints = Endpoints()

    @endpoints.post("/api/v1/keys", payload=Query)
    async def keys(call: Call[Query, dict[str, Any]]) -> Echo:  # an async endpoint
        await asyncio.sleep(0)
        seen.append(call.module_context)
        return Echo(keys=sorted(call.module_context or {}))

    client = _app(endpoints)
    nothing = client.post("/api/v1/keys", json={"payload": {"metric": "orders"}, "moduleContext": {}})
    assert nothing.json() == {"keys": []}
    response = client.post(
        "/api/v1/keys", json={"payload": {"metric": "orders"}, "moduleContext": {"b": 1, "a": {}}}
    )
    assert response.json() == {"keys": ["a", "b"]} and seen == [None, {"b": 1, "a": {}}]


@pytest.mark.parametrize(
    ("raw", "status"),
    [
        (b"", 400),
        (b"{", 400),
        (b'{"payload": NaN}', 400),
        (b"[" * 65 + b"]" * 65, 422),
        (b"x" * (1024 * 1024 + 1), 413),
    ],
)
def test_the_body_rules_are_the_demo_endpoint_s(client: TestClient, raw: bytes, status: int) -> None:
    response = client.post(URL, content=raw, headers={"Content-Type": "application/json"})
    assert response.status_code == status
    assert response.json()["error"] is True


def test_a_declared_non_json_type_is_refused(client: TestClient) -> None:
    response = client.post(
        URL, content=b"metric=revenue", headers={"Content-Type": "application/x-www-form-urlencoded"}
    )
    assert response.status_code == 400


def test_bytes_in_flight_are_counted_in_the_budget_it_is_given() -> None:
    endpoints = Endpoints()
    endpoints.post(URL, payload=Query, module_context=Api)(_series)
    budget = BodyBudget(16)
    budget.held = 10  # another route's body is being read
    response = _app(endpoints, budget).post(URL, json={"metric": "revenue"})
    assert response.status_code == 503 and response.headers["retry-after"] == "1"


def test_the_project_s_failures_are_500_with_an_incident_and_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    endpoints = Endpoints()

    @endpoints.post("/api/v1/boom", payload=Query)
    def boom(call: Call[Query, dict[str, Any]]) -> Series:
        raise RuntimeError("secret path /srv/keys")

    @endpoints.post("/api/v1/wrong", payload=Query)
    def wrong(call: Call[Query, dict[str, Any]]) -> Series:
        return {"metric": "x"}  # type: ignore[return-value]

    client = _app(endpoints)
    with caplog.at_level(logging.ERROR):
        for path in ("/api/v1/boom", "/api/v1/wrong"):
            response = client.post(path, json={"metric": "revenue"})
            assert response.status_code == 500
            assert response.json()["message"].startswith("Unexpected error in the module backend (incident ")
            assert "secret" not in response.text
    assert "secret path" in caplog.text and "returned dict, not Series" in caplog.text


class Loose(BaseModel):
    metric: str


class HasPayload(BaseModel):
    model_config = ConfigDict(extra="forbid")
    payload: str


class HasContext(BaseModel):
    """A bare body {"moduleContext": ...} of it would be read as an envelope without payload."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True)
    module_context: str = Field(alias="moduleContext")


def _answer(call: Call[Query, Api]) -> Series:
    raise NotImplementedError


def _no_annotation(call: Call[Query, Api]):  # type: ignore[no-untyped-def]
    raise NotImplementedError


def _local_model() -> Any:
    class Local(BaseModel):
        value: int

    def handler(call: Call[Query, Api]) -> Local:
        raise NotImplementedError

    return handler


@pytest.mark.parametrize(
    ("path", "options", "handler", "message"),
    [
        ("/api/v1/x", {"payload": Loose}, _answer, "must forbid unknown keys"),
        ("/api/v1/x", {"payload": HasPayload}, _answer, "may not have a property named 'payload'"),
        ("/api/v1/x", {"payload": HasContext}, _answer, "may not have a property named 'moduleContext'"),
        ("/api/v1/x", {"payload": dict}, _answer, "payload must be a pydantic model class"),
        (
            "/api/v1/x",
            {"payload": Query, "module_context": dict},
            _answer,
            "module_context must be a pydantic",
        ),
        ("/api/v1/demo/status", {"payload": Query}, _answer, "the path is already served"),
        ("/.well-known/x", {"payload": Query}, _answer, "the path is already served"),
        ("api/v1/x", {"payload": Query}, _answer, "must start with '/'"),
        ("/api/v1/{id}", {"payload": Query}, _answer, "no parameters"),
        ("/api/v1/x", {"payload": Query, "errors": [200]}, _answer, "from 400 to 599"),
        ("/api/v1/x", {"payload": Query}, _no_annotation, "annotated to return a pydantic model"),
        (
            "/api/v1/x",
            {"payload": Query},
            _local_model(),
            "'Local' is not defined.*define the models at module",
        ),
    ],
)
def test_a_route_its_models_cannot_serve_is_refused_when_registered(
    path: str, options: dict[str, Any], handler: Any, message: str
) -> None:
    with pytest.raises(EndpointDefinitionError, match=message) as raised:
        Endpoints().post(path, **options)(handler)
    assert str(raised.value).startswith(f"@ENDPOINTS.post({path!r}): ")


def test_a_path_is_registered_once() -> None:
    endpoints = Endpoints()
    endpoints.post(URL, payload=Query)(_answer)
    with pytest.raises(EndpointDefinitionError, match="already served"):
        endpoints.post(URL, payload=Query)(_answer)


CONTRACT: dict[str, Any] = {
    "openapi": "3.1.0",
    "info": {"title": "contract", "version": "1"},
    "paths": {},
    "components": {
        "parameters": {
            "AcceptLanguage": {"name": "Accept-Language", "in": "header", "schema": {"type": "string"}}
        },
        "schemas": {
            "DemoStatusError": {
                "type": "object",
                "required": ["error", "message"],
                "properties": {"error": {"const": True}, "message": {"type": "string"}},
            },
            "Series": {"type": "string"},  # the contract's own name: the author's model must not replace it
        },
    },
}


def test_the_openapi_document_adds_each_route_with_its_models_schemas() -> None:
    endpoints = Endpoints()
    endpoints.post(URL, payload=Query, module_context=Api, errors=[409])(_series)
    before = json.dumps(CONTRACT)
    document = endpoints.openapi(CONTRACT)
    assert json.dumps(CONTRACT) == before, "the contract document is not changed"
    validate(document)  # a valid OpenAPI 3.1 document
    schemas = document["components"]["schemas"]
    assert schemas["Series"] == {"type": "string"}
    assert schemas["endpoints.Series"]["required"] == ["metric", "values", "firstValue", "viaProxy"]
    operation = document["paths"][URL]["post"]
    assert set(operation["responses"]) == {"200", "400", "409", "413", "422", "500", "503"}
    envelope, bare = operation["requestBody"]["content"]["application/json"]["schema"]["oneOf"]
    assert bare == {"$ref": "#/components/schemas/endpoints.Query"}
    assert envelope["required"] == ["payload"]
    assert envelope["properties"]["moduleContext"] == {
        "anyOf": [{"$ref": "#/components/schemas/endpoints.Api"}, {"type": "object", "maxProperties": 0}]
    }
    assert schemas["endpoints.Query"]["additionalProperties"] is False
    assert set(Endpoints().openapi(CONTRACT)["paths"]) - set(CONTRACT["paths"]) == {SECRETS}
    sealing = document["paths"][SECRETS]["post"]
    assert schemas["endpoints.SecretToSeal"]["additionalProperties"] is False
    assert sealing["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/endpoints.SealedSecret"
    }


SECRETS = "/api/v1/secrets"


def test_secrets_are_sealed_for_their_property_and_revealed_to_the_endpoint(client: TestClient) -> None:
    sealed = client.post(SECRETS, json={"payload": {"name": "apiKey", "value": "from the form"}})
    assert sealed.status_code == 200 and set(sealed.json()) == {"value"}
    token = sealed.json()["value"]
    assert token.startswith("enc:v1:") and BOX.decrypt(token, field="apiKey") == "from the form"
    assert client.post(SECRETS, json={"name": "apiKey", "value": token}).json() == {"value": token}  # once
    saved = {"apiUrl": "https://sales.example.com", "apiKey": token}
    body = {"payload": {"metric": "revenue"}, "moduleContext": saved}
    assert client.post(URL, json=body).status_code == 200 and SEEN[-1].api_key == "from the form"
    elsewhere = {"apiUrl": BOX.encrypt("x", field="apiKey"), "apiKey": "plain"}  # bound to its property
    refused = client.post(URL, json={"payload": {"metric": "revenue"}, "moduleContext": elsewhere})
    assert refused.status_code == 400 and "cannot decrypt" in refused.json()["message"]


def test_the_secrets_endpoint_reads_strictly_and_ignores_module_context(client: TestClient) -> None:
    for payload in ({"name": "", "value": "v"}, {"name": "k"}, {"name": "k", "value": 1},
                    {"name": "k" * 129, "value": "v"}, {"name": "k", "value": "v" * 4097},
                    {"name": "k", "value": "v", "extra": 1}):  # fmt: skip
        assert client.post(SECRETS, json={"payload": payload}).status_code == 400, payload
    unreadable = {"apiKey": "enc:v1:AAAA"}  # saved with a key since rotated away: save again
    again = client.post(
        SECRETS, json={"payload": {"name": "apiKey", "value": "v"}, "moduleContext": unreadable}
    )
    assert again.status_code == 200


def test_without_a_key_secrets_are_503_and_the_rest_serves() -> None:
    endpoints = Endpoints()
    endpoints.post(URL, payload=Query, module_context=Api, errors=[409])(_series)
    client = _app(endpoints, environ={})
    refused = client.post(SECRETS, json={"name": "apiKey", "value": "v"})
    assert refused.status_code == 503 and "MODULE_SECRET_KEY" in refused.json()["message"]
    body = {"payload": {"metric": "revenue"}, "moduleContext": SETTINGS}
    assert client.post(URL, json=body).status_code == 503
    plain = {"payload": {"metric": "revenue"}, "moduleContext": {"apiUrl": "u", "apiKey": "plain"}}
    assert client.post(URL, json=plain).status_code == 200
    with pytest.raises(ConfigurationError, match="^MODULE_SECRET_KEY must be 32 random bytes"):
        _app(endpoints, environ={"MODULE_SECRET_KEY": "short"})
    with pytest.raises(EndpointDefinitionError, match="already served"):
        endpoints.post(SECRETS, payload=Query)(_series)
