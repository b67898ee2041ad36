"""Golden tree of a plugin project: `scaffold new-plugin acme-sales --defaults`, byte for byte.

Refresh with `python -m tests.golden.refresh plugin-acme-sales`.
"""

from tests.golden.project_producer import project_producer

PRODUCERS = {"plugin-acme-sales": project_producer("plugin", "acme-sales")}
