"""Contract-owned files of a dashboard module project: the backend glue and the frontend contract.

`contract_files(spec, answers)` is the project kind's generator (scaffold.codegen.generator): it
returns every file scaffold owns in a module project, as relative path -> text. The project's
answers decide the Python package, the window scope and the registered components; everything
else comes from the spec, so the same spec and answers always give the same bytes.

A module has two parts (scaffold.contracts.MODULE): the backend service and the frontend bundle.
Each part's files come from the generator of the language the registry names for it, under
scaffold/codegen/<language>/; a backend in another language is one more entry in
`BACKEND_GENERATORS` and one more folder there.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from scaffold.codegen.generator import Answers
from scaffold.codegen.module_components import parse_components
from scaffold.codegen.module_contract import ModuleContract, read_module_contract
from scaffold.codegen.python import module_backend as python_backend
from scaffold.codegen.typescript import module_frontend as typescript_frontend
from scaffold.contracts import MODULE
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.wording import quoted

# (spec, contract, package) -> the backend's contract-owned files
BackendGenerator = Callable[[SpecDocument, ModuleContract, str], dict[str, str]]
# (spec, contract, scope, components) -> the frontend's contract-owned files
FrontendGenerator = Callable[[SpecDocument, ModuleContract, str, Sequence[str]], dict[str, str]]

# language of each part -> the generator of its contract-owned files
BACKEND_GENERATORS: dict[str, BackendGenerator] = {"python": python_backend.backend_files}
FRONTEND_GENERATORS: dict[str, FrontendGenerator] = {"typescript": typescript_frontend.frontend_files}


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
    frontend = MODULE.frontend()
    assert frontend is not None, "the module kind has a frontend part (scaffold.contracts.MODULE)"
    files = BACKEND_GENERATORS[MODULE.service().language](spec, contract, package)
    files.update(FRONTEND_GENERATORS[frontend.language](spec, contract, scope, components))
    return dict(sorted(files.items()))
