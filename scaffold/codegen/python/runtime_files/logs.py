"""How a generated service's log records become lines: text for a terminal or one JSON object each.

`logging_config(format, level)` is the dictConfig that uvicorn's `log_config` takes: the root and
uvicorn's loggers on one stderr handler, text (one line per record: control characters, a
traceback's newlines included, escaped) or one JSON object per line with the keys, time form and
level names every language writes (scaffold/codegen/cases/log_records.json: time, level, message,
request_id in a request) beside Python's logger and any `extra=` fields. The request id comes from
`request_id_var`, which the observability middleware sets for each request.
"""

from __future__ import annotations

import contextvars
import json
import logging
import logging.config
import re
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from .runtime_constants import (
    LOG_LEVEL_KEY,
    LOG_LEVELS,
    LOG_MESSAGE_KEY,
    LOG_REQUEST_ID_KEY,
    LOG_TIME_KEY,
)

LOG_FORMATS = ("text", "json")
TRACE = 5  # uvicorn's TRACE level
# The id of the request being served (observability's middleware sets it), None outside one.
request_id_var: contextvars.ContextVar[str | None] = contextvars.ContextVar(LOG_REQUEST_ID_KEY, default=None)

# --- logs -------------------------------------------------------------------------------------

_installed_factories: list[Callable[..., logging.LogRecord]] = []
# Attributes every LogRecord has: anything else on a record came from `extra=` and goes into JSON.
_NOT_EXTRA = (
    "message",
    "asctime",
    LOG_REQUEST_ID_KEY,
    "color_message",
    "taskName",
    "level_name",
)  # color_: uvicorn's
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))).union(_NOT_EXTRA)


def add_request_id_to_log_records() -> None:
    """Give every LogRecord a `request_id` attribute (None outside a request); once per process.

    A record factory rather than a handler filter, so records carry it whatever handlers the
    process has (uvicorn's, a test runner's). Pass the id to no `extra=`: the record has it.
    """
    if _installed_factories:
        return
    previous = logging.getLogRecordFactory()

    def factory(*args: Any, **kwargs: Any) -> logging.LogRecord:
        record = previous(*args, **kwargs)
        request_id = request_id_var.get()
        if request_id is not None or not hasattr(record, LOG_REQUEST_ID_KEY):
            record.request_id = request_id
        return record

    logging.setLogRecordFactory(factory)
    _installed_factories.append(factory)


# Characters that end a line for some reader (a terminal, `str.splitlines`, a log shipper) or
# that a terminal obeys (ANSI escapes start with ESC): C0, DEL, C1, U+2028 and U+2029.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_NAMED_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def escape_controls(text: str) -> str:
    """`text` with every control character written as a Python-style escape (`\\n`, `\\x1b`, `\\u2028`).

    What a log record holds often comes from a request (a SQL text, a header, an exception that
    quotes input): written raw, a newline in it starts what looks like a record of its own
    ("... ERROR acme.secrets: ..."), and ESC sequences repaint the reader's terminal.
    """
    if _CONTROL.search(text) is None:  # the common case: one C-speed scan, no copy
        return text
    return _CONTROL.sub(_escape, text)


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    named = _NAMED_ESCAPES.get(char)
    if named is not None:
        return named
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


# logging's levels from the gravest down, each with the name every language writes (LOG_LEVELS:
# TRACE DEBUG INFO WARN ERROR FATAL); a level between two takes the lower one's name.
_LEVEL_FLOORS = tuple(
    zip(
        (logging.CRITICAL, logging.ERROR, logging.WARNING, logging.INFO, logging.DEBUG),
        LOG_LEVELS[:0:-1],
        strict=True,
    )
)


def level_name(number: int) -> str:
    """The shared name of a logging level: WARNING is WARN and CRITICAL FATAL, as in TypeScript and Go."""
    return next((name for floor, name in _LEVEL_FLOORS if number >= floor), LOG_LEVELS[0])


