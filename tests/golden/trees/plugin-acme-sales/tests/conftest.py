"""Fixtures: the app on a fresh state folder (with your data source, or the stand-in), a fake
upstream, and request builders."""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from acme_sales._contract import (
    OPERATIONS,
    DataSourceBase,
    stub_data_source,
)
from acme_sales._contract.openapi_document import (
    DOCUMENT,
)
from acme_sales.app import create_app
from acme_sales.settings import Settings

from .fake_upstream import Answer, FakeUpstream, Received, start

TEST_KEY = base64.urlsafe_b64encode(bytes(range(32))).decode()
# The data source configuration the requests carry (the fields of your data source form).
CONFIG: list[dict[str, Any]] = []


@pytest.fixture(scope="session")
def state_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("state")


@pytest.fixture
def client(state_dir: Path) -> Iterator[TestClient]:
    """The app serving your data source: for the tests of what it answers."""
    settings = Settings(state_dir=state_dir, secret_key=TEST_KEY)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def stub() -> DataSourceBase:
    """The stand-in data source: every operation answers the first answer the spec shows."""
    return stub_data_source(DataSourceBase, OPERATIONS, DOCUMENT)


@pytest.fixture
def glue(state_dir: Path) -> Iterator[TestClient]:
    """The app serving the stand-in (`stub`): for the tests of what the routes guarantee, which
    stay green whatever your data source needs (a URL, a token, a service to call)."""
    settings = Settings(state_dir=state_dir, secret_key=TEST_KEY)
    with TestClient(create_app(settings, datasource=stub())) as test_client:
        yield test_client


@pytest.fixture
def fake_upstream() -> Iterator[Callable[[Callable[[Received], Answer]], FakeUpstream]]:
    """Starts fakes of the service your data source calls (tests/fake_upstream.py); each is
    stopped when the test ends. `fake_upstream(routes({"/status": {"ok": True}})).url`."""
    started: list[FakeUpstream] = []

    def starting(answer: Callable[[Received], Answer]) -> FakeUpstream:
        started.append(start(answer))
        return started[-1]

    yield starting
    for fake in started:
        fake.close()


def plugin_context(fields: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "orgID": 1,
        "pluginID": "acme-sales",
        "dataSourceInstanceSettings": {"fields": CONFIG if fields is None else fields},
    }


def constructor_request(
    fields: list[dict[str, Any]] | None = None, config: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    return {
        "pluginContext": plugin_context(config),
        "filter": {"fields": fields or []},
        "variables": {},
    }
