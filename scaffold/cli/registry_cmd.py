"""`scaffold registry-check`: catch unusable private npm registry settings before npm does."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from scaffold.registry import check_registry


def register(app: typer.Typer) -> None:
    @app.command("registry-check")
    def registry_check(
        path: Annotated[
            Path,
            typer.Argument(help="Module project folder or its frontend folder (default: current folder)."),
        ] = Path("."),
    ) -> None:
        """Check .npmrc and the REGISTRY_* variables the private @ui-kit/@platform packages need.

        Silent when package.json depends on no private package yet; otherwise one line on success,
        or one message naming every unset variable, invalid base64 password or missing .npmrc line,
        or the .npmrc line of a placeholder registry (npm.example.invalid, which new-module writes
        without --registry-url, example.com, ...).
        .npmrc is read as npm reads it (variables expanded in keys and values); URLs are shown as
        written there, credentials masked: nothing printed holds a secret.
        """
        result = check_registry(path, os.environ)
        if result.needed:
            scopes = ", ".join(f"{scope} -> {url}" for scope, url in result.registries.items())
            typer.echo(f"registry configuration of {result.frontend} is usable ({scopes})")
