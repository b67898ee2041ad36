"""The scaffolded app routes each contract operation in one step, and still labels it in metrics.

Starlette tries an app's routes one after the other, so the app asks for getQueryResult's route
first (`build_router(first=...)`): the platform calls it for every panel on every refresh.

FastAPI's `include_router` puts the routes of an included router behind one more matching step on
every request (about 11 us with FastAPI 0.16x, a tenth of everything the generated code adds
around a data source; over HTTP about 50 us of CPU a get-result). The app adds the contract's
routes to its own route list instead (`build_router(prefix=BASE_PATH)`), so the operation's route
is found directly; `build_router()` included under `BASE_PATH` still works for teams that mount it
in an app of their own.
"""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.routing import Route

from tests.functional.test_plugin_harness import API, KEY, get_result_request, make_app, module, state_dir


def test_every_operation_is_a_route_of_the_app_itself() -> None:
    app = make_app()
    contract = module("_contract")
    own = {route.path: route for route in app.router.routes if isinstance(route, Route)}
    for op in contract.OPERATIONS:
        route = own.get(contract.BASE_PATH + op.path)
        assert route is not None, f"{op.path} is not one of the app's own routes"
        assert op.http_method.upper() in (route.methods or ()), op.path
    assert all(isinstance(route, Route) for route in app.router.routes), [
        type(route).__name__ for route in app.router.routes
    ]


def test_metrics_still_label_the_operation_by_its_contract_path() -> None:
    """An empty dataQuery breaks the request schema (minItems): a cheap call that is still routed."""
    api = TestClient(make_app(), raise_server_exceptions=False)
    assert api.post(f"{API}/query/get-result", json=get_result_request([])).status_code == 400
    metrics = api.get("/metrics").text
    assert 'http_requests_total{method="POST",operation="/query/get-result",status="400"}' in metrics, [
        line for line in metrics.splitlines() if line.startswith("http_requests_total")
    ]


def test_the_router_included_under_the_base_path_answers_the_same() -> None:
    contract = module("_contract")
    secrets = contract.load_secret_box(key_text=KEY, production=False, state_dir=state_dir())
    datasource = make_app().state.datasource
    app = FastAPI()
    app.include_router(contract.build_router(datasource, secrets=secrets), prefix=contract.BASE_PATH)
    answer = TestClient(app).get(f"{API}/well-known")
    assert answer.status_code == 200
    assert answer.json() == TestClient(make_app()).get(f"{API}/well-known").json()


def test_the_operation_called_most_is_tried_first_and_the_rest_keep_the_contracts_order() -> None:
    contract = module("_contract")
    paths = [route.path for route in make_app().router.routes if route.path.startswith(API + "/")]
    assert paths[0] == f"{API}/query/get-result"
    rest = [API + op.path for op in contract.OPERATIONS if op.operation_id != "getQueryResult"]
    assert paths[1:] == rest


def test_a_first_operation_that_does_not_exist_stops_the_start() -> None:
    contract = module("_contract")
    secrets = contract.load_secret_box(key_text=KEY, production=False, state_dir=state_dir())
    datasource = make_app().state.datasource
    with pytest.raises(contract.StartupError, match="getQueryResults is no operationId of .*; use one of"):
        contract.build_router(datasource, secrets=secrets, first=("getQueryResults",))
