"""`scaffold new-plugin` end to end, as a new plugin team would and as the platform would.

With scaffold installed from its wheel into a fresh venv: `scaffold new-plugin acme-sales
--defaults`; `pip install -e "acme-sales[test]"` into another fresh venv; the project's own
pytest; `python -m acme_sales` (two workers) on a free port; then the platform's call order over
HTTP (well-known -> data source form -> health check -> query form with a trigger re-request, in
two languages -> get-result with two queries -> variable form and values) and bad input: a
1 MB string, NUL/RTL/emoji, deep nesting, wrong types, non-JSON, a wrong content type, 10 MiB.
The server is always stopped, whatever fails.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from scaffold.host.spec_validation import SpecValidator
from scaffold.specs.catalog import load_shipped
from scaffold.specs.shapes import operations
from tests.e2e.conformance_depth import fewer_conformance_examples
from tests.e2e.conftest import InstalledScaffold, pip_install
from tests.served_process import serve_package

pytestmark = pytest.mark.slow

SECRET = "e2e-access-key"
CONFIG = [
    {"code": "database", "type": "text", "value": "example.sqlite3"},
    {"code": "accessKey", "type": "password", "value": SECRET},
    {"code": "codeMode", "value": "true"},
    {"code": "codeLang", "type": "select", "value": "sql"},
]


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None, timeout: float = 600) -> str:
    result = subprocess.run(
        command,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        check=False,
    )
    assert result.returncode == 0, (
        f"{' '.join(command)} failed in {cwd}:\n{result.stdout[-4000:]}\n{result.stderr[-4000:]}"
    )
    return result.stdout


@dataclass(frozen=True)
class Project:
    root: Path
    python: Path


@pytest.fixture(scope="session")
def project(installed_scaffold: InstalledScaffold, tmp_path_factory: pytest.TempPathFactory) -> Project:
    base = tmp_path_factory.mktemp("new-plugin")
    home = tmp_path_factory.mktemp("scaffold-home-plugin")
    output = run(
        [*installed_scaffold.scaffold, "new-plugin", str(base / "acme-sales"), "--defaults"],
        base,
        env={"SCAFFOLD_HOME": str(home)},
    )
    assert "contract datasource-plugin 1.2.0" in output
    root = base / "acme-sales"
    environment = tmp_path_factory.mktemp("plugin-venv")
    venv.EnvBuilder(with_pip=True, clear=True).create(environment)
    python = environment / "bin" / "python"
    pip_install(python, "-e", f"{root}[test]")
    return Project(root=root, python=python)


@dataclass(frozen=True)
class Server:
    url: str
    log: Path


@pytest.fixture(scope="session")
def server(project: Project, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`python -m acme_sales` with HOST/PORT from the environment; killed in every case."""
    state = tmp_path_factory.mktemp("plugin-state")
    log_path = tmp_path_factory.mktemp("plugin-log") / "server.log"
    env = {
        **os.environ,
        "WORKERS": "2",
        "PLUGIN_STATE_DIR": str(state),
    }
    env.pop("PLUGIN_SECRET_KEY", None)
    env.pop("PLUGIN_ENV", None)
    with serve_package(
        project.python,
        "acme_sales",
        cwd=project.root,
        env=env,
        probe_path="/api/v1/well-known",
        log_path=log_path,
    ) as origin:
        yield Server(url=f"{origin}/api/v1", log=log_path)


@pytest.fixture(scope="session")
def spec_check() -> Any:
    spec = load_shipped("datasource-plugin")
    validator = SpecValidator(spec)
    by_path = {op.path: op for op in operations(spec)}

    def check(path: str, status: int, body: Any) -> None:
        op = by_path[path]
        if validator.has_response(op, status):
            assert not validator.errors_for_response(op, status, body), (path, status, body)
        else:
            assert body["error"] is True and body["message"], body

    return check


def test_wheel_ships_the_plugin_generator(installed_scaffold: InstalledScaffold) -> None:
    names = set(zipfile.ZipFile(installed_scaffold.wheel).namelist())
    for template in ("base.py.jinja", "routes.py.jinja", "frames.py.jinja", "__init__.py.jinja"):
        assert f"scaffold/codegen/python/templates/plugin/{template}" in names
    for module in ("dispatch.py", "secrets.py", "forms.py", "text_catalog.py", "http_json.py", "locale.py"):
        assert f"scaffold/codegen/python/runtime_files/{module}" in names
    assert (
        "scaffold/_data/templates/plugin-python/project/{{package_name}}/{% if example %}datasource.py{% endif %}.jinja"
        in names
    )


