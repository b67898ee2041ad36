"""Naming rules for projects, Python packages and module scopes, each stated in its error message.

A name is used in many places at once (folder, PyPI distribution, Python import, npm package,
Docker image, a property of the host page's window), so the rules are the intersection of what
all those places accept, and the message says the rule rather than only "invalid".
"""

from __future__ import annotations

import keyword
import re
import sys

from scaffold.codegen.languages import descriptor
from scaffold.contracts import MODULE
from scaffold.errors import InvalidNameError

PROJECT_RULE = (
    "lowercase letters, digits and single dashes, starting with a letter and ending with a letter "
    "or digit, at most 64 characters (e.g. acme-sales)"
)
PACKAGE_RULE = (
    "a Python identifier of lowercase letters, digits and underscores, starting with a letter, "
    "at most 64 characters, not a Python keyword, standard-library module, start-up hook (sitecustomize, "
    "usercustomize) or dependency of the project "
    "(e.g. acme_sales)"
)
# The rule where the package name is no import name (a TypeScript or Go service: the language
# registry's `package_is_import`): it names the module's default scope, a folder or an identifier.
NAME_RULE = (
    "lowercase letters, digits and underscores, starting with a letter and ending with a letter or "
    "digit, at most 64 characters (e.g. acme_sales)"
)
SCOPE_RULE = (
    "letters, digits, '_', '$' or '-', starting with a letter, '_' or '$', at most 64 characters, "
    "and not a property the host page already uses (e.g. acme_map)"
)

GO_MODULE_RULE = (
    "a Go module path: elements separated by single slashes, the first of lowercase letters, digits, "
    "dots and dashes, the others of letters, digits and - . _ ~, none starting or ending with a dot "
    "or the first with a dash, at most 200 characters (e.g. example.com/team/acme-sales)"
)
# golang.org/x/mod/module.CheckPath's rules for a main module's path (a dot in the first element,
# which only a path others download needs, is not required: `go mod init acme-sales` works).
_GO_MODULE = re.compile(
    r"[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?:/[A-Za-z0-9_~-](?:[A-Za-z0-9._~-]*[A-Za-z0-9_~-])?)*"
)
_PROJECT = re.compile(r"^[a-z](?:[a-z0-9]|-(?=[a-z0-9]))*$")
_PACKAGE = re.compile(r"^[a-z][a-z0-9_]*$")
_SCOPE = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$-]*$")
# Modules Python imports by name on its own, from wherever they are on the path: site.py imports
# `sitecustomize` and then `usercustomize` at the start of every interpreter. An installed package
# of either name would run inside every Python process of that environment (pip, the test
# runner, the editor's language server), so it is refused like a standard-library name.
# (`__future__`, `site`, `encodings` and the rest are in sys.stdlib_module_names already.)
IMPLICIT_IMPORTS = frozenset({"sitecustomize", "usercustomize"})


# Properties of `window` a module must not replace, plus the host's own globals (contract table).
def _frontend_reserved_words() -> frozenset[str]:
    """The reserved words of the language a module's frontend is in: its scope is a name there."""
    frontend = MODULE.frontend()
    return frozenset() if frontend is None else descriptor(frontend.language).reserved_words


_RESERVED_SCOPES = frozenset(
    {
        "window", "self", "document", "location", "history", "navigator", "name", "status",
        "top", "parent", "frames", "length", "opener", "origin", "closed", "frameElement",
        "localStorage", "sessionStorage", "indexedDB", "caches", "crypto", "performance",
        "screen", "console", "alert", "confirm", "prompt", "fetch", "event", "external",
        "customElements", "globalThis", "Object", "Function", "Array", "String", "Number",
        "Boolean", "Symbol", "Promise", "JSON", "Math", "Date", "RegExp", "Error", "Map",
        "Set", "WeakMap", "WeakSet", "Proxy", "Reflect", "eval", "undefined", "NaN",
        "Infinity", "React", "ReactDOM", "UiKit", "FrontendShared", "ReactHookForm",
        "DnDKitCore", "DnDKitSortable", "DnDKitUtilities",
    }
)  # fmt: skip


def validate_project_name(name: str) -> str:
    if len(name) > 64 or not _PROJECT.match(name):
        raise InvalidNameError(f"project name {name!r} is not allowed: use {PROJECT_RULE}.")
    return name


def validate_package_name(name: str, kind: str | None = None, language: str | None = None) -> str:
    """`kind` narrows the dependency check to that project kind's template (all kinds when None);
    `language` is the service's (the registry's default when None): only a language whose package
    name is an import name refuses keywords, standard-library modules and dependencies. Found: a Go
    module named `--package json` was refused as shadowing Python's json, which it never imports."""
    is_import = descriptor(language).package_is_import if language is not None else True
    if len(name) > 64 or not _PACKAGE.match(name) or name.endswith("_"):
        raise InvalidNameError(
            f"package name {name!r} is not allowed: use {PACKAGE_RULE if is_import else NAME_RULE}."
        )
    if not is_import:
        return name
    from scaffold.projects.dependency_names import shadowed_imports

    if name in shadowed_imports(kind):
        raise InvalidNameError(
            f"package name {name!r} would shadow {name}, which the generated project depends on: "
            f"use {PACKAGE_RULE}, and not the import name of one of its dependencies."
        )
    if name in IMPLICIT_IMPORTS:
        raise InvalidNameError(
            f"package name {name!r} is a module Python imports by itself at every start, so the "
            f"installed project would run inside every Python process of its environment: use {PACKAGE_RULE}."
        )
    if keyword.iskeyword(name) or name in sys.stdlib_module_names or name in {"scaffold", "tests", "test"}:
        raise InvalidNameError(
            f"package name {name!r} would shadow {'a Python keyword' if keyword.iskeyword(name) else 'an existing module'}: use {PACKAGE_RULE}."
        )
    return name


def validate_go_module(path: str) -> str:
    """A Go plugin's module path (`--module`), as go.mod and every import of the project spell it."""
    if len(path) > 200 or not _GO_MODULE.fullmatch(path):
        raise InvalidNameError(f"Go module path {path!r} is not allowed: use {GO_MODULE_RULE}.")
    return path


def validate_scope(scope: str) -> str:
    if len(scope) > 64 or not _SCOPE.match(scope):
        raise InvalidNameError(f"scope {scope!r} is not allowed: use {SCOPE_RULE}.")
    if scope in _RESERVED_SCOPES or scope in _frontend_reserved_words() or scope.startswith("webkit"):
        raise InvalidNameError(
            f"scope {scope!r} is already a property of the host page's window or a reserved word: "
            f"use {SCOPE_RULE}."
        )
    return scope


def default_package_name(project_name: str) -> str:
    """`acme-sales` -> `acme_sales`."""
    return project_name.replace("-", "_")


def project_name_from_folder(folder_name: str) -> str:
    """The default project name for a destination folder, validated with the rule in the message."""
    try:
        return validate_project_name(folder_name)
    except InvalidNameError:
        raise InvalidNameError(
            f"the folder name {folder_name!r} cannot be the project name: a project name uses "
            f"{PROJECT_RULE}.",
            hint="Pass --name NAME, or choose a folder with such a name.",
        ) from None
