"""Golden tree of a module with a TypeScript backend: `scaffold new-module acme-map --language
typescript --defaults`, byte for byte.

Refresh with `python -m tests.golden.refresh module-typescript-acme-map`.
"""

from tests.golden.project_producer import project_producer

PRODUCERS = {
    "module-typescript-acme-map": project_producer("module", "acme-map", language="typescript"),
}
