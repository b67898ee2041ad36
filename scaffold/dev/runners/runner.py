"""What a `scaffold dev` runner of one language is: the types each scaffold/dev/runners/<language>.py fills."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

from scaffold.dev.project_layout import ProjectLayout


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
