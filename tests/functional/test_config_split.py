"""The contract's 400/422 split of a health check, over HTTP, in every language (issue 40 point 6).

The contract's Errors table: 400 "request format is wrong (for example too few entries in
DatasourceConfig.fields)", 422 "validation error (for example disallowed characters, empty required
field)" with validationErrors. Found: the Python, TypeScript and Go examples answered a health
check without a required field 422. Each language's example (tests/served_examples.py) and its
`--no-example` starter, given a data source form with two required fields (the starter's own form
is empty, so nothing could be missing), are served as their CI builds them and asked three times:
a required field without entry is 400 with a message naming it and no validationErrors; a required
field sent empty is 422 naming it in validationErrors; both fields given is 200 with status true
(starters) - each message the runtime's text (scaffold/codegen/glue_texts.py) in English.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
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
from tests.served_examples import served_examples
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

HEALTH = "/api/v1/datasource/health-check"
ENGLISH = {"accept-language": "en-US"}
# The example's one required field of its data source form, by language.
EXAMPLE_REQUIRED = {"python": "database", "typescript": "dataset", "go": "dataset"}
# The form a starter is given: two required fields, a URL and a token.
STARTER_FORMS = {
    "python": (
        "        return []\n\n    async def get_query_constructor_fields(",
        '        return [ConstructorField(code="url", type="text", required=True),'
        ' ConstructorField(code="token", type="password", required=True)]\n\n'
        "    async def get_query_constructor_fields(",
    ),
    "typescript": (
        "with their texts from locales/*.json.\n    return Promise.resolve([]);",
        "with their texts from locales/*.json.\n    return Promise.resolve([\n"
        "      { code: 'url', type: 'text', required: true },\n"
        "      { code: 'token', type: 'password', required: true },\n    ]);",
    ),
    "go": (
        "_ *contract.DataSourceConstructorRequest) ([]contract.ConstructorField, error) {\n"
        "\treturn []contract.ConstructorField{}, nil",
        "_ *contract.DataSourceConstructorRequest) ([]contract.ConstructorField, error) {\n"
        "\treturn []contract.ConstructorField{\n"
        '\t\t{Code: "url", Type: contract.Some(contract.ConstructorFieldTypeText), Required: contract.Some(true)},\n'
        '\t\t{Code: "token", Type: contract.Some(contract.ConstructorFieldTypePassword), Required: contract.Some(true)},\n'
        "\t}, nil",
    ),
}
FILES = {
    "python": Path("acme_sales/datasource.py"),
    "typescript": Path("src/datasource.ts"),
    "go": Path("internal/datasource/datasource.go"),
}


def _post(origin: str, fields: list[dict[str, str]]) -> httpx.Response:
    return httpx.post(origin + HEALTH, json={"fields": fields}, headers=ENGLISH, timeout=30)


def assert_too_few(answer: httpx.Response, missing: str) -> None:
    assert answer.status_code == 400, answer.text[:300]
    body = answer.json()
    assert body["error"] is True and body["status"] is False, body
    assert body["message"] == runtime_text("en-US", "form.missing", codes=missing), body
    assert "validationErrors" not in body, body


def assert_invalid(answer: httpx.Response, code: str) -> None:
    assert answer.status_code == 422, answer.text[:300]
    body = answer.json()
    assert body["error"] is True and body["status"] is False, body
    assert body["message"] == runtime_text("en-US", "form.invalid", count=1), body
    assert body["validationErrors"] == {code: runtime_text("en-US", "form.required")}, body


@pytest.fixture(scope="module")
def examples(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    with served_examples(tmp_path_factory) as served:
        yield served


@pytest.mark.parametrize("language", sorted(EXAMPLE_REQUIRED))
def test_the_example_answers_400_for_too_few_entries_and_422_for_an_empty_required_field(
    examples: dict[str, str], language: str
) -> None:
    origin, code = examples[language], EXAMPLE_REQUIRED[language]
    assert_too_few(_post(origin, []), code)
    assert_invalid(_post(origin, [{"code": code, "value": " "}]), code)


def _starter(language: str, factory: pytest.TempPathFactory) -> Path:
    """The `--no-example` project with the two-field form, as its CI builds it."""
    if language == "python":
        root = factory.mktemp("starter-python") / NAME
        with scaffold_home(factory.getbasetemp() / "scaffold-home"):
            kind = KINDS["plugin"].for_language("python")
            answers = {"project_name": NAME, "example": False}
            create_project(NewProjectOptions(kind=kind, destination=root, answers=answers))
    else:
        source = built_plugin(language, factory, example=False)
        root = copy_project(source, factory.mktemp(f"starter-{language}") / NAME)
    path = root / FILES[language]
    old, new = STARTER_FORMS[language]
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{path}: the form to replace is not there once"
    path.write_text(text.replace(old, new), encoding="utf-8")
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


@contextlib.contextmanager
def _served_starter(language: str, factory: pytest.TempPathFactory) -> Iterator[str]:
    root = _starter(language, factory)
    argv: dict[str, tuple[list[str], dict[str, str]]] = {
        "python": ([sys.executable, "-m", "acme_sales"], {**os.environ, "PYTHONPATH": str(root)}),
        "typescript": (["node", "dist/main.js"], dict(os.environ)),
        "go": ([str(root / "bin" / "plugin")], go_environment()),
    }
    command, env = argv[language]
    env = {**env, "PLUGIN_STATE_DIR": str(root.parent / "state"), "PLUGIN_SECRET_KEY": KEY}
    with serve_command(
        command, cwd=root, env=env, probe_path="/healthz", log_path=root.parent / "log"
    ) as origin:
        yield origin


@pytest.mark.parametrize("language", ["python", "typescript", "go"])
def test_the_starter_with_a_form_answers_the_split(
    language: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    with _served_starter(language, tmp_path_factory) as origin:
        assert_too_few(_post(origin, [{"code": "url", "value": "http://127.0.0.1:9"}]), "token")
        assert_too_few(_post(origin, []), "url, token")
        assert_invalid(_post(origin, [{"code": "url", "value": ""}, {"code": "token", "value": "t"}]), "url")
        answer: dict[str, Any] = _post(
            origin, [{"code": "url", "value": "http://127.0.0.1:9"}, {"code": "token", "value": "t"}]
        ).json()
        assert answer["status"] is True, answer
