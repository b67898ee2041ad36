"""Fixtures: the app on a sample database with a fixed time window, and request builders."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from weather_station_telemetry_gateway_for_the_northern_coasts_region.app import create_app
from weather_station_telemetry_gateway_for_the_northern_coasts_region.example.sample_data import (
    SAMPLE_FILE,
    create_sample_database,
    sample_window,
)
from weather_station_telemetry_gateway_for_the_northern_coasts_region.settings import Settings

# A fixed sample window, so every value the tests see is the same on every day.
SAMPLE_END = 1_767_225_600 + 7 * 86_400
FIRST, LAST = sample_window(SAMPLE_END)
TEST_KEY = base64.urlsafe_b64encode(bytes(range(32))).decode()
CONFIG = [
    {"code": "database", "type": "text", "value": "example.sqlite3"},
    {"code": "accessKey", "type": "password", "value": "s3cret"},
    {"code": "rowLimit", "type": "number", "value": "10000"},
    {"code": "codeMode", "value": "true"},
    {"code": "codeLang", "type": "select", "value": "sql"},
]


@pytest.fixture(scope="session")
def state_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("state")
    create_sample_database(folder / SAMPLE_FILE, end=SAMPLE_END)
    return folder


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
