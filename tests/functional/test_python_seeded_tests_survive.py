"""A Python plugin's seeded glue tests stay green when the data source does real work (issue 40
point 4, the Python slice; Go's is test_go_seeded_tests_survive.py, TypeScript's
test_seeded_tests_typescript.py).

Found: the `--no-example` starter's data source replaced by one a team writes (every method that
reads the configuration needs a URL and a token, 422 without them, and asks the API at that URL)
failed 8 of the 17 seeded glue tests of template 1.9.0 (`test_plugin.py::test_well_known`, the
team's metadata has no title; the conformance run's working configuration, 422 from the health
check, an error for each of its 7 operations). They ran against the team's data source. They now
serve the stand-in `stub_data_source` (the spec's example answers), and the team's tests follow
the fake-upstream pattern of the README (tests/fake_upstream.py, the `fake_upstream` fixture).

Here `tests/test_datasource.py` is replaced by the team's tests of its data source, written with
that fixture: every seeded test and the team's pass, the team's tests see the requests their data
source sent, and no test but the conformance run (a Schemathesis run per operation) takes a second.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.functional.test_plugin_harness import scaffold_home

pytestmark = pytest.mark.slow

SEEDED_GLUE_TESTS = ("test_plugin.py", "test_observability.py", "test_conformance.py")

DATA_SOURCE = '''\
"""An inventory API's data source, as a team writes it: a URL and a token, every call upstream."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from . import __version__
from ._contract import (
    Catalog,
    ConstructorField,
    ConstructorFieldPropOption,
    ConstructorRequest,
    DataSourceBase,
    DatasourceConfig,
    DataSourceConstructorRequest,
    DatasourceField,
    HealthCheckResponse,
    PluginContext,
    PluginError,
    PluginMetadata,
    QueryDataRequest,
    QueryDataResponse,
    RequestContext,
    VariablesRequest,
    frame,
    query_response,
)
from .settings import Settings


def connection(fields: list[DatasourceField] | None) -> tuple[str, str]:
    """The API's URL and token from the saved form, or a 422 naming what is missing."""
    values = {field.code: field.value or "" for field in fields or []}
    missing = {code: "required" for code in ("url", "token") if not values.get(code)}
    if missing:
        raise PluginError("the data source needs its url and token", validation_errors=missing)
    return str(values["url"]), str(values["token"])


def context_fields(context: PluginContext | None) -> list[DatasourceField]:
    settings = context.data_source_instance_settings if context else None
    return list(settings.fields or []) if settings else []


