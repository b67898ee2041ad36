"""Read-only access to a SQLite database file, and its schema as a whitelist of identifiers.

Three independent guards keep every query read-only, Code mode included:

1. the file is opened with `mode=ro` (SQLite refuses any write at the file level);
2. `PRAGMA query_only = ON`;
3. an authorizer that allows only reading (SELECT, column reads, functions, recursive CTEs)
   and denies everything else (ATTACH, PRAGMA, writes, schema changes, transactions).

On top of that a statement stops at its deadline (`guards.StatementDeadline`, SQLite's progress
handler, stops it even in the middle of a recursive CTE), a result stops growing at the answer's budget (`guards.ResultBudget`),
a single value is at most MAX_VALUE_BYTES and a LIKE/GLOB pattern at most MAX_PATTERN_CHARS (so
no single function call can run for long), the string functions whose built-in versions take
time proportional to the product of their arguments' lengths are replaced by linear ones
(`sql_functions`), `printf`/`format` refuse widths and precisions that would loop inside one
call for seconds (`sql_printf`), `printf`, `format`, `like` and `glob` look at the deadline before
every call (the progress handler is only called every so many steps, and a row can hold thousands
of calls of up to 0.16 s each: `sql_patterns`), and Python's sqlite3 refuses more than one statement per call. Table and
column names used in SQL text always come from `Schema` (read from the database itself), never
from a request.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import SourceError
from .guards import ResultBudget, StatementDeadline
from .sql_functions import install_linear_functions, take_refusal
from .sql_patterns import install_deadline_patterns
from .sql_printf import install_bounded_printf

QUERY_SECONDS = 5
MAX_VALUE_BYTES = 256 * 1024
MAX_PATTERN_CHARS = 300
MAX_SQL_CHARS = 100_000
# The limits the messages of these errors name.
_LIMITS: dict[str, dict[str, Any]] = {
    "valueTooLarge": {"size": MAX_VALUE_BYTES // 1024},
    "patternTooLong": {"max": MAX_PATTERN_CHARS},
}
_ALLOWED_ACTIONS = frozenset(
    {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}
)
_DENIED_FUNCTIONS = frozenset({"load_extension", "readfile", "writefile", "edit", "fts3_tokenizer"})


@dataclass(frozen=True)
class Column:
    name: str
    declared_type: str

    @property
    def kind(self) -> str:
        """number, text or other, from SQLite's type affinity rules."""
        declared = self.declared_type.upper()
        if "INT" in declared or any(t in declared for t in ("REAL", "FLOA", "DOUB", "NUM", "DEC")):
            return "number"
        if any(t in declared for t in ("CHAR", "CLOB", "TEXT")):
            return "text"
        return "other"

    @property
    def is_integer(self) -> bool:
        return "INT" in self.declared_type.upper()


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Column, ...]

    def column(self, name: str) -> Column | None:
        return next((c for c in self.columns if c.name == name), None)

    def names(self, kind: str | None = None) -> list[str]:
        return [c.name for c in self.columns if kind is None or c.kind == kind]

    def time_columns(self) -> list[str]:
        """Integer columns, the ones that can hold unix times."""
        return [c.name for c in self.columns if c.is_integer]

    def default_time_column(self) -> str:
        """The column that looks like a unix time (`time`, `*_time`, `*_at`, `ts`), else ""."""
        for name in self.time_columns():
            lowered = name.lower()
            if lowered in ("time", "ts", "timestamp") or lowered.endswith(("_time", "_at", "_ts")):
                return name
        return ""


@dataclass(frozen=True)
class Schema:
    tables: dict[str, Table]

    def table(self, name: str) -> Table | None:
        return self.tables.get(name)


def quote(identifier: str) -> str:
    """An identifier quoted for SQL text; call it only with names taken from a Schema."""
    return '"' + identifier.replace('"', '""') + '"'


