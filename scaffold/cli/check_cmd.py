"""`scaffold check plugin|module BASE_URL`: contract conformance of a live service.

Thin on purpose: parse options, run the library check, print each check's line as it finishes
(or one JSON report at the end with --json) and exit 1 when anything failed or the whole-run
deadline stopped the run. Missing tools (Chromium, Playwright, npm) surface as ScaffoldError and
are reported by the root command like every other error.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer

from scaffold.check.fuzz_options import (
    DEFAULT_FUZZ_SEED,
    FUZZ_CAP,
    SECONDS_PER_CASE,
    FuzzCountError,
    default_fuzz_deadline,
    fuzz_plan,
    parse_fuzz_cases,
)
from scaffold.check.run_limits import DEFAULT_MODULE_DEADLINE, DEFAULT_PLUGIN_DEADLINE
from scaffold.cli.arguments import base_url_argument
from scaffold.contracts import MODULE, PLUGIN
from scaffold.errors import InterruptedByUser
from scaffold.host.report import CheckReport, CheckResult, Listener, render_json, render_line
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

JsonOption = Annotated[
    bool,
    typer.Option(
        "--json",
        help="Print one machine-readable JSON report at the end instead of lines; "
        "no per-check lines are printed then (stdout carries only the JSON).",
    ),
]
TimeoutOption = Annotated[
    float,
    typer.Option(
        "--timeout",
        min=0.1,
        help="Seconds to wait for each HTTP request (a hang is a FAIL); "
        "never more than what is left of --deadline.",
    ),
]


def deadline_option(default: float) -> object:
    return typer.Option(
        "--deadline",
        min=1.0,
        help=f"Seconds for the whole run (default {default:g}); when they pass, every check not yet "
        "run is SKIP with that reason, and the run exits 1.",
    )


SpecOption = Annotated[
    str | None,
    typer.Option(
        "--spec", help="Contract version or spec file to check against; the newest shipped when omitted."
    ),
]


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


def fuzz_argument(value: str | None) -> str | None:
    """--fuzz N: refused with one sentence unless N is a whole number from 1 to FUZZ_CAP."""
    if value is None:
        return None
    try:
        parse_fuzz_cases(value)
    except FuzzCountError as exc:
        raise typer.BadParameter(str(exc)) from None
    return value


def _spec(contract: str, value: str | None) -> SpecDocument:
    return catalog.load_shipped(contract) if value is None else catalog.load_version_or_file(contract, value)


def streamer(as_json: bool) -> Listener | None:
    """Print each check's line the moment it finishes (typer.echo flushes); nothing with --json."""
    if as_json:
        return None

    def show(result: CheckResult) -> None:
        typer.echo(render_line(result))

    return show


@contextmanager
def stops_on_signals() -> Iterator[None]:
    """Ctrl-C or SIGTERM end a run at once, wherever it waits, with one sentence and exit 130.

    The signals raise KeyboardInterrupt during the run rather than scaffold's InterruptedByUser:
    Hypothesis (under --fuzz) treats any Exception raised in a case as a failure to shrink and
    replay, and the run went on after Ctrl-C; a BaseException passes through it untouched.
    """
    from scaffold.interrupts import signals_interrupt

    try:
        with signals_interrupt():
            yield
    except KeyboardInterrupt:
        raise InterruptedByUser(
            "interrupted: scaffold check stopped before it finished (the lines above are the checks that ran)"
        ) from None


