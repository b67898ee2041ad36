"""Golden tree of a Go plugin project: `scaffold new-plugin acme-sales --language go --defaults` byte
for byte (the starter: the Go plugin has no example yet).

Refresh with `python -m tests.golden.refresh plugin-go-acme-sales`.
"""

from tests.golden.project_producer import project_producer

PRODUCERS = {
    "plugin-go-acme-sales": project_producer("plugin", "acme-sales", language="go"),
}
