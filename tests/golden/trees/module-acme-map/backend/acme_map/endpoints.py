"""Your module's own endpoints, called by your Widget through the platform's proxy (yours to edit).

Register each one on ENDPOINTS; app.py (template-owned) serves them beside the contract's routes
and tests/test_conformance.py checks them against the schemas of their models:

    @ENDPOINTS.post("/api/v1/series", payload=SeriesQuery, module_context=SalesApi)
    def series(call: Call[SeriesQuery, SalesApi]) -> Series: ...

`call.payload` is your payload model, read strictly from the proxy's envelope or a bare body;
`call.module_context` is your settings model (what the Settings component saved) or None;
`call.locale` is the language to answer in; `call.cancelled` is set when the caller hangs up or the
backend stops (an async endpoint is cancelled at its await besides). README, "Your own proxied
endpoints", has a complete example with its test; _contract/endpoints.py says every rule.
"""

from __future__ import annotations

from ._contract.endpoints import Endpoints

ENDPOINTS = Endpoints()
