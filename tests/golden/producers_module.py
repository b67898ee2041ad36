"""Golden tree of a module project: `scaffold new-module acme-map --defaults`, byte for byte.

Refresh with `python -m tests.golden.refresh module-acme-map`.
"""

from tests.golden.project_producer import project_producer

PRODUCERS = {"module-acme-map": project_producer("module", "acme-map")}
