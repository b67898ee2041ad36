"""What every language's fail-safe functional test reads and sends (issue 40 point 5).

test_failsafe_go.py, test_failsafe_python.py and test_failsafe_typescript.py serve a plugin with
`LOG_FORMAT=json` and hold it to the same rules: every log line is JSON, each request has one
access line, and a request line without a clean path is 404 in the error shape, never a redirect.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.served_examples import connect, read_until_closed

QUERY = b'{"dataQuery": [{"refID": "A"}]}'
# Request lines Go's ServeMux redirected (307 text/html) and uvicorn refused in plain text.
UNCLEAN_REQUEST_LINES = (
    "GET http://plugin.example HTTP/1.1",
    "POST http://plugin.example?refresh=1 HTTP/1.1",
    "POST /api/v1/./query/get-result HTTP/1.1",
    "GET /api/v1/./well-known HTTP/1.1",
)


def records(log: Path) -> list[dict[str, Any]]:
    """Every line of the log as JSON: a line that is not fails the test."""
    found = []
    for line in log.read_text(encoding="utf-8").splitlines():
        try:
            found.append(json.loads(line))
        except ValueError:
            pytest.fail(f"a log line is not JSON: {line!r}")
    return found


def access_line(log: Path, request_id: str) -> dict[str, Any]:
    """The access line of `request_id` (the record with its `status`), waited for up to 15 s."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        for record in records(log):
            if record.get("request_id") == request_id and "status" in record:
                return record
        time.sleep(0.05)
    pytest.fail(f"no access line for {request_id} within 15 s:\n{log.read_text(encoding='utf-8')[-3000:]}")


def assert_unclean_path_is_404(origin: str, request_line: str) -> None:
    """`request_line` sent as it is: 404 in the error shape (English), no Location, JSON."""
    connection = connect(origin)
    head = f"{request_line}\r\nHost: plugin.example\r\nAccept-Language: en-US\r\nContent-Length: {len(QUERY)}\r\n"
    connection.sendall(head.encode() + b"Content-Type: application/json\r\nConnection: close\r\n\r\n" + QUERY)
    answer, _ = read_until_closed(connection, 10)
    head_bytes, _, body = answer.partition(b"\r\n\r\n")
    lines = head_bytes.decode("latin-1").lower().split("\r\n")
    assert lines[0].startswith("http/1.1 404"), answer[:300]
    assert any(line.startswith("content-type: application/json") for line in lines), lines
    assert not any(line.startswith("location:") for line in lines), lines
    assert json.loads(body) == {"error": True, "message": "Not found"}, body
