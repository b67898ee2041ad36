"""Golden trees of a plugin project: `scaffold new-plugin acme-sales --defaults`, byte for byte,
and the files that name the project when its name is the longest allowed (tests/longest_names.py).

Refresh with `python -m tests.golden.refresh plugin-acme-sales plugin-longest-name`.
"""

from tests.golden.project_producer import project_producer
from tests.longest_names import LONGEST_PROJECT_NAME

PRODUCERS = {
    "plugin-acme-sales": project_producer("plugin", "acme-sales"),
    "plugin-longest-name": project_producer("plugin", LONGEST_PROJECT_NAME, naming_files_only=True),
}
