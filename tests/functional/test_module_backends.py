"""Every module backend language answers the platform alike, over HTTP, byte for byte where it matters.

One set of tests, run against the backend of each language scaffold writes (scaffold.contracts:
MODULE.service_languages), each started as its CI starts it (tests/built_module_backends.py) and
called over real sockets as the platform and its proxy call it: the well-known answer against the
spec's schema, the bundle's URLs and caching, odd static paths, every request and error example of
the spec (the error bodies compared with the spec's examples, so every language says the same
sentences), bad input that never makes a 5xx, a refused body read to its end before the answer, the
bytes of bodies held at once, the probes, the metrics' labels and the error body of unknown paths.

These were the Python backend's in-process tests (test_module_backend.py), which keep what only an
in-process app can show (a proxy's root path) and its lint; a language added to the registry is
held to this file without a line changed here.
"""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import httpx
import pytest
import yaml
from jsonschema import Draft202012Validator
from prometheus_client.parser import text_string_to_metric_families

from scaffold.codegen.module_backend_texts import MODULE_TEXTS
from scaffold.codegen.python.runtime_files.secrets import SecretBox, parse_key
from scaffold.contracts import MODULE
from tests.built_module_backends import BUILD_MARK, START, built_module, serve_backend
from tests.go_toolchain import go_environment
from tests.served_process import read_to_the_end

pytestmark = pytest.mark.slow

MIB = 1024 * 1024
DEMO = "/api/v1/demo/status"


@pytest.fixture(scope="module", params=MODULE.service_languages)
def served(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[str, Path]]:
    """(origin, project) of the module's backend in each language, running for this file's tests."""
    language = str(request.param)
    root = built_module(language, tmp_path_factory)
    log = tmp_path_factory.mktemp(f"log-{language}") / "service.log"
    with serve_backend(root, language, log) as origin:
        yield origin, root


@pytest.fixture(scope="module")
def client(served: tuple[str, Path]) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=served[0], timeout=30) as opened:
        yield opened


@pytest.fixture(scope="module")
def spec(served: tuple[str, Path]) -> dict[str, Any]:
    """The spec the project was generated from."""
    return dict(yaml.safe_load((served[1] / ".scaffold" / "contract.yaml").read_text(encoding="utf-8")))


def validator(spec: dict[str, Any], schema: str) -> Draft202012Validator:
    return Draft202012Validator({"$ref": f"#/components/schemas/{schema}", "components": spec["components"]})


def operation(spec: dict[str, Any], path: str, method: str) -> dict[str, Any]:
    return dict(spec["paths"][path][method])


def test_well_known_is_the_full_metadata_and_matches_the_schema(
    client: httpx.Client, spec: dict[str, Any]
) -> None:
    response = client.get("/api/v1/well-known")
    assert response.status_code == 200
    body = response.json()
    validator(spec, "ModuleMetadata").validate(body)
    assert set(spec["components"]["schemas"]["ModuleMetadata"]["properties"]) <= set(body)
    assert body["components"] == ["Widget", "WidgetEditor", "Settings"]
    assert body["buildTimestamp"] == BUILD_MARK
    assert body["frontendHost"] == str(client.base_url).rstrip("/") + "/"
    assert body["name"] == "acme-map" and body["scope"] == "acme_map" and body["canAddToDashboard"] is True
    languages = {item["lang"] for item in body["title"]}
    assert languages == {"ru-RU", "en-US"}


def test_frontend_urls_resolve_as_the_platform_resolves_them(client: httpx.Client) -> None:
    body = client.get("/api/v1/well-known").json()
    script_url = urljoin(body["frontendHost"], body["entryPoint"])
    query = {"version": body["version"], "buildTimestamp": body["buildTimestamp"]}
    script = client.get(urlsplit(script_url).path, params=query)
    assert script.status_code == 200
    assert script.headers["content-type"] == "text/javascript; charset=utf-8"
    assert script.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert script.headers["x-content-type-options"] == "nosniff"
    assert script.headers["access-control-allow-origin"] == "*"
    style = client.get(urlsplit(script_url).path.removesuffix(".js") + ".css", params=query)
    assert style.headers["content-type"] == "text/css; charset=utf-8"
    assert style.text == ".acme-map-widget{color:red}\n"


