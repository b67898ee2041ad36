"""Render a project template for a new project exactly as `copier.run_copy` would, without copier.

Why: importing and running copier costs about a second of CPU per new project (its imports, a git
clone of the template store, ~49 git subprocesses, every template compiled afresh). A new project
made without prompts needs none of that: the template version to render is the folder the
template store committed at its tag (the store is rebuilt whenever that folder's content hash
changes), and the copier rules our copier.yml files use are few. This module reproduces those
rules and nothing else; any other copier.yml key, question feature, answer type, symlink, yield
tag or template error raises `Unsupported`, and the caller then renders with copier, so a future
template change can never render differently in silence. Past versions (upgrade's old rendering)
come through templates.past; copier's own update and interactive creation keep using copier.

Reproduced from copier 9 (copier/_main.py, _template.py, _user_data.py): questions answered in
order from the data, the user defaults, then the jinja-rendered default, each validated by its
rendered validator (non-empty text -> ValueError with copier's message); copier's sandboxed jinja
environment (ansible core filters, keep_trailing_newline, `pathjoin`, `to_json`); path parts
rendered one by one, a part rendering empty dropping the path, a part rendering to the answers
file name becoming the answers file; `.jinja` files rendered, a plain file with a `.jinja` sibling
skipped; `_exclude` matched with pathspec as copier does; file modes as a git checkout of the
store gives them; `_commit`/`_src_path` recorded as copier records them for the store (the
store's path the same on every machine: TemplateSource.recorded_src_path).
"""

from __future__ import annotations

import collections
import os
import re
import stat
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePath, PurePosixPath
from typing import Any

import jinja2
import yaml

from scaffold.projects.templates.history import template_files
from scaffold.projects.templates.jinja import (
    CopierConf,
    StringRenderer,
    Unsupported,
    make_environment,
    path_patterns,
    plain,
    refuse,
)
from scaffold.projects.templates.layers import template_folder
from scaffold.projects.templates.store import TemplateSource, current_version
from scaffold.resources import templates_root

__all__ = ["TemplateConfig", "Unsupported", "load_config", "make_environment", "render_template"]

_CONFIG_KEYS = frozenset(
    {
        "_min_copier_version",
        "_subdirectory",
        "_answers_file",
        "_templates_suffix",
        "_skip_if_exists",
        "_exclude",
    }
)
_QUESTION_KEYS = frozenset({"type", "help", "default", "validator"})
_TYPES = frozenset({"str", "yaml", "bool"})
_SUFFIX = ".jinja"
# copier's DEFAULT_DATA names, which cannot be question names; rendering them needs copier.
_DEFAULT_DATA = ("now", "make_secret")
_JSON_TYPES = (dict, list, str, int, float, bool, type(None))


@dataclass(frozen=True)
class TemplateConfig:
    """The supported subset of a copier.yml."""

    root: Path
    subdirectory: str
    answers_file: str
    exclude: tuple[str, ...]
    questions: dict[str, dict[str, Any]]


