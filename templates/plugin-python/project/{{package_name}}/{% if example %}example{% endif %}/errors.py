"""The example's errors: what went wrong as a catalogue key, and the details for the log only.

A message that reaches the platform user is `errors.reason.<key>` from the locale catalogues,
filled with `params` (numbers and limits, never anything taken from the request); `detail` may
quote the request or SQLite's own English text and is written to the plugin log instead, so an
answer is always in the caller's language and never reflects table names or SQL back.
"""

from __future__ import annotations

from typing import Any


class SourceError(Exception):
    """A data source or query problem to report to the caller (never a server bug)."""

    def __init__(self, key: str, detail: str = "", **params: Any) -> None:
        super().__init__(detail or key)
        self.key = key
        self.detail = detail
        self.params = params


class QueryError(SourceError):
    """A query the caller got wrong (its form is right, its content is not); answered 422."""
