"""`scaffold check plugin`: play the platform against a running data source plugin.

The run follows the contract's typical call order, except that the data source form is asked for
before the health check (the platform, too, can only check a config its form produced):
well-known, data source form, health-check, the three constructor flows, the Code-mode rule,
get-result, variable values, then Accept-Language and generated bad input.

The whole plan is declared before the first call, so a run that stops early still reports every
check: when well-known gets no usable answer (nothing else is called), or when the whole-run
deadline passes, each check not yet run is a SKIP with the reason.
"""

from __future__ import annotations

from scaffold.check import plugin_codemode, plugin_health
from scaffold.check.plugin_badinput import bad_input_names, check_bad_input
from scaffold.check.plugin_codemode import check_code_mode
from scaffold.check.plugin_flow import (
    GET_RESULT_NAMES,
    NO_QUERIES_NAME,
    VARIABLE_VALUES_NAME,
    WELL_KNOWN_NAME,
    check_get_result,
    check_variable_values,
    check_well_known,
    constructor_flow,
    flow_names,
    new_form,
)
from scaffold.check.plugin_health import check_health
from scaffold.check.plugin_locale import check_locales, locale_names
from scaffold.check.plugin_session import (
    CONSTRUCTORS,
    DATASOURCE_FIELDS,
    QUERY_FIELDS,
    VARIABLE_FIELDS,
    PluginCheckOptions,
    PluginSession,
)
from scaffold.contracts import PLUGIN
from scaffold.host.deadline import Deadline, DeadlinePassed
from scaffold.host.http_client import HttpClient
from scaffold.host.report import CheckReport, Listener
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

CONTRACT = PLUGIN.contract


def plan(s: PluginSession) -> list[str]:
    """Every check name of a plugin run, in the order `_run` reports them."""
    datasource, query, variable = (
        flow_names(s, op) for op in (DATASOURCE_FIELDS, QUERY_FIELDS, VARIABLE_FIELDS)
    )
    return [
        WELL_KNOWN_NAME,
        datasource[0],
        *plugin_health.NAMES,
        *datasource[1:],
        *query,
        *plugin_codemode.NAMES,
        *GET_RESULT_NAMES,
        NO_QUERIES_NAME,
        *variable,
        VARIABLE_VALUES_NAME,
        *(name for op in CONSTRUCTORS for name in locale_names(s, op)),
        *bad_input_names(s),
    ]


def check_plugin(
    base_url: str,
    options: PluginCheckOptions | None = None,
    *,
    spec: SpecDocument | None = None,
    on_result: Listener | None = None,
) -> CheckReport:
    """Run every plugin check against `base_url` (which includes /api/v1) and return the report.

    `on_result` sees each result as it is added (the CLI prints it at once).
    """
    chosen = spec or catalog.load_shipped(CONTRACT)
    opts = options or PluginCheckOptions()
    report = CheckReport(target=base_url, kind=PLUGIN.name, on_result=on_result)
    deadline = Deadline(opts.deadline)
    with HttpClient(opts.timeout, deadline=deadline) as client:
        session = PluginSession(base_url, chosen, client, opts, report)
        report.expect(plan(session))
        try:
            _run(session)
        except DeadlinePassed:
            report.stop(deadline.reason)
    return report


def _run(session: PluginSession) -> None:
    report = session.report
    unreachable = check_well_known(session)
    if unreachable is not None:
        report.skip_unfinished(unreachable)
        return
    form = new_form(session, DATASOURCE_FIELDS, [])
    session.datasource_form = form if form is not None else session.fallback_forms[DATASOURCE_FIELDS]
    check_health(session)
    constructor_flow(session, DATASOURCE_FIELDS, [])
    constructor_flow(session, QUERY_FIELDS, session.config)
    check_code_mode(session)
    check_get_result(session)
    constructor_flow(session, VARIABLE_FIELDS, session.config)
    check_variable_values(session)
    check_locales(session)
    check_bad_input(session)