def test_caching_rule(client: httpx.Client) -> None:
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
    assert len(etag) == 34  # a quoted sha256 prefix of 32 hex digits, in every language
    assert client.get("/static/module.js", headers={"If-None-Match": f'W/{etag}, "x"'}).status_code == 304
    assert client.get("/static/module.js", headers={"If-None-Match": "*"}).status_code == 304
    head = client.head("/static/module.js")
    assert head.status_code == 200 and head.content == b"" and int(head.headers["content-length"]) > 0


def test_odd_static_paths_are_404_never_5xx(client: httpx.Client) -> None:
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
        assert response.json()["error"] is True, path


def test_unknown_paths_and_methods_answer_the_error_body(client: httpx.Client) -> None:
    missing = client.get("/nowhere/at/all")
    assert missing.status_code == 404
    assert missing.json() == {
        "error": True,
        "message": "Not found: this module backend has no endpoint at this path",
    }
    wrong = client.delete(DEMO)
    assert wrong.status_code == 405
    assert wrong.json() == {
        "error": True,
        "message": "Method not allowed: this path does not serve this method",
    }


def request_examples(spec: dict[str, Any]) -> list[tuple[str, Any]]:
    examples = operation(spec, DEMO, "post")["requestBody"]["content"]["application/json"]["examples"]
    return [(name, example["value"]) for name, example in examples.items()]


@pytest.mark.parametrize("language", ["ru-RU", "en-US"])
def test_every_request_example_is_answered_per_the_schema(
    client: httpx.Client, spec: dict[str, Any], language: str
) -> None:
    answers = operation(spec, DEMO, "post")["responses"]["200"]["content"]["application/json"]
    messages = {ex["value"]["message"] for ex in answers["examples"].values()}
    for name, body in request_examples(spec):
        response = client.post(DEMO, json=body, headers={"Accept-Language": language})
        assert response.status_code == 200, name
        answer = response.json()
        validator(spec, "DemoStatusResponse").validate(answer)
        assert answer["message"] in messages
        assert answer["payload"] == body.get("payload", body)
        assert answer["moduleContext"] == ("present" if "moduleContext" in body else "absent"), name
        assert response.headers["content-language"] == language
        assert "enc:v1" not in response.text


def test_error_examples_of_the_spec(client: httpx.Client, spec: dict[str, Any]) -> None:
    """Each documented error example is the backend's own answer to the request it describes."""
    responses = operation(spec, DEMO, "post")["responses"]

    def example(status: str, name: str) -> Any:
        return responses[status]["content"]["application/json"]["examples"][name]["value"]

    requests = {
        ("400", "malformedJson"): b"x",
        ("400", "matchesNeitherShape"): b'{"message": {}}',
        ("400", "moduleContextNull"): b'{"payload": {"message": "ping"}, "moduleContext": null}',
        ("413", "tooLarge"): b'{"message": "' + b"x" * MIB + b'"}',
        ("422", "tooDeep"): b'{"payload": {"message": "x"}, "moduleContext": ' + b"[" * 65 + b"]" * 65 + b"}",
    }
    for (status, name), raw in requests.items():
        answer = client.post(DEMO, content=raw, headers={"Content-Type": "application/json"})
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
        b'{"message": "a", "message": "b"}',
        b"x" * (MIB + 1),
    ]
    for depth in (100, 255, 256, 500, 900, 990, 1000, 2000, 10000):
        fixed.append(b'{"payload": {"a": ' + b"[" * depth + b"]" * depth + b"}}")
        fixed.append(b'{"payload": {}, "moduleContext": ' + b'{"a": ' * depth + b"1" + b"}" * (depth + 1))
    rng = random.Random(20260101)
    fuzz = [bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 64))) for _ in range(150)]
    pieces = [b"{", b"}", b"[", b"]", b'"payload"', b":", b",", b'"moduleContext"', b"null", b"1", b'"x"']
    shaped = [b"".join(rng.choice(pieces) for _ in range(rng.randint(1, 12))) for _ in range(150)]
    return fixed + fuzz + shaped


