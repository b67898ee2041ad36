"""Each contract operation is served by its own ASGI app, which answers as the Starlette endpoint did.

`_contract/dispatch.OperationApp` reads the headers it needs in one pass and the body straight from
ASGI `receive`, and sends its answer itself: no Request, Response or per-route exception wrapper
per call (8 us of the 65 us the glue adds around a get-result, in-process). These tests drive the
whole app at the ASGI level, where a body can arrive in pieces, a caller can hang up and headers
can repeat, and check that everything a caller sees stays as it was with Starlette's objects.
"""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

from starlette.routing import Route

from tests.functional.test_plugin_harness import (
    API,
    HOSTS,
    KEY,
    constructor_query,
    get_result_request,
    make_app,
    module,
    state_dir,
)

Message = dict[str, Any]


def call(
    app: Any,
    method: str,
    path: str,
    headers: list[tuple[bytes, bytes]],
    chunks: list[bytes] | None = None,
    hang_up: bool = False,
) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """(status, headers, body) of one request; the body arrives as `chunks`, then maybe a hang-up."""
    pieces = list(chunks if chunks is not None else [b""])
    incoming: list[Message] = [
        {"type": "http.request", "body": piece, "more_body": hang_up or index < len(pieces) - 1}
        for index, piece in enumerate(pieces)
    ]
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8080),
    }
    sent: list[Message] = []

    async def receive() -> Message:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    start = next(m for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return start["status"], list(start["headers"]), body


def get_result_body() -> bytes:
    return json.dumps(get_result_request([constructor_query("A", HOSTS[0])])).encode()


JSON_HEADERS = [(b"host", b"plugin.test"), (b"content-type", b"application/json")]


def test_each_operation_is_its_own_asgi_app() -> None:
    app = make_app()
    dispatch = module("_contract.dispatch")
    routes = [route for route in app.router.routes if isinstance(route, Route) and route.path.startswith(API)]
    assert len(routes) == len(module("_contract").OPERATIONS)
    for route in routes:
        assert isinstance(route.endpoint, dispatch.OperationApp), route.path
        assert route.app is route.endpoint, f"{route.path} is wrapped per request"


def test_the_answer_is_sent_as_starlette_sent_it() -> None:
    body = get_result_body()
    status, headers, answer = call(make_app(), "POST", f"{API}/query/get-result", JSON_HEADERS, [body])
    assert status == 200
    names = [name for name, _ in headers]
    assert names[:2] == [b"content-length", b"content-type"], names
    assert dict(headers)[b"content-type"] == b"application/json"
    assert dict(headers)[b"content-length"] == str(len(answer)).encode()
    frames = json.loads(answer)["frames"]
    assert [f["refID"] for f in frames] == ["A"] and frames[0]["fields"][0]["values"]


def test_a_body_in_pieces_is_read_whole() -> None:
    body = get_result_body()
    app = make_app()
    whole = call(app, "POST", f"{API}/query/get-result", JSON_HEADERS, [body])
    pieces = [body[:1], b"", body[1:40], body[40:]]
    in_pieces = call(app, "POST", f"{API}/query/get-result", JSON_HEADERS, pieces)
    assert in_pieces[0] == 200 and json.loads(in_pieces[2]) == json.loads(whole[2])


def test_a_body_past_the_limit_is_refused_while_it_arrives() -> None:
    """No Content-Length to refuse it by: the size is counted as the pieces arrive."""
    app = make_app(max_body_bytes=1000)
    pieces = [b'{"dataQuery": [' + b" " * 600, b" " * 600, b"]}"]
    status, _, answer = call(app, "POST", f"{API}/query/get-result", JSON_HEADERS, pieces)
    assert status == 413
    assert set(json.loads(answer)) == {"error", "message"}


def test_a_declared_length_past_the_limit_is_refused_before_reading() -> None:
    app = make_app(max_body_bytes=1000)
    headers = [*JSON_HEADERS, (b"content-length", b"5000")]
    status, _, _ = call(app, "POST", f"{API}/query/get-result", headers, chunks=[], hang_up=True)
    assert status == 413


def test_a_caller_that_hangs_up_gets_no_answer_body() -> None:
    status, _, answer = call(
        make_app(), "POST", f"{API}/query/get-result", JSON_HEADERS, [b'{"dataQu'], hang_up=True
    )
    assert (status, answer) == (499, b"")


def test_the_first_of_repeated_headers_counts() -> None:
    """As Starlette's Headers.get read them: the first Accept-Language and Content-Type win."""
    app = make_app()
    english_first = [(b"accept-language", b"en-US"), (b"accept-language", b"ru-RU"), *JSON_HEADERS]
    status, _, answer = call(app, "POST", f"{API}/query/get-result", english_first, [b"{"])
    assert status == 400
    assert json.loads(answer)["message"].isascii()
    russian_first = [(b"accept-language", b"ru-RU"), (b"accept-language", b"en-US"), *JSON_HEADERS]
    status, _, answer = call(app, "POST", f"{API}/query/get-result", russian_first, [b"{"])
    assert status == 400 and not json.loads(answer)["message"].isascii()
    text_first = [(b"content-type", b"text/plain"), *JSON_HEADERS]
    status, _, _ = call(app, "POST", f"{API}/query/get-result", text_first, [get_result_body()])
    assert status == 400


def test_the_context_carries_the_callers_host_headers_and_language() -> None:
    contract, dispatch = module("_contract"), module("_contract.dispatch")
    real = make_app().state.datasource
    op = next(op for op in contract.OPERATIONS if op.request_model is None)  # the metadata call
    seen: list[Any] = []

    async def spy(context: Any) -> Any:
        seen.append(context)
        answer = getattr(real, op.method_name)(context)
        return await answer if asyncio.iscoroutine(answer) else answer

    secrets = contract.load_secret_box(key_text=KEY, production=False, state_dir=state_dir())
    wiring = dispatch.Wiring(
        datasource=SimpleNamespace(**{op.method_name: spy}), secrets=secrets, locales=("ru-RU", "en-US")
    )
    operation = dispatch.OperationApp(op, wiring)
    headers = [(b"host", b"plugin.test:8443"), (b"accept-language", b"en"), (b"x-team", b"maps")]
    assert call(operation, op.http_method.upper(), API + op.path, headers)[0] == 200
    assert call(operation, op.http_method.upper(), API + op.path, [])[0] == 200
    with_host, without = seen
    assert with_host.base_url == f"http://plugin.test:8443{API}"
    assert without.base_url == f"http://127.0.0.1:8080{API}"
    assert (with_host.locale, without.locale) == ("en-US", "ru-RU")
    assert with_host.headers["X-Team"] == "maps" and "x-team" not in without.headers
    assert with_host.operation_id == op.operation_id


# --- what a body may hold, and how much of it the process holds at once (issue 24, finding 10) ---


def test_non_json_literals_are_refused_anywhere_in_a_body() -> None:
    """NaN and Infinity are not JSON: 400 even under keys the schema ignores (pydantic takes them)."""
    app = make_app()
    base = get_result_body()[:-1]
    for extra in (b'"x": NaN', b'"x": [1, Infinity]', b'"x": {"y": -Infinity}', b'"x":NaN'):
        body = base + b", " + extra + b"}"
        status, _, answer = call(app, "POST", f"{API}/query/get-result", JSON_HEADERS, [body])
        assert status == 400, (extra, answer[:200])
        assert "JSON" in json.loads(answer)["message"], answer[:200]
    for extra in (b'"x": "NaN Infinity"', b'"x": "a \\" NaN"', b'"NaN": ["\\\\", "Infinity"]'):
        body = base + b", " + extra + b"}"
        status, _, answer = call(app, "POST", f"{API}/query/get-result", JSON_HEADERS, [body])
        assert status == 200, (extra, answer[:200])


def test_a_refused_body_is_read_to_its_end_before_the_answer() -> None:
    """A client that writes its whole body before reading must find the 413 (no reset)."""
    app = make_app(max_body_bytes=1000)
    headers = [*JSON_HEADERS, (b"content-length", b"3000")]
    pieces = [b" " * 1000, b" " * 1000, b" " * 1000]
    incoming = [
        {"type": "http.request", "body": piece, "more_body": index < 2} for index, piece in enumerate(pieces)
    ]
    left_when_answered: list[int] = []

    async def receive() -> Message:
        return incoming.pop(0) if incoming else {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        if message["type"] == "http.response.start":
            left_when_answered.append(len(incoming))
            assert message["status"] == 413

    asyncio.run(app(scope_of("POST", f"{API}/query/get-result", headers), receive, send))
    assert left_when_answered == [0]


def scope_of(method: str, path: str, headers: list[tuple[bytes, bytes]]) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8080),
    }


