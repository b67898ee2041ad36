"""The observability runtime module (copied into projects as `_contract/observability.py`), on small apps."""

from __future__ import annotations

import json
import logging
import logging.config
import os
import re
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import APIRouter, FastAPI
from prometheus_client.parser import text_string_to_metric_families
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.testclient import TestClient

from scaffold.codegen.python.runtime_files import logs, metrics, observability
from scaffold.codegen.python.runtime_files.observability import (
    ACCESS_LOGGER,
    JsonFormatter,
    TextFormatter,
    api_operation,
    configure_logging,
    current_request_id,
    escape_controls,
    install_observability,
    logging_config,
    new_request_id,
    request_id_from,
    route_templates,
)
from tests.conftest import REPO

_log = logging.getLogger("tests.observability")


async def item(request: Request) -> Response:
    _log.info(
        "serving item %s", request.path_params["item_id"], extra={"item": request.path_params["item_id"]}
    )
    return JSONResponse({"request_id": current_request_id()})


async def boom(request: Request) -> Response:
    raise RuntimeError("a bug")


async def plain(request: Request) -> Response:
    return PlainTextResponse("x", headers={"X-Request-ID": "set-by-the-app"})


def make_app(*, metrics_enabled: bool = True) -> Starlette:
    inner = [Route("/items/{item_id}", item), Route("/boom", boom), Route("/plain", plain)]
    app = Starlette(routes=[Mount("/api/v1", routes=inner)])
    install_observability(app, metrics_enabled=metrics_enabled)
    return app


@pytest.fixture
def app() -> Starlette:
    return make_app()


@pytest.fixture
def client(app: Starlette) -> Iterator[TestClient]:
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def series(client: TestClient, name: str = "http_requests_total") -> dict[frozenset[tuple[str, str]], float]:
    text = client.get("/metrics").text
    return {
        frozenset(found.labels.items()): float(found.value)
        for family in text_string_to_metric_families(text)
        for found in family.samples
        if found.name == name
    }


def labels(**values: str) -> frozenset[tuple[str, str]]:
    return frozenset(values.items())


@pytest.mark.parametrize("value", [b"a", b"req-1.2:3_x", b"A" * 128, b"0123456789abcdef"])
def test_a_safe_request_id_is_kept(value: bytes) -> None:
    assert request_id_from(value) == value.decode()


@pytest.mark.parametrize(
    "value", [None, b"", b"A" * 129, b"has space", b"new\nline", b"caf\xc3\xa9", b"a/b", b"x;y"]
)
def test_an_unsafe_request_id_is_refused(value: bytes | None) -> None:
    assert request_id_from(value) is None


def test_a_new_request_id_is_a_random_uuid4_in_hex() -> None:
    ids = [new_request_id() for _ in range(600)]  # more than one read of random bytes (256 ids)
    assert len(set(ids)) == len(ids)
    for value in ids:
        parsed = uuid.UUID(hex=value)
        assert parsed.version == 4 and parsed.variant == uuid.RFC_4122
        assert value == parsed.hex and request_id_from(value.encode()) == value


def test_a_forked_child_makes_request_ids_of_its_own() -> None:
    """The ids come from random bytes read ahead: a child must not go on with its parent's."""
    new_request_id()  # the parent now holds random bytes it has not used yet
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        os.write(writer, new_request_id().encode())
        os._exit(0)
    os.close(writer)
    try:
        child_id = os.read(reader, 64).decode()
    finally:
        os.close(reader)
        os.waitpid(child, 0)
    assert len(child_id) == 32 and child_id != new_request_id()


def test_api_operation_strips_the_prefix_only() -> None:
    assert api_operation("/api/v1/query/get-result", "/api/v1") == "/query/get-result"
    assert api_operation("/api/v1x/other", "/api/v1") == "/api/v1x/other"
    assert api_operation("/static/{name}", "/api/v1") == "/static/{name}"


def test_route_templates_reach_mounts_and_included_routers() -> None:
    async def well_known() -> dict[str, str]:
        return {}

    router = APIRouter()
    router.add_api_route("/well-known", well_known)
    router.routes.append(Route("/plain/{name:path}", plain))
    app = FastAPI()
    app.include_router(router, prefix="/api/v1")
    app.mount("/sub", Starlette(routes=[Route("/items/{item_id}", item)]))
    table = route_templates(app.routes)
    assert table[well_known] == "/api/v1/well-known"
    assert table[plain] == "/api/v1/plain/{name}"
    assert table[item] == "/sub/items/{item_id}"


def test_requests_are_counted_by_template_method_and_status(client: TestClient) -> None:
    for number in range(3):
        assert client.get(f"/api/v1/items/{number}").status_code == 200
    for number in range(50):  # unmatched paths: one series, whatever they are
        assert client.get(f"/unknown/{number}").status_code == 404
    assert client.request("PROPFIND", "/api/v1/items/1").status_code == 405
    counted = series(client)
    assert counted[labels(operation="/items/{item_id}", method="GET", status="200")] == 3
    assert counted[labels(operation="other", method="GET", status="404")] == 50
    assert counted[labels(operation="/items/{item_id}", method="other", status="405")] == 1
    assert len(counted) == 3  # probes and /metrics itself are not counted
    durations = series(client, "http_request_duration_seconds_count")
    assert durations[labels(operation="/items/{item_id}", method="GET")] == 3


