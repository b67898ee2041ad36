"""Settings of the module backend: project defaults, each overridable by an environment variable.

| variable | default | what it sets |
|---|---|---|
| HOST / PORT | 127.0.0.1 / 8090 | where `python -m weather_station_telemetry_gateway_for_the_northern_coasts_region` listens |
| MODULE_NAME | weather-station-telemetry-gateway-for-the-northern-coasts-region | `name` in well-known |
| MODULE_VERSION | the package version | `version` in well-known |
| MODULE_SCOPE | weather_station_telemetry_gateway_for_the_northern_coasts_region | `scope`: the window property the bundle registers |
| MODULE_COMPONENTS | Widget,WidgetEditor,Settings | `components` (comma-separated) |
| MODULE_CAN_ADD_TO_DASHBOARD | true when Widget is registered | `canAddToDashboard` |
| MODULE_ENTRY_POINT | static/module.js | `entryPoint`, resolved against frontendHost |
| MODULE_FRONTEND_HOST | this backend's own base URL | `frontendHost` (set it for a CDN) |
| MODULE_FRONTEND_DIST | frontend/dist, found from here | the built frontend this backend serves |
| MODULE_TITLE / MODULE_DESCRIPTION | texts.py | text for every language, or a JSON list of {lang, value} |
| MODULE_CORS_ORIGINS | * | origins allowed to call the backend from a browser |
| LOG_LEVEL | info | uvicorn's log level |
| LOG_FORMAT | text | `json`: one JSON object per log line (with request_id) |
| METRICS_ENABLED | true | `false`: no GET /metrics (404) |
| SHUTDOWN_DRAIN_SECONDS | 0 (the image: 5) | on SIGTERM, how long /readyz answers 503 while still serving, before the listener closes |
| SHUTDOWN_GRACE_SECONDS | 20 | then how long requests in flight may finish; cancelled at its end |

GET /healthz, GET /readyz and GET /metrics are served outside /api/v1 (see README, "Metrics and
logs").

uvicorn itself reads FORWARDED_ALLOW_IPS (default 127.0.0.1): the proxies whose X-Forwarded-Proto is
trusted. Behind an HTTPS reverse proxy, list it there (or set MODULE_FRONTEND_HOST), or
frontendHost will say http:// and the platform's HTTPS page will refuse the script.

Template-owned: `scaffold upgrade` merges template changes with your edits.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__
from ._contract.constants import ALLOWED_COMPONENTS, REQUIRED_FOR_DASHBOARD
from ._contract.observability import LOG_FORMATS
from ._contract.runtime_constants import SHUTDOWN_DRAIN_SECONDS, SHUTDOWN_GRACE_SECONDS

DEFAULT_COMPONENTS: tuple[str, ...] = ("Widget", "WidgetEditor", "Settings")
_LOCALISED_EXAMPLE = '[{"lang": "en-US", "value": "..."}]'
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


class SettingsError(ValueError):
    """An environment variable has a value the backend cannot use; the message names it."""


def default_frontend_dist() -> Path:
    """The first folder holding a built module.js: frontend/dist seen from the current folder,
    from its parent (running inside backend/), or from the source tree (editable installs)."""
    candidates = [
        Path.cwd() / "frontend" / "dist",
        Path.cwd().parent / "frontend" / "dist",
        Path(__file__).resolve().parents[2] / "frontend" / "dist",
    ]
    return next((c for c in candidates if (c / "module.js").is_file()), candidates[0])


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8090  # a plugin's default is 8080: both can run on one machine
    name: str = "weather-station-telemetry-gateway-for-the-northern-coasts-region"
    version: str = __version__
    scope: str = "weather_station_telemetry_gateway_for_the_northern_coasts_region"
    components: tuple[str, ...] = DEFAULT_COMPONENTS
    can_add_to_dashboard: bool | None = None  # None: true when the Widget is registered
    entry_point: str = "static/module.js"
    frontend_host: str | None = None  # None: this backend's own base URL
    frontend_dist: Path = field(default_factory=default_frontend_dist)
    title: tuple[tuple[str, str], ...] | str | None = None  # None: texts.py
    description: tuple[tuple[str, str], ...] | str | None = None
    cors_origins: tuple[str, ...] = ("*",)
    log_level: str = "info"
    log_format: str = "text"
    metrics_enabled: bool = True
    shutdown_drain_seconds: int = SHUTDOWN_DRAIN_SECONDS
    shutdown_grace_seconds: int = SHUTDOWN_GRACE_SECONDS

    @property
    def dashboard_ready(self) -> bool:
        if self.can_add_to_dashboard is not None:
            return self.can_add_to_dashboard
        return REQUIRED_FOR_DASHBOARD in self.components

    @classmethod
    def from_env(cls, environ: Mapping[str, str] = os.environ) -> Settings:
        values: dict[str, object] = {}
        if "HOST" in environ:
            values["host"] = environ["HOST"]
        if "PORT" in environ:
            values["port"] = _port(environ["PORT"])
        for key, name in (("MODULE_NAME", "name"), ("MODULE_VERSION", "version"), ("MODULE_SCOPE", "scope")):
            if environ.get(key, "").strip():
                values[name] = environ[key].strip()
        if "MODULE_COMPONENTS" in environ:
            values["components"] = _components(environ["MODULE_COMPONENTS"])
        if "MODULE_CAN_ADD_TO_DASHBOARD" in environ:
            values["can_add_to_dashboard"] = _flag(
                "MODULE_CAN_ADD_TO_DASHBOARD", environ["MODULE_CAN_ADD_TO_DASHBOARD"]
            )
        if environ.get("MODULE_ENTRY_POINT", "").strip():
            values["entry_point"] = environ["MODULE_ENTRY_POINT"].strip()
        if environ.get("MODULE_FRONTEND_HOST", "").strip():
            values["frontend_host"] = _with_slash(environ["MODULE_FRONTEND_HOST"].strip())
        if environ.get("MODULE_FRONTEND_DIST", "").strip():
            values["frontend_dist"] = Path(environ["MODULE_FRONTEND_DIST"].strip())
        for key, name in (("MODULE_TITLE", "title"), ("MODULE_DESCRIPTION", "description")):
            if environ.get(key, "").strip():
                values[name] = _localised(key, environ[key])
        if environ.get("MODULE_CORS_ORIGINS", "").strip():
            origins = environ["MODULE_CORS_ORIGINS"].split(",")
            values["cors_origins"] = tuple(o.strip() for o in origins if o.strip())
        if "LOG_LEVEL" in environ:
            values["log_level"] = _log_level(environ["LOG_LEVEL"])
        if environ.get("LOG_FORMAT", "").strip():
            values["log_format"] = _log_format(environ["LOG_FORMAT"])
        if environ.get("METRICS_ENABLED", "").strip():
            values["metrics_enabled"] = _flag("METRICS_ENABLED", environ["METRICS_ENABLED"])
        for key, name in (
            ("SHUTDOWN_DRAIN_SECONDS", "shutdown_drain_seconds"),
            ("SHUTDOWN_GRACE_SECONDS", "shutdown_grace_seconds"),
        ):
            if environ.get(key, "").strip():
                values[name] = _seconds(key, environ[key])
        return cls(**values)  # type: ignore[arg-type]


def _port(value: str) -> int:
    if not value.strip().isdigit() or not 0 < int(value) < 65536:
        raise SettingsError(f"PORT must be a number from 1 to 65535, not {value!r}")
    return int(value)


def _components(value: str) -> tuple[str, ...]:
    names = [n.strip() for n in value.split(",") if n.strip()]
    unknown = [n for n in names if n not in ALLOWED_COMPONENTS]
    if not names or unknown:
        allowed = ", ".join(ALLOWED_COMPONENTS)
        raise SettingsError(f"MODULE_COMPONENTS must list some of {allowed} (comma-separated), not {value!r}")
    return tuple(c for c in ALLOWED_COMPONENTS if c in names)


def _flag(key: str, value: str) -> bool:
    lowered = value.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise SettingsError(f"{key} must be true or false, not {value!r}")


def _with_slash(url: str) -> str:
    """frontendHost ends with '/' so that a relative entryPoint resolves below it, not beside it."""
    return url if url.endswith("/") else url + "/"


def _localised(key: str, value: str) -> tuple[tuple[str, str], ...] | str:
    """A JSON list of {lang, value} objects, or plain text used for every language."""
    if not value.lstrip().startswith("["):
        return value.strip()
    try:
        items = json.loads(value)
        pairs = tuple((str(item["lang"]), str(item["value"])) for item in items)
    except (ValueError, TypeError, KeyError) as exc:
        raise SettingsError(f"{key} must be text or a JSON list like {_LOCALISED_EXAMPLE}") from exc
    if not pairs:
        raise SettingsError(f"{key} must not be an empty list")
    return pairs


def _log_level(value: str) -> str:
    if value.strip().lower() not in LOG_LEVELS:
        raise SettingsError(f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {value!r}")
    return value.strip().lower()


def _log_format(value: str) -> str:
    if value.strip().lower() not in LOG_FORMATS:
        raise SettingsError(f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {value!r}")
    return value.strip().lower()


def _seconds(key: str, value: str) -> int:
    if not value.strip().isdigit() or int(value) > 3600:
        raise SettingsError(f"{key} must be a whole number from 0 to 3600, not {value!r}")
    return int(value)
