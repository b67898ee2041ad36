"""`scaffold upgrade [PROJECT...]`: move projects to another contract version and template without losing code.

One project gets the full account (the contract's changes, the starter files, every file); a fleet
one line a project; both end with a summary line, and `--json` prints one report instead. The
exit code says the worst outcome (scaffold.projects.fleet_upgrade).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from scaffold.cli.arguments import ProjectsArgument
from scaffold.projects.fleet_upgrade import EXIT_CONFLICTS

if TYPE_CHECKING:
    from scaffold.codegen.service_statuses import UndocumentedStatus
    from scaffold.projects.fleet_upgrade import ProjectUpgrade
    from scaffold.projects.upgrade import UpgradeNotice, UpgradeReport


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


def _print_details(report: UpgradeReport, dry_run: bool) -> None:
    """One project's upgrade in full: the contract's changes, the files, what to do next."""
    typer.echo(report.contract_diff.render())
    typer.echo(f"template {report.template_from} -> {report.template_to}")
    if report.nothing_to_do:
        typer.echo("nothing to do: the project is already at this contract and template version")
        return
    verb = "would change" if dry_run else "changed"
    typer.echo(f"files {verb}:")
    for line in report.changed:
        typer.echo(f"  {line}")
    for operation in report.new_operations:
        typer.echo(f"implement: {operation} is new in the contract; add it to your implementation")
    for path in report.conflicts:
        typer.secho(f"conflict: {path} ({_conflict_advice(report.kept.get(path))})", fg=typer.colors.YELLOW)
    if report.commit is not None:
        typer.echo(f"committed as {report.commit[:12]}: review it with `git show`, run your tests")
    elif not dry_run and not report.conflicts:
        typer.echo("review the changes with `git diff`, run your tests, then commit")


def _project_line(result: ProjectUpgrade) -> str:
    """One line a project: where, what, the outcome and its sentence (control characters escaped)."""
    what = " ".join(part for part in (result.kind, result.language) if part)
    text = f"{result.shown}  {what + '  ' if what else ''}{result.outcome}: {result.message}"
    return "".join(char if char.isprintable() else ascii(char)[1:-1] for char in text)


def register(app: typer.Typer) -> None:
    @app.command(
        "upgrade",
        epilog=f"Exit codes: 0 every project upgraded or up to date; {EXIT_CONFLICTS} some have conflicts to "
        "resolve (each file listed) and none failed; 1 some failed (each left exactly as it was); the "
        "same with --dry-run, for what a real run would do.",
    )
    def upgrade_command(
        projects: ProjectsArgument = None,
        to: Annotated[
            str | None,
            typer.Option(
                "--to", help="Contract version scaffold ships, or the path of a spec file (default: newest)."
            ),
        ] = None,
        dry_run: Annotated[
            bool, typer.Option("--dry-run", help="Change nothing; show what would change.")
        ] = False,
        commit: Annotated[
            bool,
            typer.Option(
                "--commit",
                help="Commit each upgraded project: one commit of just the paths the upgrade changed, its "
                "message naming the project and its versions from and to (conflicts are committed with "
                "their markers and listed in the message).",
            ),
        ] = False,
        force: Annotated[
            bool,
            typer.Option(
                "--force",
                help="Upgrade a project with uncommitted changes too (refused otherwise): the upgrade "
                "starts from its files as they are; --commit still commits only what the upgrade changed.",
            ),
        ] = False,
        as_json: Annotated[
            bool,
            typer.Option(
                "--json",
                help="Print one JSON report on stdout (each project's path, kind, language, versions from "
                "and to, outcome, changed, new and conflicting files, message) instead of text.",
            ),
        ] = False,
    ) -> None:
        """Move projects to another contract version and to this scaffold's template, each in turn."""
        from scaffold.projects.fleet import fleet_candidates
        from scaffold.projects.fleet_upgrade import FleetUpgrade, project_result, upgrade_fleet
        from scaffold.projects.upgrade import UpgradeOptions, upgrade

        options = UpgradeOptions(to=to, dry_run=dry_run, commit=commit, force=force)
        candidates = fleet_candidates(projects or [], "upgrade")
        if len(candidates) == 1 and candidates[0].problem is None and not as_json:
            # One project: the full account, and its errors as every command's (stderr, with the hint).
            report = upgrade(candidates[0].path, announce=_announce, options=options)
            _print_details(report, dry_run)
            fleet = FleetUpgrade(dry_run, (project_result(candidates[0], report, dry_run=dry_run),))
            typer.echo(_project_line(fleet.projects[0]))
        else:

            def upgrade_one(path: Path) -> UpgradeReport:
                return upgrade(path, options=options)

            def progress(result: ProjectUpgrade) -> None:
                if not as_json:
                    typer.echo(_project_line(result))

            fleet = upgrade_fleet(candidates, upgrade_one, dry_run=dry_run, progress=progress)
        if as_json:
            typer.echo(json.dumps(fleet.as_json(), indent=2))
        else:
            typer.echo(fleet.summary())
        raise typer.Exit(fleet.exit_code)
