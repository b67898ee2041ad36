"""The tutorial endpoint POST /api/v1/demo/status: your logic, seeded once by scaffold.

The contract glue has already read the body strictly, as the spec's DemoStatusRequest says (the
proxy envelope {payload, moduleContext} or a bare payload {message}; anything else 400, see
README) and chosen the language from Accept-Language. `request.payload` is {"message": ...};
`request.module_context` is the saved module settings when the platform's proxy added them, else
None; its shape is yours (set in the Settings component) and it may hold encrypted secrets, so it
is never echoed back. An exception raised here is answered 500 with an incident id and logged.
"""

from __future__ import annotations

from ._contract.envelope import ProxiedRequest
from ._contract.models import DemoStatusPayload, DemoStatusResponse
from .texts import TEXTS


def demo_status(request: ProxiedRequest) -> DemoStatusResponse:
    return DemoStatusResponse(
        status="ok",
        message=TEXTS[request.locale]["demo_ok"],
        payload=DemoStatusPayload.model_validate(request.payload),
        module_context="present" if request.has_module_context else "absent",
    )
