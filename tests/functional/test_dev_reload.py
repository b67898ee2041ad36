"""`scaffold dev` reloads the service when any file its package reads is saved, not only its code.

A generated plugin reads its texts from `<package>/locales/<locale>.json` once, when the app is
made; uvicorn's reloader watches `*.py` only unless told otherwise. This runs a real `scaffold dev`
in a project made by `scaffold new-plugin` (the service on this interpreter, which has uvicorn and
watchfiles through scaffold's `test` extra, as a generated project has them through
`uvicorn[standard]`), saves a changed label in `locales/en-US.json` and waits, with a deadline,
for the next data source form the page asks for to carry it.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.cli_runner import run_scaffold
from tests.conftest import REPO

pytestmark = pytest.mark.slow

PAGE_LINE = "page:"
EDITED = " (edited)"


@contextmanager
def scaffold_dev(project: Path, env: dict[str, str]) -> Iterator[tuple[str, list[str]]]:
    """`python -m scaffold dev` in `project` (its own process group), until its page URL is printed;
    yields that URL and the lines printed so far (kept growing). Stopped as Ctrl-C does, at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scaffold", "dev", "--port", "0", "--python", sys.executable],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    lines: list[str] = []

    def read() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.append(line.rstrip("\n"))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()

    def page_url() -> str:
        return next((line.split()[1] for line in list(lines) if line.startswith(PAGE_LINE)), "")

    try:
        wait_until(lambda: bool(page_url()) or process.poll() is not None, 120, "the page URL printed")
        assert page_url(), "scaffold dev exited:\n" + "\n".join(lines)
        yield page_url(), lines
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGINT)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)
        reader.join(timeout=10)


def wait_until(condition: Callable[[], bool], seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds:g} s"
        time.sleep(0.1)


def datasource_names(page: str) -> list[str]:
    """The field names of the data source form, asked through the page's API in en-US ([] if none)."""
    try:
        answer = httpx.post(
            f"{page.rstrip('/')}/dev-api/plugin/call",
            json={"operation": "datasourceFields", "locale": "en-US", "input": {}},
            timeout=10,
        )
        entry: dict[str, Any] = answer.json()["entry"]
    except (httpx.HTTPError, ValueError, KeyError):
        return []
    if entry["status"] != 200 or not isinstance(entry["response"], list):
        return []
    return [str(field.get("name", "")) for field in entry["response"]]


def replace_text(data: Any, old: str, new: str) -> tuple[Any, int]:
    """`data` with every string equal to `old` replaced by `new`, and how many were."""
    if isinstance(data, dict):
        pairs = [(key, *replace_text(value, old, new)) for key, value in data.items()]
        return {key: value for key, value, _ in pairs}, sum(count for _, _, count in pairs)
    if isinstance(data, list):
        items = [replace_text(value, old, new) for value in data]
        return [value for value, _ in items], sum(count for _, count in items)
    return (new, 1) if data == old else (data, 0)


def test_a_saved_locale_file_reloads_the_plugin(tmp_path: Path) -> None:
    project = tmp_path / "acme-sql"
    made = run_scaffold(
        ["new-plugin", str(project), "--defaults"], env={"SCAFFOLD_HOME": str(tmp_path / "home")}
    )
    assert made.returncode == 0, made.stdout + made.stderr
    env = {key: value for key, value in os.environ.items() if key != "VIRTUAL_ENV"}
    env |= {
        "PYTHONPATH": os.pathsep.join([str(project), str(REPO)]),
        "PLUGIN_STATE_DIR": str(tmp_path / "state"),
        "LOG_LEVEL": "warning",
    }
    with scaffold_dev(project, env) as (page, lines):
        names = datasource_names(page)
        assert names and names[0], "\n".join(lines)
        label = names[0]
        catalogue = project / "acme_sql" / "locales" / "en-US.json"
        texts, replaced = replace_text(
            json.loads(catalogue.read_text(encoding="utf-8")), label, label + EDITED
        )
        assert replaced, f"{label!r} is not a text of {catalogue}"
        catalogue.write_text(json.dumps(texts, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")

        wait_until(lambda: label + EDITED in datasource_names(page), 60, "the reload after saving en-US.json")
        assert not any("no effect unless watchfiles" in line for line in lines), "\n".join(lines)
