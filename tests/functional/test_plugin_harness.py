"""Shared helpers of the plugin functional tests (this module holds no tests).

One `--defaults` project is generated per test session with the scaffold library; its package is
imported from the generated folder and driven in-process with Starlette's TestClient, on a
sample database with a fixed time window so every value is known in advance. Answers are checked
against the spec's own schemas.
"""

from __future__ import annotations

import atexit
import base64
import contextlib
import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from fastapi.testclient import TestClient

from scaffold.host.spec_validation import SpecValidator
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.specs.catalog import load_shipped
from scaffold.specs.shapes import OperationShape, operations

PACKAGE = "acme_sales"
API = "/api/v1"
SAMPLE_END = 1_767_225_600 + 7 * 86_400
KEY = base64.urlsafe_b64encode(bytes(range(32))).decode()
OTHER_KEY = base64.urlsafe_b64encode(bytes(range(1, 33))).decode()
HOSTS = ("db-01", "db-02", "db-03")
CONFIG: list[dict[str, str]] = [
    {"code": "database", "type": "text", "value": "example.sqlite3"},
    {"code": "accessKey", "type": "password", "value": "s3cret-key"},
    {"code": "rowLimit", "type": "number", "value": "100000"},
    {"code": "codeMode", "value": "true"},
    {"code": "codeLang", "type": "select", "value": "sql"},
]


@contextlib.contextmanager
def scaffold_home(home: Path) -> Iterator[None]:
    previous = os.environ.get("SCAFFOLD_HOME")
    os.environ["SCAFFOLD_HOME"] = str(home)
    try:
        yield
    finally:
        if previous is None:
            os.environ.pop("SCAFFOLD_HOME", None)
        else:
            os.environ["SCAFFOLD_HOME"] = previous


def make_project(parent: Path, name: str = "acme-sales") -> Path:
    """A `scaffold new-plugin NAME --defaults` project inside `parent`."""
    with scaffold_home(parent / "scaffold-home"):
        root = parent / name
        create_project(NewProjectOptions(kind=KINDS["plugin"], destination=root, answers={}))
    return root


@cache
def session_root() -> Path:
    root = Path(tempfile.mkdtemp(prefix="plugin-functional-"))
    atexit.register(shutil.rmtree, root, True)
    return root


@cache
def project() -> Path:
    return make_project(session_root())


@cache
def package() -> ModuleType:
    """The generated package, imported from the session's project folder."""
    sys.path.insert(0, str(project()))
    importlib.invalidate_caches()
    return importlib.import_module(f"{PACKAGE}.app")


def module(name: str) -> ModuleType:
    package()
    return importlib.import_module(f"{PACKAGE}.{name}")


@cache
def state_dir() -> Path:
    folder = session_root() / "state"
    sample = module("example.sample_data")
    sample.create_sample_database(folder / sample.SAMPLE_FILE, end=SAMPLE_END)
    return folder


def window() -> tuple[int, int]:
    """(first, last) minute of the sample data."""
    first, last = module("example.sample_data").sample_window(SAMPLE_END)
    return int(first), int(last)


def make_app(**settings: Any) -> Any:
    settings_module = module("settings")
    values = {"state_dir": state_dir(), "secret_key": KEY, **settings}
    return package().create_app(settings_module.Settings(**values))


def client(**settings: Any) -> TestClient:
    return TestClient(make_app(**settings), raise_server_exceptions=False)


@cache
def shared_client() -> TestClient:
    return client()


def plugin_context(fields: list[dict[str, str]] | None = None) -> dict[str, Any]:
    return {
        "orgID": 1,
        "pluginID": "acme-sales",
        "dataSourceInstanceSettings": {"fields": CONFIG if fields is None else fields},
    }


def constructor_request(
    values: list[dict[str, Any]] | None = None, config: list[dict[str, str]] | None = None
) -> dict[str, Any]:
    return {"pluginContext": plugin_context(config), "filter": {"fields": values or []}, "variables": {}}


def get_result_request(
    queries: list[dict[str, Any]],
    variables: dict[str, Any] | None = None,
    config: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    return {"pluginContext": plugin_context(config), "dataQuery": queries, "variables": variables or {}}


def constructor_query(ref: str, host: str, **spec: Any) -> dict[str, Any]:
    """A Constructor-mode DataQuery on the sample cpu_metrics table: `host`, the window's first 3 hours."""
    first, _last = window()
    body = {"queryType": "constructor", "table": "cpu_metrics", "timeColumn": "time", **spec}
    body.setdefault("valueColumns", ["usage"])
    body["filters"] = [{"column": "host", "operator": "=", "value": host}]
    return {
        "refID": ref,
        "maxDataPoints": 500,
        "timeRange": {"from": first, "to": first + 3 * 3600},
        "json": json.dumps(body),
    }


@cache
def spec_validator() -> SpecValidator:
    return SpecValidator(load_shipped("datasource-plugin"))


@cache
def spec_operations() -> dict[str, OperationShape]:
    return {op.path: op for op in operations(load_shipped("datasource-plugin"))}


def assert_valid(path: str, status: int, body: Any) -> None:
    """`body` is a valid answer of the operation at `path` with `status`, per the spec."""
    op = spec_operations()[path]
    validator = spec_validator()
    if validator.has_response(op, status):
        errors = validator.errors_for_response(op, status, body)
    else:
        assert (
            isinstance(body, dict) and body.get("error") is True and isinstance(body.get("message"), str)
        ), body
        errors = []
    assert not errors, f"{path} {status}: {errors}"


def rejection_status(path: str, body: Any) -> int:
    """The status a refused `body` gets: 400 when it breaks the request schema (its form is
    wrong), 422 when it matches the schema and the plugin cannot process its content."""
    return 400 if spec_validator().errors_for_request(spec_operations()[path], body) else 422


def no_nulls(value: Any, allowed: tuple[str, ...] = ("author", "website")) -> bool:
    """No JSON null anywhere except under the nullable keys the contract allows."""
    if isinstance(value, dict):
        return all((v is not None or k in allowed) and no_nulls(v, allowed) for k, v in value.items())
    if isinstance(value, list):
        return all(v is not None and no_nulls(v, allowed) for v in value)
    return True


def by_code(fields: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {f["code"]: f for f in fields}


def option_values(field: dict[str, Any]) -> list[str]:
    return [o["value"] for o in field.get("props", {}).get("options", [])]


def run_json_script(script: str, *args: str) -> Any:
    """Run `script` in a fresh interpreter (`python -c script args`) and parse its last stdout line.

    For checks that must start from a clean process: which threads it starts, which modules it
    imports. A failing script fails the test with its stderr.
    """
    result = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=240, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1])
