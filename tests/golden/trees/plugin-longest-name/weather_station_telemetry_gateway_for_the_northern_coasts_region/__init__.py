# Weather Station Telemetry Gateway For The Northern Coasts Region: Weather Station Telemetry Gateway For The Northern Coasts Region data source plugin
"""A data source plugin service for the platform (datasource-plugin contract).

Start it with `python -m weather_station_telemetry_gateway_for_the_northern_coasts_region`; implement your data logic in
`weather_station_telemetry_gateway_for_the_northern_coasts_region/datasource.py`.
"""

__version__ = "0.1.0"
