# copied from scaffold 1.7.0 (scaffold/codegen/python/runtime_files/published_spec.py) — owned by scaffold, do not edit; `scaffold regenerate` rewrites it
"""GET /openapi.json: the contract this service implements, for tools that take a URL.

FastAPI users look for a service's OpenAPI document at /openapi.json; Schemathesis, gateways and
API catalogues take its URL. A generated service publishes there the project's own spec (the one
`.scaffold/contract.yaml` records and its routes were generated from), byte for byte as
`openapi_document.py` holds it, with one change: `servers` names this service itself, as a URL
relative to the document (a plugin's `/api/v1`, a module backend's `/`), so a tool resolves it
against the address it fetched the document from. A relative URL, not one built from the request's
Host header: a Host header is the client's word, and echoing it would let anyone put another
address into the document a cache keeps.

FastAPI's own generated schema stays off (`openapi_url=None` in app.py): it would describe the
Python handlers, not the contract. There is no interactive docs page: FastAPI's loads its
JavaScript from a CDN, and scaffold serves nothing that needs the network.
"""

from __future__ import annotations

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

SPEC_PATH = "/openapi.json"


def publish_spec(app: Starlette, document: bytes, path: str = SPEC_PATH) -> None:
    """Serve `document` (the spec as JSON) at GET and HEAD `path` of `app`."""

    async def spec(_request: Request) -> Response:
        return Response(
            document,
            media_type="application/json",
            headers={"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"},
        )

    app.router.routes.append(Route(path, spec, methods=["GET", "HEAD"], name="openapi"))
