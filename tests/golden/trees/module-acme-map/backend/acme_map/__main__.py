"""`python -m acme_map`: serve the module on HOST:PORT (template-owned)."""

from __future__ import annotations

import sys

import uvicorn

from .app import create_app
from .settings import Settings, SettingsError


def main() -> None:
    try:
        settings = Settings.from_env()
    except SettingsError as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(2)
    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, log_level=settings.log_level)


if __name__ == "__main__":
    main()
