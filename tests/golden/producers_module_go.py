"""Golden tree of a module project with a Go backend: `scaffold new-module acme-map --language go
--defaults`, byte for byte.

Refresh with `python -m tests.golden.refresh module-go-acme-map`.
"""

from tests.golden.project_producer import project_producer

PRODUCERS = {
    "module-go-acme-map": project_producer("module", "acme-map", language="go"),
}
