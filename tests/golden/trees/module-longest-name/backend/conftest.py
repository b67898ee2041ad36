# generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
# ruff: noqa: E501
"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see weather_station_telemetry_gateway_for_the_northern_coasts_region/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

from weather_station_telemetry_gateway_for_the_northern_coasts_region._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

__all__ = ["pytest_collection_modifyitems"]
