"""Contract-owned files of a data source plugin project, by the language of its service.

A plugin has one part, the service the platform calls (scaffold.contracts.PLUGIN). Its generator is
the one the descriptor of the service's language holds (scaffold.codegen.languages): a plugin
service in another language is one more folder under scaffold/codegen/ with a descriptor, not a
branch here. The spec's schemas are checked first, once for every language
(scaffold.specs.service_schemas): a spec one service language cannot hold is refused in all of
them, in the same sentence.
"""

from __future__ import annotations

from scaffold.codegen.generator import Answers, ContractFiles, ContractGenerator
from scaffold.codegen.languages import descriptor
from scaffold.contracts import PLUGIN
from scaffold.errors import GenerationError
from scaffold.specs.document import SpecDocument
from scaffold.specs.service_schemas import service_model


def service_generator(language: str) -> ContractGenerator:
    """The plugin service generator of `language`, refused in one sentence when it has none."""
    generator = descriptor(language).plugin_service
    if generator is None:
        raise GenerationError(f"scaffold writes no plugin service in {language}")
    return generator


def contract_files(spec: SpecDocument, answers: Answers) -> ContractFiles:
    """Every contract-owned file of a plugin project for `spec`, as relative path -> text."""
    generator = service_generator(PLUGIN.service_language(answers))
    service_model(spec)
    return generator(spec, answers)
