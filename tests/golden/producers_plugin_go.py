"""Golden trees of a Go plugin project: `scaffold new-plugin acme-sales --language go --defaults`
(the example) byte for byte, and the files that `--no-example` renders otherwise.

Refresh with `python -m tests.golden.refresh plugin-go-acme-sales plugin-go-starter`.
"""

from tests.golden.project_producer import project_producer

DEFAULT = project_producer("plugin", "acme-sales", language="go")
PRODUCERS = {
    "plugin-go-acme-sales": DEFAULT,
    # the starter without the example: the files it renders otherwise than the default
    "plugin-go-starter": project_producer(
        "plugin", "acme-sales", answers={"example": False}, beside=DEFAULT, language="go"
    ),
}
