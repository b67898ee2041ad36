"""Contract-owned files of a dashboard module project: the backend glue and the frontend contract.

`contract_files(spec, answers)` is the project kind's generator (scaffold.codegen.generator): it
returns every file scaffold owns in a module project, as relative path -> text. The project's
answers decide the Python package, the window scope and the registered components; everything
else comes from the spec, so the same spec and answers always give the same bytes.

A module has two parts (scaffold.contracts.MODULE): the backend service and the frontend bundle.
Each part's files come from the generator the descriptor of the part's language holds
(scaffold.codegen.languages); a backend in another language is one more folder under
scaffold/codegen/ with a descriptor, not a branch here.
"""

from __future__ import annotations

from scaffold.codegen.generator import Answers
from scaffold.codegen.languages import descriptor
from scaffold.codegen.module_components import parse_components
from scaffold.codegen.module_contract import read_module_contract
from scaffold.contracts import MODULE
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
    frontend = MODULE.frontend()
    assert frontend is not None, "the module kind has a frontend part (scaffold.contracts.MODULE)"
    language = MODULE.service_language(answers)
    backend = descriptor(language).module_backend
    bundle = descriptor(frontend.language).module_frontend
    if backend is None or bundle is None:
        raise GenerationError(
            f"scaffold writes no module backend in {language} or frontend in {frontend.language}"
        )
    files = backend(spec, contract, package, answers)
    files.update(bundle(spec, contract, scope, components))
    return dict(sorted(files.items()))
