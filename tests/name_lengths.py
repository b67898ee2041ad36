"""One project name of every length the rules allow, 1 to 64 characters (issue 40 point 9).

A template line that fits at the default name and is left alone at the longest (where it cannot
fit either way) can still be rewrapped by the formatter at a length in between (found:
`weather-station-telemetry-gateway-service`, 41 characters, failed its own `ruff format --check`).
So tests/unit/test_name_lengths.py renders a project for each of these names. Each is the longest
name's first N characters (its dashes where a real name has them, so the title and the class
prefix shrink with the dashes as they do for a real name), a dash at the end becoming a letter;
the default package name then has the same length as the project name.
"""

from __future__ import annotations

from scaffold.projects.names import default_package_name, validate_package_name, validate_project_name
from tests.longest_names import LONGEST_PROJECT_NAME

SHORTEST_LENGTH = 1


def name_of_length(length: int) -> str:
    """A valid project name of `length` characters whose default package name is valid too."""
    name = LONGEST_PROJECT_NAME[:length]
    if name.endswith("-"):
        name = name[:-1] + "s"
    assert len(name) == length, (length, name)
    validate_project_name(name)
    validate_package_name(default_package_name(name))
    return name


NAMES_OF_EVERY_LENGTH = tuple(
    name_of_length(length) for length in range(SHORTEST_LENGTH, len(LONGEST_PROJECT_NAME) + 1)
)
