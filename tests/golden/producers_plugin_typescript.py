"""Golden tree of a TypeScript plugin project: `scaffold new-plugin acme-sales --language typescript
--defaults`, byte for byte.

Refresh with `python -m tests.golden.refresh plugin-typescript-acme-sales`.
"""

from tests.golden.project_producer import project_producer

PRODUCERS = {
    "plugin-typescript-acme-sales": project_producer("plugin", "acme-sales", language="typescript"),
}
