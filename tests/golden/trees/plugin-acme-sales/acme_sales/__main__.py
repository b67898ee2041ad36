"""`python -m acme_sales`: serve the plugin on HOST:PORT (default 127.0.0.1:8080) under /api/v1.

The app is built once before serving, so a configuration problem (a missing data source method,
no PLUGIN_SECRET_KEY in production, an invalid setting) stops the start with one clear line
instead of a traceback from every worker. The address is tried before uvicorn starts, so a port
that is already taken ends the same way (one line naming PORT, exit 1) instead of uvicorn's log.

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
from typing import Any

from ._contract import StartupError
from ._contract.observability import logging_config
from ._contract.serving import serve, serve_workers
from .app import create_app
from .settings import Settings


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
        problem = address_problem(settings.host, settings.port)
        if problem is not None:
            raise StartupError(problem)
        app = create_app(settings)
    except StartupError as exc:
        print(
            f"acme-sales: cannot start: {exc}",
            file=sys.stderr,
        )
        raise SystemExit(1) from None
    options: dict[str, Any] = {
        "host": settings.host,
        "port": settings.port,
        "log_level": settings.log_level,
        "log_config": logging_config(settings.log_format, settings.log_level),
        "access_log": False,  # the app logs one line per request itself, with its request id
        "server_header": False,
        "timeout_graceful_shutdown": settings.shutdown_grace_seconds,
    }
    if settings.workers > 1:
        # Each worker process builds its own app, with its own metrics: /metrics answers for the
        # worker that serves the scrape. In containers run one worker and scale by replicas.
        serve_workers(
            "acme_sales.app:create_app",
            settings.workers,
            options,
        )
    else:
        serve(app, options, settings.shutdown_drain_seconds)


if __name__ == "__main__":
    main()