def test_bad_input_never_causes_a_5xx(client: httpx.Client) -> None:
    content_types = ["application/json", "text/plain", "application/x-www-form-urlencoded", "garbage/;;"]
    languages = ["", "*", "en-US;q=abc", "x" * 5000, "zz-ZZ, ru;q=0.1", ",,,;q=1"]
    for index, body in enumerate(bad_bodies()):
        headers = {
            "Content-Type": content_types[index % len(content_types)],
            "Accept-Language": languages[index % len(languages)],
        }
        response = client.post(DEMO, content=body, headers=headers)
        assert response.status_code < 500, (body[:80], response.status_code)
        if response.status_code >= 400:
            assert response.json()["error"] is True


def test_duplicate_keys_are_refused(client: httpx.Client) -> None:
    """Refused in every language (scaffold/codegen/cases/json_bodies.json decides it for all)."""
    answer = client.post(
        DEMO, content=b'{"message": "a", "message": "b"}', headers={"Content-Type": "application/json"}
    )
    assert answer.status_code == 400


def _request_head(origin: str, length: int) -> bytes:
    host = urlsplit(origin).netloc
    return (
        f"POST {DEMO} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {length}\r\n\r\n"
    ).encode()


def _connect(origin: str) -> socket.socket:
    parts = urlsplit(origin)
    return socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 80), timeout=30)


def test_a_refused_body_is_read_to_its_end_before_the_answer(served: tuple[str, Path]) -> None:
    """A client that writes its whole 3 MiB body before reading finds the 413, not a reset."""
    origin = served[0]
    connection = _connect(origin)
    connection.sendall(_request_head(origin, 3 * MIB))
    for _ in range(3):
        connection.sendall(b" " * MIB)
    received, _ended = read_to_the_end(connection, within=10)
    assert received.startswith(b"HTTP/1.1 413"), received[:200]


@pytest.mark.parametrize(
    ("head", "status", "message"),
    [(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 + b"\r\n\r\n", 431, MODULE_TEXTS["http.431"]),
     (f"POST {DEMO} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{{}}".encode(), 400,
      MODULE_TEXTS["http.other"].format(status=400)),
     (f"POST {DEMO} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n".encode(), 400,
      MODULE_TEXTS["http.other"].format(status=400)),
     (b"GET /healthz HTTP/1.1 extra\r\nHost: x\r\n\r\n", 400, MODULE_TEXTS["http.other"].format(status=400)),
     (b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: x\r\n\r\n", 400,
      MODULE_TEXTS["http.other"].format(status=400))],
    ids=["a head over 16 KiB", "two Content-Lengths", "a Transfer-Encoding but chunked",
         "a request line of four parts", "a field name that is no token"],
)  # fmt: skip
def test_a_refused_head_is_answered_with_the_table_s_text(
    served: tuple[str, Path], head: bytes, status: int, message: str
) -> None:
    """Before any route reads it, in the error shape and the module table's words (not a plugin's
    catalogue, not the HTTP server's plain text), the same in every language."""
    connection = _connect(served[0])
    connection.sendall(head)
    received, _ended = read_to_the_end(connection, within=10)
    lines, _, body = received.partition(b"\r\n\r\n")
    assert lines.startswith(f"HTTP/1.1 {status} ".encode()), received[:200]
    assert b"\r\nconnection: close" in lines.lower(), lines
    assert json.loads(body) == {"error": True, "message": message}


def test_bodies_held_at_once_are_bounded(served: tuple[str, Path], client: httpx.Client) -> None:
    """16 bodies of 1 MiB (less a byte) arrived and more to come hold the 16 MiB a backend may
    hold: the next gets 503 with Retry-After; once they are gone, the budget is whole again."""
    origin = served[0]
    held = []
    try:
        for _ in range(16):
            connection = _connect(origin)
            connection.sendall(_request_head(origin, MIB) + b" " * (MIB - 1))
            held.append(connection)
        time.sleep(0.5)
        refused = client.post(DEMO, json={"message": "hello"})
        assert refused.status_code == 503, refused.text
        assert refused.headers["retry-after"] == "1"
        assert refused.json()["error"] is True
    finally:
        for connection in held:
            connection.close()
    deadline = time.monotonic() + 10
    while (later := client.post(DEMO, json={"message": "hello"})).status_code == 503:
        assert time.monotonic() < deadline, "the budget never came back"
        time.sleep(0.2)
    assert later.status_code == 200