class Database:
    """One database file: read-only connections (one per thread) and its cached schema.

    Without Code mode every statement runs on the event loop's thread, so there is one connection.
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self._local = threading.local()
        self._schema: tuple[float, Schema] | None = None
        self._lock = threading.Lock()

    def _connect(self) -> tuple[sqlite3.Connection, StatementDeadline]:
        uri = self.path.resolve().as_uri() + "?mode=ro"
        try:
            connection = sqlite3.connect(uri, uri=True, check_same_thread=True, timeout=2.0)
            connection.execute("PRAGMA query_only = ON")
            connection.execute("SELECT count(*) FROM sqlite_master").fetchone()
        except sqlite3.Error as exc:
            raise SourceError("unreadable", f"cannot open {self.path}: {exc}") from None
        connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
        connection.setlimit(sqlite3.SQLITE_LIMIT_SQL_LENGTH, MAX_SQL_CHARS)
        connection.setlimit(sqlite3.SQLITE_LIMIT_LIKE_PATTERN_LENGTH, MAX_PATTERN_CHARS)
        connection.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
        deadline = StatementDeadline()
        install_linear_functions(connection, MAX_VALUE_BYTES)
        install_bounded_printf(connection, MAX_VALUE_BYTES, deadline)
        install_deadline_patterns(connection, deadline, MAX_PATTERN_CHARS)
        connection.set_authorizer(_authorize)
        deadline.install(connection)
        return connection, deadline

    def connection(self) -> tuple[sqlite3.Connection, StatementDeadline]:
        """This thread's connection and the deadline its progress handler checks."""
        opened: tuple[sqlite3.Connection, StatementDeadline] | None = getattr(
            self._local, "opened", None
        )
        if opened is None:
            opened = self._connect()
            self._local.opened = opened
        return opened

    def check(self) -> int:
        """Open the file and run a trivial query; the number of tables."""
        return len(self.schema().tables)

    def schema(self) -> Schema:
        """Tables and columns, re-read when the file changes."""
        try:
            stamp = self.path.stat().st_mtime
        except OSError as exc:
            raise SourceError("unreadable", f"cannot read {self.path}: {exc.strerror}") from None
        cached = self._schema
        if cached is not None and cached[0] == stamp:
            return cached[1]
        with self._lock:
            schema = self._read_schema()
            self._schema = (stamp, schema)
        return schema

    def _read_schema(self) -> Schema:
        # A separate connection without the authorizer: reading the schema needs PRAGMA.
        uri = self.path.resolve().as_uri() + "?mode=ro"
        try:
            connection = sqlite3.connect(uri, uri=True)
            try:
                names = [
                    row[0]
                    for row in connection.execute(
                        "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
                        "AND name NOT LIKE 'sqlite_%' ORDER BY name"
                    )
                ]
                tables = {}
                for name in names:
                    info = connection.execute(
                        "SELECT name, type FROM pragma_table_info(?)", (name,)
                    )
                    columns = tuple(Column(str(n), str(t or "")) for n, t in info)
                    tables[name] = Table(name, columns)
            finally:
                connection.close()
        except sqlite3.Error as exc:
            raise SourceError("unreadable", f"cannot read {self.path}: {exc}") from None
        return Schema(tables)

    def query(
        self,
        sql: str,
        params: Sequence[Any],
        *,
        deadline: float,
        budget: ResultBudget | None = None,
        max_rows: int | None = None,
        number_row_bytes: int | None = None,
    ) -> tuple[list[str], list[tuple[Any, ...]], bool]:
        """(column names, rows, truncated): at most `max_rows` rows, stopped at `deadline`.

        `deadline` is a time.monotonic() value; rows count against `budget` as they are read.
        `number_row_bytes`: the statement returns numbers only, each row counted as that size.
        """
        connection, statement_deadline = self.connection()
        if time.monotonic() >= deadline:
            raise SourceError("timeout", "no time left before the statement started")
        statement_deadline.at = deadline
        take_refusal()  # a refusal left by an earlier statement is not this one's
        cursor: sqlite3.Cursor | None = None
        try:
            cursor = connection.execute(sql, params)
            names = [d[0] for d in cursor.description or ()]
            if budget is not None and number_row_bytes is not None:
                rows, truncated = _fetch_numbers(cursor, budget, number_row_bytes, max_rows)
            else:
                rows, truncated = _fetch(cursor, len(names), budget, max_rows)
        except sqlite3.OperationalError as exc:
            refusal = take_refusal()
            if refusal is not None:
                key, detail = refusal
                raise SourceError(key, f"{detail}: {sql[:200]}", **_LIMITS.get(key, {})) from None
            if "interrupted" in str(exc):
                raise SourceError("timeout", f"interrupted at the deadline: {sql[:200]}") from None
            key = _reason(exc)
            raise SourceError(key, f"{exc}: {sql[:200]}", **_LIMITS.get(key, {})) from None
        except (sqlite3.DatabaseError, sqlite3.ProgrammingError, sqlite3.Warning) as exc:
            key = _reason(exc)
            raise SourceError(key, f"{exc}: {sql[:200]}", **_LIMITS.get(key, {})) from None
        except OverflowError:
            raise SourceError(
                "numberTooLarge", "an integer parameter is out of SQLite's range"
            ) from None
        finally:
            if cursor is not None:
                cursor.close()
            statement_deadline.clear()
        return names, rows, truncated


