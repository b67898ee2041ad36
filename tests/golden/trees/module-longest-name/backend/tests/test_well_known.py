"""GET /api/v1/well-known: the metadata the platform reads when the module is connected."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from fastapi.testclient import TestClient

from weather_station_telemetry_gateway_for_the_northern_coasts_region.settings import Settings, SettingsError

REQUIRED = {"name", "title", "description", "version", "entryPoint", "frontendHost", "scope", "components"}


def test_answers_the_full_metadata(client: TestClient) -> None:
    response = client.get("/api/v1/well-known")
    assert response.status_code == 200
    body = response.json()
    assert set(body) >= REQUIRED
    assert body["name"] == "weather-station-telemetry-gateway-for-the-northern-coasts-region"
    assert body["scope"] == "weather_station_telemetry_gateway_for_the_northern_coasts_region"
    assert body["components"] == ["Widget", "WidgetEditor", "Settings"]
    assert body["canAddToDashboard"] is True
    assert body["entryPoint"] == "static/module.js"
    assert {item["lang"] for item in body["title"]} == {"ru-RU", "en-US"}
    assert body["buildTimestamp"] == "2026-01-01T00:00:00.000Z"


def test_frontend_host_defaults_to_this_backend(client: TestClient) -> None:
    body = client.get("/api/v1/well-known").json()
    assert body["frontendHost"] == "http://testserver/"
    script = client.get(body["frontendHost"] + body["entryPoint"])
    assert script.status_code == 200


def test_frontend_host_can_point_elsewhere(make_client: Callable[..., TestClient]) -> None:
    client = make_client(frontend_host="https://cdn.example.com/acme/")
    body = client.get("/api/v1/well-known").json()
    assert body["frontendHost"] == "https://cdn.example.com/acme/"
    assert "buildTimestamp" not in body  # this backend's build says nothing about the CDN's


def test_environment_overrides() -> None:
    settings = Settings.from_env(
        {
            "MODULE_NAME": "other",
            "MODULE_VERSION": "2.0.0",
            "MODULE_COMPONENTS": "Settings, Widget",
            "MODULE_FRONTEND_HOST": "https://cdn.example.com/x",
            "MODULE_TITLE": '[{"lang": "en-US", "value": "Other"}]',
            "PORT": "9000",
        }
    )
    assert (settings.name, settings.version, settings.port) == ("other", "2.0.0", 9000)
    assert settings.components == ("Widget", "Settings")
    assert settings.frontend_host == "https://cdn.example.com/x/"
    assert settings.title == (("en-US", "Other"),)


@pytest.mark.parametrize(
    "environ",
    [{"PORT": "http"}, {"MODULE_COMPONENTS": "Chart"}, {"MODULE_TITLE": "[1]"}, {"LOG_LEVEL": "loud"}],
)
def test_unusable_environment_is_named(environ: dict[str, str]) -> None:
    with pytest.raises(SettingsError, match=next(iter(environ))):
        Settings.from_env(environ)