def _strings(value: Any, key: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise Unsupported(f"{key} is not a list of strings")
    return tuple(value)


def load_config(root: Path) -> TemplateConfig:
    """Read copier.yml, refusing anything outside the supported subset."""
    found = [
        p for p in root.glob("copier.*") if p.is_file() and re.match(r"\.ya?ml", p.suffix, re.IGNORECASE)
    ]
    if len(found) != 1:
        raise Unsupported("the template has no single copier.yml")
    try:
        documents = [d for d in yaml.safe_load_all(found[0].read_bytes()) if d]
    except yaml.YAMLError as exc:  # also `!include`, which only copier's loader knows
        raise Unsupported(f"copier.yml: {exc}") from exc
    if len(documents) != 1 or not isinstance(documents[0], dict):
        raise Unsupported("copier.yml is not one mapping")
    raw: dict[Any, Any] = documents[0]
    questions: dict[str, dict[str, Any]] = {}
    for key, value in raw.items():
        if not isinstance(key, str):
            raise Unsupported(f"copier.yml key {key!r}")
        if key.startswith("_"):
            if key not in _CONFIG_KEYS:
                raise Unsupported(f"copier.yml setting {key}")
            continue
        if key in _DEFAULT_DATA or not isinstance(value, dict) or not set(value) <= _QUESTION_KEYS:
            raise Unsupported(f"question {key} uses a feature outside the supported subset")
        if value.get("type") not in _TYPES or not isinstance(value.get("validator", ""), str):
            raise Unsupported(f"question {key} has an unsupported type or validator")
        if not isinstance(value.get("help", ""), str) or not _default_ok(value.get("default", "")):
            raise Unsupported(f"question {key} has an unsupported default or help")
        questions[key] = value
    subdirectory = raw.get("_subdirectory", "")
    answers_file = raw.get("_answers_file", ".copier-answers.yml")
    suffix = raw.get("_templates_suffix", _SUFFIX)
    text_settings = (subdirectory, answers_file, suffix, raw.get("_min_copier_version", ""))
    if not all(isinstance(s, str) and plain(s) for s in text_settings) or suffix != _SUFFIX:
        raise Unsupported("a copier.yml setting is templated or not text")
    if (
        not subdirectory
        or PurePosixPath(subdirectory).is_absolute()
        or ".." in PurePosixPath(subdirectory).parts
    ):
        raise Unsupported("_subdirectory must name a folder inside the template")
    if not answers_file or "/" in answers_file or answers_file in (".", ".."):
        raise Unsupported("_answers_file must be a plain file name")
    _strings(raw.get("_skip_if_exists", []), "_skip_if_exists")  # only matters on conflicts: none here
    exclude = _strings(
        raw.get("_exclude", []), "_exclude"
    )  # copier's defaults apply only without a subdirectory
    return TemplateConfig(root, subdirectory, answers_file, exclude, questions)


def _default_ok(value: Any) -> bool:
    """A boolean, or text or a list of text without copier's `UNSET` marker (which only copier
    understands)."""
    if isinstance(value, bool):
        return True
    values = value if isinstance(value, list) else [value]
    return all(isinstance(v, str) and "UNSET" not in v for v in values)


@dataclass
class _Answers:
    """copier's AnswersMap for a fresh copy: no previous answers, no hidden or secret ones."""

    config: TemplateConfig
    init: dict[str, Any]
    user_defaults: dict[str, Any]
    metadata: dict[str, Any]
    folder_name: str
    vcs_ref: str

    def __post_init__(self) -> None:
        self.user: dict[str, Any] = {}

    def combined(self) -> dict[str, Any]:
        default_data = dict.fromkeys(_DEFAULT_DATA, refuse)
        chain = collections.ChainMap(
            self.user, self.init, self.metadata, {}, self.user_defaults, {"_external_data": {}}, default_data
        )
        return dict(chain)

    def context(self, phase: str, answers_file: str) -> dict[str, Any]:
        combined = self.combined()
        remembered = {k: v for k, v in self.metadata.items() if v is not None}
        remembered.update(
            (k, v)
            for k, v in combined.items()
            if not k.startswith("_") and k in self.config.questions and isinstance(v, _JSON_TYPES)
        )
        conf = CopierConf({"answers_file": PurePath(answers_file), "vcs_ref": self.vcs_ref, "sep": os.sep})
        return dict(
            **combined,
            _copier_answers=remembered,
            _copier_conf=conf,
            _folder_name=self.folder_name,
            _copier_python=sys.executable,
            _copier_phase=phase,
        )


def _parse(question: Mapping[str, Any], answer: Any) -> Any:
    """copier's cast for the supported types (other inputs: copier decides)."""
    if question["type"] == "bool":
        return _as_bool(answer)
    if question["type"] == "str":
        if not isinstance(answer, str):
            raise Unsupported("a non-text answer to a text question")
        return answer
    if isinstance(answer, str):
        try:
            return yaml.safe_load(answer)
        except yaml.YAMLError as error:
            raise ValueError(str(error)) from None
    return answer


def _as_bool(value: Any) -> bool:
    """copier's `cast_to_bool`: a number is its truth, then the YAML words for true and false."""
    try:
        return bool(float(value))
    except (TypeError, ValueError):
        pass
    if isinstance(value, str):
        lower = value.strip().lower()
        if not lower or lower in ("n", "no", "f", "false", "off", "~", "null", "none"):
            return False
        if lower in ("y", "yes", "t", "true", "on"):
            return True
    return bool(value)


def _validate(
    renderer: StringRenderer, name: str, question: Mapping[str, Any], answer: Any, context: dict[str, Any]
) -> None:
    try:
        message = str(renderer.value(question.get("validator", ""), {**context, name: answer})).strip()
    except Unsupported:
        raise
    except Exception as error:  # copier shows any failure of the validator as its message
        message = str(error)
    if message:
        raise ValueError(f"Validation error for question '{name}': {message}")


def _ask(renderer: StringRenderer, answers: _Answers) -> None:
    """copier's `_ask` with defaults=True: data first, then user defaults, then the default."""
    for name, question in answers.config.questions.items():
        context = answers.context("prompt", str(PurePath(answers.config.answers_file)))
        if name in answers.init:
            raw = answers.init[name]
        elif name in answers.user_defaults:
            raw = answers.user_defaults[name]
        elif "default" in question:
            raw = renderer.value(question["default"], context)
        else:
            raise ValueError(f'Question "{name}" is required')
        answer = _parse(question, raw)
        _validate(renderer, name, question, answer, context)
        answers.user[name] = answer


def _tree(root: Path, subdirectory: str) -> tuple[dict[str, bool], set[str]]:
    """The entries a git checkout of the store holds under the subdirectory (True for folders),
    and every path present in that checkout relative to the template root.

    The store commits files only (no empty folders, no __pycache__, no .pyc: see templates.store);
    a symlinked file is committed as its content, a symlinked folder is refused here.
    """
    for folder, dirs, _files in os.walk(root):
        if any(os.path.islink(os.path.join(folder, d)) for d in dirs):
            raise Unsupported(f"symlinked folder in the template {folder}")
    files: set[str] = set()
    folders: set[str] = set()
    for path in template_files(root):
        relative = PurePosixPath(path.relative_to(root).as_posix())
        files.add(str(relative))
        folders.update(str(parent) for parent in relative.parents if str(parent) != ".")
    prefix = subdirectory.rstrip("/") + "/"
    entries = {p[len(prefix) :]: p in folders for p in sorted(files | folders) if p.startswith(prefix)}
    return entries, files | folders


def _destination(
    renderer: StringRenderer, relative: str, context: Mapping[str, Any], answers_file: str, present: frozenset[str]
) -> str | None:
    """copier's `_render_path`/`_render_parts` for one entry; None when the entry is dropped."""
    path = PurePosixPath(relative)
    is_template = path.name.endswith(_SUFFIX)
    if is_template:
        path = path.with_suffix("")
    parts: list[str] = []
    for part in path.parts:
        rendered = renderer.string(part, context)
        if not rendered:
            return None
        if rendered == answers_file:
            return answers_file
        if "/" in rendered or rendered in (".", "..") or "\0" in rendered:
            raise Unsupported(f"path part {part!r} renders to {rendered!r}")
        parts.append(rendered)
    destination = str(PurePosixPath(*parts))
    # copier looks for the templated sibling in the template root, not in the subdirectory
    if not is_template and f"{destination}{_SUFFIX}" in present:
        return None
    return destination


def _exclusion(
    renderer: StringRenderer, patterns: tuple[str, ...], context: Mapping[str, Any]
) -> Callable[[Path], bool]:
    match = path_patterns(renderer.string(p, {**context, "_copier_operation": "copy"}) for p in patterns)
    return lambda path: match(str(path))


def current_template_folder(source: TemplateSource) -> Path:
    """The folder the store committed at `source.tag` (the store rebuilds when its hash changes)."""
    if current_version(source.template) != source.version:
        raise Unsupported(f"the store renders {source.version}, not the current template version")
    return template_folder(templates_root(), source.template)


def copier_settings_present() -> bool:
    """copier reads question defaults from its user settings file; then only copier may render."""
    if os.environ.get("COPIER_SETTINGS_PATH"):
        return True
    config = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return (Path(config) / "copier").exists()


def render_template(
    source: TemplateSource, target: Path, data: dict[str, Any], user_defaults: dict[str, Any]
) -> None:
    """Render the current template version of `source` into the new folder `target`.

    Raises ValueError for an answer copier would refuse (same message), Unsupported when only
    copier can render this (the caller removes `target` and runs copier), OSError on write errors.
    """
    render_folder(current_template_folder(source), source, source.tag, target, data, user_defaults)


def render_folder(
    root: Path,
    source: TemplateSource,
    tag: str,
    target: Path,
    data: dict[str, Any],
    user_defaults: dict[str, Any],
    label: str | None = None,
) -> None:
    """Render the template files in `root`, which are `source`'s store at `tag`, as copier renders
    that tag (`label`: see make_environment). Errors as `render_template`'s."""
    render_loaded(load_template(root, label), source, tag, target, data, user_defaults)


@dataclass(frozen=True)
class LoadedTemplate:
    """A template folder read once: its copier.yml, its file tree, and a jinja environment that
    keeps every template it compiles. Rendering many projects from one (tests/unit/
    test_name_lengths.py renders one per name length) reads and compiles each file once, not once
    per project."""

    root: Path
    config: TemplateConfig
    renderer: StringRenderer
    entries: dict[str, bool]  # _tree's: the entries under the subdirectory, True for folders
    present: frozenset[str]  # and every path of the checkout


def load_template(root: Path, label: str | None = None) -> LoadedTemplate:
    """The template in `root` (`label`: see make_environment); Unsupported as `render_folder`."""
    if copier_settings_present():
        raise Unsupported("copier user settings")
    config = load_config(root)
    entries, present = _tree(root, config.subdirectory)
    renderer = StringRenderer(make_environment(root, label))
    return LoadedTemplate(root, config, renderer, entries, frozenset(present))


def render_loaded(
    template: LoadedTemplate,
    source: TemplateSource,
    tag: str,
    target: Path,
    data: dict[str, Any],
    user_defaults: dict[str, Any],
) -> None:
    """`render_folder` for a template already loaded from `source`'s store at `tag`."""
    config = template.config
    # copier passes data that answers no question (an answer a later version added) to the
    # templates and leaves it out of the answers file, as _Answers does
    if any(key.startswith("_") for key in data) or not set(user_defaults) <= set(config.questions):
        raise Unsupported("data for one of copier's own names, or a default for no question")
    metadata = {"_commit": tag, "_src_path": source.recorded_src_path}
    answers = _Answers(config, dict(data), dict(user_defaults), metadata, target.name, tag)
    try:
        _ask(template.renderer, answers)
        _render_files(template, answers, target)
    except jinja2.TemplateError as exc:  # copier reports template errors in its own words
        raise Unsupported(f"template error: {exc}") from exc


def _render_files(template: LoadedTemplate, answers: _Answers, target: Path) -> None:
    renderer, root, config = template.renderer, template.root, answers.config
    answers_file = str(PurePath(config.answers_file))  # plain text (load_config): renders to itself
    context = answers.context("render", answers_file)
    excluded = _exclusion(renderer, config.exclude, context)
    entries, present = template.entries, template.present
    planned: dict[str, tuple[str, bool]] = {}
    for relative, is_dir in entries.items():
        if f"{config.subdirectory}/{relative}{_SUFFIX}" in present:
            continue  # a plain file beside its .jinja twin: copier renders the twin only
        destination = _destination(renderer, relative, context, answers_file, present)
        if destination is None or excluded(Path(destination)):
            continue
        if destination in planned and not (is_dir and planned[destination][1]):
            raise Unsupported(f"two template entries render to {destination}")
        planned[destination] = (relative, is_dir)
    target.mkdir(parents=True, exist_ok=True)
    for destination, (relative, is_dir) in planned.items():
        path = target / destination
        if is_dir:
            path.mkdir(parents=True, exist_ok=True)
            continue
        source_path = root / config.subdirectory / relative
        if relative.endswith(_SUFFIX):
            name = f"{config.subdirectory}/{relative}"
            content = renderer.env.get_template(name).render(context).encode()
        else:
            content = source_path.read_bytes()
        _write(path, content, bool(source_path.stat().st_mode & stat.S_IXUSR))


def _write(path: Path, content: bytes, executable: bool) -> None:
    """Write as copier does after a git checkout: mode 0666 less umask, plus 0111 when executable."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    with os.fdopen(fd, "wb") as handle:
        handle.write(content)
        mode = os.fstat(handle.fileno()).st_mode
    if executable:
        os.chmod(path, stat.S_IMODE(mode) | 0o111)  # noqa: S103 - what a checkout of a 100755 blob gets
