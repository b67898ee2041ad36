"""Go's headers of contract-owned files: generated ones in Go's own generated-code form, copied ones not.

`// Code generated ... DO NOT EDIT.` is what gofmt, vet, editors and linters recognise as generated;
the stamp inside is the one every language's header carries (scaffold.codegen.header reads it back).
"""

from __future__ import annotations

from scaffold.codegen.header import copied_text
from scaffold.specs.document import SpecDocument


def go_header(spec: SpecDocument) -> str:
    return (
        f"// Code generated from {spec.contract} {spec.version} (sha256 {spec.sha256}); "
        "run `scaffold regenerate`. DO NOT EDIT.\n\n"
    )


def go_copied_header(source: str) -> str:
    """The header of a Go runtime file copied from `source`: marked as copied, not generated.

    Go's tools skip a file whose header says `// Code generated ... DO NOT EDIT.` (linters report
    nothing in it, `go vet` callers filter it out): right for code the spec shaped, wrong for the
    runtime, which is hand-written code a team's linters should read like their own (issue 39
    point 5). The stamp still says scaffold owns it and `scaffold regenerate` rewrites it."""
    return f"// {copied_text(source)}\n\n"