def ask(url: str, token: str, path: str) -> Any:
    request = urllib.request.Request(url + path, headers={"Authorization": f"Bearer {token}"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return json.load(answer)


class AcmeSalesDataSource(DataSourceBase):
    secret_fields = frozenset[str]()

    def __init__(self, settings: Settings, catalog: Catalog) -> None:
        self.settings = settings
        self.catalog = catalog

    def get_metadata(self, context: RequestContext) -> PluginMetadata:
        return PluginMetadata(name="acme-sales", version=__version__, base_url=context.base_url)

    def check_health(
        self, request: DatasourceConfig, context: RequestContext
    ) -> HealthCheckResponse:
        url, token = connection(request.fields)
        try:
            status = ask(url, token, "/status")
        except OSError as failure:
            return HealthCheckResponse(error=False, status=False, message=str(failure))
        message = f"inventory answers: {status['items']} items"
        return HealthCheckResponse(error=False, status=True, message=message)

    def get_datasource_constructor_fields(
        self, request: DataSourceConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        return [ConstructorField(code="url"), ConstructorField(code="token")]

    def get_query_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        return [ConstructorField(code="item")]

    def get_query_result(
        self, request: QueryDataRequest, context: RequestContext
    ) -> QueryDataResponse:
        url, token = connection(context_fields(request.plugin_context))
        frames = []
        for query in request.data_query or []:
            stock = ask(url, token, "/stock")
            frames.append(frame(query.ref_id, stock["name"], []))
        return query_response(frames)

    def get_variable_constructor_fields(
        self, request: ConstructorRequest, context: RequestContext
    ) -> list[ConstructorField]:
        return []

    def get_variable_values(
        self, request: VariablesRequest, context: RequestContext
    ) -> list[ConstructorFieldPropOption]:
        url, token = connection(context_fields(request.plugin_context))
        names = ask(url, token, "/warehouses")
        return [ConstructorFieldPropOption(label=name, value=name) for name in names]
'''

TEAM_TESTS = '''\
"""The inventory data source, against a fake of the inventory API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from .fake_upstream import Answer, FakeUpstream, Received, routes

API = "/api/v1"
Start = Callable[[Callable[[Received], Answer]], FakeUpstream]


def config(url: str, token: str) -> list[dict[str, Any]]:
    return [{"code": "url", "value": url}, {"code": "token", "type": "password", "value": token}]


def test_the_health_check_asks_the_api_with_the_token(
    client: TestClient, fake_upstream: Start
) -> None:
    upstream = fake_upstream(routes({"/status": {"items": 42}}))
    answer = client.post(
        f"{API}/datasource/health-check", json={"fields": config(upstream.url, "t0ken")}
    )
    assert answer.status_code == 200, answer.text
    assert answer.json()["message"] == "inventory answers: 42 items"
    (asked,) = upstream.received
    assert (asked.path, asked.headers["authorization"]) == ("/status", "Bearer t0ken")


def test_a_health_check_without_the_token_is_422(client: TestClient, fake_upstream: Start) -> None:
    upstream = fake_upstream(routes({}))
    fields = [{"code": "url", "value": upstream.url}, {"code": "token", "value": ""}]
    answer = client.post(f"{API}/datasource/health-check", json={"fields": fields})
    assert answer.status_code == 422 and answer.json()["validationErrors"] == {"token": "required"}
    assert upstream.received == []


def test_variable_values_come_from_the_api(client: TestClient, fake_upstream: Start) -> None:
    upstream = fake_upstream(routes({"/warehouses": ["north", "south"]}))
    context = {"dataSourceInstanceSettings": {"fields": config(upstream.url, "t0ken")}}
    answer = client.post(f"{API}/variable/values", json={"pluginContext": context, "json": "{}"})
    assert answer.status_code == 200, answer.text
    assert [option["value"] for option in answer.json()] == ["north", "south"]
'''

TEAM_TEST_NAMES = (
    "test_the_health_check_asks_the_api_with_the_token",
    "test_a_health_check_without_the_token_is_422",
    "test_variable_values_come_from_the_api",
)
# A line of `pytest --durations=0`: "0.01s call     tests/test_plugin.py::test_x".
DURATION = re.compile(r"^(\d+\.\d+)s (setup|call|teardown)\s+(\S+)$", re.MULTILINE)


@pytest.fixture(scope="module")
def team_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    parent = tmp_path_factory.mktemp("python-team")
    root = parent / "acme-sales"
    with scaffold_home(parent / "scaffold-home"):
        answers = {"project_name": "acme-sales", "example": False}
        create_project(NewProjectOptions(kind=KINDS["plugin"], destination=root, answers=answers))
    (root / "acme_sales" / "datasource.py").write_text(DATA_SOURCE, encoding="utf-8")
    (root / "tests" / "test_datasource.py").write_text(TEAM_TESTS, encoding="utf-8")
    assert all((root / "tests" / name).is_file() for name in SEEDED_GLUE_TESTS), "a seeded test is missing"
    return root


def _pytest(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )


def test_the_seeded_glue_tests_stay_green_beside_a_data_source_that_needs_a_token(team_project: Path) -> None:
    with fewer_conformance_examples(team_project, boundary_cases=False):
        result = _pytest(team_project, "-rA", *(f"tests/{name}" for name in SEEDED_GLUE_TESTS))
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    for name in SEEDED_GLUE_TESTS:
        assert f"PASSED tests/{name}::" in result.stdout, f"{name} did not run:\n{result.stdout[-3000:]}"


def test_the_team_tests_its_data_source_against_a_fake_upstream_and_no_test_takes_a_second(
    team_project: Path,
) -> None:
    with fewer_conformance_examples(team_project, boundary_cases=False):
        result = _pytest(team_project, "-rA", "--durations=0", "--durations-min=0")
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
    for name in TEAM_TEST_NAMES:
        assert f"PASSED tests/test_datasource.py::{name}" in result.stdout, result.stdout[-3000:]
    slow = {
        f"{test} ({phase})": float(seconds)
        for seconds, phase, test in DURATION.findall(result.stdout)
        if float(seconds) >= 1.0 and not test.startswith("tests/test_conformance.py")
    }
    assert not slow, f"seeded tests that took a second or more: {slow}"


def test_the_project_lints_clean_with_the_team_code(team_project: Path) -> None:
    for command in (["ruff", "check", "."], ["ruff", "format", "--check", "."]):
        result = subprocess.run(
            [sys.executable, "-m", *command], cwd=team_project, capture_output=True, text=True, check=False
        )
        assert result.returncode == 0, f"{' '.join(command)}:\n{result.stdout[-3000:]}{result.stderr}"
