"""Contract conformance: Schemathesis checks the app against .scaffold/contract.yaml.

For every operation of the contract, Schemathesis sends the spec's examples, boundary cases and
generated requests (schema-valid and schema-invalid) to the app in-process (ASGI, no network)
and runs all its default checks on every answer: no 5xx; the status is documented for the
operation; the body and Content-Type match the documented response; schema-valid requests are
accepted (2xx, or 422 where the operation documents it: see schemathesis.toml); schema-invalid
requests are refused (4xx); methods a path does not serve are refused (405).

Settings (seed, requests per operation) are in schemathesis.toml; CONFORMANCE_SEED=<n> runs
with another seed. tests/conformance_hooks.py chooses the data source the run calls (the stand-in
answering the spec's examples, or yours) and makes most schema-valid requests ones it can serve
(a working configuration, queries it understands). A failure prints the request as a
curl command: replay it against `python -m acme_sales` to see what happened.
"""

from __future__ import annotations

import base64
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig

from acme_sales._contract import BASE_PATH
from acme_sales._contract.runtime_constants import (
    PUBLISHED_SECRET_KEYS,
)
from acme_sales.app import create_app
from acme_sales.settings import Settings

from .conformance_hooks import Conformance, conformance_data_source

ROOT = Path(__file__).resolve().parents[1]
# The key the app encrypts password fields with during the test (32 bytes, base64url): the key the
# spec publishes, if it does, so the enc:v1: values the spec shows (requests Schemathesis sends,
# the stand-in's answers) decrypt as they would on a plugin holding that key.
KEY = (
    PUBLISHED_SECRET_KEYS[0]
    if PUBLISHED_SECRET_KEYS
    else base64.urlsafe_b64encode(b"conformance-test-key-32-bytes!!!").decode()
)

CONTRACT = ROOT / ".scaffold" / "contract.yaml"
ACCEPTED = '"2xx", "3xx", "401", "403", "404", "409", "429", "5xx", "422"'


def _config() -> SchemathesisConfig:
    """schemathesis.toml, with 422 allowed for valid data on every operation documenting 422.

    The file lists the operations of the contract version the project was made with; an
    operation that a newer contract adds (after `scaffold upgrade`) gets the same allowance
    here, from the contract itself.
    """
    text = (ROOT / "schemathesis.toml").read_text(encoding="utf-8")
    contract = schemathesis.openapi.from_path(CONTRACT).raw_schema
    for path, item in contract.get("paths", {}).items():
        for method, operation in item.items():
            label = f"{method.upper()} {path}"
            if "422" in operation.get("responses", {}) and f'"{label}"' not in text:
                text += (
                    f'\n[[operations]]\ninclude-name = ["{label}"]\n'
                    f"checks.positive_data_acceptance.expected-statuses = [{ACCEPTED}]\n"
                )
    config = SchemathesisConfig.from_str(text, base_dir=str(ROOT))
    if os.environ.get("CONFORMANCE_SEED"):
        config.update(seed=int(os.environ["CONFORMANCE_SEED"]), max_failures=None)
    return config


schema = schemathesis.openapi.from_path(CONTRACT, config=_config())
# The app on its own state folder and key, served in-process.
STATE = tempfile.TemporaryDirectory(prefix="conformance-")
app = create_app(
    Settings(state_dir=Path(STATE.name), secret_key=KEY), datasource=conformance_data_source()
)
schema.app = app
conformance = Conformance()
conformance.install(schema)


@pytest.fixture(scope="module", autouse=True)
def working_configuration() -> Iterator[None]:
    """The hooks' configuration saved through the app; afterwards, every operation succeeded."""
    from fastapi.testclient import TestClient

    client = TestClient(app, base_url=f"http://testserver{BASE_PATH}/")

    def post(path: str, body: object) -> object:
        answer = client.post(path.lstrip("/"), json=body)
        assert answer.status_code == 200, (path, answer.status_code, answer.text[:500])
        return answer.json()

    conformance.prepare(post)
    yield
    STATE.cleanup()
    if os.environ.get("CONFORMANCE_REPORT"):
        conformance.write_report(os.environ["CONFORMANCE_REPORT"])
    unserved = conformance.unserved()
    assert not unserved, (
        f"no call succeeded for {unserved}: "
        "check CONFIG_VALUES and the queries in tests/conformance_hooks.py"
    )


@schema.parametrize()
def test_conformance(case: schemathesis.Case[Any]) -> None:
    response = case.call_and_validate()
    conformance.record(case, response.status_code)
