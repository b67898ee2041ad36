"""Golden tree of a module project: `scaffold new-module acme-map --defaults`, byte for byte.

Refresh with `python -m tests.golden.refresh module-acme-map`. The one machine-dependent line,
`_src_path` in .copier-answers.yml (where this user's template store lives, under SCAFFOLD_HOME),
is replaced by a fixed placeholder so the tree is the same on every machine and every run.
"""

from __future__ import annotations

import re
from pathlib import Path

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS

SRC_PATH_PLACEHOLDER = "_src_path: <SCAFFOLD_HOME>/template-store/module"


def normalise_answers(project: Path) -> None:
    answers = project / ".copier-answers.yml"
    text = answers.read_text(encoding="utf-8")
    answers.write_text(re.sub(r"(?m)^_src_path: .*$", SRC_PATH_PLACEHOLDER, text), encoding="utf-8")


def produce_acme_map(destination: Path) -> None:
    options = NewProjectOptions(
        kind=KINDS["module"], destination=destination, answers={"project_name": "acme-map"}
    )
    create_project(options)
    normalise_answers(destination)


PRODUCERS = {"module-acme-map": produce_acme_map}
