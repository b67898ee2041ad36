"""`scaffold status [PROJECT ...]`: which projects are behind, edited or half-upgraded.

Thin on purpose: find and read the projects (scaffold.projects.status), print one table (or one
JSON document with --json), and with --strict exit 1 unless every project is ok, so CI can gate
on it. Without --strict the command exits 0 whenever it has something to report, broken projects
included (their rows say what is wrong); it fails only when no argument holds any project.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated

import typer

from scaffold.cli.arguments import ProjectsArgument
from scaffold.projects.status import STATES, ProjectStatus, fleet_counts, report_json, summary_counts

_COLUMNS = (
    "PROJECT",
    "KIND",
    "LANGUAGE",
    "CONTRACT",
    "TEMPLATE",
    "SCAFFOLD",
    "EDITED",
    "INTERRUPTED",
    "REGENERATE",
    "STATE",
)
_NOTE_PATHS = 5  # edited files named per project in the notes; the JSON lists them all
_GROUPS = {"by_contract_version": "contracts", "by_template_version": "templates", "by_language": "languages"}


def _safe(text: str) -> str:
    """Folder names and messages come from a checkout: control characters are shown escaped, never sent."""
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def _versions(current: str | None, newest: str | None, behind: bool | None) -> str:
    if current is None:
        return "-"
    if newest is None or current == newest:
        return current
    return f"{current} -> {newest}" if behind else f"{current} (this scaffold: {newest})"


def _row(status: ProjectStatus) -> tuple[str, ...]:
    readable = status.problem is None
    return (
        status.shown,
        status.kind or "-",
        status.language or "-",
        _versions(status.contract_version, status.newest_contract_version, status.contract_behind),
        _versions(status.template_version, status.newest_template_version, status.template_behind),
        _versions(status.scaffold_version or "?", status.newest_scaffold_version, status.scaffold_behind)
        if status.template_version is not None
        else "-",
        "-" if status.edited is None else str(len(status.edited)),
        ("yes" if status.interrupted else "no") if readable else "-",
        {True: "ok", False: "fails", None: "-"}[status.regenerate_ok],
        status.state,
    )


def _notes(status: ProjectStatus) -> list[str]:
    """What to know beyond the row, and what to run next, for a project that is not ok.

    Only advice that keeps the project green (issue 41): a project a newer scaffold would move is
    told `upgrade`, never `regenerate` (found: today's contract-owned files beside an old template
    failed the project's tests, and regenerate left the old scaffold pinned in its CI).
    """
    notes: list[str] = []
    upgrade = f"`scaffold upgrade {status.shown}`"
    if status.problem is not None:
        notes.append(status.problem)
    elif status.interrupted:
        notes.append(status.regenerate_problem or "an upgrade or regenerate was interrupted")
    elif status.behind and status.edited:
        notes.append(
            f"edited by hand or deleted: {_paths(status.edited)}; {upgrade} refuses them: move your "
            f"edits into your own files and restore these from git (git checkout -- PATH), then upgrade"
        )
    elif status.regenerate_problem is not None:
        notes.append(status.regenerate_problem)  # names the edited and out-of-date files itself
    elif status.edited:
        notes.append(f"edited by hand or deleted: {_paths(status.edited)}")
    if status.behind and status.problem is None and not status.interrupted:
        notes.append(
            f"behind: {upgrade} moves it to contract {status.newest_contract_version}, template "
            f"{status.newest_template_version} and scaffold {status.newest_scaffold_version}"
        )
    # a sentence that already starts with the folder (one found before reading) is not prefixed again
    return [note if note.startswith(status.shown + " ") else f"{status.shown}: {note}" for note in notes]


def _paths(paths: Sequence[str]) -> str:
    more = len(paths) - _NOTE_PATHS
    return ", ".join(paths[:_NOTE_PATHS]) + (f" and {more} more" if more > 0 else "")


def summary_line(statuses: Sequence[ProjectStatus]) -> str:
    counts = summary_counts(statuses)
    parts = [f"{counts[state]} {state}" for state in STATES if counts[state]]
    noun = "project" if len(statuses) == 1 else "projects"
    return f"{len(statuses)} {noun}: {', '.join(parts)}"


def render_table(statuses: Sequence[ProjectStatus]) -> str:
    """One aligned line per project, then the notes of those that are not ok, then the summary."""
    rows = [_COLUMNS, *(tuple(_safe(cell) for cell in _row(s)) for s in statuses)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_COLUMNS))]
    lines = [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    notes = [_safe(note) for s in statuses for note in _notes(s)]
    if notes:
        lines += ["", *notes]
    lines.append(summary_line(statuses))
    if len(statuses) > 1:  # the fleet view: where the projects stand
        for group, counts in fleet_counts(statuses).items():
            shown = ", ".join(f"{key} ({count})" for key, count in counts.items())
            lines.append(_safe(f"{_GROUPS[group]}: {shown or '-'}"))
    return "\n".join(lines)


def register(app: typer.Typer) -> None:
    @app.command(
        "status",
        epilog="Exit codes: 0 the report was printed (without --strict, whatever the projects' state); "
        "1 with --strict when a project is not ok, or when no argument holds any project; "
        "2 a wrong command line.",
    )
    def status_command(
        projects: ProjectsArgument = None,
        as_json: Annotated[
            bool,
            typer.Option(
                "--json",
                help="Print one JSON document for dashboards instead of the table "
                "(a format number, a summary, and one object per project).",
            ),
        ] = False,
        strict: Annotated[
            bool,
            typer.Option(
                "--strict",
                help="Exit 1 unless every project is ok: none behind, edited, interrupted, failing "
                "`scaffold regenerate --check`, or unreadable (a CI gate).",
            ),
        ] = False,
    ) -> None:
        """Show which projects are behind the newest contract or template, edited or half-upgraded."""
        from scaffold.projects.status import fleet_status

        statuses = fleet_status(projects or [])
        if as_json:
            typer.echo(json.dumps(report_json(statuses), indent=2))
        else:
            typer.echo(render_table(statuses))
        if strict and not all(s.ok for s in statuses):
            raise typer.Exit(1)
