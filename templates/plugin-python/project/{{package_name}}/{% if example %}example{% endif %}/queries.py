"""Turning one DataQuery into SQL with bound values, running it, and building its frame.

DataQuery.json is a JSON object mapping the query form's field codes to values (see README):

    {"queryType": "constructor", "table": "cpu_metrics", "format": "timeseries",
     "timeColumn": "time", "valueColumns": ["usage"], "groupBy": "host",
     "filters": [{"column": "host", "operator": "=", "value": "$hosts"}]}

- Constructor (and JSON) mode: table and column names must exist in the database's schema (a
  whitelist read from the file), values are bound parameters, variables expand per `sql_text`.
  `table` is required, as the query form marks it (no table: 422 "table is required").
- A filter on a number column compares numbers: its value (a string, or in JSON mode a JSON
  number) must be a finite decimal in JSON number syntax (42, -0.5, 1e2), else 422 naming the
  filter (see `filter_number`).
- Code mode: DataQuery.codeQuery (or "codeQuery" in json) is one read-only SELECT; allowed only
  when the data source has codeMode "true" and a codeLang.
- format "timeseries" answers the Timestamp contract (one field per value column and group),
  "table" the Regular contract (one field whose values are the rows).
- timeRange bounds the time column (inclusive). maxDataPoints caps the points of each series: when
  more rows fall in the range, they are averaged into maxDataPoints equal time buckets (each
  point at the time of its bucket's first row). Without a timeRange, and in table format and Code mode, it is a
  row LIMIT instead. The data source's rowLimit caps every query.
- Every query of one request shares its deadline and its result budget (`Limits`): a query that
  would run past the deadline is interrupted, one that would answer more than the budget stops
  as soon as it is read past it (see `guards.py`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .._contract import DataQuery, Frame, frame, regular_field, timestamp_field
from .database import Database, Schema, Table, quote
from .errors import QueryError
from .forms import FORMATS, OPERATORS
from .guards import ResultBudget
from .sql_text import VariableError, Variables, bind_code_query, expand_value

MAX_VALUE_COLUMNS = 20
MAX_FILTERS = 50
MAX_VARIABLE_VALUES = 1000
NUMBER_BYTES = 10  # a number as the budget counts it (marshal: 9 bytes a float, 5 an int, +1)
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
# A JSON number, nothing around it: no NaN, Infinity, 0x10, 1_000, +1, .5 or white space.
_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")


@dataclass(frozen=True)
class Limits:
    """What one request may use: Code mode and the row cap (from the data source
    configuration), the deadline (time.monotonic) and the result budget (from the settings)."""

    code_mode: bool
    row_limit: int
    deadline: float
    budget: ResultBudget | None = None


def _text(spec: Mapping[str, Any], key: str, default: str = "") -> str:
    value = spec.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise QueryError("notText", f"{key} is a {type(value).__name__}", field=key)
    return value


def _window(query: DataQuery) -> tuple[int | None, int | None]:
    time_range = query.time_range
    if time_range is None:
        return None, None
    low, high = time_range.from_, time_range.to
    if low is not None and high is not None and low > high:
        raise QueryError("timeRange", f"timeRange {low} > {high}")
    return low, high


def _max_points(query: DataQuery, limits: Limits) -> int:
    """maxDataPoints, capped by the row limit; 0 or less asks for no cap of its own.

    The contract puts no lower bound on maxDataPoints, so a value the schema allows is never
    refused here: a non-positive one is read as "not given".
    """
    requested = query.max_data_points
    if requested is None or requested < 1:
        return limits.row_limit
    return min(requested, limits.row_limit)


def run_query(
    database: Database,
    schema: Schema,
    query: DataQuery,
    spec: Mapping[str, Any],
    variables: Variables,
    limits: Limits,
) -> Frame:
    """The frame answering `query` (refID echoed on the frame and its fields); `spec` is its json,
    as the runtime's query_json read it."""
    mode = _text(spec, "queryType") or ("code" if query.code_query else "constructor")
    try:
        if mode == "code":
            return _code_frame(database, query, spec, variables, limits)
        if mode in ("constructor", "json"):
            return _constructor_frame(database, schema, query, spec, variables, limits)
    except VariableError as exc:
        raise QueryError(exc.key, str(exc), **exc.params) from None
    raise QueryError("queryType", f"queryType {mode[:60]!r}")


# --- constructor mode --------------------------------------------------------------------------


