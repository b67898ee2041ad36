"""The root `scaffold` command and the single place where errors become stderr and exit codes."""

from __future__ import annotations

import signal
import sys
from types import FrameType
from typing import Annotated

import typer

from scaffold import __version__
from scaffold.errors import InterruptedByUser, ScaffoldError, StaleFilesError

app = typer.Typer(
    name="scaffold",
    help="Generate and upgrade data source plugins and dashboard modules from the platform contracts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"scaffold {__version__}")
        raise typer.Exit(0)


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print scaffold's version and exit.",
        ),
    ] = False,
) -> None:
    """scaffold: contract-correct projects for the platform, safe to upgrade."""


def _register_commands() -> None:
    from scaffold.cli import (
        check_cmd,
        dev_cmd,
        generate_cmd,
        project_cmd,
        registry_cmd,
        specs_cmd,
        status_cmd,
        upgrade_cmd,
    )

    app.add_typer(specs_cmd.specs_app, name="specs")
    generate_cmd.register(app)
    project_cmd.register(app)
    upgrade_cmd.register(app)
    registry_cmd.register(app)
    check_cmd.register(app)
    dev_cmd.register(app)
    status_cmd.register(app)


def report_error(error: ScaffoldError) -> int:
    """Print `error` as one red sentence on stderr (plus a diff when it carries one)."""
    if isinstance(error, StaleFilesError) and error.diff:
        typer.echo(error.diff, err=True)
    typer.secho(f"error: {error}", fg=typer.colors.RED, err=True)
    return error.exit_code


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C or SIGTERM outside a command's own protected step: that step has changed nothing.

    Commands that change files install their own handlers around the change (see
    scaffold.projects.transaction) and say what they undid; everywhere else nothing was changed.
    """
    raise InterruptedByUser("interrupted: nothing was changed")


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; typer reports usage errors itself (exit 2), scaffold errors are reported here."""
    _register_commands()
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    try:
        app(args=argv, prog_name="scaffold", standalone_mode=True)
    except ScaffoldError as error:
        sys.exit(report_error(error))
    except KeyboardInterrupt:
        typer.secho("error: interrupted", fg=typer.colors.RED, err=True)
        sys.exit(130)
