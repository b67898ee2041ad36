"""`python -m acme_sales`: serve the plugin on HOST:PORT (default 127.0.0.1:8080) under /api/v1.

The app is built once before serving, so a configuration problem (a missing data source method,
no PLUGIN_SECRET_KEY in production, an invalid setting) stops the start with one clear line
instead of a traceback from every worker. The address is tried before uvicorn starts, so a port
that is already taken ends the same way (one line naming PORT, exit 1) instead of uvicorn's log.
"""

from __future__ import annotations

import errno
import socket
import sys

import uvicorn

from ._contract import StartupError
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
        print(f"acme-sales: cannot start: {exc}", file=sys.stderr)
        raise SystemExit(1) from None
    if settings.workers > 1:
        # Each worker process builds its own app; the plugin keeps no state between requests.
        uvicorn.run(
            "acme_sales.app:create_app",
            factory=True,
            workers=settings.workers,
            host=settings.host,
            port=settings.port,
            log_level=settings.log_level,
            server_header=False,
        )
    else:
        uvicorn.run(
            app,
            host=settings.host,
            port=settings.port,
            log_level=settings.log_level,
            server_header=False,
        )


if __name__ == "__main__":
    main()