def _table(schema: Schema, spec: Mapping[str, Any]) -> Table:
    # Required, as the query and variable forms mark it: no default table (as in every example).
    name = _text(spec, "table")
    table = schema.table(name)
    if table is None:
        if not name:
            raise QueryError("tableRequired", "no table")
        raise QueryError("unknownTable", f"unknown table {name[:100]!r}")
    return table


def _column(table: Table, name: str, what: str) -> str:
    if table.column(name) is None:
        raise QueryError(
            "unknownColumn", f"{what}: unknown column {name[:100]!r} in {table.name}", field=what
        )
    return name


def _value_columns(table: Table, spec: Mapping[str, Any], time_column: str | None) -> list[str]:
    raw = spec.get("valueColumns")
    if raw is None or raw == "" or raw == []:
        numbers = [n for n in table.names("number") if n != time_column]
        if not numbers:
            raise QueryError("noNumberColumn", f"table {table.name} has no number column")
        return numbers[:1]
    items = raw.split(",") if isinstance(raw, str) else raw
    if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
        raise QueryError("valueColumnsType", "valueColumns is neither a list nor a string")
    if len(items) > MAX_VALUE_COLUMNS:
        raise QueryError("tooManyValueColumns", f"{len(items)} valueColumns", max=MAX_VALUE_COLUMNS)
    return [_column(table, name.strip(), "valueColumns") for name in items if name.strip()]


def filter_number(value: str | int | float) -> int | float:
    """The number a filter on a number column compares with; QueryError("notNumber") if none.

    Decided alike in the Python, TypeScript and Go examples: a filter number is a finite decimal
    in JSON number syntax (42, -0.5, 1e2, or a JSON number in JSON mode). NaN, Infinity, 1e309,
    1_000, 0x10, " 1" are refused, never read by one language's own number rules.
    """
    if isinstance(value, str):
        if _JSON_NUMBER.fullmatch(value) is None:
            raise QueryError("notNumber", f"filter value {value[:40]!r}", field="filters")
        digits = value.removeprefix("-")
        # 19 digits or fewer: an int64 candidate, bound exactly; any other text as a double
        number: int | float = int(value) if digits.isdigit() and len(digits) <= 19 else float(value)
    else:
        number = value
    if isinstance(number, int):
        if INT64_MIN <= number <= INT64_MAX:
            return number  # bound exactly: SQLite compares it with the column's integers
        try:
            number = float(number)
        except OverflowError:
            number = math.inf
    if not math.isfinite(number):
        raise QueryError("notNumber", f"filter value {value!r:.40}", field="filters")
    return number


def where_clause(table: Table, filters: Any, variables: Variables) -> tuple[list[str], list[Any]]:
    """SQL conditions (identifiers from the schema, `?` for every value) of the filter groups."""
    if filters is None or filters == "":
        return [], []
    if not isinstance(filters, list) or len(filters) > MAX_FILTERS:
        raise QueryError("filtersType", "filters is not a short list", max=MAX_FILTERS)
    conditions: list[str] = []
    params: list[Any] = []
    for group in filters:
        if not isinstance(group, dict):
            raise QueryError("filterGroup", "a filter group is not an object")
        column, operator = (_text(group, key) for key in ("column", "operator"))
        # JSON mode: a JSON number is a filter number (for a number column only).
        number = group.get("value")
        if not isinstance(number, int | float) or isinstance(number, bool):
            number = None
        raw = "" if number is not None else _text(group, "value")
        if not column or (number is None and raw == ""):
            continue  # an incomplete group (no column or no value) filters nothing
        _column(table, column, "filters")
        if operator not in OPERATORS:
            operator = operator or "="
            if operator not in OPERATORS:
                raise QueryError("unknownOperator", f"operator {operator[:20]!r}")
        found = table.column(column)
        numeric = found is not None and found.kind == "number"
        value: Any
        if number is not None:
            if not numeric:  # a text column compares text, and a number has no one text
                raise QueryError("notText", f"a number for column {column[:100]!r}", field="value")
            value = filter_number(number)
        else:
            value = expand_value(raw, variables)
            if numeric and isinstance(value, list):
                value = [filter_number(v) for v in value]
            elif numeric:
                value = filter_number(value)
        if isinstance(value, list):
            if operator not in ("=", "!="):
                raise QueryError("listOperator", f"a list variable with {operator}")
            if not value:
                conditions.append("0" if operator == "=" else "1")
                continue
            negation = "NOT " if operator == "!=" else ""
            conditions.append(f"{quote(column)} {negation}IN ({', '.join('?' * len(value))})")
            params.extend(value)
        else:
            conditions.append(f"{quote(column)} {operator} ?")
            params.append(value)
    return conditions, params


