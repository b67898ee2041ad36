"""Rendering the Python modules generated from Jinja templates: `templates/<kind>/*.py.jinja`.

Templates live beside this module in `templates/plugin/` and `templates/module/` (inside the
package, so the wheel ships them). A plugin's spec-dependent modules are formatted with the same
formatter settings as the models, so a regenerated file is byte-identical for the same spec and
answers; the module backend's route glue is static code with a few holes, rendered as written.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import jinja2

from scaffold.codegen.escaping import comment_line
from scaffold.codegen.python.formatting import format_python
from scaffold.codegen.python.source_text import docstring_line, docstring_text
from scaffold.errors import GenerationError

TEMPLATES = Path(__file__).resolve().parent / "templates"


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
    """The rendered, black-formatted text of `template` (e.g. "plugin/base.py.jinja")."""
    try:
        source = _environment().get_template(template).render(**context)
    except jinja2.TemplateError as exc:
        raise GenerationError(
            f"the plugin template {template} failed to render: {exc}",
            hint="This is a scaffold bug; please report it with the spec file.",
        ) from exc
    return format_python(source, what=f"the plugin module rendered from {template}")


_PLAIN = jinja2.Environment(
    loader=jinja2.FileSystemLoader(str(TEMPLATES)),
    autoescape=False,  # noqa: S701 - renders Python source, not HTML
    keep_trailing_newline=True,
    undefined=jinja2.StrictUndefined,
)
_PLAIN.filters["comment"] = comment_line


def render_plain(template: str, **values: Any) -> str:
    """The text of `template` (e.g. "module/routes.py.jinja") as written: not trimmed, not formatted."""
    return _PLAIN.get_template(template).render(**values)
