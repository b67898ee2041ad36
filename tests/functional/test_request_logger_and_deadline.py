"""A data source method's logger and its end, over real HTTP, in every language (issue 40 point 3).

Found by a TypeScript and a Go team's first day: a method got no logger (TypeScript's context held
locale, headers, operation id, base URL and request id; Go's `datasource.New` got none and
`slog.SetDefault` was never called), so the author's lines carried no request id; the TypeScript
text format dropped the fields of a line; PLUGIN_QUERY_SECONDS was left "for your data source to
enforce", so a method waiting on an upstream that never answered kept its caller waiting.

Each language's `--no-example` starter, as its CI builds it, has its metadata method edited to
log a line with a field through the logger it is given (Python `context.log`, TypeScript
`context.log`, Go `contract.Logger(ctx)`), or, asked with an `x-wait` header, to wait for its
call's end (an awaited event the glue cancels, `context.signal`, `ctx.Done()`) and log that it saw
it. Served with PLUGIN_QUERY_SECONDS=1 in LOG_FORMAT json and text:
- the logged line carries the request id and the field, in both formats;
- a method still waiting after a second is answered 422 in the operation's error shape with the
  runtime text `query.deadline`, and saw its end (no ERROR line);
- a caller that hangs up ends the method too: 499 in the access line, no ERROR line.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from scaffold.codegen.python.runtime_files.text_catalog import runtime_text
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.built_plugins import NAME, built_plugin, copy_project
from tests.functional.test_plugin_harness import KEY, scaffold_home
from tests.go_toolchain import go_environment
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

LANGUAGES = ("python", "typescript", "go")
WELL_KNOWN = "/api/v1/well-known"
FILES = {
    "python": "acme_sales/datasource.py",
    "typescript": "src/datasource.ts",
    "go": "internal/datasource/datasource.go",
}
# Each starter's metadata method, opened: the edit goes right after it.
OPENINGS = {
    "python": "    async def get_metadata(self, context: RequestContext) -> PluginMetadata:\n",
    "typescript": "  getMetadata(context: RequestContext): Promise<PluginMetadata> {\n",
    "go": "func (d *DataSource) GetMetadata(_ context.Context, rc contract.RequestContext) (*contract.PluginMetadata, error) {\n",
}
EDITS = {
    "python": (
        "        import asyncio\n\n"
        '        if "x-wait" in context.headers:\n'
        "            try:\n"
        "                await asyncio.Event().wait()  # an upstream that never answers\n"
        "            except asyncio.CancelledError:\n"
        '                context.log.info("saw the end", extra={"cancelled": context.cancelled.is_set()})\n'
        "                raise\n"
        '        context.log.info("metadata asked", extra={"rows": 3})\n'
    ),
    "typescript": (
        "    if (context.headers['x-wait'] !== undefined) {\n"
        "      const signal = context.signal ?? new AbortController().signal;\n"
        "      return new Promise((_resolve, reject) => {\n"
        "        signal.addEventListener('abort', () => {\n"
        "          context.log?.info({ cancelled: signal.aborted }, 'saw the end');\n"
        "          reject(signal.reason as Error);\n"
        "        });\n"
        "      });\n"
        "    }\n"
        "    context.log?.info({ rows: 3 }, 'metadata asked');\n"
    ),
    "go": (
        '\tif rc.Header.Get("X-Wait") != "" {\n'
        "\t\t<-ctx.Done()\n"
        '\t\tcontract.Logger(ctx).Info("saw the end", "cancelled", ctx.Err() != nil)\n'
        "\t\treturn nil, ctx.Err()\n"
        "\t}\n"
        '\tcontract.Logger(ctx).Info("metadata asked", "rows", 3)\n'
    ),
}
ENGLISH = {"accept-language": "en-US"}


def _starter(language: str, factory: pytest.TempPathFactory) -> Path:
    """The `--no-example` project with the edited metadata method, as its CI builds it."""
    if language == "python":
        root = factory.mktemp("logger-python") / NAME
        with scaffold_home(factory.getbasetemp() / "scaffold-home"):
            kind = KINDS["plugin"].for_language("python")
            answers = {"project_name": NAME, "example": False}
            create_project(NewProjectOptions(kind=kind, destination=root, answers=answers))
    else:
        source = built_plugin(language, factory, example=False)
        root = copy_project(source, factory.mktemp(f"logger-{language}") / NAME)
    path = root / FILES[language]
    text = path.read_text(encoding="utf-8")
    opening = OPENINGS[language]
    assert text.count(opening) == 1, f"{path}: the metadata method is not there once"
    edited = opening.replace("(_ context.Context", "(ctx context.Context")
    path.write_text(text.replace(opening, edited + EDITS[language]), encoding="utf-8")
    build = {
        "typescript": ["npm", "run", "build"],
        "go": ["go", "build", "-o", "bin/plugin", f"./cmd/{NAME}"],
    }.get(language)
    if build:
        env = go_environment() if language == "go" else None
        done = subprocess.run(
            build, cwd=root, capture_output=True, text=True, timeout=600, env=env, check=False
        )
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return root


@pytest.fixture(scope="module", params=LANGUAGES)
def starter(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    return request.param, _starter(request.param, tmp_path_factory)


@contextlib.contextmanager
def _served(language: str, root: Path, log_format: str) -> Iterator[tuple[str, Path]]:
    argv: dict[str, tuple[list[str], dict[str, str]]] = {
        "python": ([sys.executable, "-m", "acme_sales"], {**os.environ, "PYTHONPATH": str(root)}),
        "typescript": (["node", "dist/main.js"], dict(os.environ)),
        "go": ([str(root / "bin" / "plugin")], go_environment()),
    }
    command, env = argv[language]
    log = root.parent / f"{log_format}.log"
    env = {
        **env,
        "PLUGIN_STATE_DIR": str(root.parent / "state"),
        "PLUGIN_SECRET_KEY": KEY,
        "PLUGIN_QUERY_SECONDS": "1",
        "LOG_FORMAT": log_format,
        "LOG_LEVEL": "debug",
    }
    with serve_command(command, cwd=root, env=env, probe_path="/healthz", log_path=log) as origin:
        yield origin, log


def _lines_of(log: Path, request_id: str, *needles: str) -> list[str]:
    """The log's lines naming `request_id`, once some line holds each of `needles` (15 s at most)."""
    deadline = time.monotonic() + 15
    while True:
        lines = [line for line in log.read_text(encoding="utf-8").splitlines() if request_id in line]
        if all(any(needle in line for line in lines) for needle in needles) or time.monotonic() > deadline:
            return lines
        time.sleep(0.05)


