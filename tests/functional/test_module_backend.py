"""The generated module backend, in-process: answers checked against the contract spec itself.

A `--defaults` project is made once per module; its backend package is imported from the
generated folder and driven with Starlette's test client. Every request example of the spec is
sent and every answer validated against the spec's schemas; bad input must never produce a 5xx.
ruff and mypy --strict run on the generated code too. The project's own tests run, conformance
included, in tests/e2e/test_new_module.py::test_backend_own_tests_pass, on this very backend
(`new-module --defaults`: the same files byte for byte; only .copier-answers.yml's template
store path differs, which no test reads). Run here too (without the conformance test) they cost
10-16 s of CPU a run, measured on the shared 2-core machine.
"""

from __future__ import annotations

import asyncio
import importlib
import json
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from fastapi.testclient import TestClient
from jsonschema import Draft202012Validator

from scaffold.projects.create import NewProjectOptions, create_project
from scaffold.projects.kinds import KINDS
from tests.conftest import REPO

PACKAGE = "acme_map"
BUILD_MARK = "2026-03-14T09:30:00.000Z"
MIB = 1024 * 1024


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("home")
    previous = os.environ.get("SCAFFOLD_HOME")
    os.environ["SCAFFOLD_HOME"] = str(home)
    try:
        root = tmp_path_factory.mktemp("module") / "acme-map"
        create_project(NewProjectOptions(kind=KINDS["module"], destination=root, answers={}))
    finally:
        if previous is None:
            os.environ.pop("SCAFFOLD_HOME", None)
        else:
            os.environ["SCAFFOLD_HOME"] = previous
    dist = root / "frontend" / "dist"
    dist.mkdir()
    (dist / "module.js").write_text("window.acme_map = {registry: {}};\n", encoding="utf-8")
    (dist / "module.css").write_text(".acme-map-widget{color:red}\n", encoding="utf-8")
    (dist / "build-info.json").write_text(json.dumps({"buildTimestamp": BUILD_MARK}), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def backend(project: Path) -> Iterator[ModuleType]:
    """The generated `acme_map.app` module, imported from the project; unloaded afterwards."""
    sys.path.insert(0, str(project / "backend"))
    try:
        yield importlib.import_module(f"{PACKAGE}.app")
    finally:
        sys.path.remove(str(project / "backend"))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(f"{PACKAGE}.")]:
            del sys.modules[name]


@pytest.fixture(scope="module")
def client(backend: ModuleType, project: Path) -> TestClient:
    settings_module = importlib.import_module(f"{PACKAGE}.settings")
    settings = settings_module.Settings(frontend_dist=project / "frontend" / "dist")
    return TestClient(backend.create_app(settings))


@pytest.fixture(scope="module")
def spec(project: Path) -> dict[str, Any]:
    """The spec the project was generated from (the newest revision of the module contract)."""
    import yaml

    return dict(yaml.safe_load((project / ".scaffold" / "contract.yaml").read_text(encoding="utf-8")))


