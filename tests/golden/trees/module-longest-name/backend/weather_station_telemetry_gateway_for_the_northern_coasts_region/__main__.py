"""`python -m weather_station_telemetry_gateway_for_the_northern_coasts_region`: serve the module on HOST:PORT, default 127.0.0.1:8090 (template-owned).

The module backend's default port differs from a data source plugin's (8080), so both run side by
side on one machine. The address is tried before uvicorn starts: a port that is already taken ends
with one line naming PORT and exit code 1, not uvicorn's log.

SIGTERM (or Ctrl-C) stops it gracefully: /readyz answers 503 from the first moment while new
requests are still served for SHUTDOWN_DRAIN_SECONDS (0 by default, 5 in the container image),
then uvicorn stops accepting connections, requests in flight get SHUTDOWN_GRACE_SECONDS to finish
(one still running then is cancelled and answered 503), and the process exits 0. Logs go to stderr as LOG_FORMAT says, uvicorn's own lines included; the access
line comes from the app (one per request, with its request id), so uvicorn's is off.
"""

from __future__ import annotations

import errno
import socket
import sys

from ._contract.errors import ConfigurationError
from ._contract.observability import logging_config
from ._contract.serving import serve
from .app import create_app
from .settings import Settings, SettingsError


def address_problem(host: str, port: int) -> str | None:
    """Why HOST:PORT cannot be listened on (a sentence naming the setting to change), or None."""
    try:
        addresses = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError):
        return f"HOST {host!r} is not an address of this machine; set HOST to one (e.g. 127.0.0.1)"
    for family, kind, protocol, _name, address in addresses:
        with socket.socket(family, kind, protocol) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
            try:
                probe.bind(address)
            except OSError as exc:
                if exc.errno == errno.EADDRINUSE:
                    return f"port {port} on {host} is already in use; set PORT to a free port"
                if exc.errno == errno.EACCES:
                    return f"port {port} on {host} needs privileges; set PORT to 1024 or above"
                if exc.errno == errno.EADDRNOTAVAIL:
                    return f"HOST {host} is not an address of this machine; set HOST to one"
                return f"cannot listen on {host}:{port} ({exc.strerror}); check HOST and PORT"
    return None


def main() -> None:
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    problem = address_problem(settings.host, settings.port)
    if problem is not None:
        print(
            f"weather-station-telemetry-gateway-for-the-northern-coasts-region: cannot start: {problem}",
            file=sys.stderr,
        )
        sys.exit(1)
    try:
        app = create_app(settings)
    except ConfigurationError as error:  # e.g. a MODULE_SECRET_KEY that is no key
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    serve(
        app,
        {
            "host": settings.host,
            "port": settings.port,
            "log_level": settings.log_level,
            "log_config": logging_config(settings.log_format, settings.log_level),
            "access_log": False,  # the app logs one line per request itself, with its request id
            "timeout_graceful_shutdown": settings.shutdown_grace_seconds,
        },
        settings.shutdown_drain_seconds,
    )


if __name__ == "__main__":
    main()
