"""How `scaffold dev` runs each part of a project, by the language scaffold.contracts names for it.

A service runner checks the part can run (one sentence naming the fix when not), then gives the
command line that serves it with reload and, for a compiled language, the command line of the
watch build that compiles what that command runs; a frontend runner checks, then gives the command
line of its watch build (the types: scaffold/dev/runners/runner.py). scaffold.dev.project_runner
picks them by the language of each part, never by the kind: the language of a project's service is
the one its answers record, of a frontend the registry's. Each language's runners live in
`scaffold/dev/runners/<language>.py` as SERVICE_RUNNER and, for a frontend language,
FRONTEND_RUNNER, found here by the language's name: a service in another language is one more
module here, not a branch. tests/unit/test_languages.py fails when a language the registry names for
a part has no runner.
"""

from __future__ import annotations

import importlib
from types import ModuleType

from scaffold.contracts import LANGUAGES
from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.runners.runner import FrontendRunner, ServiceRunner
from scaffold.errors import DevServiceError

__all__ = ["FrontendRunner", "ServiceRunner", "frontend_runner", "runners_of", "service_runner"]


def _module(language: str) -> ModuleType:
    if language not in LANGUAGES:
        raise DevServiceError(f"scaffold dev runs no part in {language}")
    try:
        return importlib.import_module(f"scaffold.dev.runners.{language}")
    except ModuleNotFoundError as exc:
        raise DevServiceError(
            f"scaffold dev has no runner for {language} (scaffold/dev/runners/{language}.py is missing)"
        ) from exc


def runners_of(language: str) -> tuple[ServiceRunner | None, FrontendRunner | None]:
    """The service and frontend runners `language` declares (None where it declares none)."""
    module = _module(language)
    service = getattr(module, "SERVICE_RUNNER", None)
    frontend = getattr(module, "FRONTEND_RUNNER", None)
    return (
        service if isinstance(service, ServiceRunner) else None,
        frontend if isinstance(frontend, FrontendRunner) else None,
    )


def service_runner(layout: ProjectLayout) -> ServiceRunner:
    """The runner of the service's language: the project's recorded one (layout.language)."""
    language = layout.service.language
    found = runners_of(language)[0]
    if found is None:
        raise DevServiceError(f"scaffold dev runs no service in {language}")
    return found


def frontend_runner(layout: ProjectLayout) -> FrontendRunner | None:
    frontend = layout.frontend
    if frontend is None:
        return None
    found = runners_of(frontend.language)[1]
    if found is None:
        raise DevServiceError(f"scaffold dev builds no frontend in {frontend.language}")
    return found
