"""Backend of the weather-station-telemetry-gateway-for-the-northern-coasts-region dashboard widget module (template-owned)."""

__version__ = "0.1.0"
