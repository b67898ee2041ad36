"""The example's sample database: deterministic metrics around the day it is created.

Tables:

- `cpu_metrics(time, host, region, usage, iowait)`: one row per host per minute;
- `disk_metrics(time, host, read_bytes, write_bytes)`: one row per host every five minutes;
- `servers(hostname, region, role, cores, memory_gb)`: the three sample hosts.

The rows span DAYS_BEFORE days before and DAYS_AFTER days after the UTC midnight of the day the
file is created, so a new plugin shows data for "the last hours" at once. Every value is a pure
function of (host, time): two databases created with the same `end` are identical, which is what
tests rely on. Delete the file to recreate it around a new day.
"""

from __future__ import annotations

import contextlib
import math
import os
import sqlite3
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

SAMPLE_FILE = "example.sqlite3"
STEP_SECONDS = 60
DISK_STEP_SECONDS = 300
DAYS_BEFORE = 7
DAYS_AFTER = 7
DAY = 86_400
HOSTS = (
    ("db-01", "eu-west", "primary", 16, 64),
    ("db-02", "eu-west", "replica", 8, 32),
    ("db-03", "eu-north", "replica", 8, 32),
)
SCHEMA = """
CREATE TABLE cpu_metrics (
    time INTEGER NOT NULL,
    host TEXT NOT NULL,
    region TEXT NOT NULL,
    usage REAL,
    iowait REAL
);
CREATE INDEX cpu_metrics_host_time ON cpu_metrics (host, time);
CREATE INDEX cpu_metrics_time ON cpu_metrics (time);
CREATE TABLE disk_metrics (
    time INTEGER NOT NULL,
    host TEXT NOT NULL,
    read_bytes INTEGER,
    write_bytes INTEGER
);
CREATE INDEX disk_metrics_host_time ON disk_metrics (host, time);
CREATE INDEX disk_metrics_time ON disk_metrics (time);
CREATE TABLE servers (
    hostname TEXT PRIMARY KEY,
    region TEXT NOT NULL,
    role TEXT NOT NULL,
    cores INTEGER NOT NULL,
    memory_gb INTEGER NOT NULL
);
"""


def default_end(now: float | None = None) -> int:
    """End (exclusive) of the sample window: DAYS_AFTER days after today's UTC midnight."""
    moment = int(time.time() if now is None else now)
    return moment - moment % DAY + DAYS_AFTER * DAY


def sample_window(end: int) -> tuple[int, int]:
    """(first, last) minute timestamps of the cpu_metrics rows for a window ending at `end`."""
    start = end - (DAYS_BEFORE + DAYS_AFTER) * DAY
    return start, end - STEP_SECONDS


def _noise(host: int, t: int, salt: int) -> float:
    """A deterministic value in [-1, 1) from (host, t): sample data without a random generator."""
    return ((t // 60 * 2654435761 + host * 40503 + salt * 9973) % 2000) / 1000.0 - 1.0


def cpu_usage(host: int, t: int) -> float:
    daily = math.sin(2 * math.pi * (t % DAY) / DAY + host)
    hourly = math.sin(2 * math.pi * t / 3600 * 0.7 + 2 * host)
    return round(40 + 20 * daily + 6 * hourly + 2 * _noise(host, t, 1), 2)


def cpu_iowait(host: int, t: int) -> float:
    return round(
        max(0.0, 2 + 1.5 * math.sin(2 * math.pi * t / 7200 + host) + 0.5 * _noise(host, t, 2)), 2
    )


def _cpu_rows(end: int) -> Iterator[tuple[int, str, str, float, float]]:
    first, last = sample_window(end)
    for index, (host, region, *_rest) in enumerate(HOSTS):
        for t in range(first, last + 1, STEP_SECONDS):
            yield t, host, region, cpu_usage(index, t), cpu_iowait(index, t)


def _disk_rows(end: int) -> Iterator[tuple[int, str, int, int]]:
    first, last = sample_window(end)
    for index, (host, *_rest) in enumerate(HOSTS):
        for t in range(first, last + 1, DISK_STEP_SECONDS):
            base = 1_000_000 * (index + 1)
            yield (
                t,
                host,
                int(base * (1.5 + math.sin(2 * math.pi * t / DAY))),
                int(base * 0.4 * (1.5 + math.cos(2 * math.pi * t / DAY + index))),
            )


def create_sample_database(path: Path, *, end: int | None = None) -> Path:
    """Create the sample database at `path` unless it exists; safe when workers race."""
    if path.exists():
        return path
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=".sample-", suffix=".sqlite3", dir=path.parent)
    os.close(fd)
    try:
        window_end = default_end() if end is None else end
        connection = sqlite3.connect(temporary)
        try:
            connection.executescript(SCHEMA)
            connection.executemany(
                "INSERT INTO cpu_metrics VALUES (?, ?, ?, ?, ?)", _cpu_rows(window_end)
            )
            connection.executemany(
                "INSERT INTO disk_metrics VALUES (?, ?, ?, ?)", _disk_rows(window_end)
            )
            connection.executemany("INSERT INTO servers VALUES (?, ?, ?, ?, ?)", HOSTS)
            connection.commit()
        finally:
            connection.close()
        with contextlib.suppress(FileExistsError):  # another worker created it first: keep theirs
            os.link(temporary, path)
    finally:
        Path(temporary).unlink(missing_ok=True)
    return path
