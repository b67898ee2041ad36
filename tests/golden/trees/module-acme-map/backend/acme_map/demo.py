"""The tutorial endpoint POST /api/v1/demo/status: your logic, seeded once by scaffold.

The contract glue has already read the body (the proxy envelope {payload, moduleContext} or a bare
payload; malformed JSON 400, not an object 422) and chosen the language from Accept-Language.
`request.module_context` is the saved module settings when the platform's proxy added them as an
object, else None; its shape is yours (set in the Settings component) and it may hold encrypted
secrets, so it is never echoed back.
"""

from __future__ import annotations

from ._contract.envelope import ProxiedRequest
from ._contract.models import DemoStatusResponse
from .texts import TEXTS


def demo_status(request: ProxiedRequest) -> DemoStatusResponse:
    return DemoStatusResponse(
        status="ok",
        message=TEXTS[request.locale]["demo_ok"],
        payload=request.payload,
        module_context="present" if request.has_module_context else "absent",
    )
