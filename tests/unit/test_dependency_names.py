"""The recorded import names a package may not take stay in step with the templates' dependencies."""

from __future__ import annotations

import json

import pytest

from scaffold.errors import InvalidNameError
from scaffold.projects.dependency_names import RECORD, import_closure, shadowed_imports, template_requirements
from scaffold.projects.names import validate_package_name

REFRESH = "python -m scaffold.projects.dependency_names"


@pytest.mark.parametrize("kind", ["plugin", "module"])
def test_record_matches_the_template_dependencies(kind: str) -> None:
    recorded = json.loads(RECORD.read_text(encoding="utf-8"))[kind]
    assert recorded == import_closure(template_requirements(kind)), f"out of date: run `{REFRESH}`"


@pytest.mark.parametrize(
    ("kind", "names"),
    [
        ("plugin", ["fastapi", "starlette", "pydantic", "pydantic_core", "uvicorn", "cryptography", "anyio"]),
        ("module", ["fastapi", "starlette", "pydantic", "uvicorn", "httpx", "pytest"]),
    ],
)
def test_dependencies_and_their_import_names_are_refused(kind: str, names: list[str]) -> None:
    assert set(names) <= shadowed_imports(kind)
    for name in names:
        with pytest.raises(InvalidNameError, match="would shadow"):
            validate_package_name(name, kind)


def test_an_ordinary_name_is_still_allowed() -> None:
    assert validate_package_name("acme_sales", "plugin") == "acme_sales"
