"""Fixtures of the example's tests: the app on its sample database, with a fixed time window."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from acme_sales.example.sample_data import (
    SAMPLE_FILE,
    create_sample_database,
    sample_window,
)

from .. import conftest as shared

# A fixed sample window, so every value the tests see is the same on every day.
SAMPLE_END = 1_767_225_600 + 7 * 86_400
FIRST, LAST = sample_window(SAMPLE_END)
CONFIG = [
    {"code": "database", "type": "text", "value": "example.sqlite3"},
    {"code": "accessKey", "type": "password", "value": "s3cret"},
    {"code": "rowLimit", "type": "number", "value": "10000"},
    {"code": "codeMode", "value": "true"},
    {"code": "codeLang", "type": "select", "value": "sql"},
]
TEST_KEY = shared.TEST_KEY


@pytest.fixture(scope="session")
def state_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The state folder with the example's sample database in it (the shared `client` uses it)."""
    folder = tmp_path_factory.mktemp("example-state")
    create_sample_database(folder / SAMPLE_FILE, end=SAMPLE_END)
    return folder


def plugin_context(fields: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return shared.plugin_context(CONFIG if fields is None else fields)


def constructor_request(
    fields: list[dict[str, Any]] | None = None, config: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    return shared.constructor_request(fields, CONFIG if config is None else config)
