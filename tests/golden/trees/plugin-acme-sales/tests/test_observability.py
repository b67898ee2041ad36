"""Metrics, probes, request ids and logs around the plugin's routes (`_contract/observability.py`).

Served with the stand-in data source (`stub`, tests/conftest.py): what is around the routes holds
whatever your data source needs.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families

from acme_sales._contract import (
    ConfigurationError,
)
from acme_sales._contract.observability import (
    JsonFormatter,
)
from acme_sales.app import create_app
from acme_sales.settings import Settings

from .conftest import TEST_KEY, plugin_context, stub

API = "/api/v1"
# the access log: one line per request
ACCESS_LOGGER = "acme_sales.access"


@pytest.fixture
def app(state_dir: Path) -> FastAPI:
    return create_app(Settings(state_dir=state_dir, secret_key=TEST_KEY), datasource=stub())


@pytest.fixture
def api(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


def sample(metrics: str, name: str, **labels: str) -> float | None:
    """The value of the sample `name` with exactly these labels in a /metrics answer, or None."""
    for family in text_string_to_metric_families(metrics):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return float(found.value)
    return None


def test_metrics_count_a_contract_call_by_operation(api: TestClient) -> None:
    form = {"pluginContext": plugin_context(), "filter": {"fields": []}}
    assert api.post(f"{API}/datasource/constructor-fields", json=form).status_code == 200
    assert api.get("/nowhere/at/all").status_code == 404
    metrics = api.get("/metrics")
    assert metrics.status_code == 200
    assert metrics.headers["content-type"].startswith("text/plain")
    text = metrics.text
    labels = {"operation": "/datasource/constructor-fields", "method": "POST"}
    assert sample(text, "http_requests_total", status="200", **labels) == 1
    assert sample(text, "http_request_duration_seconds_count", **labels) == 1
    assert sample(text, "http_requests_total", operation="other", method="GET", status="404") == 1
    assert "/nowhere" not in text  # unmatched paths never become a label
    assert 'operation="/metrics"' not in text  # the scrape itself is not counted


def test_metrics_can_be_turned_off(state_dir: Path) -> None:
    settings = Settings(state_dir=state_dir, secret_key=TEST_KEY, metrics_enabled=False)
    with TestClient(create_app(settings, datasource=stub())) as off:
        answer = off.get("/metrics")
    assert answer.status_code == 404
    assert answer.json()["error"] is True


def test_request_id_is_echoed_or_made(api: TestClient) -> None:
    given = api.get(f"{API}/well-known", headers={"X-Request-ID": "req-42.a:b"})
    assert given.headers["x-request-id"] == "req-42.a:b"
    for header in ({}, {"X-Request-ID": "no spaces"}, {"X-Request-ID": "x" * 129}):
        made = api.get(f"{API}/well-known", headers=header)
        assert re.fullmatch(r"[0-9a-f]{32}", made.headers["x-request-id"]), header
    assert api.get("/nowhere").headers["x-request-id"]  # errors carry one too


def test_access_line_carries_the_request_id_as_json(
    api: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger=ACCESS_LOGGER):
        api.get(f"{API}/well-known", headers={"X-Request-ID": "trace-me"})
    (record,) = [r for r in caplog.records if r.name == ACCESS_LOGGER]
    line = json.loads(JsonFormatter().format(record))
    assert line["request_id"] == "trace-me"
    assert (line["level"], line["logger"]) == ("INFO", ACCESS_LOGGER)
    assert (line["method"], line["path"], line["status"]) == ("GET", f"{API}/well-known", 200)
    assert line["message"].startswith(f"GET {API}/well-known 200 ")
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
        with pytest.raises(ConfigurationError, match=name):
            Settings.from_env({name: value})
