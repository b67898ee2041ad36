"""Fixtures of the backend tests (seeded once; yours to edit)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from weather_station_telemetry_gateway_for_the_northern_coasts_region._contract.secrets import (
    SecretBox,
    parse_key,
)
from weather_station_telemetry_gateway_for_the_northern_coasts_region.app import create_app
from weather_station_telemetry_gateway_for_the_northern_coasts_region.settings import Settings

MakeClient = Callable[..., TestClient]


@pytest.fixture
def seal() -> Callable[[str, str], str]:
    """seal(property, secret): the enc:v1: token the Settings saves for it, as the platform sends it
    (MODULE_SECRET_KEY: the tests' own, set by the contract-owned ../conftest.py, unless exported)."""
    box = SecretBox(parse_key(os.environ["MODULE_SECRET_KEY"]))
    return lambda name, value: box.encrypt(value, field=name)


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    """A stand-in frontend build: module.js, module.css and build-info.json."""
    folder = tmp_path / "dist"
    folder.mkdir()
    # the window property the bundle registers
    scope = "weather_station_telemetry_gateway_for_the_northern_coasts_region"
    (folder / "module.js").write_text('window["' + scope + '"] = { registry: {} };\n', encoding="utf-8")
    # a class the stylesheet styles
    widget = "weather-station-telemetry-gateway-for-the-northern-coasts-region-widget"
    (folder / "module.css").write_text("." + widget + " { color: black; }\n", encoding="utf-8")
    info = '{"buildTimestamp": "2026-01-01T00:00:00.000Z"}\n'
    (folder / "build-info.json").write_text(info, encoding="utf-8")
    return folder


@pytest.fixture
def make_client(dist: Path) -> MakeClient:
    """A test client of the app with the given Settings fields changed (frontend from `dist`)."""

    def make(**changes: Any) -> TestClient:
        settings = replace(Settings(frontend_dist=dist), **changes)
        return TestClient(create_app(settings))

    return make


@pytest.fixture
def client(make_client: MakeClient) -> TestClient:
    return make_client()