def sample(metrics: str, name: str, **labels: str) -> float | None:
    for family in text_string_to_metric_families(metrics):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return float(found.value)
    return None


def test_probes_and_metrics_label_routes_by_their_template(client: httpx.Client) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    assert client.get("/readyz").json() == {"status": "ready"}
    before = client.get("/metrics").text
    demo = {"operation": "/demo/status", "method": "POST", "status": "200"}
    static = {"operation": "/static/{name}", "method": "GET", "status": "200"}
    other = {"operation": "other", "method": "GET", "status": "404"}
    counted = [sample(before, "http_requests_total", **labels) or 0.0 for labels in (demo, static, other)]
    assert client.post(DEMO, json={"message": "ping"}).status_code == 200
    assert client.get("/static/module.js").status_code == 200
    assert client.get("/nowhere/at/all").status_code == 404
    metrics = client.get("/metrics")
    assert metrics.headers["content-type"].startswith("text/plain")
    after = [sample(metrics.text, "http_requests_total", **labels) for labels in (demo, static, other)]
    assert after == [value + 1 for value in counted]
    assert sample(
        metrics.text, "http_request_duration_seconds_count", operation="/demo/status", method="POST"
    )
    assert "/nowhere" not in metrics.text and "module.js" not in metrics.text
    assert 'operation="/metrics"' not in metrics.text


def test_request_id_is_echoed_or_made(client: httpx.Client) -> None:
    given = client.get("/api/v1/well-known", headers={"X-Request-ID": "req-42.a:b"})
    assert given.headers["x-request-id"] == "req-42.a:b"
    for header in ({}, {"X-Request-ID": "no spaces"}, {"X-Request-ID": "x" * 129}):
        made = client.get("/api/v1/well-known", headers=header)
        assert len(made.headers["x-request-id"]) == 32, header


def test_openapi_json_is_the_contract_served_here(client: httpx.Client, spec: dict[str, Any]) -> None:
    document = client.get("/openapi.json").json()
    assert document["servers"][0]["url"] == "/"
    assert document["info"] == json.loads(json.dumps(spec["info"]))
    assert set(spec["paths"]) <= set(document["paths"])


def test_every_language_serves_the_same_document(tmp_path_factory: pytest.TempPathFactory) -> None:
    """GET /openapi.json is one document in every language, the Python backend's the reference:
    the contract and POST /api/v1/secrets, which every backend adds beside the module's own
    endpoints (none in acme-map), with the same component names (pydantic's: no `-Output` for a
    type only written) and the same descriptions (module_backend_texts.py's `sealing.*`)."""
    documents = {}
    for language in MODULE.service_languages:
        root = built_module(language, tmp_path_factory)
        log = tmp_path_factory.mktemp(f"log-document-{language}") / "service.log"
        with serve_backend(root, language, log) as origin:
            documents[language] = httpx.get(f"{origin}/openapi.json", timeout=30).json()
    reference = documents[MODULE.service().language]
    assert SECRETS in reference["paths"]
    assert {"endpoints.SecretToSeal", "endpoints.SealedSecret"} <= set(reference["components"]["schemas"])
    for language, document in documents.items():
        for part in ("paths", "components"):
            for name in sorted(set(reference[part]) | set(document[part])):
                assert document[part].get(name) == reference[part].get(name), (language, part, name)
        assert document == reference, language


# --- secrets in moduleContext: POST /api/v1/secrets and MODULE_SECRET_KEY (module_secrets.json) ------

SECRETS = "/api/v1/secrets"
KEY = base64.urlsafe_b64encode(bytes(range(32))).decode()


