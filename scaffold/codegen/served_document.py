"""The contract document a generated service publishes (GET /openapi.json), whatever its language.

It is the recorded spec (the one the routes were generated from) with `servers` naming the service
itself, relative to the document's own address, so a client that reads it from the service calls
that same service (the Python runtime file published_spec.py says more).
"""

from __future__ import annotations

from typing import Any

from scaffold.specs.document import SpecDocument

SERVER_DESCRIPTION = "This service; the URL is relative to the address of this document."


def served_document(spec: SpecDocument, server_url: str) -> dict[str, Any]:
    """The spec's data with `servers` replaced by the service itself, at `server_url`."""
    document = dict(spec.data)
    document["servers"] = [{"url": server_url, "description": SERVER_DESCRIPTION}]
    return document
