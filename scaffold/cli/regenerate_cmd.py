"""`scaffold regenerate`: rewrite a project's contract-owned files from the contract it records."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from scaffold.cli.arguments import ProjectArgument


def register(app: typer.Typer) -> None:
    @app.command("regenerate")
    def regenerate_command(
        project: ProjectArgument = Path("."),
        check: Annotated[
            bool,
            typer.Option(
                "--check",
                help="Write nothing; exit 1 with a diff if contract-owned files are stale or edited.",
            ),
        ] = False,
        force: Annotated[
            bool,
            typer.Option("--force", help="Overwrite contract-owned files even if they were edited by hand."),
        ] = False,
    ) -> None:
        """Rewrite every contract-owned file from the contract version the project records."""
        from scaffold.projects.regenerate import regenerate

        result = regenerate(project, check=check, force=force)
        identity = f"{result.contract} {result.contract_version}"
        if check:
            typer.echo(f"contract-owned files are up to date with {identity}")
            return
        if not result.written and not result.removed:
            typer.echo(f"nothing to do: contract-owned files already match {identity}")
            return
        for path in result.written:
            typer.echo(f"wrote {path}")
        for path in result.removed:
            typer.echo(f"removed {path}")
        typer.echo(
            f"regenerated from {identity}: {len(result.written)} written, {len(result.removed)} removed"
        )