def _fetch(
    cursor: sqlite3.Cursor, columns: int, budget: ResultBudget | None, max_rows: int | None
) -> tuple[list[tuple[Any, ...]], bool]:
    """Read the rows chunk by chunk, counting each chunk against the budget before the next."""
    wanted = None if max_rows is None else max_rows + 1
    if budget is None:
        rows = cursor.fetchall() if wanted is None else cursor.fetchmany(wanted)
    else:
        size = budget.chunk_rows(columns, MAX_VALUE_BYTES)
        rows = []
        while wanted is None or len(rows) < wanted:
            step = size if wanted is None else min(size, wanted - len(rows))
            chunk = cursor.fetchmany(step)
            if not chunk:
                break
            budget.spend(chunk)
            rows += chunk
    if max_rows is not None and len(rows) > max_rows:
        return rows[:max_rows], True
    return rows, False


def _fetch_numbers(
    cursor: sqlite3.Cursor, budget: ResultBudget, row_bytes: int, max_rows: int | None
) -> tuple[list[tuple[Any, ...]], bool]:
    """Rows of numbers: one fetch of at most the rows that fit the budget (a counter)."""
    fitting = budget.rows_left(row_bytes)
    wanted = fitting + 1 if max_rows is None else min(fitting, max_rows) + 1
    rows = cursor.fetchmany(wanted)
    budget.charge(len(rows) * row_bytes)  # raises when one row more than fits was read
    if max_rows is not None and len(rows) > max_rows:
        return rows[:max_rows], True
    return rows, False


def _reason(exc: Exception) -> str:
    """The catalogue key of a SQLite error (its own text goes to the log only)."""
    text = str(exc)
    if "not authorized" in text or "readonly" in text or "query_only" in text:
        return "readOnly"
    if "one statement at a time" in text:
        return "oneStatement"
    if "too big" in text:
        return "valueTooLarge"
    if "pattern too complex" in text:
        return "patternTooLong"
    if "syntax error" in text or "incomplete input" in text or "unrecognized token" in text:
        return "syntax"
    for marker, key in (
        ("no such table", "noSuchTable"),
        ("no such column", "noSuchColumn"),
        ("no such function", "noSuchFunction"),
    ):
        if marker in text:
            return key
    return "failed"


def _authorize(
    action: int, arg1: str | None, arg2: str | None, database: str | None, source: str | None
) -> int:
    if action not in _ALLOWED_ACTIONS:
        return sqlite3.SQLITE_DENY
    if action == sqlite3.SQLITE_FUNCTION and (arg2 or "").lower() in _DENIED_FUNCTIONS:
        return sqlite3.SQLITE_DENY
    return sqlite3.SQLITE_OK


_OPEN: dict[Path, Database] = {}
_OPEN_LOCK = threading.Lock()


def open_database(path: Path) -> Database:
    """The shared Database for `path` (an absolute, resolved path); connections are per thread."""
    key = path
    database = _OPEN.get(key)
    if database is not None:
        return database
    with _OPEN_LOCK:
        database = _OPEN.get(key)
        if database is None:
            database = _OPEN[key] = Database(key)
    return database


def resolve_path(value: str, state_dir: Path, allowed: Sequence[Path] = ()) -> Path:
    """The database file named by a configuration value, kept inside the allowed folders.

    A relative name is looked up in the state folder; an absolute path must lie in the state
    folder or one of `allowed` (EXAMPLE_DATABASE_DIRS). `..` cannot leave them.
    """
    target = _resolve(value, state_dir, tuple(allowed))
    if not target.is_file():
        raise SourceError("fileMissing", f"no database file {value[:200]!r}")
    return target


@lru_cache(maxsize=256)
def _resolve(value: str, state_dir: Path, allowed: tuple[Path, ...]) -> Path:
    roots = [state_dir.resolve(), *(p.resolve() for p in allowed)]
    candidate = Path(value)
    target = (candidate if candidate.is_absolute() else roots[0] / candidate).resolve()
    if not any(target.is_relative_to(root) for root in roots):
        raise SourceError("fileOutside", f"database {value[:200]!r} is outside the allowed folders")
    return target
