"""The root `scaffold` command and the single place where errors become stderr and exit codes."""

from __future__ import annotations

import importlib
import signal
import sys
from types import FrameType
from typing import Annotated

import typer

from scaffold import __version__
from scaffold.errors import InterruptedByUser, ScaffoldError, StaleFilesError
from scaffold.redact import url_secrets, without_credentials
from scaffold.specs.wording import terminal_text

app = typer.Typer(
    name="scaffold",
    help="Generate and upgrade data source plugins and dashboard modules from the platform contracts.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


def _print_version(value: bool) -> None:
    """scaffold's version, then per project kind and language its template version and its contract's newest spec.

    What a user compares with a project's `.copier-answers.yml` and `.scaffold/manifest.json`
    before an upgrade. It reads versions.yaml and lists the specs folder; no spec is parsed.
    """
    if value:
        from scaffold.projects.kinds import KINDS
        from scaffold.projects.templates.store import current_version
        from scaffold.specs.catalog import versions_of

        typer.echo(f"scaffold {__version__}")
        for kind in KINDS.values():
            newest = versions_of(kind.contract)[-1]
            for language in kind.places:  # every language of the kind (found: only Python's were named)
                template = current_version(kind.for_language(language).template)
                typer.echo(
                    f"{kind.name} {language} template {template}; newest {kind.contract} spec {newest}"
                )
        raise typer.Exit(0)


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            callback=_print_version,
            is_eager=True,
            help="Print scaffold's version, its template versions and each contract's newest spec, and exit.",
        ),
    ] = False,
) -> None:
    """scaffold: contract-correct projects for the platform, safe to upgrade."""


# Each command's module, so a run imports only the one it needs: `scaffold regenerate` should not
# pay for loading `check` or `dev` (tests/unit/test_cli_lazy.py keeps this table complete).
COMMAND_MODULES: dict[str, str] = {
    "specs": "specs_cmd",
    "models": "models_cmd",
    "new-plugin": "project_cmd",
    "new-module": "project_cmd",
    "regenerate": "regenerate_cmd",
    "upgrade": "upgrade_cmd",
    "registry-check": "registry_cmd",
    "check": "check_cmd",
    "dev": "dev_cmd",
    "status": "status_cmd",
}
_registered: set[str] = set()


def _register_module(name: str) -> None:
    """Add the commands of scaffold.cli.<name> to the app (once per process)."""
    if name in _registered:
        return
    _registered.add(name)
    module = importlib.import_module(f"scaffold.cli.{name}")
    if name == "specs_cmd":
        app.add_typer(module.specs_app, name="specs")
    else:
        module.register(app)


def _register_commands() -> None:
    """Every command, in help order: for `scaffold --help`, a usage error or an unknown command."""
    for name in dict.fromkeys(COMMAND_MODULES.values()):
        _register_module(name)


def _register_for(argv: list[str]) -> None:
    """Only the module of the command `argv` names; every command when it names none."""
    command = next((arg for arg in argv if not arg.startswith("-")), None)
    module = COMMAND_MODULES.get(command or "")
    if module is None:
        _register_commands()
    else:
        _register_module(module)


def report_error(error: ScaffoldError, secrets: tuple[str, ...] = ()) -> int:
    """Print `error` as one red sentence on stderr (plus a diff when it carries one).

    `secrets` are the credentials of URLs on the command line (`user:password@`): a message that
    quotes such a URL, or a library's text around it, shows them masked.
    """
    if isinstance(error, StaleFilesError) and error.diff:
        typer.echo(error.diff, err=True)
    # Messages quote spec keys, paths and names from outside: a raw CR or escape sequence in one
    # must neither rewrite the terminal nor break the message into several lines.
    message = without_credentials(terminal_text(str(error)), secrets)
    typer.secho(f"error: {message}", fg=typer.colors.RED, err=True)
    return error.exit_code


def _interrupted(signum: int, frame: FrameType | None) -> None:
    """Ctrl-C or SIGTERM outside a command's own protected step: that step has changed nothing.

    Commands that change files install their own handlers around the change (see
    scaffold.projects.state.transaction) and say what they undid; everywhere else nothing was changed.
    """
    raise InterruptedByUser("interrupted: nothing was changed")


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; typer reports usage errors itself (exit 2), scaffold errors are reported here."""
    _register_for(sys.argv[1:] if argv is None else list(argv))
    signal.signal(signal.SIGINT, _interrupted)
    signal.signal(signal.SIGTERM, _interrupted)
    try:
        app(args=argv, prog_name="scaffold", standalone_mode=True)
    except ScaffoldError as error:
        given = sys.argv[1:] if argv is None else argv
        sys.exit(report_error(error, tuple(secret for arg in given for secret in url_secrets(arg))))
    except KeyboardInterrupt:
        typer.secho("error: interrupted", fg=typer.colors.RED, err=True)
        sys.exit(130)
