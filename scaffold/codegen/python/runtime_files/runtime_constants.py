"""The values every language's runtime shares, for the Python runtime modules beside this file.

Here, in scaffold's own tree, they are read from their one source, scaffold/codegen/runtime_values.py.
A project's `_contract/runtime_constants.py` is no copy of this file: scaffold renders it there with
the values as literals (scaffold/codegen/python/shared_values.py), so a project needs nothing of
scaffold at run time. tests/unit/test_runtime_values.py holds the names here to those of the source.
"""

from __future__ import annotations

from typing import Any

from scaffold.codegen.runtime_values import RUNTIME_VALUES as _SOURCE
from scaffold.codegen.runtime_values import spec_values as _spec_values
from scaffold.contracts import PLUGIN as _PLUGIN
from scaffold.specs.catalog import load_shipped as _load_shipped

# A project's values of its spec are its own spec's; here they are the newest shipped plugin spec's.
_PLUGIN_SPEC = _load_shipped(_PLUGIN.contract)
_VALUES: dict[str, Any] = {value.name: value.value for value in (*_SOURCE, *_spec_values(_PLUGIN_SPEC.data))}

MAX_BODY_BYTES: int = _VALUES["MAX_BODY_BYTES"]
MAX_BODY_BYTES_IN_FLIGHT: int = _VALUES["MAX_BODY_BYTES_IN_FLIGHT"]
MODULE_MAX_BODY_BYTES: int = _VALUES["MODULE_MAX_BODY_BYTES"]
MODULE_MAX_BODY_BYTES_IN_FLIGHT: int = _VALUES["MODULE_MAX_BODY_BYTES_IN_FLIGHT"]
TOO_LARGE_STATUS: int = _VALUES["TOO_LARGE_STATUS"]
BUSY_STATUS: int = _VALUES["BUSY_STATUS"]
CLIENT_CLOSED_STATUS: int = _VALUES["CLIENT_CLOSED_STATUS"]
STALLED_STATUS: int = _VALUES["STALLED_STATUS"]
DRAIN_BYTES: int = _VALUES["DRAIN_BYTES"]
DRAIN_SECONDS: int = _VALUES["DRAIN_SECONDS"]
RETRY_AFTER_SECONDS: int = _VALUES["RETRY_AFTER_SECONDS"]
DEADLINE_LAST_WORD_MS: int = _VALUES["DEADLINE_LAST_WORD_MS"]
BODY_STALL_SECONDS: int = _VALUES["BODY_STALL_SECONDS"]
BODY_MIN_BYTES_PER_SECOND: int = _VALUES["BODY_MIN_BYTES_PER_SECOND"]
MAX_JSON_DEPTH: int = _VALUES["MAX_JSON_DEPTH"]
MODULE_MAX_JSON_DEPTH: int = _VALUES["MODULE_MAX_JSON_DEPTH"]
MAX_HEAD_BYTES: int = _VALUES["MAX_HEAD_BYTES"]
HEADER_SECONDS: int = _VALUES["HEADER_SECONDS"]
MAX_QUERY_TEXT_BYTES: int = _VALUES["MAX_QUERY_TEXT_BYTES"]
DEFAULT_LOCALE: str = _VALUES["DEFAULT_LOCALE"]
ACCEPT_LANGUAGE_MAX_CHARS: int = _VALUES["ACCEPT_LANGUAGE_MAX_CHARS"]
HEALTH_PATH: str = _VALUES["HEALTH_PATH"]
READY_PATH: str = _VALUES["READY_PATH"]
SHUTDOWN_GRACE_SECONDS: int = _VALUES["SHUTDOWN_GRACE_SECONDS"]
SHUTDOWN_DRAIN_SECONDS: int = _VALUES["SHUTDOWN_DRAIN_SECONDS"]
METRICS_PATH: str = _VALUES["METRICS_PATH"]
REQUEST_ID_HEADER: str = _VALUES["REQUEST_ID_HEADER"]
REQUESTS_METRIC: str = _VALUES["REQUESTS_METRIC"]
REQUESTS_HELP: str = _VALUES["REQUESTS_HELP"]
REQUEST_LABELS: tuple[str, ...] = _VALUES["REQUEST_LABELS"]
DURATION_LABELS: tuple[str, ...] = _VALUES["DURATION_LABELS"]
METHOD_LABELS: tuple[str, ...] = _VALUES["METHOD_LABELS"]
OTHER_LABEL: str = _VALUES["OTHER_LABEL"]
DURATION_METRIC: str = _VALUES["DURATION_METRIC"]
DURATION_HELP: str = _VALUES["DURATION_HELP"]
DURATION_BUCKETS: tuple[float, ...] = _VALUES["DURATION_BUCKETS"]
LOG_TIME_KEY: str = _VALUES["LOG_TIME_KEY"]
LOG_LEVEL_KEY: str = _VALUES["LOG_LEVEL_KEY"]
LOG_MESSAGE_KEY: str = _VALUES["LOG_MESSAGE_KEY"]
LOG_REQUEST_ID_KEY: str = _VALUES["LOG_REQUEST_ID_KEY"]
LOG_LEVELS: tuple[str, ...] = _VALUES["LOG_LEVELS"]
MAX_ARRAY_GROUPS: int = _VALUES["MAX_ARRAY_GROUPS"]
ENCRYPTED_PREFIX: str = _VALUES["ENCRYPTED_PREFIX"]
KEY_ENV: str = _VALUES["KEY_ENV"]
OLD_KEYS_ENV: str = _VALUES["OLD_KEYS_ENV"]
KEY_FILE_NAME: str = _VALUES["KEY_FILE_NAME"]
KEY_FILE_MAX_BYTES: int = _VALUES["KEY_FILE_MAX_BYTES"]
KEY_BYTES: int = _VALUES["KEY_BYTES"]
NONCE_BYTES: int = _VALUES["NONCE_BYTES"]
TAG_BYTES: int = _VALUES["TAG_BYTES"]
MAX_TOKEN_CHARS: int = _VALUES["MAX_TOKEN_CHARS"]
MODULE_KEY_ENV: str = _VALUES["MODULE_KEY_ENV"]
MODULE_OLD_KEYS_ENV: str = _VALUES["MODULE_OLD_KEYS_ENV"]
MODULE_SECRETS_PATH: str = _VALUES["MODULE_SECRETS_PATH"]
MODULE_MAX_SECRET_NAME_CHARS: int = _VALUES["MODULE_MAX_SECRET_NAME_CHARS"]
MODULE_MAX_SECRET_CHARS: int = _VALUES["MODULE_MAX_SECRET_CHARS"]
MODULE_NO_KEY_STATUS: int = _VALUES["MODULE_NO_KEY_STATUS"]
PUBLISHED_KEY_REFUSAL: str = _VALUES["PUBLISHED_KEY_REFUSAL"]
PUBLISHED_SECRET_KEYS: tuple[str, ...] = _VALUES["PUBLISHED_SECRET_KEYS"]
