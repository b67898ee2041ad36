"""Contract-owned files of a dashboard module project: the backend glue and the frontend contract.

`contract_files(spec, answers)` is the project kind's generator (scaffold.codegen.generator): it
returns every file scaffold owns in a module project, as relative path -> text. The project's
answers decide the Python package, the window scope and the registered components; everything
else comes from the spec, so the same spec and answers always give the same bytes.
"""

from __future__ import annotations

from scaffold.codegen.generator import Answers
from scaffold.codegen.module.backend import backend_files
from scaffold.codegen.module.components import parse_components
from scaffold.codegen.module.contract_data import read_module_contract
from scaffold.codegen.module.frontend import frontend_files
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.wording import quoted


def contract_files(spec: SpecDocument, answers: Answers) -> dict[str, str]:
    contract = read_module_contract(spec)
    package = str(answers["package_name"])
    scope = str(answers["scope"])
    components = parse_components(answers["components"])
    unknown = [c for c in components if c not in contract.components]
    if unknown:
        raise GenerationError(
            f"the component {quoted(unknown[0])} is not allowed by {spec.identity()} "
            f"(allowed: {', '.join(contract.components)})"
        )
    files = backend_files(spec, contract, package)
    files.update(frontend_files(spec, contract, scope, components))
    return dict(sorted(files.items()))
