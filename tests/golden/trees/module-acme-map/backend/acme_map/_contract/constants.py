# generated from dashboard-module 2026.1.1+r3 (sha256 f3259d168e887b105a2956a5cb1811d2742bfc9eb8fe40c8a1e97ab056fb64b6) — do not edit; run `scaffold regenerate`
"""Values of the dashboard-module 2026.1.1+r3 contract that the backend glue uses."""

CONTRACT = "dashboard-module"
CONTRACT_VERSION = "2026.1.1+r3"
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
