"""What the example data source of a compiled-language plugin (TypeScript, Go) shows a live check.

Both examples serve the same in-memory dataset (metrics of three servers over two weeks, and the
servers), with the same forms and answers; one body of assertions holds them to it, so a
difference between the languages is a failure rather than a second test that drifts.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import httpx

from scaffold.check.plugin_checks import check_plugin
from scaffold.check.plugin_session import PluginCheckOptions
from scaffold.host.report import Status, render_text

# Not applicable to the examples: they offer no Code mode, and their data source form has no trigger.
NOT_APPLICABLE = {
    "code-mode.offered",
    "code-mode.hidden-without-codeLang",
    "code-mode.hidden-without-codeMode",
    "datasource-fields.trigger",
}


def assert_the_example_passes_check_plugin_with_data(served: str, project: Path) -> None:
    """The example with its own ci/check-config.json, as its CI's contract job runs it: no FAIL, no
    WARN, every operation answered with data; SKIP only where nothing is subject to the rule."""
    config = json.loads((project / "ci" / "check-config.json").read_text(encoding="utf-8"))
    options = PluginCheckOptions(timeout=15, config={k: str(v) for k, v in config.items()})
    report = check_plugin(f"{served}/api/v1", options)
    text = render_text(report)
    assert report.ok and report.count(Status.WARN) == 0, text
    skipped = {r.name for r in report.results if r.status is Status.SKIP}
    assert skipped <= NOT_APPLICABLE, text
    for name in ("health-check.encrypted-accepted", "query-fields.trigger", "variable-fields.trigger"):
        assert report.find(name).status is Status.PASS, text  # type: ignore[union-attr]
    contracts = report.find("get-result.value-contracts")
    assert contracts is not None and "Timestamp: A/usage, B/usage" in contracts.detail, text
    values = report.find("variable-values")
    assert values is not None and values.detail == "3 values", text
    now = int(time.time())
    answer = httpx.post(
        f"{served}/api/v1/query/get-result",
        json={
            "dataQuery": [
                {
                    "refID": "A",
                    "json": '{"table": "cpu_metrics", "groupBy": "host"}',
                    "timeRange": {"from": now - 3600, "to": now},
                },
                {"refID": "B", "json": '{"table": "servers", "format": "table"}'},
            ]
        },
    ).json()
    series, table = answer["frames"]
    assert [field["labels"] for field in series["fields"]] == [f"host=db-0{i}" for i in (1, 2, 3)]
    assert all(len(field["values"]) >= 59 for field in series["fields"])
    assert table["fields"][0]["values"] == [{"cores": 16}, {"cores": 8}, {"cores": 8}]
