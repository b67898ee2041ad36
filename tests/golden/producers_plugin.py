"""Golden trees of a plugin project: `scaffold new-plugin acme-sales --defaults`, byte for byte;
the files that `--no-example` renders otherwise; and the files that name the project when its name
is the longest allowed (tests/longest_names.py).

Refresh with `python -m tests.golden.refresh plugin-acme-sales plugin-starter plugin-longest-name`.
"""

from tests.golden.project_producer import project_producer
from tests.longest_names import LONGEST_PROJECT_NAME

DEFAULT = project_producer("plugin", "acme-sales")
PRODUCERS = {
    "plugin-acme-sales": DEFAULT,
    # the starter without the example: the files it renders otherwise than the default starter
    "plugin-starter": project_producer("plugin", "acme-sales", answers={"example": False}, beside=DEFAULT),
    "plugin-longest-name": project_producer("plugin", LONGEST_PROJECT_NAME, naming_files_only=True),
}
