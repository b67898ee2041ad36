"""Rendering the plugin's spec-dependent modules from Jinja templates, formatted like black.

Templates live in `scaffold/codegen/templates/plugin/` (inside the package, so the wheel ships
them). Output is formatted with the same formatter settings as the models, so a regenerated file is
byte-identical for the same spec and answers.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from scaffold.codegen.escaping import comment_line, docstring_line, docstring_text
from scaffold.codegen.formatting import format_python
from scaffold.errors import GenerationError

TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / "plugin"


@cache
def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,  # noqa: S701 - renders Python source, not HTML
    )
    environment.filters["pystr"] = python_string
    environment.filters["docstring"] = docstring_text
    environment.filters["docline"] = docstring_line
    environment.filters["comment"] = comment_line
    return environment


def python_string(value: object) -> str:
    """A Python string literal for `value` (black normalises the quotes).

    repr() escapes quotes, backslashes and every non-printable character, lone surrogates too.
    """
    return repr(str(value))


def render(template: str, **context: Any) -> str:
    """The rendered, black-formatted text of `template`."""
    try:
        source = _environment().get_template(template).render(**context)
    except jinja2.TemplateError as exc:
        raise GenerationError(
            f"the plugin template {template} failed to render: {exc}",
            hint="This is a scaffold bug; please report it with the spec file.",
        ) from exc
    return format_python(source, what=f"the plugin module rendered from {template}")
