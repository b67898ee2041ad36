"""Golden trees of a TypeScript plugin project: `scaffold new-plugin acme-sales --language typescript
--defaults` (the example) byte for byte, and the files that `--no-example` renders otherwise.

Refresh with `python -m tests.golden.refresh plugin-typescript-acme-sales plugin-typescript-starter`.
"""

from tests.golden.project_producer import project_producer

DEFAULT = project_producer("plugin", "acme-sales", language="typescript")
PRODUCERS = {
    "plugin-typescript-acme-sales": DEFAULT,
    # the starter without the example: the files it renders otherwise than the default
    "plugin-typescript-starter": project_producer(
        "plugin", "acme-sales", answers={"example": False}, beside=DEFAULT, language="typescript"
    ),
}