def _record(lines: list[str], message: str) -> dict[str, Any]:
    records = [json.loads(line) for line in lines if line.startswith("{")]
    found = [record for record in records if record.get("message") == message]
    assert len(found) == 1, lines
    return found[0]


def test_a_methods_line_carries_its_request_id_and_fields_in_both_formats(
    starter: tuple[str, Path],
) -> None:
    language, root = starter
    for log_format in ("json", "text"):
        with _served(language, root, log_format) as (origin, log):
            answer = httpx.get(
                origin + WELL_KNOWN, headers={"x-request-id": f"logged-{log_format}"}, timeout=15
            )
            assert answer.status_code == 200, answer.text
            lines = _lines_of(log, f"logged-{log_format}", "metadata asked")
        if log_format == "json":
            record = _record(lines, "metadata asked")
            assert record["request_id"] == "logged-json" and record["rows"] == 3, record
        else:
            (line,) = [line for line in lines if "metadata asked" in line]
            assert " rows=3" in line and line.endswith(" [request_id=logged-text]"), line


def test_a_method_past_plugin_query_seconds_is_answered_422_and_sees_its_end(
    starter: tuple[str, Path],
) -> None:
    language, root = starter
    with _served(language, root, "json") as (origin, log):
        started = time.monotonic()
        answer = httpx.get(
            origin + WELL_KNOWN, headers={**ENGLISH, "x-wait": "1", "x-request-id": "late-1"}, timeout=15
        )
        took = time.monotonic() - started
        lines = _lines_of(log, "late-1", "saw the end")
    assert answer.status_code == 422, answer.text
    assert answer.json() == {"error": True, "message": runtime_text("en-US", "query.deadline", seconds="1")}
    assert 0.9 < took < 5, took
    assert _record(lines, "saw the end")["cancelled"] is True, lines
    assert not [line for line in lines if '"ERROR"' in line], lines


def test_a_caller_that_hangs_up_ends_the_method_without_an_error_line(starter: tuple[str, Path]) -> None:
    language, root = starter
    with _served(language, root, "json") as (origin, log):
        with pytest.raises(httpx.ReadTimeout):
            httpx.get(origin + WELL_KNOWN, headers={"x-wait": "1", "x-request-id": "gone-1"}, timeout=0.3)
        lines = _lines_of(log, "gone-1", "saw the end", "499")
    records = [json.loads(line) for line in lines if line.startswith("{")]
    assert [r for r in records if r.get("status") == 499], lines
    assert _record(lines, "saw the end")["cancelled"] is True, lines
    assert not [r for r in records if r["level"] in ("ERROR", "WARN")], lines
