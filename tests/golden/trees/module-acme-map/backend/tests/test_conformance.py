"""Contract conformance: Schemathesis checks the backend against ../.scaffold/contract.yaml.

Your own endpoints (endpoints.py) are added to that document with the schemas of their models
(`ENDPOINTS.openapi`), so they are checked the same way. For every operation, Schemathesis sends the spec's examples, boundary cases and
generated requests (schema-valid and schema-invalid) to the app in-process (ASGI, no network)
and runs all its default checks on every answer: no 5xx; the status is documented for the
operation; the body and Content-Type match the documented response; schema-valid requests are
accepted (2xx, or 422 where the operation documents it: see ../schemathesis.toml); schema-invalid
requests are refused (4xx); methods a path does not serve are refused (405). The spec's examples
are held to the rule of every language's module backend besides: an example answered with one of
MODULE_REFUSING_STATUSES (400, 413, 422, 500, 503) was refused; any other documented status, such
as an endpoint's own 409 until the module's settings are saved, accepts it.

Settings (seed, requests per operation) are in schemathesis.toml at the project root;
CONFORMANCE_SEED=<n> runs with another seed. A failure prints the request as a curl command:
replay it against `python -m acme_map` to see what happened.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
import yaml
from conformance_hooks import Conformance  # tests/ is on sys.path (it has no __init__.py)
from schemathesis.config import SchemathesisConfig

from acme_map._contract.runtime_constants import MODULE_REFUSING_STATUSES
from acme_map.app import create_app
from acme_map.endpoints import ENDPOINTS
from acme_map.settings import Settings

ROOT = Path(__file__).resolve().parents[2]

config = SchemathesisConfig.from_path(ROOT / "schemathesis.toml")
if os.environ.get("CONFORMANCE_SEED"):
    config.update(seed=int(os.environ["CONFORMANCE_SEED"]), max_failures=None)
contract = yaml.safe_load((ROOT / ".scaffold" / "contract.yaml").read_text(encoding="utf-8"))
schema = schemathesis.openapi.from_dict(ENDPOINTS.openapi(contract), config=config)
schema.app = create_app(Settings())
conformance = Conformance()
conformance.install(schema)


@pytest.fixture(scope="module", autouse=True)
def report() -> Iterator[None]:
    """Afterwards: every operation answered some call with a 2xx."""
    yield
    if os.environ.get("CONFORMANCE_REPORT"):
        conformance.write_report(os.environ["CONFORMANCE_REPORT"])
    unserved = conformance.unserved()
    assert not unserved, f"no call succeeded for {unserved}"


@schema.parametrize()
def test_conformance(case: schemathesis.Case[Any]) -> None:
    response = case.call_and_validate()
    conformance.record(case, response.status_code)
    meta = case.meta
    if meta is not None and meta.phase.name.value == "examples" and meta.generation.mode.is_positive:
        assert response.status_code not in MODULE_REFUSING_STATUSES, (
            f"{case.operation.label}: an example of the document was refused with {response.status_code}"
        )
