"""Whether a Widget shows the data it is given: the verdict of `component.Widget.render`.

A Widget signals a failed load with onFetch("fetchLinerError") and onErrorChange(true), and may show
an alert; rendering some elements is not enough. Found (issue 27): `check module` printed `PASS
component.Widget.render ... text 'KPImoduleData.metric must be one of ...'` for a Widget that
refused the spec's example moduleData. With the module's own data (`--data-file`, `--module-data`;
scaffold.host.host_data) such a report is a FAIL; with the spec's example, which a module need not
accept (moduleData is the module's own schema), a WARN that names the data and how to give the
module's own.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from scaffold.check.module_callbacks import Call
from scaffold.host.host_data import HOST_DATA_FILE, HostData
from scaffold.host.report import Status

RULE_WIDGET_DATA = (
    "contract: Widget rules (use moduleData as the main configuration payload; signal errors via "
    "onErrorChange; update the status via onFetch): with the data it is saved with, a widget shows it"
)
_ERROR_CALLS = {("onErrorChange", ("true",)), ("onFetch", ('"fetchLinerError"',))}


def reported_errors(calls: Iterable[Call], alert: object) -> list[str]:
    """The Widget's error reports among `calls` (one render and load), then the alert it shows."""
    reported = [
        c.shown()
        for c in calls
        if c.component == "Widget" and (c.callback, tuple(str(a.get("text")) for a in c.args)) in _ERROR_CALLS
    ]
    if alert:
        reported.append(f"an alert {str(alert)[:80]!r}")
    return list(dict.fromkeys(reported))


def widget_data_verdict(reported: Sequence[str], data: HostData, example: Any) -> tuple[Status, str]:
    """FAIL with the module's own moduleData, WARN with the spec's example; the detail names it."""
    given = data.module_data
    shown = json.dumps(given if given is not None else example, ensure_ascii=False)[:100]
    what = f"the Widget reported an error ({', '.join(reported)}) with moduleData {shown}"
    if given is not None:
        return Status.FAIL, f"{what} from {data.described()}"
    return (
        Status.WARN,
        f"{what} (the spec's example): give it the module's own data with --data-file {HOST_DATA_FILE} "
        "or --module-data",
    )
