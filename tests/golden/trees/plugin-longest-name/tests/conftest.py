"""Fixtures: the app on a fresh state folder, and request builders."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from weather_station_telemetry_gateway_for_the_northern_coasts_region.app import create_app
from weather_station_telemetry_gateway_for_the_northern_coasts_region.settings import Settings

TEST_KEY = base64.urlsafe_b64encode(bytes(range(32))).decode()
# The data source configuration the requests carry (the fields of your data source form).
CONFIG: list[dict[str, Any]] = []


@pytest.fixture(scope="session")
def state_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("state")


@pytest.fixture
def client(state_dir: Path) -> Iterator[TestClient]:
    settings = Settings(state_dir=state_dir, secret_key=TEST_KEY)
    with TestClient(create_app(settings)) as test_client:
        yield test_client


def plugin_context(fields: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {
        "orgID": 1,
        "pluginID": "weather-station-telemetry-gateway-for-the-northern-coasts-region",
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
