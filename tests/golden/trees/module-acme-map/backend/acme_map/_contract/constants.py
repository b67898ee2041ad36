# generated from dashboard-module 2026.1.1+r5 (sha256 d731b52085471ecf0f7397d3ee3ac58a5f13ea6bfd4b02b88f3ab42f0a4ebc95) — do not edit; run `scaffold regenerate`
"""Values of the dashboard-module 2026.1.1+r5 contract that the backend glue uses."""

CONTRACT = "dashboard-module"
CONTRACT_VERSION = "2026.1.1+r5"
RELEASE_LABEL = "2026H1.1"

# Paths of the module backend's endpoints (GET well-known is the one the platform requires).
WELL_KNOWN_PATH = "/api/v1/well-known"
DEMO_STATUS_PATH = "/api/v1/demo/status"
# Where this backend serves the built frontend (scaffold's choice; entryPoint points here).
STATIC_PREFIX = "/static/"

# Language of answers when Accept-Language is absent or matches nothing.
DEFAULT_LOCALE = "ru-RU"

# Components a module may register, in the contract's order.
ALLOWED_COMPONENTS = ("Widget", "WidgetEditor", "Settings")
# A module must register this component to be added to dashboards.
REQUIRED_FOR_DASHBOARD = "Widget"
# Query parameters the platform may append to the JS URL.
CACHE_QUERY_PARAMETERS = ("version", "buildTimestamp")