def test_an_unexpected_error_is_counted_and_carries_the_request_id(client: TestClient) -> None:
    answer = client.get("/api/v1/boom", headers={"X-Request-ID": "crash-1"})
    assert answer.status_code == 500
    assert answer.headers["x-request-id"] == "crash-1"  # outside Starlette's error middleware
    assert series(client)[labels(operation="/boom", method="GET", status="500")] == 1


def test_request_id_is_echoed_made_and_the_apps_own_replaced(client: TestClient) -> None:
    assert client.get("/api/v1/items/1", headers={"X-Request-ID": "abc"}).json() == {"request_id": "abc"}
    made = client.get("/api/v1/items/1", headers={"X-Request-ID": "no good"})
    assert re.fullmatch(r"[0-9a-f]{32}", made.headers["x-request-id"])
    assert made.json() == {"request_id": made.headers["x-request-id"]}
    plain_answer = client.get("/api/v1/plain", headers={"X-Request-ID": "mine"})
    assert plain_answer.headers.get_list("x-request-id") == ["mine"]
    assert current_request_id() is None  # nothing leaks out of the request


def test_probes_and_metrics(app: Starlette, client: TestClient) -> None:
    health = client.get("/healthz")
    assert (health.status_code, health.json()) == (200, {"status": "ok"})
    assert health.headers["cache-control"] == "no-store" and health.headers["x-request-id"]
    assert client.get("/readyz").json() == {"status": "ready"}
    head = client.head("/readyz")
    assert head.status_code == 200 and head.content == b""
    app.state.observability.begin_shutdown()
    stopping = client.get("/readyz")
    assert (stopping.status_code, stopping.json()) == (503, {"status": "stopping"})
    assert client.post("/healthz").status_code == 404  # only GET and HEAD are the probes'
    assert "process_cpu_seconds_total" in client.get("/metrics").text


def test_metrics_disabled_leaves_the_path_to_the_app() -> None:
    with TestClient(make_app(metrics_enabled=False)) as off:
        assert off.get("/metrics").status_code == 404
        assert off.get("/healthz").status_code == 200


def test_each_app_has_its_own_registry() -> None:
    first, second = TestClient(make_app()), TestClient(make_app())
    first.get("/api/v1/items/1")
    assert series(first) and not series(second)


def test_log_records_of_a_request_carry_its_id(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG):
        client.get("/api/v1/items/7", headers={"X-Request-ID": "log-7"})
        client.get("/healthz", headers={"X-Request-ID": "probe-1"})
        _log.info("outside any request")
    by_message = {r.getMessage(): r for r in caplog.records}
    assert by_message["serving item 7"].request_id == "log-7"  # type: ignore[attr-defined]
    assert by_message["outside any request"].request_id is None  # type: ignore[attr-defined]
    access = [r for r in caplog.records if r.name == ACCESS_LOGGER]
    assert [(r.levelno, r.request_id) for r in access] == [  # type: ignore[attr-defined]
        (logging.INFO, "log-7"),
        (logging.DEBUG, "probe-1"),  # probes every few seconds stay out of an INFO log
    ]
    assert access[0].getMessage().startswith("GET /api/v1/items/7 200 ")


def test_the_access_line_cannot_forge_log_lines(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.INFO, logger=ACCESS_LOGGER):
        client.get("/x%0a2026-01-01 INFO forged%0d" + "y" * 1000)
    (record,) = caplog.records
    assert "\n" not in record.getMessage() and "\r" not in record.getMessage()
    assert len(record.path) == 256  # type: ignore[attr-defined]


def make_record(message: str, **extra: object) -> logging.LogRecord:
    record = logging.getLogger("acme").makeRecord(
        "acme", logging.WARNING, "f.py", 1, message, (), None, extra=extra
    )
    record.request_id = "rid-1"
    return record


def test_json_formatter_writes_one_object_per_line() -> None:
    line = JsonFormatter().format(make_record("two\nlines", status=404, when=object()))
    assert "\n" not in line
    entry = json.loads(line)
    assert entry["level"] == "WARN" and entry["logger"] == "acme" and entry["message"] == "two\nlines"
    assert entry["request_id"] == "rid-1" and entry["status"] == 404 and entry["when"].startswith("<object")
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", entry["time"])
    assert "color_message" not in JsonFormatter().format(make_record("x", color_message="\x1b[1mx"))


