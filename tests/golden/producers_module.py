"""Golden trees of a module project: `scaffold new-module acme-map --defaults`, byte for byte,
and the files that name the project when its name is the longest allowed (tests/longest_names.py).

Refresh with `python -m tests.golden.refresh module-acme-map module-longest-name`.
"""

from tests.golden.project_producer import project_producer
from tests.longest_names import LONGEST_PROJECT_NAME

PRODUCERS = {
    "module-acme-map": project_producer("module", "acme-map"),
    "module-longest-name": project_producer("module", LONGEST_PROJECT_NAME, naming_files_only=True),
}
