"""Settings from environment variables; every one has a default that works on a laptop.

| variable               | default            | meaning                                               |
|------------------------|--------------------|-------------------------------------------------------|
| HOST                   | 127.0.0.1          | interface to listen on (0.0.0.0 in the Docker image)  |
| PORT                   | 8080               | port to listen on                                     |
| WORKERS                | 1                  | worker processes (the plugin is stateless)            |
| LOG_LEVEL              | info               | debug, info, warning, error                           |
| PLUGIN_ENV             | development        | `production` requires PLUGIN_SECRET_KEY               |
| PLUGIN_SECRET_KEY      | (none)             | 32-byte base64url key encrypting password fields      |
| PLUGIN_OLD_SECRET_KEYS | (none)             | comma-separated previous keys, still decrypted        |
| PLUGIN_STATE_DIR       | .plugin-state      | development key and what your plugin keeps on disk    |
| PLUGIN_PUBLIC_URL      | (as called)        | base URL announced in /well-known, ending in /api/v1  |
| PLUGIN_MAX_BODY_BYTES  | 10485760 (10 MiB)  | larger request bodies are refused with 413            |
| PLUGIN_MAX_BODY_BYTES_IN_FLIGHT | 67108864 (64 MiB) | bytes of bodies held at once; more: 503 |
| PLUGIN_MAX_RESULT_BYTES| 16777216 (16 MiB)  | most result data one get-result answer may hold       |
| PLUGIN_QUERY_SECONDS   | 5                  | deadline of a data source method: then 422            |
| LOG_FORMAT             | text               | `json`: one JSON object per log line (with request_id)|
| METRICS_ENABLED        | true               | `false`: no GET /metrics (404)                        |
| SHUTDOWN_DRAIN_SECONDS | 0 (the image: 5)   | on SIGTERM, /readyz 503 while still serving, this long|
| SHUTDOWN_GRACE_SECONDS | 20                 | then how long requests in flight may finish           |

GET /healthz, GET /readyz and GET /metrics are served outside /api/v1 (see README, "Metrics and
logs"). With WORKERS above 1, every worker process keeps its own metrics: a scrape sees one of
them, so run one worker per container and scale with replicas.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ._contract import ConfigurationError
from ._contract.http_json import MAX_BODY_BYTES, MAX_BODY_BYTES_IN_FLIGHT
from ._contract.observability import LOG_FORMATS
from ._contract.runtime_constants import SHUTDOWN_DRAIN_SECONDS, SHUTDOWN_GRACE_SECONDS

MAX_RESULT_BYTES = 16 * 1024 * 1024
QUERY_SECONDS = 5

ENVIRONMENTS = ("development", "production")
LOG_LEVELS = ("critical", "error", "warning", "info", "debug", "trace")


@dataclass(frozen=True)
class Settings:
    host: str = "127.0.0.1"
    port: int = 8080
    workers: int = 1
    log_level: str = "info"
    environment: str = "development"
    secret_key: str | None = None
    old_secret_keys: str | None = None
    state_dir: Path = Path(".plugin-state")
    public_url: str | None = None
    max_body_bytes: int = MAX_BODY_BYTES
    max_body_bytes_in_flight: int = MAX_BODY_BYTES_IN_FLIGHT
    max_result_bytes: int = MAX_RESULT_BYTES
    query_seconds: int = QUERY_SECONDS
    log_format: str = "text"
    metrics_enabled: bool = True
    shutdown_drain_seconds: int = SHUTDOWN_DRAIN_SECONDS
    shutdown_grace_seconds: int = SHUTDOWN_GRACE_SECONDS

    @property
    def production(self) -> bool:
        return self.environment == "production"

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        environment = env.get("PLUGIN_ENV", "development").strip().lower() or "development"
        if environment not in ENVIRONMENTS:
            raise ConfigurationError(
                f"PLUGIN_ENV must be one of {', '.join(ENVIRONMENTS)}, not {environment!r}"
            )
        log_level = env.get("LOG_LEVEL", "info").strip().lower() or "info"
        if log_level not in LOG_LEVELS:
            raise ConfigurationError(
                f"LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, not {log_level!r}"
            )
        log_format = env.get("LOG_FORMAT", "text").strip().lower() or "text"
        if log_format not in LOG_FORMATS:
            raise ConfigurationError(
                f"LOG_FORMAT must be one of {', '.join(LOG_FORMATS)}, not {log_format!r}"
            )
        max_body_bytes = _integer(env, "PLUGIN_MAX_BODY_BYTES", MAX_BODY_BYTES, 1024, 1024**3)
        in_flight = _integer(
            env, "PLUGIN_MAX_BODY_BYTES_IN_FLIGHT", MAX_BODY_BYTES_IN_FLIGHT, 1024, 64 * 1024**3
        )
        if in_flight < max_body_bytes:
            raise ConfigurationError(
                f"PLUGIN_MAX_BODY_BYTES_IN_FLIGHT ({in_flight}) must be at least "
                f"PLUGIN_MAX_BODY_BYTES ({max_body_bytes}): one whole body must fit"
            )
        return cls(
            host=env.get("HOST", "127.0.0.1").strip() or "127.0.0.1",
            port=_integer(env, "PORT", 8080, 0, 65535),
            workers=_integer(env, "WORKERS", 1, 1, 256),
            log_level=log_level,
            environment=environment,
            secret_key=env.get("PLUGIN_SECRET_KEY") or None,
            old_secret_keys=env.get("PLUGIN_OLD_SECRET_KEYS") or None,
            state_dir=Path(env.get("PLUGIN_STATE_DIR", "") or ".plugin-state"),
            public_url=(env.get("PLUGIN_PUBLIC_URL") or "").rstrip("/") or None,
            max_body_bytes=max_body_bytes,
            max_body_bytes_in_flight=in_flight,
            max_result_bytes=_integer(
                env, "PLUGIN_MAX_RESULT_BYTES", MAX_RESULT_BYTES, 64 * 1024, 1024**3
            ),
            query_seconds=_integer(env, "PLUGIN_QUERY_SECONDS", QUERY_SECONDS, 1, 3600),
            log_format=log_format,
            metrics_enabled=_flag(env, "METRICS_ENABLED", True),
            shutdown_drain_seconds=_integer(
                env, "SHUTDOWN_DRAIN_SECONDS", SHUTDOWN_DRAIN_SECONDS, 0, 3600
            ),
            shutdown_grace_seconds=_integer(
                env, "SHUTDOWN_GRACE_SECONDS", SHUTDOWN_GRACE_SECONDS, 0, 3600
            ),
        )


def _integer(env: Mapping[str, str], name: str, default: int, low: int, high: int) -> int:
    text = env.get(name, "").strip()
    if not text:
        return default
    if not text.isdigit() or not low <= int(text) <= high:
        raise ConfigurationError(
            f"{name} must be a whole number from {low} to {high}, not {text!r}"
        )
    return int(text)


def _flag(env: Mapping[str, str], name: str, default: bool) -> bool:
    text = env.get(name, "").strip()
    if not text:
        return default
    if text.lower() in ("1", "true", "yes", "on"):
        return True
    if text.lower() in ("0", "false", "no", "off"):
        return False
    raise ConfigurationError(f"{name} must be true or false, not {text!r}")
