"""The shared log-record cases (scaffold/codegen/cases/log_records.json), read by the Python runtime.

The same file is read by the TypeScript runtime's tests (log-records.test.ts) and the Go runtime's
(logrecords_test.go), so the JSON line a record becomes (its keys, its time's form, the level
names) is decided once for three languages (issue 39 point 1; the file's "about" says the format).
Each case is logged through a logger whose handler has the runtime's JsonFormatter (logs.py), and
TextFormatter when the case says what the text line holds; in a request when the case names its
id, through the RequestLogger a data source method is given (context.py), with no request id set
around the call: the logger brings its own (issue 40 point 3).
"""

from __future__ import annotations

import io
import json
import logging
import re
from typing import Any

import pytest

from scaffold.codegen.python.runtime_files.context import RequestLogger
from scaffold.codegen.python.runtime_files.logs import (
    TRACE,
    JsonFormatter,
    TextFormatter,
    add_request_id_to_log_records,
)
from tests.shared_cases import assert_known_keys, read_cases

CASES = read_cases("log_records.json")
KNOWN_KEYS = {"name", "level", "message", "requestId", "record", "fields", "text"}
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


def logged(case: dict[str, Any], formatter: logging.Formatter) -> str:
    """The one line `case` becomes with `formatter`."""
    add_request_id_to_log_records()
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.setFormatter(formatter)
    logger = logging.getLogger("shared-log-record-cases")
    logger.handlers, logger.propagate, logger.level = [handler], False, TRACE
    target: logging.Logger | RequestLogger = logger
    if "requestId" in case:
        target = RequestLogger(logger, case["requestId"])
    extra = dict(case.get("fields", []))
    target.log(LEVELS[case["level"]], "%s", case["message"], extra=extra)
    (line,) = out.getvalue().splitlines()
    return line


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_the_python_runtime_writes_the_case_s_record(case: dict[str, Any]) -> None:
    line = logged(case, JsonFormatter())
    record = json.loads(line)
    assert TIME.fullmatch(record["time"]), record
    assert {key: record[key] for key in case["record"] if key in record} == case["record"], record
    if "requestId" not in case:
        assert "request_id" not in record, record


TEXT_CASES = [case for case in CASES if "text" in case]


@pytest.mark.parametrize("case", TEXT_CASES, ids=[case["name"] for case in TEXT_CASES])
def test_the_python_runtime_writes_the_case_s_text_line(case: dict[str, Any]) -> None:
    line = logged(case, TextFormatter())
    at = 0
    for part in case["text"]:
        found = line.find(part, at)
        assert found >= 0, f"{part!r} is not in {line[at:]!r} (the line: {line!r})"
        at = found + len(part)
