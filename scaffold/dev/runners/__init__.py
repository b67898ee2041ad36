"""How `scaffold dev` runs each part of a project, by the language scaffold.contracts names for it.

A service runner checks the part can run (one sentence naming the fix when not), then gives the
command line that serves it with reload and, for a compiled language, the command line of the
watch build that compiles what that command runs; a frontend runner checks, then gives the command
line of its watch build. scaffold.dev.project_runner picks them by the language of each part, never
by the kind: the language of a project's service is the one its answers record (a plugin in
Python or TypeScript), of a frontend the registry's. A service in another language is one more
module here and one more entry below.
tests/unit/test_dev_runner.py fails when a language the registry names for a part has no runner.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from scaffold.dev.project_layout import ProjectLayout
from scaffold.dev.runners import go, python, typescript


@dataclass(frozen=True)
class ServiceRunner:
    """Runs a service part: `prepare` checks and returns the program that runs it (a Python, a node)."""

    # (layout, the program the user chose with --python or None, environment) -> the program
    prepare: Callable[[ProjectLayout, Path | None, Mapping[str, str]], Path]
    # (layout, program, host, port) -> the command line serving the part with reload (it gets HOST
    # and PORT in its environment too)
    argv: Callable[[ProjectLayout, Path, str, int], tuple[str, ...]]
    # What the program is, in the line that names it ("reloads on changes; Python: …/python").
    program_name: str
    # (layout, program) -> the command line of a compiler in watch mode, started beside the service
    # and stopped with it, whose output is what `argv` runs and restarts on; None: the service runs
    # its sources.
    watch_build: Callable[[ProjectLayout, Path], tuple[str, ...]] | None = None


@dataclass(frozen=True)
class FrontendRunner:
    """Builds a frontend part on every change: `prepare` checks and returns the watch build's argv."""

    prepare: Callable[[Path], tuple[str, ...]]  # the frontend's folder -> the command line


SERVICE_RUNNERS: dict[str, ServiceRunner] = {
    "python": ServiceRunner(prepare=python.prepare_service, argv=python.service_argv, program_name="Python"),
    "typescript": ServiceRunner(
        prepare=typescript.prepare_service,
        argv=typescript.service_argv,
        program_name="Node.js",
        watch_build=typescript.watch_build_argv,
    ),
    "go": ServiceRunner(prepare=go.prepare_service, argv=go.service_argv, program_name="Go"),
}
FRONTEND_RUNNERS: dict[str, FrontendRunner] = {
    "typescript": FrontendRunner(prepare=typescript.check_frontend),
}


def service_runner(layout: ProjectLayout) -> ServiceRunner:
    """The runner of the service's language: the project's recorded one (layout.language)."""
    return SERVICE_RUNNERS[layout.service.language]


def frontend_runner(layout: ProjectLayout) -> FrontendRunner | None:
    frontend = layout.frontend
    return None if frontend is None else FRONTEND_RUNNERS[frontend.language]
