"""The longest names a project may have: 64 characters, the limit of the templates' validators.

A template line that fits for `acme-sales` can outgrow the project's line length for a long name
(found: `weather_station/__main__.py` failed the generated CI's `ruff format --check`), so the
golden trees and tests/functional/test_longest_names.py render projects with these names and run
the project's own linters and formatters on them. A line can also be rewrapped at a length in
between, so tests/unit/test_name_lengths.py renders every length (tests/name_lengths.py).
"""

from __future__ import annotations

LONGEST_PROJECT_NAME = "weather-station-telemetry-gateway-for-the-northern-coasts-region"
LONGEST_PACKAGE_NAME = LONGEST_PROJECT_NAME.replace("-", "_")  # the default package name
assert len(LONGEST_PROJECT_NAME) == 64
