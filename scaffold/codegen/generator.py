"""What a generator of contract-owned files is, for every kind and language of project.

A generator takes the spec and the project's answers and returns every contract-owned file of the
project as relative path -> text; the registry of project kinds (scaffold.projects.kinds) names
one per kind. The types live here, beside the generators, so that codegen never imports the
projects package that calls it: data flows one way, spec -> generated code -> project files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from scaffold.specs.document import SpecDocument

Answers = Mapping[str, Any]
ContractFiles = dict[str, str]
ContractGenerator = Callable[[SpecDocument, Answers], ContractFiles]