@pytest.fixture(scope="module")
def keyed(served: tuple[str, Path], tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """The same backend started again with MODULE_SECRET_KEY, as a deployment with secrets runs it."""
    root = served[1]
    language = _language(root)
    log = tmp_path_factory.mktemp(f"log-keyed-{language}") / "service.log"
    with (
        serve_backend(root, language, log, {"MODULE_SECRET_KEY": KEY}) as origin,
        httpx.Client(base_url=origin, timeout=30) as opened,
    ):
        yield opened


def _language(root: Path) -> str:
    answers = yaml.safe_load((root / ".copier-answers.yml").read_text(encoding="utf-8"))
    return str(answers.get("language", MODULE.service().language))


def test_a_secret_is_sealed_for_its_property_so_any_language_reveals_it(keyed: httpx.Client) -> None:
    box = SecretBox(parse_key(KEY))
    for body in (
        {"payload": {"name": "apiKey", "value": "s3cret ✓"}},
        {"name": "apiKey", "value": "s3cret ✓"},
    ):
        answer = keyed.post(SECRETS, json=body)
        assert answer.status_code == 200, answer.text
        token = answer.json()["value"]
        assert set(answer.json()) == {"value"} and token.startswith("enc:v1:")
        assert box.decrypt(token, field="apiKey") == "s3cret ✓"  # Python's box: one token for all
    made_elsewhere = box.encrypt("v", field="apiKey")
    again = keyed.post(SECRETS, json={"payload": {"name": "apiKey", "value": made_elsewhere}})
    assert again.json() == {"value": made_elsewhere}, "a token is never encrypted twice"
    unreadable = {"connections": [{"apiKey": "enc:v1:AAAA"}]}  # saved under a key since rotated away
    ignored = keyed.post(
        SECRETS, json={"payload": {"name": "apiKey", "value": "v"}, "moduleContext": unreadable}
    )
    assert ignored.status_code == 200, "the endpoint ignores moduleContext, so settings can be saved again"


@pytest.mark.parametrize(
    "payload",
    [{"name": "", "value": "v"}, {"name": "k"}, {"value": "v"}, {"name": "k", "value": 1},
     {"name": "k" * 129, "value": "v"}, {"name": "k", "value": "v" * 4097}, {"name": "k", "value": "v", "x": 1}],
)  # fmt: skip
def test_the_secrets_endpoint_reads_its_payload_strictly(
    keyed: httpx.Client, payload: dict[str, Any]
) -> None:
    answer = keyed.post(SECRETS, json={"payload": payload})
    assert answer.status_code == 400 and answer.json()["error"] is True, answer.text


def test_without_a_key_a_secret_is_503_and_says_which_setting(client: httpx.Client) -> None:
    answer = client.post(SECRETS, json={"payload": {"name": "apiKey", "value": "v"}})
    assert answer.status_code == 503
    assert answer.json() == {"error": True, "message": MODULE_TEXTS["secrets.noKey"]}
    assert SECRETS in client.get("/openapi.json").json()["paths"]


@pytest.mark.parametrize("path", [DEMO, SECRETS])
def test_a_body_with_module_context_and_no_payload_is_told_so(client: httpx.Client, path: str) -> None:
    """On the demo and on every own endpoint alike (module_bodies.json holds the demo's cases)."""
    body = {"name": "apiKey", "value": "v", "message": "x", "moduleContext": {"apiKey": "x"}}
    answer = client.post(path, json=body)
    assert answer.status_code == 400
    assert answer.json() == {"error": True, "message": MODULE_TEXTS["envelope.contextWithoutPayload"]}


@pytest.mark.parametrize(
    ("env", "text"),
    [({"MODULE_SECRET_KEY": "not a key"}, "MODULE_SECRET_KEY must be 32 random bytes in base64url"),
     ({"MODULE_OLD_SECRET_KEYS": KEY}, MODULE_TEXTS["secrets.oldWithoutKey"])],
)  # fmt: skip
def test_a_key_that_is_none_stops_the_start_with_one_sentence(
    served: tuple[str, Path], env: dict[str, str], text: str
) -> None:
    root = served[1]
    language = _language(root)
    settings = {**os.environ, "PORT": "1", **(go_environment() if language == "go" else {}), **env}
    if language == "python":
        settings["PYTHONPATH"] = str(root / "backend")
    result = subprocess.run(
        START[language],
        cwd=root / "backend",
        env=settings,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode != 0
    assert text in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "    at " not in result.stderr, "one sentence, no stack"
