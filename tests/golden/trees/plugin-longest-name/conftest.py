# generated from datasource-plugin 1.2.0+r2 (sha256 80d816fa33ad1d16302d8dd905de0dacbb5596176c0db54fe00526364551d2c3) — do not edit; run `scaffold regenerate`
"""Loaded by pytest before your tests: reports kept starter tests that pin a corrected rule.

Owned by scaffold (see weather_station_telemetry_gateway_for_the_northern_coasts_region/_contract/starter_corrections.py); put your own fixtures in
tests/conftest.py.
"""

from weather_station_telemetry_gateway_for_the_northern_coasts_region._contract.starter_corrections import (
    pytest_collection_modifyitems,
)

__all__ = ["pytest_collection_modifyitems"]
