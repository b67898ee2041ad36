"""Contract-owned files of a data source plugin project, by the language of its service.

A plugin has one part, the service the platform calls (scaffold.contracts.PLUGIN). Its generator
is the one of the language the registry names for that part: `SERVICE_GENERATORS` maps each
language scaffold can generate a plugin service in to the generator under
scaffold/codegen/<language>/. A plugin service in another language is one more entry here and one
more folder there, not a branch in the code that calls it.
"""

from __future__ import annotations

from scaffold.codegen.generator import Answers, ContractFiles, ContractGenerator
from scaffold.codegen.go import plugin_service as go_plugin_service
from scaffold.codegen.python import plugin_service as python_plugin_service
from scaffold.codegen.typescript import plugin_service as typescript_plugin_service
from scaffold.contracts import PLUGIN
from scaffold.specs.document import SpecDocument
from scaffold.specs.service_schemas import service_model

# language of the service part -> the generator of its contract-owned files
SERVICE_GENERATORS: dict[str, ContractGenerator] = {
    "python": python_plugin_service.contract_files,
    "typescript": typescript_plugin_service.contract_files,
    "go": go_plugin_service.contract_files,
}


def contract_files(spec: SpecDocument, answers: Answers) -> ContractFiles:
    """Every contract-owned file of a plugin project for `spec`, as relative path -> text.

    The spec's schemas are checked first, once for every language (scaffold.specs.service_schemas):
    a spec one service language cannot hold is refused in all of them, in the same sentence."""
    service_model(spec)
    return SERVICE_GENERATORS[PLUGIN.service_language(answers)](spec, answers)
