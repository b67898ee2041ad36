"""Golden tree of a plugin project: `scaffold new-plugin acme-sales --defaults`, byte for byte.

Refresh with `python -m tests.golden.refresh plugin-acme-sales`. The one machine-dependent line,
`_src_path` in .copier-answers.yml (the template store under this user's SCAFFOLD_HOME), has its
SCAFFOLD_HOME prefix replaced by the placeholder `<SCAFFOLD_HOME>`, so the tree is the same on
every machine and every run. Nothing else in the project depends on time or place.
"""

from __future__ import annotations

import re
from pathlib import Path

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.resources import user_data_home

PLACEHOLDER = "<SCAFFOLD_HOME>"


def normalise_answers(project: Path) -> None:
    answers = project / ".copier-answers.yml"
    text = answers.read_text(encoding="utf-8")
    home = user_data_home().as_posix()

    def replace(match: re.Match[str]) -> str:
        value = match["value"]
        if value.startswith(home + "/"):
            return f"_src_path: {PLACEHOLDER}{value[len(home) :]}"
        return f"_src_path: {PLACEHOLDER}/template-store/plugin"

    answers.write_text(re.sub(r"(?m)^_src_path: (?P<value>.*)$", replace, text), encoding="utf-8")


def produce_acme_sales(destination: Path) -> None:
    options = NewProjectOptions(
        kind=KINDS["plugin"], destination=destination, answers={"project_name": "acme-sales"}
    )
    create_project(options)
    normalise_answers(destination)


PRODUCERS = {"plugin-acme-sales": produce_acme_sales}
