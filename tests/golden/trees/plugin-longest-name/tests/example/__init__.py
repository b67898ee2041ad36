"""Tests of the example data source (`weather_station_telemetry_gateway_for_the_northern_coasts_region/example/`): delete this folder with it."""
