"""`_contract/openapi_document.py`: the project's spec as the JSON a service publishes.

The document is the recorded spec (the one the routes were generated from) with `servers` naming
the service itself, relative to the document's own address (runtime file published_spec.py says
why). It is a Python module rather than a .json file because every contract-owned file carries
the DO-NOT-EDIT stamp and JSON has no comment for it; the bytes are ASCII JSON (non-ASCII text as
\\u escapes), one line of the indented document per literal, so a diff after a spec revision reads
like a diff of the spec.
"""

from __future__ import annotations

import json
from typing import Any

from scaffold.specs.document import SpecDocument

SERVER_DESCRIPTION = "This service; the URL is relative to the address of this document."


def served_document(spec: SpecDocument, server_url: str) -> dict[str, Any]:
    """The spec's data with `servers` replaced by the service itself, at `server_url`."""
    document = dict(spec.data)
    document["servers"] = [{"url": server_url, "description": SERVER_DESCRIPTION}]
    return document


def openapi_document_module(spec: SpecDocument, header: str, server_url: str) -> str:
    """The module's text: `header`, a docstring and DOCUMENT, the JSON bytes."""
    text = json.dumps(served_document(spec, server_url), ensure_ascii=True, indent=1) + "\n"
    literals = "".join(f"    {line.encode('ascii')!r}\n" for line in text.splitlines(keepends=True))
    return (
        f"{header}"
        f'"""{spec.identity()} as this service publishes it at GET /openapi.json (published_spec.py)."""\n'
        "\n"
        f"DOCUMENT = (\n{literals})\n"
    )