def validator(spec: dict[str, Any], schema: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/components/schemas/{schema}", "components": spec["components"]})


def operation(spec: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    return dict(spec["paths"][path][method])


def test_well_known_is_the_full_metadata_and_matches_the_schema(
    client: TestClient, spec: dict[str, Any]
) -> None:
    response = client.get("/api/v1/well-known")
    assert response.status_code == 200
    body = response.json()
    validator(spec, "ModuleMetadata").validate(body)
    assert set(spec["components"]["schemas"]["ModuleMetadata"]["properties"]) <= set(body)
    assert body["components"] == ["Widget", "WidgetEditor", "Settings"]
    assert body["buildTimestamp"] == BUILD_MARK


def test_frontend_urls_resolve_as_the_platform_resolves_them(client: TestClient) -> None:
    body = client.get("/api/v1/well-known").json()
    script_url = urljoin(body["frontendHost"], body["entryPoint"])
    query = {"version": body["version"], "buildTimestamp": body["buildTimestamp"]}
    script = client.get(urlsplit(script_url).path, params=query)
    assert script.status_code == 200
    assert script.headers["content-type"] == "text/javascript; charset=utf-8"
    assert script.headers["cache-control"] == "public, max-age=31536000, immutable"
    style = client.get(urlsplit(script_url).path.removesuffix(".js") + ".css", params=query)
    assert style.headers["content-type"] == "text/css; charset=utf-8"


def test_frontend_host_includes_a_proxy_path_prefix(backend: ModuleType, project: Path) -> None:
    settings = importlib.import_module(f"{PACKAGE}.settings").Settings(
        frontend_dist=project / "frontend" / "dist"
    )
    prefixed = TestClient(backend.create_app(settings), root_path="/modules/acme")
    assert prefixed.get("/api/v1/well-known").json()["frontendHost"] == "http://testserver/modules/acme/"


def test_caching_rule(client: TestClient) -> None:
    version = client.get("/api/v1/well-known").json()["version"]
    cases = {
        (): "no-cache",
        (("version", version),): "no-cache",
        (("buildTimestamp", BUILD_MARK),): "no-cache",
        (("version", "0.0.0"), ("buildTimestamp", BUILD_MARK)): "no-cache",
        (("version", version), ("buildTimestamp", "2020-01-01T00:00:00.000Z")): "no-cache",
        (("version", version), ("buildTimestamp", BUILD_MARK)): "public, max-age=31536000, immutable",
    }
    for params, expected in cases.items():
        response = client.get("/static/module.js", params=dict(params))
        assert response.headers["cache-control"] == expected, params
        assert response.headers["etag"].startswith('"')
    etag = client.get("/static/module.js").headers["etag"]
    assert client.get("/static/module.js", headers={"If-None-Match": f'W/{etag}, "x"'}).status_code == 304
    head = client.head("/static/module.js")
    assert head.status_code == 200 and head.content == b"" and int(head.headers["content-length"]) > 0


def test_odd_static_paths_are_404_never_5xx(client: TestClient) -> None:
    for path in (
        "",
        "a" * 5000,
        "%00",
        "../../etc/passwd",
        "%2e%2e/%2e%2e/etc/passwd",
        "build-info.json",
        "//x",
    ):
        response = client.get(f"/static/{path}")
        assert response.status_code == 404, path


def request_examples(spec: dict[str, Any]) -> list[tuple[str, Any]]:
    examples = operation(spec, "/api/v1/demo/status", "post")["requestBody"]["content"]["application/json"][
        "examples"
    ]
    return [(name, example["value"]) for name, example in examples.items()]


@pytest.mark.parametrize("language", ["ru-RU", "en-US"])
def test_every_request_example_is_answered_per_the_schema(
    client: TestClient, spec: dict[str, Any], language: str
) -> None:
    answers = operation(spec, "/api/v1/demo/status", "post")["responses"]["200"]["content"][
        "application/json"
    ]
    messages = {ex["value"]["message"] for ex in answers["examples"].values()}
    for name, body in request_examples(spec):
        response = client.post("/api/v1/demo/status", json=body, headers={"Accept-Language": language})
        assert response.status_code == 200, name
        answer = response.json()
        validator(spec, "DemoStatusResponse").validate(answer)
        assert answer["message"] in messages
        assert answer["payload"] == body.get("payload", body)
        expected_context = "present" if "moduleContext" in body else "absent"
        assert answer["moduleContext"] == expected_context, name
        assert "enc:v1" not in response.text


def test_error_examples_of_the_spec(client: TestClient, spec: dict[str, Any]) -> None:
    """Each documented error example is the backend's own answer to the request it describes."""
    responses = operation(spec, "/api/v1/demo/status", "post")["responses"]

    def example(status: str, name: str) -> Any:
        return responses[status]["content"]["application/json"]["examples"][name]["value"]

    requests = {
        ("400", "malformedJson"): b"x",
        ("400", "matchesNeitherShape"): b'{"message": {}}',
        ("400", "moduleContextNull"): b'{"payload": {"message": "ping"}, "moduleContext": null}',
        ("413", "tooLarge"): b'{"message": "' + b"x" * (1024 * 1024) + b'"}',
        ("422", "tooDeep"): b'{"payload": {"message": "x"}, "moduleContext": ' + b"[" * 65 + b"]" * 65 + b"}",
    }
    for (status, name), raw in requests.items():
        answer = client.post("/api/v1/demo/status", content=raw, headers={"Content-Type": "application/json"})
        assert answer.status_code == int(status), name
        assert answer.json() == example(status, name), name
        validator(spec, "DemoStatusError").validate(answer.json())


def bad_bodies() -> list[bytes]:
    fixed = [
        b"",
        b" ",
        b"{",
        b"}",
        b"nul",
        b"\x00\x01",
        b"\xff\xfe\xfd",
        b'{"a": NaN}',
        b'{"a": Infinity}',
        b"[" * 50000 + b"]" * 50000,
        b'{"a":' * 50000,
        b"1" * 5000,
        b'{"payload": ' + b"1" * 5000 + b"}",
        b'"\\ud800"',
        b'{"payload": {"x": "\\ud800"}}',
        b'{"payload": {}, "moduleContext": {"a": {"b": [1, {"c": null}]}}}',
        b'{"payload": {}, "payload": []}',
        b"x" * (1024 * 1024 + 1),
    ]
    for depth in (100, 255, 256, 500, 900, 990, 1000, 2000, 10000):
        fixed.append(b'{"payload": {"a": ' + b"[" * depth + b"]" * depth + b"}}")
        fixed.append(b'{"payload": {}, "moduleContext": ' + b'{"a": ' * depth + b"1" + b"}" * (depth + 1))
    rng = random.Random(20260101)
    fuzz = [bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 64))) for _ in range(150)]
    pieces = [b"{", b"}", b"[", b"]", b'"payload"', b":", b",", b'"moduleContext"', b"null", b"1", b'"x"']
    shaped = [b"".join(rng.choice(pieces) for _ in range(rng.randint(1, 12))) for _ in range(150)]
    return fixed + fuzz + shaped


