"""Fewer generated conformance requests while an end-to-end test runs a project's own test suite.

A scaffolded project's conformance test (tests/test_conformance.py) reads its depth from the
project's own `schemathesis.toml` (`max-examples`, the setting its README documents): 200
generated requests per operation made a plugin's own pytest take about 45 s (30 s of CPU; 15 s
and 9 s at 10), three times per run of scaffold's suite (new plugin, upgraded plugin, new module
backend).
That depth is tested where it is counted: tests/conformance runs the same test in fresh
projects at the template's setting and checks that every operation got at least 200. The
end-to-end tests prove something else (the project's whole suite, conformance included and run
per operation, passes once the project is installed as a team installs it), and every case kind
still runs at E2E_EXAMPLES: the spec's examples, the boundary (coverage) cases, schema-valid and
schema-invalid generated requests, with every check.

The boundary cases do not shrink with `max-examples`: Schemathesis derives them from the schemas
alone (about 1,860 requests for the plugin's seven operations: 12 of the 15 s of CPU a plugin's
conformance test took at 10 generated requests, measured; 1.5 s without them). A run may leave
them out (`boundary_cases=False`) where the service code it serves is one whose boundary cases run
at full depth elsewhere: a fresh project's (tests/conformance: the default plugin and module
backend), the same code under other names (the longest names), the example's code removed for
the no-example starter's (test_plugin_starters), an upgrade to a contract made for the tests (the
e2e upgrades, test_regenerate_upgrade). Where the code is met nowhere else (the upgrade matrix's
kept starters of every past version, the no-example starter) they run.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

E2E_EXAMPLES = 10


# Appended to schemathesis.toml to leave out the coverage phase (the boundary cases).
WITHOUT_BOUNDARY_CASES = b"\n[phases.coverage]\nenabled = false\n"


@contextmanager
def fewer_conformance_examples(project: Path, *, boundary_cases: bool = True) -> Iterator[None]:
    """`max-examples` in `project`/schemathesis.toml set to E2E_EXAMPLES for the block, then restored;
    without `boundary_cases`, the coverage phase is left out too (see the module's docstring)."""
    settings = project / "schemathesis.toml"
    original = settings.read_bytes()
    lowered, found = re.subn(
        rb"^max-examples = \d+$", b"max-examples = %d" % E2E_EXAMPLES, original, flags=re.MULTILINE
    )
    assert found == 1, f"{settings} no longer sets max-examples on one line: update {__name__}"
    if not boundary_cases:
        assert b"[phases" not in original, f"{settings} sets phases of its own: update {__name__}"
        lowered += WITHOUT_BOUNDARY_CASES
    settings.write_bytes(lowered)
    try:
        yield
    finally:
        settings.write_bytes(original)