def emit(report: CheckReport, as_json: bool) -> None:
    """Finish the output (the summary line, or the JSON report); exit 1 when the run is not ok."""
    if as_json:
        typer.echo(render_json(report), nl=False)
    else:
        typer.echo(report.summary())
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

    @check_app.command(PLUGIN.name)
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
        deadline: Annotated[
            float | None,
            typer.Option(
                "--deadline",
                min=1.0,
                show_default=False,
                help=f"Seconds for the whole run (default {DEFAULT_PLUGIN_DEADLINE:g}; with --fuzz N, "
                f"{DEFAULT_PLUGIN_DEADLINE:g} + {SECONDS_PER_CASE:g} x N, said before the run starts); when they pass, every check not yet run is SKIP with "
                "that reason, and the run exits 1.",
            ),
        ] = None,
        config: Annotated[
            list[str] | None,
            typer.Option(
                "--config",
                metavar="CODE=VALUE",
                help="A data source config value (repeatable); overrides the form's default, e.g. a password.",
            ),
        ] = None,
        config_file: Annotated[
            list[Path] | None,
            typer.Option(
                "--config-file",
                metavar="FILE",
                help='A JSON object of data source config values, {"code": value} (repeatable); a string '
                "${NAME} takes environment variable NAME. A project keeps its own as ci/check-config.json.",
            ),
        ] = None,
        config_env: Annotated[
            str | None,
            typer.Option(
                "--config-env",
                metavar="NAME",
                help="An environment variable holding such a JSON object (e.g. a CI secret CHECK_CONFIG); "
                "unset or empty gives nothing. Files, then this variable, then --config: later wins.",
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
        fuzz: Annotated[
            str | None,
            typer.Option(
                "--fuzz",
                metavar="N",
                callback=fuzz_argument,
                help="Instead of playing the platform, send N schema-valid and N schema-invalid requests "
                f"per operation (1-{FUZZ_CAP:,}), generated from the spec with Schemathesis; one line per "
                "operation, and under each FAIL the curl line of the smallest request that shows it. "
                "--config, --config-file and --config-env give schema-valid requests that data source "
                "config, so the fuzzing reaches past the plugin's config check.",
            ),
        ] = None,
        seed: Annotated[
            int,
            typer.Option(
                "--seed",
                min=0,
                help="Seed of --fuzz's case generation; the same seed sends the same requests.",
            ),
        ] = DEFAULT_FUZZ_SEED,
    ) -> None:
        """Play the platform against a data source plugin: every endpoint, flow, locale and bad input.

        One line per check as it finishes (PASS, FAIL, WARN, or SKIP: did not run, with the
        reason), then `N passed, M failed, K warnings, S skipped`.

        With --fuzz N, property-based requests instead: for each operation of the spec, N
        schema-valid and N schema-invalid requests (Schemathesis generates them; scaffold sends
        and judges them). FAIL for no answer, any 5xx, a status the operation does not document,
        an answer that breaks its schema, a schema-invalid request accepted with 2xx, or a
        schema-valid request rejected with 400 (422, a documented rejection of content, is fine).
        Each failure is shrunk to a minimal request, printed as a curl line under the FAIL.
        """
        chosen = _spec(PLUGIN.contract, spec)
        from scaffold.check.config_values import config_from_env, config_from_file

        values: dict[str, str] = {}
        for path in config_file or []:
            values.update(config_from_file(path, os.environ))
        if config_env:
            values.update(config_from_env(config_env, os.environ))
        values.update(parse_config(config or []))
        if fuzz is not None:
            if query:
                raise typer.BadParameter(
                    "--query shapes the platform's get-result calls, which --fuzz does not make (it "
                    "generates its own queries); drop it, or drop --fuzz",
                    param_hint="--fuzz",
                )
            from scaffold.check.fuzz_options import FuzzOptions
            from scaffold.check.plugin_fuzz import check_plugin_fuzz

            cases = parse_fuzz_cases(fuzz)
            whole_run = default_fuzz_deadline(cases) if deadline is None else deadline
            fuzz_options = FuzzOptions(
                cases=cases, seed=seed, timeout=timeout, deadline=whole_run, config=values
            )
            if not as_json:  # said before it starts: a long run is not mistaken for a hung one
                from scaffold.check.fuzz_contract import operation_contracts

                operations = len(operation_contracts(chosen))
                typer.echo(fuzz_plan(operations, cases, seed, whole_run, given=deadline is not None))
            with stops_on_signals():
                report = check_plugin_fuzz(base_url, fuzz_options, spec=chosen, on_result=streamer(as_json))
            emit(report, as_json)
            return

        from scaffold.check.plugin_checks import check_plugin
        from scaffold.check.plugin_session import PluginCheckOptions

        options = PluginCheckOptions(
            timeout=timeout,
            config=values,
            queries=parse_queries(query or []),
            deadline=DEFAULT_PLUGIN_DEADLINE if deadline is None else deadline,
        )
        with stops_on_signals():
            report = check_plugin(base_url, options, spec=chosen, on_result=streamer(as_json))
        emit(report, as_json)

    @check_app.command(MODULE.name)
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
        deadline: Annotated[float, deadline_option(DEFAULT_MODULE_DEADLINE)] = DEFAULT_MODULE_DEADLINE,
        page_timeout: Annotated[
            float,
            typer.Option(
                "--page-timeout",
                min=0.5,
                help="Seconds for each browser step (script load, loader, render, edit); "
                "never more than what is left of --deadline.",
            ),
        ] = 15.0,
        data_file: Annotated[
            Path | None,
            typer.Option(
                "--data-file",
                help='JSON file {"moduleData": {...}, "settings": ...} the components are shown with '
                "instead of the spec's examples (a project keeps frontend/host-data.json).",
            ),
        ] = None,
        module_data: Annotated[
            str | None,
            typer.Option(
                "--module-data", help="The Widget's moduleData as JSON text (wins over --data-file)."
            ),
        ] = None,
        settings: Annotated[
            str | None,
            typer.Option(
                "--settings", help="The module's saved settings as JSON text (wins over --data-file)."
            ),
        ] = None,
        spec: SpecOption = None,
    ) -> None:
        """Load a dashboard module as the platform does, in headless Chromium, and render its components.

        One line per check as it finishes (PASS, FAIL, WARN, or SKIP: did not run, with the
        reason), then `N passed, M failed, K warnings, S skipped`. The deadline starts after the
        tools are found (Chromium, Playwright, the cached React runtime).
        """
        from scaffold.check.module_checks import ModuleCheckOptions, check_module
        from scaffold.host.host_data import HostData, read_host_data

        data = read_host_data(data_file, f"--data-file {data_file}") if data_file is not None else HostData()
        if module_data is not None:
            data = data.with_module_data(module_data, "--module-data")
        if settings is not None:
            data = data.with_settings(settings, "--settings")
        options = ModuleCheckOptions(timeout=timeout, page_timeout=page_timeout, deadline=deadline, data=data)
        chosen = _spec(MODULE.contract, spec)
        with stops_on_signals():
            report = check_module(base_url, options, spec=chosen, on_result=streamer(as_json))
        emit(report, as_json)

    app.add_typer(check_app, name="check")
