"""The error statuses a generated TypeScript or Go plugin answers, per operation, for one request.

Both runtimes read each body raw and check it themselves (TypeScript: typescript/runtime_files/
serve.ts, validation.ts, body-limits.ts; Go: go/runtime_files/serve.go, jsonread.go,
bodylimits.go), so they answer alike, and one list serves both: an operation with a
request body answers 400 for a body that is not the JSON the spec describes, 413 for a body over
the size limit, 422 for content the plugin cannot process (a `PluginError`, a token that does not
decrypt) and 500 for an unexpected error; an operation without a body can only fail with 500. A
503 (bodies in flight over the process's budget) needs many requests at once and a 408 a body that
stops arriving; both are left out, as the Python plugin's list leaves them out
(scaffold/codegen/python/answered_statuses.py).

`scaffold upgrade` compares this with what the target spec documents and warns, before applying,
about a status Schemathesis would report as undocumented in the project's CI.
"""

from __future__ import annotations

from scaffold.specs.document import SpecDocument
from scaffold.specs.shapes import operations

# status -> when a generated TypeScript or Go plugin answers it (for a message)
WHY = {
    "400": "a body that is not the JSON the spec describes",
    "413": "a body over the size limit",
    "422": "content the plugin cannot process",
    "500": "an unexpected error in the plugin",
}
WITH_BODY = ("400", "413", "422", "500")
WITHOUT_BODY = ("500",)


def answered_statuses(spec: SpecDocument) -> dict[str, tuple[str, ...]]:
    """Operation key ("POST /query/get-result") -> the error statuses one request can get."""
    return {op.key: WITH_BODY if op.request is not None else WITHOUT_BODY for op in operations(spec)}
