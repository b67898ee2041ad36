"""The registry of languages' descriptors: found by the names scaffold.contracts.LANGUAGES lists.

Nothing outside a language's folder names the language: code that needs something of a language
(its generator, header, method spelling, contract-owned places) asks `descriptor(name)` with a
name it read from a project's answers or the registry. A descriptor lives in
`scaffold/codegen/<name>/language.py` as `DESCRIPTOR` (scaffold.codegen.language says what it
holds); a language scaffold.contracts lists without one is refused in one sentence naming the file.
"""

from __future__ import annotations

import importlib
from functools import cache

from scaffold.codegen.language import LanguageDescriptor
from scaffold.contracts import LANGUAGES
from scaffold.errors import GenerationError
from scaffold.specs.wording import quoted


@cache
def descriptor(language: str) -> LanguageDescriptor:
    """The descriptor of `language` (a name scaffold.contracts.LANGUAGES lists)."""
    if language not in LANGUAGES:
        raise GenerationError(
            f"scaffold writes no language called {quoted(language)}",
            hint=f"Use one of {', '.join(LANGUAGES)}.",
        )
    place = f"scaffold/codegen/{language}/language.py"
    try:
        module = importlib.import_module(f"scaffold.codegen.{language}.language")
    except ModuleNotFoundError as exc:
        raise GenerationError(f"the language {language} has no descriptor ({place} is missing)") from exc
    found = getattr(module, "DESCRIPTOR", None)
    if not isinstance(found, LanguageDescriptor) or found.name != language:
        raise GenerationError(f"{place} defines no DESCRIPTOR named {quoted(language)}")
    return found


def descriptors() -> dict[str, LanguageDescriptor]:
    """Every registered language's descriptor, in the registry's order."""
    return {name: descriptor(name) for name in LANGUAGES}
