"""`scaffold check plugin`: play the platform against a running data source plugin.

The run follows the contract's typical call order, except that the data source form is asked for
before the health check (the platform, too, can only check a config its form produced):
well-known, data source form, health-check, the three constructor flows, the Code-mode rule,
get-result, variable values, then Accept-Language and generated bad input.
"""

from __future__ import annotations

from scaffold.check.http_client import HttpClient
from scaffold.check.plugin_badinput import check_bad_input
from scaffold.check.plugin_codemode import check_code_mode
from scaffold.check.plugin_flow import (
    check_get_result,
    check_variable_values,
    check_well_known,
    constructor_flow,
    new_form,
)
from scaffold.check.plugin_health import check_health
from scaffold.check.plugin_locale import check_locales
from scaffold.check.plugin_session import (
    DATASOURCE_FIELDS,
    QUERY_FIELDS,
    VARIABLE_FIELDS,
    PluginCheckOptions,
    PluginSession,
)
from scaffold.check.report import CheckReport
from scaffold.specs import catalog
from scaffold.specs.document import SpecDocument

CONTRACT = "datasource-plugin"


def check_plugin(
    base_url: str, options: PluginCheckOptions | None = None, *, spec: SpecDocument | None = None
) -> CheckReport:
    """Run every plugin check against `base_url` (which includes /api/v1) and return the report."""
    chosen = spec or catalog.load_shipped(CONTRACT)
    opts = options or PluginCheckOptions()
    report = CheckReport(target=base_url, kind="plugin")
    with HttpClient(opts.timeout) as client:
        session = PluginSession(base_url, chosen, client, opts, report)
        if not check_well_known(session):
            report.skipped("remaining checks", "the plugin cannot be reached; is it running at this URL?")
            return report
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
    return report