def test_project_wheel_carries_the_package_data(project: Project, tmp_path: Path) -> None:
    """`pip install .` (not editable) must ship the locales and the contract-owned code."""
    run(
        [
            str(project.python),
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--quiet",
            "-w",
            str(tmp_path),
            str(project.root),
        ],
        tmp_path,
    )
    wheel = next(tmp_path.glob("acme_sales-0.1.0-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for name in (
        "locales/ru-RU.json",
        "locales/en-US.json",
        "_contract/routes.py",
        "_contract/models.py",
        "example/sample_data.py",
        "__main__.py",
    ):
        assert f"acme_sales/{name}" in names, name
    assert not any(n.startswith(("tests/", ".plugin-state")) for n in names)


def test_project_own_tests_pass(project: Project) -> None:
    """The project's whole pytest, its Schemathesis conformance test included (one per operation).

    With fewer generated requests per operation: tests/conformance counts the template's 200.
    """
    with fewer_conformance_examples(project.root, boundary_cases=False):
        output = run(
            [str(project.python), "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rA"], project.root
        )
    assert " passed" in output and "failed" not in output
    conformance = [
        line for line in output.splitlines() if line.startswith("PASSED tests/test_conformance.py")
    ]
    assert len(conformance) >= 7, f"the conformance test did not run per operation:\n{output[-4000:]}"


def test_platform_call_order(server: Server, spec_check: Any) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:

        def post(path: str, body: Any, language: str = "ru-RU") -> Any:
            answer = client.post(path, json=body, headers={"Accept-Language": language})
            assert answer.status_code == 200, (path, answer.text[:500])
            spec_check(path, 200, answer.json())
            return answer.json()

        metadata = client.get("/well-known").json()
        spec_check("/well-known", 200, metadata)
        assert metadata["name"] == "acme-sales" and metadata["baseUrl"] == server.url

        for language, table_name in (("ru-RU", "Таблица"), ("en-US;q=0.9, de;q=0.5", "Table")):
            form = post("/datasource/constructor-fields", {"filter": {"fields": []}}, language)
            assert [f["code"] for f in form][:2] == ["database", "accessKey"]
            health = post("/datasource/health-check", {"fields": CONFIG}, language)
            assert health["status"] is True
            saved = health["datasourceConfig"]["fields"]
            token = next(f["value"] for f in saved if f["code"] == "accessKey")
            assert token.startswith("enc:v1:") and SECRET not in json.dumps(health)
            context = {"orgID": 1, "pluginID": "acme-sales", "dataSourceInstanceSettings": {"fields": saved}}

            first = post(
                "/query/constructor-fields",
                {"pluginContext": context, "filter": {"fields": []}, "variables": {}},
                language,
            )
            fields = {f["code"]: f for f in first}
            assert fields["table"]["name"] == table_name
            assert [o["value"] for o in fields["queryType"]["props"]["options"]] == [
                "constructor",
                "json",
                "code",
            ]
            triggers = [
                {"key": "queryType", "value": "constructor"},
                {"key": "table", "value": "disk_metrics"},
            ]
            again = post(
                "/query/constructor-fields",
                {"pluginContext": context, "filter": {"fields": triggers}, "variables": {}},
                language,
            )
            columns = next(f for f in again if f["code"] == "valueColumns")
            assert [o["value"] for o in columns["props"]["options"]] == ["read_bytes", "write_bytes"]

        now = int(time.time())
        queries = [
            {
                "refID": "A",
                "maxDataPoints": 30,
                "timeRange": {"from": now - 3600, "to": now},
                "json": json.dumps(
                    {
                        "table": "cpu_metrics",
                        "valueColumns": ["usage"],
                        "groupBy": "host",
                        "filters": [{"column": "host", "operator": "=", "value": "$hosts"}],
                    }
                ),
            },
            {
                "refID": "B",
                "codeQuery": "SELECT hostname, cores FROM servers WHERE region = '$region' ORDER BY hostname",
                "json": json.dumps({"queryType": "code", "format": "table"}),
            },
        ]
        result = post(
            "/query/get-result",
            {
                "pluginContext": context,
                "dataQuery": queries,
                "variables": {"hosts": ["db-01", "db-02"], "region": "eu-west"},
            },
        )
        assert [f["refID"] for f in result["frames"]] == ["A", "B"]
        series = result["frames"][0]["fields"]
        assert [f["labels"] for f in series] == ["host=db-01", "host=db-02"]
        assert all(0 < len(f["values"]) <= 30 for f in series)
        assert all(
            k.isdigit() and isinstance(v, str) for f in series for p in f["values"] for k, v in p.items()
        )
        assert result["frames"][1]["fields"][0]["values"] == [
            {"hostname": "db-01", "cores": 16},
            {"hostname": "db-02", "cores": 8},
        ]

        variable_form = post(
            "/variable/constructor-fields",
            {"pluginContext": context, "filter": {"fields": []}, "variables": {}},
        )
        assert [f["code"] for f in variable_form][:3] == ["source", "table", "column"]
        values = post(
            "/variable/values",
            {
                "pluginContext": context,
                "json": json.dumps({"table": "servers", "column": "hostname"}),
                "variables": {},
            },
        )
        assert [v["value"] for v in values] == ["db-01", "db-02", "db-03"]
    assert SECRET not in server.log.read_text(encoding="utf-8")


BAD_INPUT: list[tuple[str, bytes, str]] = [
    ("not json", b"{nope", "application/json"),
    ("empty", b"", "application/json"),
    ("deep nesting", b"[" * 200_000 + b"]" * 200_000, "application/json"),
    (
        "wrong types",
        b'{"fields": "x", "dataQuery": 5, "filter": [], "json": 1, "variables": "v"}',
        "application/json",
    ),
    ("wrong content type", b'{"fields": []}', "text/plain"),
    ("form data", b"fields=1", "application/x-www-form-urlencoded"),
    (
        "1 MB string",
        json.dumps(
            {
                "fields": [{"code": "database", "value": "x" * 1_000_000}],
                "json": "x" * 1_000_000,
                "dataQuery": [{"refID": "y" * 1_000_000}],
            }
        ).encode(),
        "application/json",
    ),
    (
        "NUL RTL emoji",
        json.dumps(
            {
                "fields": [{"code": "database", "value": "\u0000\u202e😀"}],
                "json": "\u0000\u202e😀",
                "dataQuery": [{"refID": "\u202e😀", "json": '{"table": "\u0000"}'}],
                "filter": {"fields": [{"key": "table", "value": "😀\u202e"}]},
            }
        ).encode(),
        "application/json",
    ),
    ("over 10 MiB", b'{"json": "' + b"a" * (10 * 1024 * 1024 + 10) + b'"}', "application/json"),
]
PATHS = [
    "/datasource/health-check",
    "/datasource/constructor-fields",
    "/query/constructor-fields",
    "/query/get-result",
    "/variable/constructor-fields",
    "/variable/values",
]


def test_bad_input_is_4xx_json(server: Server, spec_check: Any) -> None:
    with httpx.Client(base_url=server.url, timeout=60) as client:
        for label, body, content_type in BAD_INPUT:
            for path in PATHS:
                answer = client.post(path, content=body, headers={"content-type": content_type})
                assert 400 <= answer.status_code < 500 or answer.status_code == 200, (
                    label,
                    path,
                    answer.status_code,
                )
                payload = answer.json()
                if answer.status_code >= 400:
                    assert payload["error"] is True and payload["message"], (label, path)
                    assert len(answer.content) < 2000, (label, path)
                    if answer.status_code in (400, 422):
                        spec_check(path, answer.status_code, payload)
                if label in (
                    "not json",
                    "empty",
                    "deep nesting",
                    "wrong types",
                    "wrong content type",
                    "form data",
                ):
                    assert answer.status_code == 400, (label, path, answer.text[:200])
                if label == "over 10 MiB":  # no Accept-Language: the contract's default, ru-RU
                    assert answer.status_code == 413 and payload == {
                        "error": True,
                        "message": "Тело запроса больше 10 МиБ",
                    }
        assert client.get("/nope").json()["error"] is True
    log = server.log.read_text(encoding="utf-8")
    assert "Traceback" not in log and "Internal error" not in log