def log_time(created: float) -> str:
    """A record's time as every language writes it: RFC 3339 in UTC with milliseconds and `Z`."""
    return datetime.fromtimestamp(created, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


ACCESS_LINE = "_access_line"  # an `extra=` key marking the access line (a `_` key is never written)


def extra_fields(record: logging.LogRecord) -> list[tuple[str, Any]]:
    """The fields `extra=` gave the record (a key starting with `_` is the runtime's own)."""
    return [
        (key, value)
        for key, value in vars(record).items()
        if key not in _STANDARD and not key.startswith("_")
    ]


def _text_field(key: str, value: Any) -> str:
    """` key=value` as Go's text log writes it: a value with a space, quote or `=` quoted."""
    text = value if isinstance(value, str) else json.dumps(value, default=str, ensure_ascii=False)
    if text == "" or any(char in text for char in ' "='):
        text = json.dumps(text, ensure_ascii=False)
    return f" {escape_controls(key)}={escape_controls(text)}"


class TextFormatter(logging.Formatter):
    """`time LEVEL logger: message key=value... [request_id=...]` for people reading a terminal.

    Every record is exactly one line: the finished text (message with its arguments, a traceback,
    stack information) has its control characters escaped, so nothing a caller sends can forge a
    record or send terminal escapes, and a traceback reads as one line with `\\n` between frames.
    """

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(level_name)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        record.level_name = level_name(record.levelno)
        line = escape_controls(super().format(record))
        if not getattr(record, ACCESS_LINE, False):  # the access line's message says it all
            line += "".join(_text_field(key, value) for key, value in extra_fields(record))
        request_id = getattr(record, LOG_REQUEST_ID_KEY, None)
        return (
            line
            if request_id is None
            else f"{line} [{LOG_REQUEST_ID_KEY}={escape_controls(str(request_id))}]"
        )


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request_id (in a request), then
    `extra=` fields. The keys, the time's form and the level names are every language's
    (scaffold/codegen/cases/log_records.json): a log pipeline reads a plugin's lines alike whatever
    its language."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            LOG_TIME_KEY: log_time(record.created),
            LOG_LEVEL_KEY: level_name(record.levelno),
            "logger": record.name,
            LOG_MESSAGE_KEY: record.getMessage(),
        }
        request_id = getattr(record, LOG_REQUEST_ID_KEY, None)
        if request_id is not None:
            entry[LOG_REQUEST_ID_KEY] = request_id
        for key, value in extra_fields(record):
            entry.setdefault(key, value)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, default=str)


def log_level_number(level: str) -> int:
    """uvicorn's level names (trace included) -> a logging level number."""
    if level.lower() == "trace":
        return TRACE
    return logging.getLevelNamesMapping().get(level.upper(), logging.INFO)


def logging_config(log_format: str, level: str) -> dict[str, Any]:
    """dictConfig (and uvicorn `log_config`): the root and uvicorn's loggers on one stderr handler."""
    formatter = JsonFormatter if log_format == "json" else TextFormatter
    number = log_level_number(level)
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"service": {"()": formatter}},
        "handlers": {
            "stderr": {"class": "logging.StreamHandler", "formatter": "service", "stream": "ext://sys.stderr"}
        },
        "root": {"handlers": ["stderr"], "level": number},
        "loggers": {
            "uvicorn": {"handlers": [], "level": number, "propagate": True},
            "uvicorn.error": {"handlers": [], "level": number, "propagate": True},
            # the access line is ours (one per request, with its id): uvicorn's own stays off
            "uvicorn.access": {"handlers": [], "level": logging.WARNING, "propagate": False},
        },
    }


def configure_logging(log_format: str, level: str) -> None:
    """Set logging up as `logging_config` says, unless something (a server, a test runner) already has."""
    if not logging.getLogger().handlers:
        logging.config.dictConfig(logging_config(log_format, level))
