"""`python -m acme_sales`: serve the plugin on HOST:PORT (default 127.0.0.1:8080) under /api/v1.

The app is built once before serving, so a configuration problem (a missing data source method,
no PLUGIN_SECRET_KEY in production, an invalid setting) stops the start with one clear line
instead of a traceback from every worker.
"""

from __future__ import annotations

import sys

import uvicorn

from ._contract import StartupError
from .app import create_app
from .settings import Settings


def main() -> None:
    try:
        settings = Settings.from_env()
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
