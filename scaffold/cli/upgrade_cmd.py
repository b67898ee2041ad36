"""`scaffold regenerate` and `scaffold upgrade`: keep a project on the contract without losing code."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

ProjectArgument = Annotated[
    Path, typer.Argument(help="The project folder (default: the current folder or the project above it).")
]


def _conflict_advice(owner: str | None) -> str:
    if owner == "contract":
        return (
            "scaffold now generates this path and kept your file: move your file elsewhere, "
            "then run `scaffold regenerate --force`"
        )
    if owner == "template":
        return "the template now provides this path and kept your file: compare it with the template's, then commit"
    return "resolve the <<<<<<< markers, then commit"


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

    @app.command("upgrade")
    def upgrade_command(
        project: ProjectArgument = Path("."),
        to: Annotated[
            str | None,
            typer.Option(
                "--to", help="Contract version scaffold ships, or the path of a spec file (default: newest)."
            ),
        ] = None,
        dry_run: Annotated[
            bool, typer.Option("--dry-run", help="Change nothing; show what would change.")
        ] = False,
    ) -> None:
        """Move the project to another contract version and to this scaffold's template."""
        from scaffold.projects.upgrade import upgrade

        report = upgrade(project, to=to, dry_run=dry_run)
        typer.echo(report.contract_diff.render())
        typer.echo(f"template {report.template_from} -> {report.template_to}")
        verb = "would change" if dry_run else "changed"
        if report.nothing_to_do:
            typer.echo("nothing to do: the project is already at this contract and template version")
            return
        typer.echo(f"files {verb}:")
        for line in report.changed:
            typer.echo(f"  {line}")
        for operation in report.new_operations:
            typer.echo(f"implement: {operation} is new in the contract; add it to your implementation")
        if report.conflicts:
            for path in report.conflicts:
                typer.secho(
                    f"conflict: {path} ({_conflict_advice(report.kept.get(path))})", fg=typer.colors.YELLOW
                )
            if not dry_run:
                raise typer.Exit(1)
        if not dry_run:
            typer.echo("review the changes with `git diff`, run your tests, then commit")