def _constructor_frame(
    database: Database,
    schema: Schema,
    query: DataQuery,
    spec: Mapping[str, Any],
    variables: Variables,
    limits: Limits,
) -> Frame:
    table = _table(schema, spec)
    output = _text(spec, "format", "timeseries") or "timeseries"
    if output not in FORMATS:
        raise QueryError("format", f"format {output[:60]!r}")
    time_column = _text(spec, "timeColumn", table.default_time_column())
    if time_column and time_column not in table.time_columns():
        raise QueryError("timeColumn", f"timeColumn {time_column[:100]!r} in {table.name}")
    values = _value_columns(table, spec, time_column or None)
    group = _text(spec, "groupBy")
    if group:
        _column(table, group, "groupBy")
    conditions, params = where_clause(table, spec.get("filters"), variables)
    low, high = _window(query)
    if time_column and (low is not None or high is not None):
        conditions.insert(0, f"{quote(time_column)} BETWEEN ? AND ?")
        params[:0] = [low if low is not None else -(2**63), high if high is not None else 2**63 - 1]
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    source = f" FROM {quote(table.name)}{where}"
    cap = _max_points(query, limits)
    if output == "timeseries" and not time_column:
        raise QueryError("noTimeColumn", f"table {table.name} has no time column")
    if output == "table":
        return _table_frame(
            database, query, table, time_column, [group, *values], source, params, cap, limits
        )
    return _series_frame(
        database, query, table, time_column, group, values, source, params, cap, limits
    )


def _table_frame(
    database: Database,
    query: DataQuery,
    table: Table,
    time_column: str,
    columns: Sequence[str],
    source: str,
    params: list[Any],
    cap: int,
    limits: Limits,
) -> Frame:
    """Rows in time order (table order without a time column), at most `cap`."""
    chosen = list(dict.fromkeys(c for c in (time_column, *columns) if c))
    order = f" ORDER BY {quote(time_column)}" if time_column else ""
    sql = f"SELECT {', '.join(quote(c) for c in chosen)}{source}{order} LIMIT ?"
    names, rows, _ = database.query(
        sql, [*params, cap], deadline=limits.deadline, budget=limits.budget
    )
    records = [dict(zip(names, (_json_value(v) for v in row), strict=True)) for row in rows]
    meta = json.dumps({"executedQuery": sql})
    return frame(
        query.ref_id,
        table.name,
        [regular_field(table.name, records, ref_id=query.ref_id, type="table")],
        meta=meta,
    )


def _series_frame(
    database: Database,
    query: DataQuery,
    table: Table,
    time_column: str,
    group: str,
    values: Sequence[str],
    source: str,
    params: list[Any],
    cap: int,
    limits: Limits,
) -> Frame:
    low, high = _window(query)
    keys = [quote(group)] if group else []
    width = 0
    if low is not None and high is not None:
        low, high = max(low, -(2**62)), min(high, 2**62)  # bucket arithmetic stays within int64
        counted = f"SELECT COUNT(*) AS n{source}" + (f" GROUP BY {keys[0]}" if keys else "")
        _, counts, _ = database.query(
            f"SELECT MAX(n) FROM ({counted})", params, deadline=limits.deadline
        )
        largest = counts[0][0] if counts and counts[0][0] is not None else 0
        if largest > cap:
            width = max(1, math.ceil((high - low + 1) / cap))
    if width:
        # One point per bucket of `width` seconds from `low`: the average of its rows, at the
        # time of its first row (a real data time, even for an unbounded range).
        averaged = ", ".join(f"AVG({quote(v)})" for v in values)
        grouping = ", ".join([*keys, f"({quote(time_column)} - ?) / ?"])
        order = ", ".join([*keys, "moment"])
        sql = f"SELECT {', '.join([*keys, f'MIN({quote(time_column)}) AS moment'])}, {averaged}{source} GROUP BY {grouping} ORDER BY {order}"
        extra_params: list[Any] = [low, width]
    else:
        columns = ", ".join([*keys, quote(time_column), *(quote(v) for v in values)])
        sql = f"SELECT {columns}{source} ORDER BY {', '.join([*keys, quote(time_column)])} LIMIT ?"
        extra_params = [limits.row_limit if group else cap]
    _, rows, _ = database.query(
        sql,
        [*params, *extra_params],
        deadline=limits.deadline,
        budget=limits.budget,
        # no groupBy: the time column (INTEGER) and number columns or their averages only
        number_row_bytes=None if group else NUMBER_BYTES * (1 + len(values)),
    )
    meta = {"executedQuery": sql, **({"bucketSeconds": width} if width else {})}
    fields = []
    for label, series in _split(rows, bool(group)):
        for index, column in enumerate(values):
            points = series if len(values) == 1 else [(row[0], row[index + 1]) for row in series]
            name = column if label is None else f"{column} {label}"
            labels = None if label is None else f"{group}={label}"
            fields.append(timestamp_field(name, points[:cap], ref_id=query.ref_id, labels=labels))
    return frame(query.ref_id, table.name, fields, meta=json.dumps(meta))


