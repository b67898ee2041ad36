"""Finding the projects `scaffold status` and `scaffold upgrade` work on: a project folder, or a
folder holding many.

A team keeps its plugins and modules side by side (`services/acme-sales`, `services/acme-map`) or
one level deeper (`plugins/…`, `modules/…`), so a folder that is not itself inside a project is
searched two levels down. The search is bounded and cautious, because the folders come from a
checkout anyone can add to: hidden folders and `node_modules` are skipped, a symbolic link is never
followed (a link to `/` must not walk the machine), a project's own subfolders are not searched,
and the walk stops after `MAX_FOLDERS` entries. It only lists names; nothing is opened or written.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from scaffold.errors import ProjectError
from scaffold.projects.project import find_project_root

STATE_FOLDER = ".scaffold"
MAX_DEPTH = 2
MAX_FOLDERS = 10_000
_SKIPPED = frozenset({"node_modules", "__pycache__"})


@dataclass(frozen=True)
class Candidate:
    """A folder to report on: a project root to read, or a `problem` found before reading anything."""

    path: Path
    shown: str
    problem: str | None = None


class _TooMany(Exception):
    pass


def shown_path(path: Path, cwd: Path) -> str:
    """How a report names a folder: relative to the current folder when inside it, else absolute."""
    try:
        relative = path.relative_to(cwd)
    except ValueError:
        return str(path)
    return relative.as_posix() if relative.parts else "."


def find_projects(arguments: Iterable[Path], cwd: Path) -> list[Candidate]:
    """Every project the arguments name or hold, in argument order, each folder once."""
    found: list[Candidate] = []
    seen: set[Path] = set()
    for argument in arguments:
        for candidate in _candidates(argument, cwd):
            if candidate.problem is None and candidate.path in seen:
                continue
            seen.add(candidate.path)
            found.append(candidate)
    return found


def fleet_candidates(arguments: Sequence[Path], command: str, cwd: Path | None = None) -> list[Candidate]:
    """The projects the arguments name or hold (the current folder by default), for `scaffold
    <command>`. A folder holding none is a candidate with a problem, so the rest is still worked
    on; only when no argument holds any project is there nothing to do, and that is an error.
    """
    try:
        here = (cwd or Path.cwd()).resolve()
    except OSError as exc:
        raise ProjectError(f"the current folder cannot be used ({exc.strerror})") from None
    candidates = find_projects(arguments or [Path(".")], here)
    if all(c.problem is not None for c in candidates):
        problems = [str(c.problem) for c in candidates]
        raise ProjectError(
            problems[0] if len(problems) == 1 else f"no scaffold project found: {'; '.join(problems)}",
            hint=f"Pass project folders, or folders holding them up to {MAX_DEPTH} levels down "
            f"(e.g. scaffold {command} services/).",
        )
    return candidates


def _candidates(argument: Path, cwd: Path) -> list[Candidate]:
    given = str(cwd) if str(argument) in ("", ".") else str(argument)
    target = cwd / argument
    try:
        if not target.exists():
            return [Candidate(target, given, f"{given} does not exist")]
        if not target.is_dir():
            return [Candidate(target, given, f"{given} is not a folder")]
        folder = target.resolve()
        if marks_project(folder):
            return [Candidate(folder, shown_path(folder, cwd))]
        above = _project_above(folder)
        if above is not None:
            return [Candidate(above, shown_path(above, cwd))]
        found: list[Candidate] = []
        try:
            _scan(folder, 1, found, cwd, [0])
        except _TooMany:
            found.append(
                Candidate(
                    folder,
                    given,
                    f"{given} holds more than {MAX_FOLDERS} folders, so scaffold stopped looking there; "
                    "pass the project folders (or the folders that hold them) instead",
                )
            )
    except OSError as exc:
        return [Candidate(target, given, f"{given} cannot be read ({exc.strerror})")]
    if not found:
        return [
            Candidate(
                folder,
                given,
                f"{given} holds no scaffold project (no {STATE_FOLDER}/manifest.json in it, above it, "
                f"or in its subfolders {MAX_DEPTH} levels down)",
            )
        ]
    return found


def marks_project(folder: Path) -> bool:
    """A `.scaffold` entry of any type: even a broken one is a project to report, not to skip."""
    return os.path.lexists(folder / STATE_FOLDER)


def _project_above(folder: Path) -> Path | None:
    """The project `folder` lies inside, found the way every other command finds it."""
    try:
        return find_project_root(folder)
    except ProjectError:
        return None


def _scan(folder: Path, depth: int, found: list[Candidate], cwd: Path, spent: list[int]) -> None:
    """Projects among the subfolders of `folder`, searching `MAX_DEPTH - depth` levels further."""
    try:
        with os.scandir(folder) as listing:
            entries = sorted(listing, key=lambda entry: entry.name)
    except OSError as exc:
        shown = shown_path(folder, cwd)
        found.append(Candidate(folder, shown, f"{shown} cannot be read ({exc.strerror})"))
        return
    for entry in entries:
        spent[0] += 1
        if spent[0] > MAX_FOLDERS:
            raise _TooMany
        if entry.name.startswith(".") or entry.name in _SKIPPED:
            continue
        if entry.is_symlink() or not entry.is_dir(follow_symlinks=False):
            continue
        child = Path(entry.path)
        if marks_project(child):
            found.append(Candidate(child, shown_path(child, cwd)))
        elif depth < MAX_DEPTH:
            _scan(child, depth + 1, found, cwd, spent)
