"""Rendering the TypeScript files generated from Jinja templates: `templates/<kind>/*.ts.jinja`.

Static code (the module frontend's TypeScript helpers) reads best as a file with a few holes
rather than as strings in Python; these templates are scaffold's own, unlike the copier template
of the project, and their output is contract-owned.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from scaffold.codegen.escaping import comment_line
from scaffold.codegen.typescript.literals import ts_string

TEMPLATES = Path(__file__).resolve().parent / "templates"
_ENV = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES)),
    autoescape=False,  # noqa: S701 - the output is TypeScript, never HTML
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)
_ENV.filters["comment"] = comment_line
_ENV.filters["ts_string"] = ts_string


def render(template: str, **values: Any) -> str:
    return _ENV.get_template(template).render(**values)
