# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/context.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""What a data source method learns about a call besides its body.

Routes build one RequestContext per call and pass it to the user's method, so user code never
needs the web framework's request object (and keeps working if the framework changes). Beside
the call's language and identity it carries what every method needs and had to build itself
(issue 40 point 3): `log`, whose every line names the request, and the call's end, `deadline`
and `cancelled`, set by the glue when PLUGIN_QUERY_SECONDS pass or the caller hangs up.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from typing import Any

from .logs import request_id_var

_DATASOURCE_LOGGER = "datasource"


class RequestLogger(logging.LoggerAdapter[logging.Logger]):
    """A logger whose every line carries its request's id, in both log formats.

    The id is the one the observability middleware gives the request; a line logged from a thread
    the method starts itself carries it too (the request's context variable does not reach such a
    thread). `extra=` fields go into the line as in any logger: JSON keys, `key=value` in text.
    """

    def __init__(self, logger: logging.Logger, request_id: str | None) -> None:
        super().__init__(logger, {})
        self.request_id = request_id

    def process(self, msg: Any, kwargs: MutableMapping[str, Any]) -> tuple[Any, MutableMapping[str, Any]]:
        return msg, kwargs

    def log(self, level: int, msg: object, *args: object, **kwargs: Any) -> None:
        if not self.isEnabledFor(level):
            return
        token = request_id_var.set(self.request_id)  # the record factory reads it (logs.py)
        try:
            kwargs.setdefault("stacklevel", 2)
            self.logger.log(level, msg, *args, **kwargs)
        finally:
            request_id_var.reset(token)


def request_logger(name: str = _DATASOURCE_LOGGER, request_id: str | None = None) -> RequestLogger:
    """The logger `name` for the request `request_id` (the current request's when None)."""
    return RequestLogger(
        logging.getLogger(name), request_id if request_id is not None else request_id_var.get()
    )


@dataclass(frozen=True, slots=True)
class RequestContext:
    """The call's language, headers and identity, its logger, and when it ends.

    - `locale`: the catalogue language chosen from Accept-Language (q-values honoured), one of
      the plugin's locales; the contract's default (ru-RU) when the header is absent or unknown.
    - `headers`: the raw request headers (case-insensitive mapping).
    - `operation_id`: the contract operation being served, e.g. `getQueryResult`.
    - `base_url`: the plugin's base URL as the caller reached it, including `/api/v1`.
    - `log`: a logger (`context.log.info("read %d rows", n, extra={"rows": n})`) whose every
      line carries the request id, in LOG_FORMAT text and json alike.
    - `deadline`: the `time.monotonic()` by which the method must answer (PLUGIN_QUERY_SECONDS
      after the call began), None without one. Then `cancelled` is set and the method gets
      DEADLINE_LAST_WORD_MS (1 s) to answer itself (its own error message wins); after it the glue
      answers 422 (`query.deadline`): an async method is cancelled at its `await`; a sync one,
      which Python cannot interrupt, has its result dropped, so pass `seconds_left()` to what it
      waits on.
    - `cancelled`: set when the deadline passes or the caller hangs up (answered 499).
    """

    locale: str
    headers: Mapping[str, str]
    operation_id: str
    base_url: str
    log: RequestLogger = field(default_factory=request_logger)
    deadline: float | None = None
    cancelled: threading.Event = field(default_factory=threading.Event)

    def seconds_left(self) -> float | None:
        """Seconds until `deadline` (0 once it passed; None without one): a timeout for a driver."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())