def _split(
    rows: list[tuple[Any, ...]], grouped: bool
) -> list[tuple[str | None, list[tuple[Any, ...]]]]:
    """Rows per group value (rows come ordered by group), without the group column."""
    if not grouped:
        return [(None, rows)]
    result: list[tuple[str | None, list[tuple[Any, ...]]]] = []
    for row in rows:
        label = str(row[0])
        if not result or result[-1][0] != label:
            result.append((label, []))
        result[-1][1].append(row[1:])
    return result


def _json_value(value: Any) -> Any:
    if isinstance(value, bytes):
        return value.hex()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


# --- code mode ---------------------------------------------------------------------------------


def _code_frame(
    database: Database,
    query: DataQuery,
    spec: Mapping[str, Any],
    variables: Variables,
    limits: Limits,
) -> Frame:
    if not limits.code_mode:
        raise QueryError("codeModeOff", "Code mode query on a data source without Code mode")
    text = query.code_query or _text(spec, "codeQuery")
    if not text.strip():
        raise QueryError("codeEmpty", "empty codeQuery")
    output = _text(spec, "format", "timeseries") or "timeseries"
    if output not in FORMATS:
        raise QueryError("format", f"format {output[:60]!r}")
    low, high = _window(query)
    sql, params = bind_code_query(text, variables, low, high)
    cap = _max_points(query, limits)
    names, rows, truncated = database.query(
        sql, params, deadline=limits.deadline, budget=limits.budget, max_rows=cap
    )
    meta = json.dumps({"executedQuery": sql, **({"truncatedTo": cap} if truncated else {})})
    name = query.ref_id or "result"
    if output == "table":
        records = [dict(zip(names, (_json_value(v) for v in row), strict=True)) for row in rows]
        return frame(
            query.ref_id,
            name,
            [regular_field(name, records, ref_id=query.ref_id, type="table")],
            meta=meta,
        )
    if len(names) < 2:
        raise QueryError("codeColumns", f"a timeseries query with {len(names)} column(s)")
    for row in rows:
        moment = row[0]
        if (
            not isinstance(moment, int | float)
            or isinstance(moment, bool)
            or not math.isfinite(moment)
        ):
            raise QueryError("codeTime", f"first column {names[0]!r} holds {moment!r:.60}")
    fields = [
        timestamp_field(column, [(int(row[0]), row[index]) for row in rows], ref_id=query.ref_id)
        for index, column in enumerate(names[1:], start=1)
    ]
    return frame(query.ref_id, name, fields, meta=meta)


# --- variable values ---------------------------------------------------------------------------


def variable_values(
    database: Database,
    schema: Schema,
    spec: Mapping[str, Any],
    variables: Variables,
    deadline: float,
) -> list[str]:
    """Values of a variable query: table names, or the distinct values of one column."""
    source = _text(spec, "source", "column_values") or "column_values"
    if source == "tables":
        return list(schema.tables)
    if source != "column_values":
        raise QueryError("variableSource", f"source {source[:60]!r}")
    table = _table(schema, spec)
    name = _text(spec, "column")
    if not name:  # required, as the variable form marks it (in every example)
        raise QueryError("columnRequired", "no column")
    column = _column(table, name, "column")
    try:
        conditions, params = where_clause(table, spec.get("filters"), variables)
    except VariableError as exc:
        raise QueryError(exc.key, str(exc), **exc.params) from None
    where = f" WHERE {' AND '.join(conditions)}" if conditions else ""
    sql = (
        f"SELECT DISTINCT {quote(column)} FROM {quote(table.name)}{where} "
        f"ORDER BY {quote(column)} LIMIT {MAX_VARIABLE_VALUES}"
    )
    _, rows, _ = database.query(sql, params, deadline=deadline)
    return [str(_json_value(row[0])) for row in rows if row[0] is not None]
