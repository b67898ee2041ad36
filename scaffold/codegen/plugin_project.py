"""Contract-owned files of a data source plugin project (placeholder: models only, to be completed)."""

from __future__ import annotations

from scaffold.codegen.python_models import generate_python_models
from scaffold.projects.kinds import Answers
from scaffold.specs.document import SpecDocument


def contract_files(spec: SpecDocument, answers: Answers) -> dict[str, str]:
    package = str(answers["package_name"])
    return {f"{package}/_contract/models.py": generate_python_models(spec)}
