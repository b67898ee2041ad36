"""`scaffold upgrade`: move a project to another contract version and template without losing code."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scaffold.cli.arguments import ProjectArgument

if TYPE_CHECKING:
    from scaffold.codegen.service_statuses import UndocumentedStatus
    from scaffold.projects.upgrade import UpgradeNotice


def _announce(notice: UpgradeNotice) -> None:
    """Before anything is applied: the starter files the user owns, then statuses the spec lacks."""
    plan = notice.starters
    for part in plan.moved():
        typer.echo(
            f"starter files of {part.label}: unedited since template {plan.from_version}, "
            f"so they move to the {plan.to_version} starter"
        )
    held = plan.held_back()
    for part in held:
        typer.secho(
            f"starter files of {part.label}: you have edited them since template {plan.from_version} "
            f"(e.g. {part.edited[0]}), so they stay exactly as they are",
            fg=typer.colors.YELLOW,
        )
        if part.new:
            typer.echo(f"  not added (new in the {plan.to_version} starter, written for its example code):")
            for path in part.new:
                typer.echo(f"    {path}")
        if part.wired:
            typer.echo(f"  added all the same (the {plan.to_version} template's own code imports them):")
            for path in part.wired:
                typer.echo(f"    {path}")
        if part.changed:
            typer.echo(
                f"  changed in the {plan.to_version} starter since {plan.from_version}, kept as you have them:"
            )
            for path in part.changed:
                typer.echo(f"    {path}")
        if part.needs_input:
            typer.echo(
                "  tests that pin a rule a contract revision corrected; pytest reports what to change "
                "in each until you edit its file:"
            )
            for test in part.needs_input:
                typer.echo(f"    {test}")
    if held:
        typer.echo(
            "  scaffold's CHANGELOG says what each template version changed; to compare with the new "
            f"starter: {plan.compare_command}"
        )
    if notice.undocumented:
        _warn_undocumented(notice.contract_version, notice.undocumented, notice.stay_command)


def _warn_undocumented(version: str, undocumented: tuple[UndocumentedStatus, ...], stay_command: str) -> None:
    """Each status the service answers that the target spec lacks, by operation, and what follows."""
    typer.secho(
        f"warning: contract {version} does not document statuses this service answers; the project's "
        'conformance test (tests/test_conformance.py) fails with "Undocumented status code" for each one '
        "it provokes:",
        fg=typer.colors.YELLOW,
    )
    operations: dict[str, list[UndocumentedStatus]] = {}
    for item in undocumented:
        operations.setdefault(item.operation, []).append(item)
    for operation, items in operations.items():
        typer.echo(f"  {operation}: " + "; ".join(f"{i.status} ({i.why})" for i in items))
    stay = (
        f", or keep the current contract and move only the template: {stay_command}" if stay_command else ""
    )
    typer.echo(f"  document them in the spec (the responses of each operation){stay}")


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

        report = upgrade(project, to=to, dry_run=dry_run, announce=_announce)
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
