"""Exceptions of a data source plugin: the ones its own code raises, and the ones that stop startup.

`PluginError` is the one way user code says "this request cannot be answered, tell the caller
why": the routes turn it into the error body the contract names for the endpoint (a
QueryDataResponse, a HealthCheckResponse, or `{"error": true, "message": ...}`) with its HTTP
status. Any other exception is a bug in the plugin: the caller gets a generic 500 and the
traceback goes to the log, never to the caller.
"""

from __future__ import annotations

from collections.abc import Mapping


class PluginError(Exception):
    """A user-facing error: answered with `status` (422 by default), `message` and field errors.

    422 because by the time a data source method runs, the request's form is known to be right
    (the routes answered 400 for anything that does not match the contract's schema): what is
    left is content the plugin cannot process - a field value it rejects, a query it does not
    understand, a data source it cannot use. Pass another status only for what the contract
    documents for the endpoint.

    `validation_errors` maps a field code (or a query's refID) to its message; the endpoints
    whose contract body has `validationErrors` (health-check, get-result) carry it, the others
    carry only the message.
    """

    def __init__(
        self,
        message: str,
        status: int = 422,
        *,
        validation_errors: Mapping[str, str] | None = None,
    ) -> None:
        if not 400 <= status <= 599:
            raise ValueError(f"PluginError status must be an HTTP error status (400-599), not {status}")
        super().__init__(message)
        self.message = message
        self.status = status
        self.validation_errors: dict[str, str] = dict(validation_errors or {})


class StartupError(Exception):
    """The plugin cannot start: its message says what is wrong and how to fix it."""


class ConfigurationError(StartupError):
    """A setting (environment variable) is missing or invalid."""


class MissingOperationError(StartupError, TypeError):
    """The data source class lacks a method for an operation of the contract."""
