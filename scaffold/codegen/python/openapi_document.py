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

from scaffold.codegen.served_document import served_document
from scaffold.specs.document import SpecDocument


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
