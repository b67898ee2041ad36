"""The shared log-record cases (scaffold/codegen/cases/log_records.json), read by the Python runtime.

The same file is read by the TypeScript runtime's tests (log-records.test.ts) and the Go runtime's
(logrecords_test.go), so the JSON line a record becomes (its keys, its time's form, the level
names) is decided once for three languages (issue 39 point 1; the file's "about" says the format).
Each case is logged through a logger whose handler has the runtime's JsonFormatter (logs.py), in a request
when the case names its id (the request-id record factory the app installs, and the id a request
sets).
"""

from __future__ import annotations

import io
import json
import logging
import re
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.logs import (
    TRACE,
    JsonFormatter,
    add_request_id_to_log_records,
    request_id_var,
)
from tests.shared_cases import assert_known_keys, read_cases

CASES = read_cases("log_records.json")
KNOWN_KEYS = {"name", "level", "message", "requestId", "record"}
# Python's level for each shared name (uvicorn's TRACE is 5).
LEVELS = {
    "TRACE": TRACE,
    "DEBUG": logging.DEBUG,
    "INFO": logging.INFO,
    "WARN": logging.WARNING,
    "ERROR": logging.ERROR,
    "FATAL": logging.CRITICAL,
}
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z")


def test_every_case_uses_only_keys_this_runner_knows() -> None:
    assert_known_keys(CASES, KNOWN_KEYS, "log_records.json")
    assert {case["level"] for case in CASES} <= set(LEVELS)


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_python_runtime_writes_the_case_s_record(case: dict[str, Any]) -> None:
    add_request_id_to_log_records()
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("shared-log-record-cases")
    logger.handlers, logger.propagate, logger.level = [handler], False, TRACE
    token = request_id_var.set(case.get("requestId"))
    try:
        logger.log(LEVELS[case["level"]], "%s", case["message"])
    finally:
        request_id_var.reset(token)
    (line,) = out.getvalue().splitlines()
    record = json.loads(line)
    assert TIME.fullmatch(record["time"]), record
    assert {key: record[key] for key in case["record"] if key in record} == case["record"], record
    if "requestId" not in case:
        assert "request_id" not in record, record
