"""The shared module secret cases (scaffold/codegen/cases/module_secrets.json), read by the Python runtime.

The same file is read by the TypeScript module runtime's vitest runner (module-secrets.test.ts) and
the Go one's go test (modulesecrets_test.go): a token in moduleContext is decrypted, or refused with
the same status and text, by every language a module backend is written in (issue 42 point 2).
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from scaffold.codegen.python.runtime_files.errors import ConfigurationError
from scaffold.codegen.python.runtime_files.module_endpoints import Endpoints
from scaffold.codegen.python.runtime_files.module_envelope import BodyError
from scaffold.codegen.python.runtime_files.module_secrets import (
    MODULE_KEY_ENV,
    MODULE_OLD_KEYS_ENV,
    MODULE_SECRETS_PATH,
    module_secret_box,
    reveal_context,
)
from scaffold.codegen.python.runtime_files.secrets import SecretBox, is_token
from tests.shared_cases import CASES, assert_known_keys

DOCUMENT: dict[str, Any] = json.loads((CASES / "module_secrets.json").read_text(encoding="utf-8"))
REVEAL: list[dict[str, Any]] = DOCUMENT["reveal"]
SEAL: list[dict[str, Any]] = DOCUMENT["seal"]
SEALING: list[dict[str, Any]] = DOCUMENT["sealing"]


def box_of(keys: dict[str, Any]) -> SecretBox | None:
    """The box a module backend makes from the environment the case names."""
    environ = {}
    if keys["key"] is not None:
        environ[MODULE_KEY_ENV] = DOCUMENT["keys"][keys["key"]]
    if keys.get("oldKeys"):
        environ[MODULE_OLD_KEYS_ENV] = ",".join(DOCUMENT["keys"][name] for name in keys["oldKeys"])
    return module_secret_box(environ)


def test_the_cases_use_known_keys_and_texts() -> None:
    assert set(DOCUMENT) == {"about", "keys", "reveal", "seal", "sealing"}
    assert_known_keys(REVEAL, {"name", "keys", "context", "revealed", "refused"}, "module_secrets.json")
    assert_known_keys(SEAL, {"name", "keys", "field", "value", "unchanged"}, "module_secrets.json")
    assert_known_keys(SEALING, {"name", "body", "first"}, "module_secrets.json")
    for case in REVEAL:
        assert ("revealed" in case) != ("refused" in case), case["name"]
        if "refused" in case:
            assert case["refused"]["text"] in MODULE_TEXTS


@pytest.mark.parametrize("case", REVEAL, ids=[case["name"] for case in REVEAL])
def test_module_context_is_revealed_as_decided(case: dict[str, Any]) -> None:
    box = box_of(case["keys"])
    if "revealed" in case:
        assert reveal_context(case["context"], box) == case["revealed"]
        return
    with pytest.raises(BodyError) as refused:
        reveal_context(case["context"], box)
    assert refused.value.status == case["refused"]["status"]
    assert refused.value.message == MODULE_TEXTS[case["refused"]["text"]]


def test_a_module_context_without_a_token_comes_back_as_it_is_not_a_copy() -> None:
    """Copy-on-write, as module-secrets.ts and the Go backend walk it: a moduleContext without a
    secret is the same object, and with one only the containers on the way to it are new."""
    box = box_of({"key": "current"})
    plain = [case for case in REVEAL if case.get("revealed") == case["context"]]
    assert plain
    for case in plain:
        assert reveal_context(case["context"], box) is case["context"], case["name"]
        assert reveal_context(case["context"], None) is case["context"], case["name"]
    assert box is not None
    token = box.seal("s3cret", field="apiKey")
    untouched = {"regions": ["eu", {"deep": [1, 2]}]}
    beside = [{"name": "eu"}]
    context = {"apiUrl": "https://x", "other": untouched, "connections": [*beside, {"apiKey": token}]}
    sent = json.dumps(context)
    revealed = reveal_context(context, box)
    assert revealed == {**context, "connections": [*beside, {"apiKey": "s3cret"}]}
    assert json.dumps(context) == sent, "what was sent is read, never changed"
    assert revealed is not context and revealed["connections"] is not context["connections"]
    assert revealed["other"] is untouched and revealed["connections"][0] is beside[0]


@pytest.mark.parametrize("case", SEAL, ids=[case["name"] for case in SEAL])
def test_a_sealed_secret_is_revealed_again(case: dict[str, Any]) -> None:
    box = box_of(case["keys"])
    assert box is not None
    token = box.seal(case["value"], field=case["field"])
    if case.get("unchanged"):
        assert token == case["value"]
        return
    assert is_token(token) and token != box.seal(case["value"], field=case["field"])  # a fresh nonce
    assert reveal_context({case["field"]: token}, box) == {case["field"]: case["value"]}


def test_no_key_is_no_box_and_a_key_that_is_none_stops_the_start() -> None:
    assert module_secret_box({}) is None
    with pytest.raises(ConfigurationError, match=f"^{MODULE_KEY_ENV} must be 32 random bytes"):
        module_secret_box({MODULE_KEY_ENV: "not a key"})
    with pytest.raises(ConfigurationError, match=f"^{MODULE_OLD_KEYS_ENV} must be 32 random bytes"):
        module_secret_box({MODULE_KEY_ENV: DOCUMENT["keys"]["current"], MODULE_OLD_KEYS_ENV: "x,"})
    with pytest.raises(ConfigurationError) as refused:
        module_secret_box({MODULE_OLD_KEYS_ENV: DOCUMENT["keys"]["old"]})
    assert str(refused.value) == MODULE_TEXTS["secrets.oldWithoutKey"]


@pytest.fixture(scope="module")
def sealing() -> TestClient:
    """A backend with the cases' key, serving POST /api/v1/secrets as every module backend does."""
    app = FastAPI()
    environ = {MODULE_KEY_ENV: DOCUMENT["keys"]["current"]}
    app.include_router(Endpoints().router(locales=("en-US",), default_locale="en-US", environ=environ))
    return TestClient(app, raise_server_exceptions=False)


@pytest.mark.parametrize("case", SEALING, ids=[case["name"] for case in SEALING])
def test_the_sealing_route_names_the_first_problem_in_the_schema_s_order(
    sealing: TestClient, case: dict[str, Any]
) -> None:
    answer = sealing.post(
        MODULE_SECRETS_PATH, content=case["body"], headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 400, answer.text
    first = MODULE_TEXTS["endpoint.mismatch"].format(problem=case["first"] + ": ")
    assert answer.json()["message"].startswith(first), answer.json()
