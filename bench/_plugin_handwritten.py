"""The hand-written baseline of bench/plugin_get_result.py: POST /api/v1/query/get-result in Starlette.

It does the same work as the generated plugin's example for the bench's queries, from the same
SQLite file: parse the body, parse each DataQuery.json, run the same two statements per query
(a COUNT to decide on downsampling, then the SELECT) on a read-only connection, build the same
`{"<time>": "<value>"}` dicts, and serialise with orjson. What it leaves out is everything the
generated plugin adds around that work: validation of the request against the contract models,
the operations table, secrets, localisation, error shapes, the threadpool.

Run: BENCH_DATABASE=/path/example.sqlite3 uvicorn bench._plugin_handwritten:app
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import orjson
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

DATABASE = Path(os.environ.get("BENCH_DATABASE", "example.sqlite3")).resolve()
_local = threading.local()


def _connection() -> sqlite3.Connection:
    connection: sqlite3.Connection | None = getattr(_local, "connection", None)
    if connection is None:
        connection = sqlite3.connect(DATABASE.as_uri() + "?mode=ro", uri=True)
        connection.execute("PRAGMA query_only = ON")
        _local.connection = connection
    return connection


def series_rows(spec_text: str, low: int, high: int, max_points: int) -> tuple[str, str, list[Any]]:
    """(table, value column, rows) of one bench query: its COUNT and its SELECT.

    The bench's glue measurement runs this same function inside the generated project
    (bench/_plugin_glue_datasource.py), so the work between the two is identical by construction.
    """
    spec = json.loads(spec_text)
    host = spec["filters"][0]["value"]
    column = spec["valueColumns"][0]
    table = spec["table"]
    where = f' FROM "{table}" WHERE "time" BETWEEN ? AND ? AND "host" = ?'
    params = [low, high, host]
    connection = _connection()
    (count,) = connection.execute(f"SELECT MAX(n) FROM (SELECT COUNT(*) AS n{where})", params).fetchone()
    if count > max_points:
        raise ValueError("the bench queries never need downsampling")
    rows = connection.execute(
        f'SELECT "time", "{column}"{where} ORDER BY "time" LIMIT ?', [*params, max_points]
    ).fetchall()
    return table, column, rows


def _frame(query: dict[str, Any]) -> dict[str, Any]:
    window = query["timeRange"]
    table, column, rows = series_rows(query["json"], window["from"], window["to"], query["maxDataPoints"])
    values = [{str(t): v if v.__class__ is str else str(v)} for t, v in rows if v is not None]
    field = {"name": column, "refID": query["refID"], "type": "number", "values": values}
    return {"name": table, "refID": query["refID"], "fields": [field]}


async def get_result(request: Request) -> Response:
    body = orjson.loads(await request.body())
    frames = [_frame(query) for query in body["dataQuery"]]
    payload = {"error": False, "status": 200, "frames": frames}
    return Response(orjson.dumps(payload), media_type="application/json")


app = Starlette(routes=[Route("/api/v1/query/get-result", get_result, methods=["POST"])])
if os.environ.get("BENCH_IDLE_THREAD") == "1":
    # One more thread that only waits, as a server with a threadpool has (bench/plugin_get_result.py
    # --threaded-baseline): once a process has started a second thread, SQLite's per-row work
    # costs more (a thread that has ended since costs the same as this idle one).
    threading.Thread(target=threading.Event().wait, name="idle", daemon=True).start()
# Served as the generated plugin is (its _contract/serving.py freezes the objects of its imports
# and app before serving), so the comparison is of the request path alone.
gc.collect()
gc.freeze()
