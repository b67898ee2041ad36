"""A Go plugin fails safely over real HTTP (issue 40 point 5, the Go slice).

Found by a Go team's first day with the built binary, `LOG_FORMAT=json`:
- a panic in a data source method gave the caller an empty reply (curl exit 52: net/http recovered
  the panic and closed the connection) while the access line said 500, and the stack went through
  the `log` package, not JSON;
- net/http's own log lines (`http.Server.ErrorLog` unset) were not JSON either;
- a caller that hung up was an `ERROR ... context canceled` line and a 500 in the access line and
  the metrics;
- a request line in absolute form without a path (`GET http://host HTTP/1.1`) was answered 307
  text/html by the template's outer ServeMux.

The example plugin (tests/built_plugins.py) is copied and its data source edited: GetQueryResult
panics, GetVariableValues waits for its context as a method calling an upstream does; app.go gets a
route of the team's own that panics (net/http recovers that one and logs it itself).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.built_plugins import built_plugin, copy_project
from tests.failsafe_checks import (
    QUERY,
    UNCLEAN_REQUEST_LINES,
    access_line,
    assert_unclean_path_is_404,
    records,
)
from tests.go_toolchain import build_go_binary, go_environment
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

BINARY = "bin/plugin"
PANIC = "the sales table has no column "
TEAM_PANIC = "a bug in a route of the team's own"


def _replace_body(text: str, method: str, body: str) -> str:
    start = text.index(f"func (d *DataSource) {method}(")
    opening = text.index("{\n", start) + 2
    closing = text.index("\n}\n", opening)
    return text[:opening] + body + text[closing:]


@pytest.fixture(scope="module")
def failing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example with a data source that panics in GetQueryResult and waits in GetVariableValues."""
    root = copy_project(
        built_plugin("go", tmp_path_factory), tmp_path_factory.mktemp("failsafe") / "acme-sales"
    )
    source = root / "internal" / "datasource" / "datasource.go"
    text = _replace_body(
        source.read_text(encoding="utf-8"),
        "GetQueryResult",
        f'\tpanic("{PANIC}" + request.DataQuery[0].RefID.Or(""))',
    )
    text = _replace_body(text, "GetVariableValues", "\t<-ctx.Done()\n\treturn nil, ctx.Err()")
    source.write_text(text, encoding="utf-8")
    app = root / "internal" / "app" / "app.go"
    route = f'\troutes.HandleFunc("GET /team-route", func(http.ResponseWriter, *http.Request) {{ panic("{TEAM_PANIC}") }})\n'
    text = app.read_text(encoding="utf-8")
    at = text.index("\troutes.Handle(")
    app.write_text(text[:at] + route + text[at:], encoding="utf-8")
    build_go_binary(root, BINARY, "acme-sales")
    return root


@pytest.fixture(scope="module")
def served(failing: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    log = tmp_path_factory.mktemp("failsafe-log") / "plugin.log"
    env = {
        **go_environment(),
        "PLUGIN_STATE_DIR": str(tmp_path_factory.mktemp("failsafe-state")),
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "debug",
    }
    with serve_command(
        [str(failing / BINARY)], cwd=failing, env=env, probe_path="/healthz", log_path=log
    ) as origin:
        yield origin, log


def test_a_panic_is_a_500_json_answer_with_an_incident_and_one_json_log_line(
    served: tuple[str, Path],
) -> None:
    origin, log = served
    answer = httpx.post(
        f"{origin}/api/v1/query/get-result",
        content=QUERY,
        headers={"content-type": "application/json", "accept-language": "en-US", "x-request-id": "panic-1"},
        timeout=15,
    )
    assert answer.status_code == 500 and answer.headers["content-type"] == "application/json", answer.text
    body = answer.json()
    assert body["error"] is True and body["status"] == 500, body
    assert PANIC not in answer.text, "the panic's value reached the caller"
    incident = re.search(r"\b[0-9a-f]{12}\b", body["message"])
    assert incident, body
    access_line(log, "panic-1")
    failures = [r for r in records(log) if r["level"] == "ERROR" and r.get("request_id") == "panic-1"]
    assert len(failures) == 1, failures
    (line,) = failures
    assert line["incident"] == incident.group(0) and line["request_id"] == "panic-1", line
    assert line["panic"] == PANIC + "A" and "datasource.go" in line["stack"], line


def test_net_https_own_log_lines_are_in_the_configured_format(served: tuple[str, Path]) -> None:
    """A panic in a route of the team's own (outside the contract's dispatch) is logged by net/http
    itself, through http.Server.ErrorLog: one JSON line with the stack, not the log package's lines."""
    origin, log = served
    with pytest.raises(httpx.RemoteProtocolError):  # net/http closes the connection: no answer
        httpx.get(f"{origin}/team-route", headers={"x-request-id": "team-route-1"})
    access_line(log, "team-route-1")
    deadline = time.monotonic() + 15
    while not any("panic serving" in r["message"] for r in records(log)):  # every line JSON, or it fails
        assert time.monotonic() < deadline, log.read_text(encoding="utf-8")[-3000:]
        time.sleep(0.05)
    (own,) = [r for r in records(log) if "panic serving" in r["message"]]
    assert own["level"] == "ERROR" and TEAM_PANIC in own["message"] and "goroutine" in own["message"], own


def test_a_caller_that_hangs_up_is_neither_an_error_line_nor_a_500(served: tuple[str, Path]) -> None:
    origin, log = served
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(
            f"{origin}/api/v1/variable/values",
            content=b"{}",
            headers={"content-type": "application/json", "x-request-id": "hang-up-1"},
            timeout=1,
        )
    access = access_line(log, "hang-up-1")
    assert access["status"] == 499, access
    lines = [r for r in records(log) if r.get("request_id") == "hang-up-1"]
    assert not [r for r in lines if r["level"] in ("ERROR", "WARN")], lines
    metrics = httpx.get(f"{origin}/metrics").text
    assert 'http_requests_total{operation="getVariableValues",method="POST",status="499"} 1' in metrics, (
        metrics
    )
    assert 'operation="getVariableValues",method="POST",status="500"' not in metrics, metrics


@pytest.mark.parametrize("request_line", UNCLEAN_REQUEST_LINES)
def test_a_path_the_mux_would_redirect_is_404_in_the_error_shape(
    served: tuple[str, Path], request_line: str
) -> None:
    assert_unclean_path_is_404(served[0], request_line)
