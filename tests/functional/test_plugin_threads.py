"""A scaffolded plugin answers every operation but Code-mode SQL without starting a thread.

Measured on this machine: once a process has started a second thread (even one that has ended),
SQLite's per-row work runs 10-25% slower, so the example's Constructor queries on the event loop
would pay that on every get-result. The generated project therefore keeps its example methods
`async` and stops statements at their deadline with SQLite's progress handler, not a watchdog
thread; only Code-mode SQL, which may run until its deadline, goes to a worker thread.

The check runs in a fresh interpreter that records every thread start (`threading` starts all of
them through one function) while the app answers over ASGI in-process: no HTTP server, whose own
threads (if any) would be no part of the project.
"""

from __future__ import annotations

import textwrap

import pytest

from tests.conftest import REPO
from tests.functional.test_plugin_harness import run_json_script

pytestmark = pytest.mark.slow

SCRIPT = textwrap.dedent(
    """
    import asyncio, json, sys, threading
    sys.path.insert(0, sys.argv[1])
    from tests.functional.test_plugin_harness import (
        API, CONFIG, constructor_request, get_result_request, make_app, plugin_context, window,
    )
    import httpx

    started = []
    original = threading._start_new_thread

    def record(function, args, kwargs=None):
        started.append(getattr(getattr(function, "__self__", None), "name", repr(function)))
        return original(function, args, kwargs or {})

    app = make_app()
    threading._start_new_thread = record
    first, last = window()
    series = {
        "queryType": "constructor", "table": "cpu_metrics", "format": "timeseries",
        "timeColumn": "time", "valueColumns": ["usage"],
        "filters": [{"column": "host", "operator": "=", "value": "db-01"}],
    }
    queries = [
        {"refID": "A", "maxDataPoints": 500, "timeRange": {"from": first, "to": last},
         "json": json.dumps(series)},
        {"refID": "B", "maxDataPoints": 500, "timeRange": {"from": first, "to": last},
         "json": json.dumps({**series, "format": "table"})},
    ]
    calls = [
        ("GET", "/well-known", None),
        ("POST", "/datasource/health-check", {"fields": CONFIG}),
        ("POST", "/datasource/constructor-fields", constructor_request()),
        ("POST", "/query/constructor-fields", constructor_request()),
        ("POST", "/query/get-result", get_result_request(queries)),
        ("POST", "/variable/constructor-fields", constructor_request()),
        ("POST", "/variable/values", {"pluginContext": plugin_context(),
                                      "json": json.dumps({"table": "servers", "column": "region"}),
                                      "variables": {}}),
        ("POST", "/query/get-result", get_result_request(
            [{"refID": "C", "codeQuery": "SELECT hostname FROM servers", "json": '{"queryType": "code", "format": "table"}'}])),
    ]

    async def main():
        report = []
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://plugin") as client:
            for method, path, body in calls:
                answer = await client.request(method, API + path, json=body)
                report.append({"path": path, "status": answer.status_code, "threads": list(started)})
        return report

    print(json.dumps(asyncio.run(main())))
    """
)


def test_only_code_mode_sql_starts_a_thread() -> None:
    report = run_json_script(SCRIPT, str(REPO))
    assert [call["status"] for call in report] == [200] * 8, report
    *example, code_mode = report
    assert example[-1]["threads"] == [], example  # seven operations, not one thread
    assert code_mode["threads"], "Code-mode SQL runs in a worker thread, and the check must see it"