def test_bad_input_never_causes_a_5xx(client: TestClient) -> None:
    content_types = ["application/json", "text/plain", "application/x-www-form-urlencoded", "garbage/;;"]
    languages = ["", "*", "en-US;q=abc", "x" * 5000, "zz-ZZ, ru;q=0.1", ",,,;q=1"]
    for index, body in enumerate(bad_bodies()):
        headers = {
            "Content-Type": content_types[index % len(content_types)],
            "Accept-Language": languages[index % len(languages)],
        }
        response = client.post("/api/v1/demo/status", content=body, headers=headers)
        assert response.status_code < 500, (body[:80], response.status_code)
        if response.status_code >= 400:
            assert response.json()["error"] is True


DEMO = "/api/v1/demo/status"


def asgi_scope(length: int) -> dict[str, Any]:
    headers = [(b"host", b"module.test"), (b"content-type", b"application/json")]
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": DEMO,
        "raw_path": DEMO.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [*headers, (b"content-length", str(length).encode())],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8090),
    }


def test_a_refused_body_is_read_to_its_end_before_the_answer(client: TestClient) -> None:
    """A client that writes its whole body before reading must find the 413, not a reset."""
    incoming = [{"type": "http.request", "body": b" " * MIB, "more_body": i < 2} for i in range(3)]
    left_when_answered: list[tuple[int, int]] = []

    async def receive() -> dict[str, Any]:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            left_when_answered.append((message["status"], len(incoming)))

    asyncio.run(client.app(asgi_scope(3 * MIB), receive, send))
    assert left_when_answered == [(413, 0)]


def test_bodies_held_at_once_are_bounded(client: TestClient) -> None:
    """16 bodies with 1 MiB (less a byte) arrived and more to come hold the 16 MiB the backend
    may hold: the next gets 503 with Retry-After; once they are answered, the budget is whole
    again."""
    body = json.dumps({"message": "hello"}).encode()

    async def scenario() -> list[tuple[int, dict[bytes, bytes]]]:
        answers: list[tuple[int, dict[bytes, bytes]]] = []
        release = asyncio.Event()

        async def send(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                answers.append((message["status"], dict(message["headers"])))

        def held() -> Any:
            pieces = [{"type": "http.request", "body": b" " * (MIB - 1), "more_body": True}]

            async def receive() -> dict[str, Any]:
                if pieces:
                    return pieces.pop(0)
                await release.wait()
                return {"type": "http.disconnect"}

            return receive

        async def quick() -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        waiting = [asyncio.create_task(client.app(asgi_scope(MIB), held(), send)) for _ in range(16)]
        await asyncio.sleep(0.1)
        await client.app(asgi_scope(len(body)), quick, send)
        refused = answers[-1]
        release.set()
        await asyncio.gather(*waiting, return_exceptions=True)
        await client.app(asgi_scope(len(body)), quick, send)
        return [refused, answers[-1]]

    refused, later = asyncio.run(scenario())
    assert refused[0] == 503 and refused[1][b"retry-after"] == b"1", refused
    assert later[0] == 200, later


def test_generated_backend_is_ruff_and_mypy_strict_clean(project: Path) -> None:
    tools = Path(sys.executable).parent
    backend = project / "backend"
    ruff = subprocess.run(
        [str(tools / "ruff"), "check", "--no-cache", "."], cwd=backend, capture_output=True, text=True
    )
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr
    formatted = subprocess.run(
        [str(tools / "ruff"), "format", "--check", "--no-cache", "."],
        cwd=backend,
        capture_output=True,
        text=True,
    )
    assert formatted.returncode == 0, formatted.stdout + formatted.stderr
    # With the test worker's mypy cache (tests/conftest.py, worker_mypy_cache), as mypy is run on
    # every other generated project: 1.1 s of CPU instead of 9.5 once the worker has checked
    # FastAPI and pydantic for another project (measured on the shared 2-core machine).
    mypy = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", PACKAGE],
        cwd=backend,
        capture_output=True,
        text=True,
        timeout=600,
        env={**os.environ, "MYPYPATH": str(backend)},
    )
    assert mypy.returncode == 0, mypy.stdout + mypy.stderr


def test_repository_layout_assumption() -> None:
    assert (REPO / "templates" / "module-python" / "project" / "backend").is_dir()
