"""`scaffold specs list | show | diff`: browse the contract versions scaffold ships."""

from __future__ import annotations

from typing import Annotated

import typer

from scaffold.contracts import PLUGIN
from scaffold.specs import catalog
from scaffold.specs.diff import diff_specs
from scaffold.specs.summary import summarize

specs_app = typer.Typer(help="List, show and compare contract specs.", no_args_is_help=True)


@specs_app.command("list")
def list_specs() -> None:
    """One line per shipped contract version: contract, version, release label."""
    for shipped in catalog.shipped_specs():
        spec = catalog.load_shipped(shipped.contract, shipped.version)
        typer.echo(f"{spec.contract:20} {spec.version:10} {spec.release_label}")


@specs_app.command("show")
def show(
    contract: Annotated[
        str, typer.Argument(help=f"Contract name (e.g. {PLUGIN.contract}) or a spec file path.")
    ],
    version: Annotated[
        str | None, typer.Option("--version", "-v", help="Contract version; the newest when omitted.")
    ] = None,
    raw: Annotated[
        bool, typer.Option("--raw", help="Print the spec file itself instead of a summary.")
    ] = False,
) -> None:
    """Summarise a contract version: endpoints, schemas, fields (or print the file with --raw)."""
    spec = catalog.load_source(contract, version)
    if raw:
        # The bytes the loader read and validated (UTF-8 already checked), not a second read.
        typer.echo(spec.raw.decode("utf-8"), nl=False)
    else:
        typer.echo(summarize(spec))


@specs_app.command("diff")
def diff(
    contract: Annotated[str, typer.Argument(help=f"Contract name, e.g. {PLUGIN.contract}.")],
    old: Annotated[str, typer.Argument(help="Old version, or the path of a spec file.")],
    new: Annotated[str, typer.Argument(help="New version, or the path of a spec file.")],
) -> None:
    """Endpoints and fields added, removed and changed from OLD to NEW; breaking changes marked."""
    result = diff_specs(
        catalog.load_version_or_file(contract, old), catalog.load_version_or_file(contract, new)
    )
    typer.echo(result.render())
