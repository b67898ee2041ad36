"""A released spec's note for Python names the declaration as each project spells it (issue 40 point 7).

Found: the Go and TypeScript doc comments of the spec's `Field` said "Python class name
FrameField." (the spec's own text, written for the Python models, copied as it is); the type a Go
or TypeScript project declares is `Field`.
"""

from __future__ import annotations

import pytest

from scaffold.codegen.language_notes import spelled_for
from scaffold.codegen.languages import descriptor
from scaffold.contracts import PLUGIN
from scaffold.specs.catalog import load_shipped

# Where each language declares the spec's schemas, and how it declares `Field` there.
DECLARED = {
    "go": ("internal/contract/types_gen.go", "// Field is the contract's Field: "),
    "typescript": ("src/contract/types.ts", "export interface Field {"),
}


def test_the_note_names_the_declared_name_with_the_languages_term() -> None:
    text = "A field (series) of a Frame. Python class name FrameField."
    assert spelled_for(text, "Field", "Go type") == "A field (series) of a Frame. Go type name Field."
    assert spelled_for("No note here.", "Field", "Go type") == "No note here."


@pytest.mark.parametrize("language", sorted(DECLARED))
def test_go_and_typescript_declarations_are_not_described_by_python_names(language: str) -> None:
    found = descriptor(language)
    assert found.plugin_service is not None
    files = found.plugin_service(load_shipped(PLUGIN.contract), {"project_name": "acme-sales"})
    path, declaration = DECLARED[language]
    text = files[path]
    assert "Python class name" not in text
    assert declaration in text
    assert f"{found.type_term} name Field." in text
