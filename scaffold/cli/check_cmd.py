"""`scaffold check plugin|module BASE_URL`: contract conformance of a live service.

Thin on purpose: parse options, run the library check, print the report (text or --json) and
exit 1 when anything failed. Missing tools (Chromium, Playwright, npm) surface as ScaffoldError
and are reported by the root command like every other error.
"""

from __future__ import annotations

import json
from typing import Annotated
from urllib.parse import urlsplit

import typer

from scaffold.check.report import CheckReport, render_json, render_text
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

PLUGIN_CONTRACT = "datasource-plugin"
MODULE_CONTRACT = "dashboard-module"

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print a machine-readable JSON report instead of lines.")
]
TimeoutOption = Annotated[
    float,
    typer.Option("--timeout", min=0.1, help="Seconds to wait for each HTTP request (a hang is a FAIL)."),
]
SpecOption = Annotated[
    str | None,
    typer.Option(
        "--spec", help="Contract version or spec file to check against; the newest shipped when omitted."
    ),
]


def base_url_argument(value: str) -> str:
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise typer.BadParameter(f"{value!r} is not an http(s) URL, e.g. http://127.0.0.1:8080/api/v1")
    return value


def parse_config(values: list[str]) -> dict[str, str]:
    """--config CODE=VALUE pairs; the value may be empty or contain '='."""
    result: dict[str, str] = {}
    for item in values:
        code, sep, value = item.partition("=")
        if not sep or not code.strip():
            raise typer.BadParameter(f"{item!r} is not CODE=VALUE", param_hint="--config")
        result[code.strip()] = value
    return result


def parse_queries(values: list[str]) -> tuple[str, ...]:
    """--query texts become DataQuery.json as given; they must at least be JSON."""
    for item in values:
        try:
            json.loads(item)
        except ValueError as exc:
            raise typer.BadParameter(f"{item!r} is not JSON: {exc}", param_hint="--query") from None
    return tuple(values)


def _spec(contract: str, value: str | None) -> SpecDocument:
    return catalog.load_shipped(contract) if value is None else catalog.load_version_or_file(contract, value)


def emit(report: CheckReport, as_json: bool) -> None:
    """Print the report; exit 1 after printing when any check failed."""
    typer.echo(render_json(report) if as_json else render_text(report), nl=False)
    if not report.ok:
        raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    """Add the `check` command group to the root app."""
    check_app = typer.Typer(
        name="check",
        help="Check a running plugin or module against the contract, as the platform would use it.",
        no_args_is_help=True,
        add_completion=False,
        rich_markup_mode=None,
    )

    @check_app.command("plugin")
    def plugin(
        base_url: Annotated[
            str,
            typer.Argument(
                callback=base_url_argument,
                metavar="BASE_URL",
                help="Base URL of the running plugin, including /api/v1.",
            ),
        ],
        as_json: JsonOption = False,
        timeout: TimeoutOption = 10.0,
        config: Annotated[
            list[str] | None,
            typer.Option(
                "--config",
                metavar="CODE=VALUE",
                help="A data source config value (repeatable); overrides the form's default, e.g. a password.",
            ),
        ] = None,
        query: Annotated[
            list[str] | None,
            typer.Option(
                "--query",
                metavar="JSON",
                help="DataQuery.json text for get-result (repeatable); built from the query form when omitted.",
            ),
        ] = None,
        spec: SpecOption = None,
    ) -> None:
        """Play the platform against a data source plugin: every endpoint, flow, locale and bad input."""
        from scaffold.check.plugin_checks import check_plugin
        from scaffold.check.plugin_session import PluginCheckOptions

        options = PluginCheckOptions(
            timeout=timeout, config=parse_config(config or []), queries=parse_queries(query or [])
        )
        emit(check_plugin(base_url, options, spec=_spec(PLUGIN_CONTRACT, spec)), as_json)

    @check_app.command("module")
    def module(
        base_url: Annotated[
            str,
            typer.Argument(
                callback=base_url_argument,
                metavar="BASE_URL",
                help="baseUrl of the module backend (well-known is read from BASE_URL/api/v1/well-known).",
            ),
        ],
        as_json: JsonOption = False,
        timeout: TimeoutOption = 10.0,
        page_timeout: Annotated[
            float,
            typer.Option(
                "--page-timeout",
                min=0.5,
                help="Seconds for each browser step (script load, loader, render, edit).",
            ),
        ] = 15.0,
        spec: SpecOption = None,
    ) -> None:
        """Load a dashboard module as the platform does, in headless Chromium, and render its components."""
        from scaffold.check.module_checks import ModuleCheckOptions, check_module

        options = ModuleCheckOptions(timeout=timeout, page_timeout=page_timeout)
        emit(check_module(base_url, options, spec=_spec(MODULE_CONTRACT, spec)), as_json)

    app.add_typer(check_app, name="check")