def test_json_formatter_keeps_the_traceback() -> None:
    try:
        raise ValueError("bad")
    except ValueError:
        record = logging.getLogger("acme").makeRecord(
            "acme", logging.ERROR, "f.py", 1, "failed", (), sys.exc_info()
        )
    entry = json.loads(JsonFormatter().format(record))
    assert "ValueError: bad" in entry["exception"] and "request_id" not in entry


def test_text_formatter_appends_the_request_id() -> None:
    assert TextFormatter().format(make_record("hello")).endswith("WARN acme: hello [request_id=rid-1]")
    plain = logging.getLogger("acme").makeRecord("acme", logging.INFO, "f.py", 1, "hello", (), None)
    assert TextFormatter().format(plain).endswith("INFO acme: hello")


FORGED = "x\n2026-01-01 00:00:00,000 ERROR acme_sales.secrets: key=hunter2\r\x1b[31mred\x00\x85\u2028end"


def test_text_formatter_writes_every_record_on_one_line() -> None:
    """Message, arguments, traceback and request id: control characters escaped, one line."""
    try:
        raise ValueError(FORGED)
    except ValueError:
        record = logging.getLogger("acme").makeRecord(
            "acme", logging.INFO, "f.py", 1, "query failed: %s", (FORGED,), sys.exc_info()
        )
    record.request_id = "rid\n1"
    line = TextFormatter().format(record)
    assert len(line.splitlines()) == 1 and not re.search(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]", line)
    assert "query failed: x\\n2026-01-01 00:00:00,000 ERROR acme_sales.secrets" in line
    assert "\\r\\x1b[31mred\\x00\\x85\\u2028end" in line
    assert "Traceback (most recent call last):\\n" in line and line.endswith("[request_id=rid\\n1]")
    plain = make_record("tab\there, backslash \\n stays")
    assert TextFormatter().format(plain).endswith("tab\\there, backslash \\n stays [request_id=rid-1]")


def test_json_formatter_escapes_control_characters_too() -> None:
    line = JsonFormatter().format(make_record(FORGED, sql=FORGED))
    assert len(line.splitlines()) == 1 and json.loads(line)["sql"] == FORGED


@pytest.fixture
def clean_logging() -> Iterator[None]:
    """Save and restore the root and uvicorn loggers around a test that configures logging."""
    names = ["", "uvicorn", "uvicorn.error", "uvicorn.access"]
    saved = {
        n: (logging.getLogger(n).handlers[:], logging.getLogger(n).level, logging.getLogger(n).propagate)
        for n in names
    }
    yield
    for name, (handlers, level, propagate) in saved.items():
        logger = logging.getLogger(name)
        logger.handlers[:] = handlers
        logger.setLevel(level)
        logger.propagate = propagate


def test_logging_config_puts_uvicorn_on_the_same_json_handler(
    clean_logging: None, capsys: pytest.CaptureFixture[str]
) -> None:
    logging.config.dictConfig(logging_config("json", "trace"))
    assert logging.getLogger().level == 5
    logging.getLogger("uvicorn.error").info("Started server process [1]")
    logging.getLogger("uvicorn.access").info("uvicorn's own access line")
    (line,) = capsys.readouterr().err.splitlines()
    assert json.loads(line)["logger"] == "uvicorn.error"


def test_configure_logging_leaves_existing_handlers_alone(clean_logging: None) -> None:
    root = logging.getLogger()
    root.handlers[:] = [logging.NullHandler()]
    configure_logging("json", "info")
    assert [type(h) for h in root.handlers] == [logging.NullHandler]
    root.handlers[:] = []
    configure_logging("json", "info")
    assert isinstance(root.handlers[0].formatter, JsonFormatter)


@pytest.mark.parametrize("module", [observability, metrics, logs], ids=["observability", "metrics", "logs"])
def test_the_module_imports_only_what_projects_install(module: Any) -> None:
    """stdlib, starlette (FastAPI's base) and prometheus_client: the projects' runtime dependencies.

    A relative import is of another runtime file, copied into the same `_contract/` beside it.
    """
    path = Path(str(module.__file__))
    lines = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.startswith(("import ", "from "))
    ]
    imported = {line.split()[1].split(".")[0] for line in lines if not line.startswith("from .")}
    assert imported <= {"__future__", *sys.stdlib_module_names, "prometheus_client", "starlette"}
    siblings = {line.split()[1][1:] for line in lines if line.startswith("from .")}
    assert siblings <= {"logs", "metrics", "runtime_constants"} and all(
        (path.parent / f"{name}.py").is_file() for name in siblings
    )


LOG_CASES = json.loads(
    (REPO / "scaffold" / "codegen" / "cases" / "log_lines.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("case", LOG_CASES["cases"], ids=[case["name"] for case in LOG_CASES["cases"]])
def test_log_text_is_escaped_as_the_shared_cases_decide(case: dict[str, str]) -> None:
    """scaffold/codegen/cases/log_lines.json: Go's logging_test.go and TypeScript's logging.test.ts
    read the same cases."""
    assert set(case) == {"name", "text", "logged"}, case["name"]
    assert escape_controls(case["text"]) == case["logged"]
