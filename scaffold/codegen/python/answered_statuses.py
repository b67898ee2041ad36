"""The error statuses a generated Python service answers, per operation, for one request.

What the runtime files do (dispatch.py, http_json.py, body_limits.py, module_envelope.py): an
operation with a request body answers 400 for a body that is not the JSON the spec describes, 413
for a body over the size limit, 422 for content the service cannot process (a `PluginError`,
nesting too deep) and 500 for an unexpected error; an operation without a body can only fail
with 500. A 503 (bodies in flight over the process's budget) needs many requests at once, so no
single request and no conformance test gets it; nor does a 408 (a body that stops arriving: see
body_limits). Both are left out here, as the contracts leave them out.

`scaffold upgrade` compares this with what the target spec documents: a status the service
answers and the spec does not is what Schemathesis reports as "Undocumented status code" (ST103)
in the project's own conformance test. Another language's generator lists its own service's.
"""

from __future__ import annotations

from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations

# status -> when a generated service answers it (for a message)
WHY = {
    "400": "a body that is not the JSON the spec describes",
    "413": "a body over the size limit",
    "422": "content the service cannot process",
    "500": "an unexpected error in the service",
}
WITH_BODY = ("400", "413", "422", "500")
WITHOUT_BODY = ("500",)


def answered_statuses(spec: SpecDocument) -> dict[str, tuple[str, ...]]:
    """Operation key ("POST /query/get-result") -> the error statuses one request can get."""
    return {op.key: WITH_BODY if op.request is not None else WITHOUT_BODY for op in operations(spec)}
