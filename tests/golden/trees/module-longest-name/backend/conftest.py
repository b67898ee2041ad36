# generated from dashboard-module 2026.1.1+r2 (sha256 f2c1375397204ef243e2b651d2555f7cf1d041e4fd106385fe366482eb61ad79) — do not edit; run `scaffold regenerate`
# ruff: noqa: E501
"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see weather_station_telemetry_gateway_for_the_northern_coasts_region/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

from weather_station_telemetry_gateway_for_the_northern_coasts_region._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

__all__ = ["pytest_collection_modifyitems"]
