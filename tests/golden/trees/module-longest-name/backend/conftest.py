# generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
# ruff: noqa: E501
"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see weather_station_telemetry_gateway_for_the_northern_coasts_region/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

import base64
import os

from weather_station_telemetry_gateway_for_the_northern_coasts_region._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

# The app reads MODULE_SECRET_KEY when it is made: the tests run with a key made for this run,
# unless one is exported (the tests' `seal` fixture encrypts with it).
os.environ.setdefault("MODULE_SECRET_KEY", base64.urlsafe_b64encode(os.urandom(32)).decode())

__all__ = ["pytest_collection_modifyitems"]
