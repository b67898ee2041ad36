"""The request metrics runtime module (`_contract/metrics.py`): prometheus_client's own text, cheaper.

RequestMetrics replaces a prometheus_client Counter and Histogram on the request path. What a
scraper reads must not change: the same families, help, samples, label order and bucket edges as
those classes write for the same observations with created series off (a generated service writes
no `_created` series, in any language).
"""

from __future__ import annotations

from collections.abc import Iterator

import prometheus_client
import pytest
from prometheus_client import CollectorRegistry, Counter, Histogram, generate_latest

from scaffold.codegen.python.runtime_files.metrics import (
    DURATION,
    DURATION_HELP,
    REQUESTS_HELP,
    RequestMetrics,
)
from scaffold.codegen.python.runtime_files.observability import DURATION_BUCKETS

OBSERVATIONS = [
    ("/query/get-result", "POST", 200, 0.0042),
    ("/query/get-result", "POST", 200, 0.005),  # on a bound: counted in that bucket
    ("/query/get-result", "POST", 200, 0.0051),
    ("/health-check", "POST", 200, 0.3),
    ("/query/get-result", "POST", 422, 12.0),
    ("/query/get-result", "POST", 200, 75.0),  # beyond the last bound: +Inf only
    ("other", "GET", 404, 0.0),
    ("/health-check", "other", 405, 1e-7),
]


def prometheus_text(observations: list[tuple[str, str, int, float]]) -> str:
    registry = CollectorRegistry()
    requests = Counter(
        "http_requests_total", REQUESTS_HELP, ("operation", "method", "status"), registry=registry
    )
    duration = Histogram(
        DURATION, DURATION_HELP, ("operation", "method"), registry=registry, buckets=DURATION_BUCKETS
    )
    for operation, method, status, seconds in observations:
        requests.labels(operation, method, str(status)).inc()
        duration.labels(operation, method).observe(seconds)
    return generate_latest(registry).decode()


def our_text(observations: list[tuple[str, str, int, float]]) -> str:
    registry = CollectorRegistry()
    metrics = RequestMetrics(registry, DURATION_BUCKETS)
    for observation in observations:
        metrics.observe(*observation)
    return generate_latest(registry).decode()


@pytest.fixture(autouse=True)
def no_created_series() -> Iterator[None]:
    """prometheus_client's own classes as a generated service's metrics are: without `_created`."""
    prometheus_client.disable_created_metrics()
    try:
        yield
    finally:
        prometheus_client.enable_created_metrics()


@pytest.mark.parametrize("count", [0, 1, 3, len(OBSERVATIONS)])
def test_the_text_is_prometheus_clients_own(count: int) -> None:
    observations = OBSERVATIONS[:count]
    ours = our_text(observations)
    assert ours == prometheus_text(observations)
    if count == len(OBSERVATIONS):  # not an empty comparison: 5 get-results, 4 of them 200s
        assert (
            'http_request_duration_seconds_bucket{le="+Inf",method="POST",operation="/query/get-result"} 5.0'
            in ours
        )


def test_no_created_series_even_where_prometheus_client_would_write_them() -> None:
    """Found: a Python plugin wrote `http_requests_created` and `..._duration_seconds_created`, which
    the TypeScript and Go plugins do not; decided (issue 39): none in any language."""
    prometheus_client.enable_created_metrics()  # prometheus_client's default, which a team may keep
    assert "_created" in prometheus_text(OBSERVATIONS)
    assert "_created" not in our_text(OBSERVATIONS)