def test_bodies_held_at_once_are_bounded() -> None:
    """While one body holds most of the budget, the next is answered 503 with Retry-After; after it,
    the budget is whole again."""
    app = make_app(max_body_bytes=1000, max_body_bytes_in_flight=1200)
    body = get_result_body()
    assert 600 < len(body) <= 1000
    path = f"{API}/query/get-result"

    async def scenario() -> list[tuple[int, dict[bytes, bytes]]]:
        answers: list[tuple[int, dict[bytes, bytes]]] = []
        release = asyncio.Event()
        first = [{"type": "http.request", "body": body[:700], "more_body": True}]

        async def slow_receive() -> Message:
            if first:
                return first.pop(0)
            await release.wait()
            return {"type": "http.request", "body": body[700:], "more_body": False}

        def sender() -> Any:
            async def send(message: Message) -> None:
                if message["type"] == "http.response.start":
                    answers.append((message["status"], dict(message["headers"])))

            return send

        def receiver(pieces: list[Message]) -> Any:
            async def receive() -> Message:
                return pieces.pop(0) if pieces else {"type": "http.disconnect"}

            return receive

        length = [(b"content-length", str(len(body)).encode())]
        holding = asyncio.create_task(
            app(scope_of("POST", path, [*JSON_HEADERS, *length]), slow_receive, sender())
        )
        await asyncio.sleep(0.05)  # the first request now holds 700 bytes of the 1200
        second = [{"type": "http.request", "body": body, "more_body": False}]
        await app(scope_of("POST", path, [*JSON_HEADERS, *length]), receiver(second), sender())
        release.set()
        await holding
        third = [{"type": "http.request", "body": body, "more_body": False}]
        await app(scope_of("POST", path, [*JSON_HEADERS, *length]), receiver(third), sender())
        return answers

    answers = asyncio.run(scenario())
    assert [status for status, _ in answers] == [503, 200, 200], answers
    assert answers[0][1][b"retry-after"] == b"1"
