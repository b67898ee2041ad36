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
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.failsafe_checks import (
    QUERY,
    UNCLEAN_REQUEST_LINES,
    access_line,
    assert_unclean_path_is_404,
    records,
)
from tests.functional.test_plugin_harness import KEY, PACKAGE, project
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

FAILURE = "the sales table has no column "


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
    assert access_line(log, "raise-1")["status"] == 500
    failures = [r for r in records(log) if r["level"] == "ERROR" and r.get("request_id") == "raise-1"]
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
    access = access_line(log, "hang-up-1")
    assert access["status"] == 499, access
    assert (failing / "cancelled").read_text(encoding="utf-8") == "cancelled"
    lines = [r for r in records(log) if r.get("request_id") == "hang-up-1"]
    assert not [r for r in lines if r["level"] in ("ERROR", "WARN")], lines
    assert any(r["level"] == "DEBUG" and "hung up" in r["message"] for r in lines), lines
    metrics = httpx.get(f"{origin}/metrics").text
    assert 'http_requests_total{method="POST",operation="/variable/values",status="499"} 1.0' in metrics
    assert 'operation="/variable/values",status="500"' not in metrics


@pytest.mark.parametrize("request_line", UNCLEAN_REQUEST_LINES)
def test_a_request_line_without_a_clean_path_is_404_in_the_error_shape(
    served: tuple[str, Path], request_line: str
) -> None:
    """The Go test's rows. Found: the absolute form without a path (`GET http://host HTTP/1.1`)
    was uvicorn's plain-text 400 "Invalid HTTP request received." (httptools gives no path, and
    uvicorn failed decoding None); it is a request for `/`, as Go and TypeScript answer it."""
    assert_unclean_path_is_404(served[0], request_line)
