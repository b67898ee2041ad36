"""Metrics, probes, request ids and logs around the backend's routes (`_contract/observability.py`)."""

from __future__ import annotations

import json
import logging
import re
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from acme_map._contract.observability import (
    JsonFormatter,
)
from acme_map.app import create_app
from acme_map.settings import Settings, SettingsError


@pytest.fixture
def app(dist: Path) -> FastAPI:
    return create_app(Settings(frontend_dist=dist))


@pytest.fixture
def api(app: FastAPI) -> TestClient:
    return TestClient(app)


def sample(metrics: str, name: str, **labels: str) -> float | None:
    """The value of the sample `name` with exactly these labels in a /metrics answer, or None."""
    for family in text_string_to_metric_families(metrics):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return float(found.value)
    return None


def test_metrics_count_calls_by_operation(api: TestClient) -> None:
    assert api.post("/api/v1/demo/status", json={"message": "ping"}).status_code == 200
    assert api.get("/static/module.js").status_code == 200
    assert api.get("/nowhere/at/all").status_code == 404
    metrics = api.get("/metrics")
    assert metrics.status_code == 200
    assert metrics.headers["content-type"].startswith("text/plain")
    text = metrics.text
    demo = {"operation": "/demo/status", "method": "POST"}
    assert sample(text, "http_requests_total", status="200", **demo) == 1
    assert sample(text, "http_request_duration_seconds_count", **demo) == 1
    static = {"operation": "/static/{name}", "method": "GET", "status": "200"}
    assert sample(text, "http_requests_total", **static) == 1  # the template, not the file name
    assert sample(text, "http_requests_total", operation="other", method="GET", status="404") == 1
    assert "/nowhere" not in text and "module.js" not in text
    assert 'operation="/metrics"' not in text  # the scrape itself is not counted


def test_metrics_can_be_turned_off(dist: Path) -> None:
    answer = TestClient(create_app(Settings(frontend_dist=dist, metrics_enabled=False))).get("/metrics")
    assert answer.status_code == 404
    assert answer.json()["error"] is True


def test_request_id_is_echoed_or_made(api: TestClient) -> None:
    given = api.get("/api/v1/well-known", headers={"X-Request-ID": "req-42.a:b"})
    assert given.headers["x-request-id"] == "req-42.a:b"
    for header in ({}, {"X-Request-ID": "no spaces"}, {"X-Request-ID": "x" * 129}):
        made = api.get("/api/v1/well-known", headers=header)
        assert re.fullmatch(r"[0-9a-f]{32}", made.headers["x-request-id"]), header
    assert api.get("/nowhere").headers["x-request-id"]  # errors carry one too


def test_access_line_is_json_with_the_request_id(api: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    access = "acme_map.access"
    with caplog.at_level(logging.INFO, logger=access):
        api.get("/api/v1/well-known", headers={"X-Request-ID": "trace-me"})
    (record,) = [r for r in caplog.records if r.name == access]
    line = json.loads(JsonFormatter().format(record))
    assert line["request_id"] == "trace-me"
    assert (line["level"], line["logger"]) == ("INFO", access)
    assert (line["method"], line["path"], line["status"]) == ("GET", "/api/v1/well-known", 200)
    assert line["message"].startswith("GET /api/v1/well-known 200 ")
    assert isinstance(line["duration_ms"], float) and line["time"]


def test_probes(app: FastAPI, api: TestClient) -> None:
    assert api.get("/healthz").json() == {"status": "ok"}
    assert api.get("/readyz").json() == {"status": "ready"}
    app.state.observability.begin_shutdown()  # what SIGTERM does in `python -m`
    stopping = api.get("/readyz")
    assert stopping.status_code == 503 and stopping.json() == {"status": "stopping"}
    assert api.get("/healthz").status_code == 200  # still alive while it drains


def test_observability_settings() -> None:
    def chosen(settings: Settings) -> tuple[str, bool, int]:
        return settings.log_format, settings.metrics_enabled, settings.shutdown_grace_seconds

    assert chosen(Settings.from_env({})) == ("text", True, 20)
    env = {"LOG_FORMAT": "JSON", "METRICS_ENABLED": "false", "SHUTDOWN_GRACE_SECONDS": "5"}
    assert chosen(Settings.from_env(env)) == ("json", False, 5)
    wrong = {"LOG_FORMAT": "xml", "METRICS_ENABLED": "maybe", "SHUTDOWN_GRACE_SECONDS": "-1"}
    for name, value in wrong.items():
        with pytest.raises(SettingsError, match=name):
            Settings.from_env({name: value})
