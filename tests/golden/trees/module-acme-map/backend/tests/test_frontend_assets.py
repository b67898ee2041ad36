"""The built frontend served to the platform: content types, ETag and the caching rule."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from fastapi.testclient import TestClient


def current_query(client: TestClient) -> dict[str, str]:
    body = client.get("/api/v1/well-known").json()
    return {"version": body["version"], "buildTimestamp": body["buildTimestamp"]}


def test_script_and_stylesheet(client: TestClient) -> None:
    script = client.get("/static/module.js")
    assert script.status_code == 200
    assert script.headers["content-type"] == "text/javascript; charset=utf-8"
    style = client.get("/static/module.css")
    assert style.headers["content-type"] == "text/css; charset=utf-8"


def test_current_build_is_cached_for_a_year(client: TestClient) -> None:
    response = client.get("/static/module.js", params=current_query(client))
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"


def test_other_requests_must_revalidate(client: TestClient) -> None:
    stale = {**current_query(client), "buildTimestamp": "2020-01-01T00:00:00.000Z"}
    for params in ({}, stale, {"version": "0.0.1"}):
        response = client.get("/static/module.js", params=params)
        assert response.headers["cache-control"] == "no-cache"


def test_etag_revalidation(client: TestClient) -> None:
    etag = client.get("/static/module.js").headers["etag"]
    again = client.get("/static/module.js", headers={"If-None-Match": etag})
    assert again.status_code == 304


def test_missing_files_and_escapes_are_404(client: TestClient) -> None:
    for path in ("/static/missing.js", "/static/../pyproject.toml", "/static/%2e%2e/%2e%2e/etc/passwd"):
        assert client.get(path).status_code == 404


def test_no_build_is_a_404_that_says_so(make_client: Callable[..., TestClient], tmp_path: Path) -> None:
    client = make_client(frontend_dist=tmp_path / "nothing")
    response = client.get("/static/module.js")
    assert response.status_code == 404
    assert "npm run build" in response.json()["message"]
    assert "buildTimestamp" not in client.get("/api/v1/well-known").json()
