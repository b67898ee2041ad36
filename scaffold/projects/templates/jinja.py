"""copier's jinja environment, rebuilt without importing copier, for scaffold's template renderer.

Why a copy: importing copier costs about half a second of CPU. What copier configures is small
(copier/_main.py `Worker.jinja_env`): a SandboxedEnvironment that also hides `PurePath.parser`,
the ansible core filters, keep_trailing_newline, a `pathjoin` global and `to_json` with a fallback
encoder. Anything here that would need more of copier raises `Unsupported`, and the caller renders
with copier instead. Compiled templates are kept in a bytecode cache (templates/bytecode.py).
Answers are only ever passed as data to these templates, never compiled.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import partial
from pathlib import Path, PurePath, PurePosixPath, PureWindowsPath
from typing import Any

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import SandboxedEnvironment
from jinja2_ansible_filters import AnsibleCoreFiltersExtension  # type: ignore[import-untyped]

from scaffold.projects.templates.bytecode import TemplateBytecodeCache


class Unsupported(Exception):
    """The template or the answers need a copier feature this renderer does not reproduce."""


def plain(text: str) -> bool:
    """True when jinja would render `text` to itself (no delimiters, no newline rewriting)."""
    return "{" not in text and "\r" not in text


class _Environment(SandboxedEnvironment):
    """copier's SandboxedEnvironment: the jinja sandbox plus its one extra rule for paths."""

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, PurePath) and attr == "parser":
            return False
        return bool(super().is_safe_attribute(obj, attr, value))


def refuse(*_args: Any, **_kwargs: Any) -> Any:
    raise Unsupported("the template uses a copier value this renderer does not provide")


def _pathjoin(*path: str, mode: str = "posix") -> str:
    kinds: dict[str, type[PurePath]] = {
        "posix": PurePosixPath,
        "windows": PureWindowsPath,
        "native": PurePath,
    }
    return str(kinds[mode](*path))


class _LabelledLoader(jinja2.FileSystemLoader):
    """Reads templates from a folder but names them `<label>/<name>`: a past template version is
    rendered from a temporary export (templates.past), and the bytecode cache keys compiled code
    by that name, so a real temporary path would add fresh cache entries on every render."""

    def __init__(self, root: Path, label: str) -> None:
        super().__init__([str(root.resolve())])
        self._label = label

    def get_source(
        self, environment: jinja2.Environment, template: str
    ) -> tuple[str, str, Callable[[], bool]]:
        contents, _filename, uptodate = super().get_source(environment, template)
        return contents, "/".join((self._label, *split_template_path(template))), uptodate


def make_environment(root: Path, label: str | None = None) -> jinja2.Environment:
    """copier's environment for a template root (no extra extensions, no envops: refused); with
    `label`, templates are named after it instead of their path (see _LabelledLoader)."""
    options = {"keep_trailing_newline": True}
    cache = TemplateBytecodeCache(f"copier-sandbox {sorted(options.items())}")
    loader = jinja2.FileSystemLoader([str(root.resolve())]) if label is None else _LabelledLoader(root, label)
    env = _Environment(
        loader=loader,
        extensions=[AnsibleCoreFiltersExtension],
        bytecode_cache=cache,
        **options,
    )
    # copier passes pydantic's encoder as `default`; our context holds only JSON-native values.
    env.filters["to_json"] = partial(env.filters["to_json"], default=refuse)
    env.globals["pathjoin"] = _pathjoin
    return env


class CopierConf(Mapping[str, Any]):
    """`_copier_conf` with the entries whose values are known here; any other one is refused."""

    def __init__(self, values: dict[str, Any]) -> None:
        self._values = values

    def __getitem__(self, key: str) -> Any:
        if key in self._values:
            return self._values[key]
        raise Unsupported(f"_copier_conf.{key}")

    def __iter__(self) -> Iterator[str]:
        raise Unsupported("_copier_conf iterated")

    def __len__(self) -> int:
        raise Unsupported("_copier_conf measured")


class StringRenderer:
    """Renders copier's template strings (defaults, validators, path parts), compiling each once."""

    def __init__(self, env: jinja2.Environment) -> None:
        self.env = env
        self._compiled: dict[str, jinja2.Template] = {}

    def string(self, text: str, context: Mapping[str, Any]) -> str:
        if plain(text):
            return text
        if "yield" in text:
            raise Unsupported("copier's yield tag")
        template = self._compiled.get(text)
        if template is None:
            template = self._compiled[text] = self.env.from_string(text)
        return template.render(context)

    def value(self, value: Any, context: Mapping[str, Any]) -> Any:
        if isinstance(value, str):
            return self.string(value, context)
        if isinstance(value, list):
            return [self.value(item, context) for item in value]
        return value


def path_patterns(rendered: Iterable[str]) -> Callable[[str], bool]:
    """A matcher for copier's path patterns (`_exclude`, `_skip_if_exists`), already rendered.

    As copier builds it: each rendered pattern split at line breaks, NFD-normalised, gitignore
    style (pathspec's name for it before 1.0 was "gitwildmatch"). The one place both scaffold's
    renderer (what to leave out) and `upgrade` (which files are the user's starter) read them.
    """
    from packaging.version import Version
    from pathspec import PathSpec
    from pathspec import __version__ as pathspec_version

    style = "gitignore" if Version(pathspec_version) >= Version("1.0.0") else "gitwildmatch"
    lines = [
        unicodedata.normalize("NFD", line)
        for pattern in rendered
        for line in re.split(r"\r\n|\r|\n", pattern)
    ]
    match: Callable[[str], bool] = PathSpec.from_lines(style, lines).match_file
    return match
