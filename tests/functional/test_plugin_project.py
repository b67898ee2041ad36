"""The generated project as files: its own tests, lint and types, and a newer contract.

- ruff is clean and mypy --strict is clean on the generated code (the project's own pytest, its
  conformance test included, runs in tests/e2e/test_new_plugin.py::test_project_own_tests_pass, on
  the same files made by the installed CLI's `new-plugin --defaults`; it ran here a second time);
- `scaffold regenerate --check` agrees with what `new-plugin` wrote;
- with the synthetic 1.3.0 contract (adds POST /query/explain) the regenerated routes and base
  pick the new endpoint up; the unchanged 1.2.0 datasource.py stops the start with a message
  naming the method to add; once added, the endpoint is served.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest
from fastapi.testclient import TestClient

from scaffold.codegen.plugin_project import contract_files
from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from scaffold.specs.loader import load_spec_file
from tests.cli_runner import run_scaffold
from tests.conftest import FUTURE_PLUGIN_SPEC, REPO
from tests.functional.test_plugin_harness import KEY, make_project, project, scaffold_home, session_root

EXPECTED_MESSAGE = (
    "acme-next: cannot start: AcmeNextDataSource in acme_next/datasource.py does not implement "
    "explain_query (POST /query/explain, datasource-plugin 1.3.0); add: def explain_query(self, "
    "request: QueryDataRequest, context: RequestContext) -> list[QueryExplanation]"
)
EXPLAIN = """

    def explain_query(self, request: QueryDataRequest, context: RequestContext) -> list[QueryExplanation]:
        return [QueryExplanation(ref_id=q.ref_id or "?", plan=f"SCAN {q.json_}") for q in request.data_query or []]
"""


def tool(name: str) -> str:
    return str(Path(sys.executable).with_name(name))


def test_ruff_is_clean() -> None:
    check = subprocess.run(
        [tool("ruff"), "check", "."], cwd=project(), capture_output=True, text=True, check=False
    )
    assert check.returncode == 0, check.stdout + check.stderr
    fmt = subprocess.run(
        [tool("ruff"), "format", "--check", "."], cwd=project(), capture_output=True, text=True, check=False
    )
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_mypy_strict_is_clean() -> None:
    result = subprocess.run(
        # Incremental, in the worker's cache (tests/conftest.py): mypy re-checks every module whose
        # source or options differ from the cached run, so the verdict is a clean run's; without the
        # cache 8.5 s of CPU went to analysing FastAPI, pydantic and the standard library again.
        [tool("mypy"), "--strict", "acme_sales", "tests"],
        cwd=project(),
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-4000:]


def test_regenerate_check_agrees() -> None:
    result = run_scaffold(["regenerate", "--check", str(project())], cwd=REPO)
    assert result.returncode == 0, result.stdout + result.stderr


def test_odd_answers_are_escaped_everywhere(tmp_path: Path) -> None:
    title = 'Ünïcode "q" \\N \\x """ <b>&'
    description = "desc ''' \\u0000 {{ x }} {% raw %}"
    author = 'O\'Brien "x" \\'
    with scaffold_home(tmp_path / "home"):
        root = tmp_path / "odd-names"
        answers = {"title": title, "description": description, "author": author}
        create_project(NewProjectOptions(kind=KINDS["plugin"], destination=root, answers=answers))
    for path in root.rglob("*.py"):
        compile(path.read_text(encoding="utf-8"), str(path), "exec")
    metadata = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert metadata["description"] == description and metadata["authors"] == [{"name": author}]
    for locale in ("ru-RU", "en-US"):
        texts = json.loads((root / f"odd_names/locales/{locale}.json").read_text(encoding="utf-8"))
        assert texts["plugin"]["title"] == title and texts["plugin"]["description"] == description
    datasource = (root / "odd_names/datasource.py").read_text(encoding="utf-8")
    literal = re.search(r"author=(.*),\n", datasource)
    assert literal is not None and ast.literal_eval(literal.group(1)) == author


@pytest.fixture(scope="module")
def next_project() -> Path:
    """A 1.2.0 project (package acme_next) whose contract-owned files were regenerated from 1.3.0."""
    root = make_project(session_root() / "next", "acme-next")
    spec = load_spec_file(FUTURE_PLUGIN_SPEC)
    for path, text in contract_files(spec, {"package_name": "acme_next"}).items():
        (root / path).write_text(text, encoding="utf-8")
    return root


def test_new_operation_is_generated(next_project: Path) -> None:
    base = (next_project / "acme_next/_contract/base.py").read_text(encoding="utf-8")
    routes = (next_project / "acme_next/_contract/routes.py").read_text(encoding="utf-8")
    assert "def explain_query(" in base and "EXPLAIN_QUERY = Operation(" in base
    operations = base[base.index("OPERATIONS: tuple[Operation, ...] = (") :].split(")", 1)[0]
    assert "    EXPLAIN_QUERY,\n" in operations  # routes.py adds a route for each of OPERATIONS
    assert "for op in in_route_order(OPERATIONS, first, CONTRACT):" in routes
    models = (next_project / "acme_next/_contract/models.py").read_text(encoding="utf-8")
    assert "class QueryExplanation(ContractModel)" in models and "interval_ms" in models


def test_unchanged_datasource_stops_the_start(next_project: Path, tmp_path: Path) -> None:
    env = {
        **os.environ,
        "PYTHONPATH": str(next_project),
        "PLUGIN_STATE_DIR": str(tmp_path),
        "PLUGIN_SECRET_KEY": KEY,
        "PORT": "1",
    }
    result = subprocess.run(
        [sys.executable, "-m", "acme_next"],
        cwd=next_project,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.strip().splitlines()[-1] == EXPECTED_MESSAGE
    assert "Traceback" not in result.stderr


@pytest.fixture
def next_package(next_project: Path, tmp_path: Path) -> Iterator[ModuleType]:
    copy = tmp_path / "acme-next"
    shutil.copytree(next_project, copy)
    datasource = copy / "acme_next/datasource.py"
    text = datasource.read_text(encoding="utf-8")
    text = text.replace("    QueryDataRequest,\n", "    QueryDataRequest,\n    QueryExplanation,\n")
    datasource.write_text(text.rstrip("\n") + EXPLAIN, encoding="utf-8")
    sys.path.insert(0, str(copy))
    try:
        yield importlib.import_module("acme_next.app")
    finally:
        sys.path.remove(str(copy))
        for name in [n for n in sys.modules if n == "acme_next" or n.startswith("acme_next.")]:
            del sys.modules[name]


def test_added_method_is_served(next_package: ModuleType, tmp_path: Path) -> None:
    settings = importlib.import_module("acme_next.settings").Settings(state_dir=tmp_path, secret_key=KEY)
    api = TestClient(next_package.create_app(settings))
    body = {"dataQuery": [{"refID": "A", "json": "{}", "intervalMs": 1000}, {"refID": "B"}]}
    answer = api.post("/api/v1/query/explain", json=body)
    assert answer.status_code == 200, answer.text
    assert answer.json() == [{"refID": "A", "plan": "SCAN {}"}, {"refID": "B", "plan": "SCAN None"}]
    bad = api.post("/api/v1/query/explain", content=b"{nope", headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"] is True
    metadata = api.get("/api/v1/well-known").json()
    assert "logoUrl" not in metadata and json.dumps(metadata)
