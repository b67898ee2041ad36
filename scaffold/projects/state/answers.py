"""Validation of a project's answers (from flags, prompts or .copier-answers.yml).

Copier's own validators give immediate feedback at the prompt; these run on the final answers,
whatever produced them, so a scripted run and an interactive run obey the same rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlparse

from packaging.version import InvalidVersion, Version

from scaffold.codegen.module_components import parse_components as parse_components

# Re-exported for the CLI's --components; it lives in codegen, whose module generator uses it too.
from scaffold.contracts import KIND_NAMES, MODULE, PLUGIN
from scaffold.errors import InvalidNameError
from scaffold.projects.names import validate_package_name, validate_project_name, validate_scope
from scaffold.redact import shown_url


def _text(answers: Mapping[str, Any], key: str, *, limit: int = 200) -> str:
    value = answers.get(key, "")
    if value is None:
        return ""
    if not isinstance(value, str):
        raise InvalidNameError(f"{key.replace('_', ' ')} must be text, not {_kind_of(value)}.")
    if "\n" in value or "\r" in value or len(value) > limit:
        raise InvalidNameError(f"{key.replace('_', ' ')} must be one line of at most {limit} characters.")
    return value


def _name(answers: Mapping[str, Any], key: str) -> str:
    """A required one-word answer: present and text (a 42 or a list is refused, not stringified)."""
    value = answers.get(key)
    label = key.replace("_", " ")
    if value is None:
        raise InvalidNameError(f"{label} ({key}) is missing.")
    if not isinstance(value, str):
        raise InvalidNameError(f"{label} ({key}) must be text, not {_kind_of(value)}.")
    return value


def _kind_of(value: object) -> str:
    return {bool: "true/false", int: "a number", float: "a number", list: "a list", dict: "a mapping"}.get(
        type(value), "another type"
    )


def _service_language(answers: Mapping[str, Any], kind: str) -> str | None:
    """The project's service language if the registry knows it (an unknown one is refused where the
    project is opened), else None: then the package name gets the strictest rule, the default's."""
    language = KIND_NAMES[kind].service_language(answers)
    return language if language in KIND_NAMES[kind].service_languages else None


def validate_common_answers(answers: Mapping[str, Any], kind: str) -> None:
    validate_project_name(_name(answers, "project_name"))
    validate_package_name(_name(answers, "package_name"), kind, _service_language(answers, kind))
    if not _text(answers, "title").strip():
        raise InvalidNameError("title must not be empty.")
    _text(answers, "description", limit=500)
    _text(answers, "author")
    validate_scaffold_version(answers)


def validate_scaffold_version(answers: Mapping[str, Any]) -> None:
    """The scaffold version a project records, which its CI files pin (`contract-scaffold==VERSION`).

    Projects made before the answer existed have none (their next upgrade adds it). Only a
    normalised PEP 440 version is accepted: the text lands in a pip requirement of a CI job.
    """
    if "scaffold_version" not in answers:
        return
    value = answers["scaffold_version"]
    try:
        canonical = isinstance(value, str) and len(value) <= 64 and str(Version(value)) == value
    except InvalidVersion:
        canonical = False
    if not canonical:
        shown = repr(value[:40]) if isinstance(value, str) else _kind_of(value)
        raise InvalidNameError(
            "scaffold_version must be a scaffold version in normalised PEP 440 form such as 0.1.0 or "
            f"1.2.0rc1, not {'an empty value' if value is None else shown}."
        )


def validate_plugin_answers(answers: Mapping[str, Any]) -> None:
    validate_common_answers(answers, PLUGIN.name)
    example = answers.get("example", True)  # projects of templates before 1.6.0: with the example
    if not isinstance(example, bool):
        raise InvalidNameError(
            f"example must be true or false, not {_kind_of(example)}: edit `example:` in .copier-answers.yml "
            "(true: the example SQL data source; false: the starter without it)."
        )


def validate_registry_url(url: str) -> str:
    """The registry URL for `.npmrc`, or one sentence that does not echo a credential it holds."""
    parsed = urlparse(url)
    shown = shown_url(url)  # userinfo, query and token-like segments masked (issue 24, finding 5)
    if parsed.username is not None or parsed.password is not None:
        raise InvalidNameError(
            f"registry URL '{shown}' carries credentials (user:password@), which would be written "
            "into frontend/.npmrc: pass the URL without them; the project reads them from "
            "REGISTRY_USERNAME and REGISTRY_PASSWORD_BASE64 (README, Private registry)."
        )
    if parsed.scheme not in ("http", "https") or not parsed.netloc or parsed.query or parsed.fragment:
        raise InvalidNameError(
            f"registry URL '{shown}' is not allowed: use an http(s) URL of the npm registry without "
            "query or fragment (e.g. https://npm.example.com/repository/npm/)."
        )
    return url if url.endswith("/") else url + "/"


def validate_module_answers(answers: Mapping[str, Any]) -> None:
    validate_common_answers(answers, MODULE.name)
    validate_scope(_name(answers, "scope"))
    parse_components(answers.get("components"))
    validate_registry_url(_name(answers, "registry_url"))
