"""A Python plugin fails safely over real HTTP (issue 40 point 5, the Python slice).

The Go slice (tests/functional/test_failsafe_go.py) asks the same of the Go plugin; here the
session's `--defaults` project is copied and its data source edited: get_query_result raises,
get_variable_values waits as a method calling an upstream does (and notes when it is cancelled).
Served with `python -m acme_sales`, `LOG_FORMAT=json`, `LOG_LEVEL=debug`.

Found: a caller that hung up while get_variable_values waited was never noticed - the method
waited on for a caller that was gone (for ever, if its upstream never answered), and no access
line or metric said anything of it. Now the hang-up cancels the method, as Go cancels the
request's context, and is counted as 499 with no ERROR or WARN line.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.functional.test_plugin_harness import KEY, PACKAGE, project
from tests.served_examples import connect, read_until_closed
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

FAILURE = "the sales table has no column "
QUERY = b'{"dataQuery": [{"refID": "A"}]}'


def _replace_return(text: str, old: str, new: str) -> str:
    assert text.count(old) == 1, old
    return text.replace(old, new)


@pytest.fixture(scope="module")
def failing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project with a data source that raises in get_query_result and waits in get_variable_values."""
    root = tmp_path_factory.mktemp("failsafe-python") / "acme-sales"
    shutil.copytree(project(), root, ignore=shutil.ignore_patterns("__pycache__", ".*cache"))
    source = root / PACKAGE / "datasource.py"
    text = source.read_text(encoding="utf-8")
    text = _replace_return(
        text,
        "return await self.example.query_result(request, context)",
        f'raise LookupError("{FAILURE}" + (request.data_query or [])[0].ref_id)',
    )
    cancelled = root / "cancelled"
    text = _replace_return(
        text,
        "return self.example.variable_values(request, context)",
        "import asyncio, pathlib\n"
        "        try:\n"
        "            await asyncio.Event().wait()  # an upstream that never answers\n"
        "        except asyncio.CancelledError:\n"
        f"            pathlib.Path({str(cancelled)!r}).write_text('cancelled')\n"
        "            raise\n"
        "        return []",
    )
    source.write_text(text, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def served(failing: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    log = tmp_path_factory.mktemp("failsafe-python-log") / "plugin.log"
    env = {
        **os.environ,
        "PYTHONPATH": str(failing),
        "PLUGIN_STATE_DIR": str(tmp_path_factory.mktemp("failsafe-python-state")),
        "PLUGIN_SECRET_KEY": KEY,
        "LOG_FORMAT": "json",
        "LOG_LEVEL": "debug",
    }
    with serve_command(
        [sys.executable, "-m", PACKAGE], cwd=failing, env=env, probe_path="/healthz", log_path=log
    ) as origin:
        yield origin, log


def _records(log: Path) -> list[dict[str, Any]]:
    """Every line of the log as JSON: a line that is not fails the test."""
    records = []
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            records.append(json.loads(line))
        except ValueError:
            pytest.fail(f"a log line is not JSON: {line!r}")
    return records


def _access_line(log: Path, request_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for record in _records(log):
            if record.get("request_id") == request_id and "status" in record:
                return record
        time.sleep(0.05)
    pytest.fail(f"no access line for {request_id} within 15 s:\n{log.read_text(encoding='utf-8')[-3000:]}")


def test_an_exception_is_a_500_json_answer_with_an_incident_and_one_json_log_line(
    served: tuple[str, Path],
) -> None:
    origin, log = served
    answer = httpx.post(
        f"{origin}/api/v1/query/get-result",
        content=QUERY,
        headers={"content-type": "application/json", "accept-language": "en-US", "x-request-id": "raise-1"},
        timeout=15,
    )
    assert answer.status_code == 500 and answer.headers["content-type"] == "application/json", answer.text
    body = answer.json()
    assert body["error"] is True and FAILURE not in answer.text, body
    incident = re.search(r"\b[0-9a-f]{12}\b", body["message"])
    assert incident, body
    assert _access_line(log, "raise-1")["status"] == 500
    failures = [r for r in _records(log) if r["level"] == "ERROR" and r.get("request_id") == "raise-1"]
    assert len(failures) == 1, failures
    (line,) = failures
    assert incident.group(0) in line["message"], line
    assert FAILURE + "A" in json.dumps(line) and "datasource.py" in json.dumps(line), line


def test_a_caller_that_hangs_up_cancels_the_method_and_is_neither_an_error_line_nor_a_500(
    served: tuple[str, Path], failing: Path
) -> None:
    origin, log = served
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(
            f"{origin}/api/v1/variable/values",
            content=b'{"pluginContext": {"orgID": 1, "pluginID": "acme-sales"}, "json": "{}"}',
            headers={"content-type": "application/json", "x-request-id": "hang-up-1"},
            timeout=1,
        )
    access = _access_line(log, "hang-up-1")
    assert access["status"] == 499, access
    assert (failing / "cancelled").read_text(encoding="utf-8") == "cancelled"
    lines = [r for r in _records(log) if r.get("request_id") == "hang-up-1"]
    assert not [r for r in lines if r["level"] in ("ERROR", "WARN")], lines
    assert any(r["level"] == "DEBUG" and "hung up" in r["message"] for r in lines), lines
    metrics = httpx.get(f"{origin}/metrics").text
    assert 'http_requests_total{method="POST",operation="/variable/values",status="499"} 1.0' in metrics
    assert 'operation="/variable/values",status="500"' not in metrics


@pytest.mark.parametrize(
    "request_line",
    [
        "GET http://plugin.example HTTP/1.1",
        "POST http://plugin.example?refresh=1 HTTP/1.1",
        "POST /api/v1/./query/get-result HTTP/1.1",
        "GET /api/v1/./well-known HTTP/1.1",
    ],
)
def test_a_request_line_without_a_clean_path_is_404_in_the_error_shape(
    served: tuple[str, Path], request_line: str
) -> None:
    """The Go test's rows. Found: the absolute form without a path (`GET http://host HTTP/1.1`)
    was uvicorn's plain-text 400 "Invalid HTTP request received." (httptools gives no path, and
    uvicorn failed decoding None); it is a request for `/`, as Go and TypeScript answer it."""
    origin, _ = served
    connection = connect(origin)
    head = f"{request_line}\r\nHost: plugin.example\r\nAccept-Language: en-US\r\nContent-Length: {len(QUERY)}\r\n"
    connection.sendall(head.encode() + b"Content-Type: application/json\r\nConnection: close\r\n\r\n" + QUERY)
    answer, _ = read_until_closed(connection, 10)
    head_bytes, _, body = answer.partition(b"\r\n\r\n")
    lines = head_bytes.decode("latin-1").lower().split("\r\n")
    assert lines[0].startswith("http/1.1 404"), answer[:300]
    assert "content-type: application/json" in lines and not any(
        line.startswith("location:") for line in lines
    )
    assert json.loads(body) == {"error": True, "message": "Not found"}, body
