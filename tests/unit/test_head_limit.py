"""The Python runtime's limit on a request's head (serving.py; issue 38 point 7), on uvicorn itself.

A head (request line, header lines, the blank line) over 16 KiB is answered 431 in the error shape
with `Connection: close`, and the connection shut so that a caller that sent all its bytes first
still reads the answer. uvicorn took any head with httptools and one that came in one read with h11.
Both of uvicorn's protocols are served (httptools when it is installed: `uvicorn[standard]` brings
it to every generated project), with keep-alive and pipelined requests, heads split across reads
and bodies larger than the limit, which must never be taken for a head.
"""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from scaffold.codegen.python.runtime_files import serving
from scaffold.codegen.python.runtime_files.text_catalog import RUNTIME_TEXTS
from tests.served_process import read_to_the_end

LIMIT = serving.MAX_HEAD_BYTES
BODY = json.dumps({"pad": "x" * 40_000}).encode()  # longer than the limit


def head(size: int, *, method: str = "GET", body: bytes = b"", close: bool = False) -> bytes:
    """A request whose head is exactly `size` bytes (request line through the blank line)."""
    start = f"{method} /echo HTTP/1.1\r\nHost: plugin\r\nContent-Length: {len(body)}\r\n"
    if close:
        start += "Connection: close\r\n"
    pad = size - len(start) - len("X-Pad: \r\n\r\n")
    assert pad >= 0
    return start.encode() + b"X-Pad: " + b"a" * pad + b"\r\n\r\n" + body


def small(*, body: bytes = b"", close: bool = False) -> bytes:
    return head(200, method="POST" if body else "GET", body=body, close=close)


async def echo(scope: dict[str, Any], receive: Any, send: Any) -> None:
    """Answers 200 with the length of the body it read."""
    assert scope["type"] == "http"
    length = 0
    while True:
        message = await receive()
        length += len(message.get("body", b""))
        if not message.get("more_body"):
            break
    await send({"type": "http.response.start", "status": 200, "headers": [(b"content-type", b"text/plain")]})
    await send({"type": "http.response.body", "body": str(length).encode()})


def _protocols() -> list[Any]:
    params: list[Any] = [pytest.param(H11Protocol, id="h11")]
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        params.append(pytest.param(None, id="httptools", marks=pytest.mark.skip("httptools not installed")))
    else:
        params.append(pytest.param(HttpToolsProtocol, id="httptools"))
    return params


@pytest.fixture(scope="module", params=_protocols())
def port(request: pytest.FixtureRequest) -> Iterator[int]:
    """uvicorn serving `echo` with the runtime's guarded protocol on a free port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    config = uvicorn.Config(
        echo,
        http=serving.guarded(request.param),
        loop=serving.EVENT_LOOP,
        log_level="error",
        lifespan="off",
        timeout_graceful_shutdown=1,
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield sock.getsockname()[1]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def exchange(port: int, *sends: bytes) -> tuple[bytes, str]:
    """Send each piece (a short pause between them), then read until the server closes:
    (what it sent, "closed" or "reset" or "open")."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        for piece in sends:
            connection.sendall(piece)
            time.sleep(0.05)
        return read_to_the_end(connection)


def statuses(answer: bytes) -> list[int]:
    return [int(status) for status in re.findall(rb"HTTP/1\.1 (\d{3}) ", answer)]


def assert_refused(answer: bytes) -> None:
    """The last answer is the 431 in the error shape, in the contract's default language."""
    head_part, _, body = answer.rpartition(b"HTTP/1.1 431 ")[2].partition(b"\r\n\r\n")
    assert b"\r\nconnection: close" in head_part.lower(), answer[-400:]
    assert json.loads(body) == {"error": True, "message": RUNTIME_TEXTS["ru-RU"]["http.431"]}


@pytest.mark.parametrize("size", [LIMIT - 1, LIMIT, LIMIT + 1, LIMIT + 500])
def test_the_meter_finds_a_head_wherever_the_reads_split_it(size: int) -> None:
    request = head(size, method="POST", body=BODY)
    for cut in sorted({*range(40), *range(size - 40, size + 40), size // 2}):
        meter = serving._HeadMeter()
        found = meter.feed(request[:cut])
        if found is None:
            found = meter.feed(request[cut:])
        if size <= LIMIT + 1:  # past one byte over, only "too large" is known
            assert found == size, cut
        else:
            assert (meter.size if found is None else found) > LIMIT, cut


def test_blank_lines_before_the_request_line_count_and_do_not_end_the_head() -> None:
    assert serving._HeadMeter().feed(b"\r\n\n" + head(100) + BODY) == 103
    assert serving._head_too_large(b"\r\n" * (LIMIT // 2) + b"G")
    assert not serving._head_too_large(head(LIMIT) + BODY)


def test_a_head_of_16_kib_is_served_and_one_byte_more_is_431(port: int) -> None:
    answer, how = exchange(port, head(LIMIT, close=True))
    assert (statuses(answer), how) == ([200], "closed"), answer
    answer, how = exchange(port, head(LIMIT + 1, close=True))
    assert (statuses(answer), how) == ([431], "closed"), answer
    assert_refused(answer)


def test_the_431_is_read_whole_by_a_caller_that_sent_everything_first(port: int) -> None:
    answer, how = exchange(port, head(17 * 1024, method="POST", body=b"x" * (4 * 1024 * 1024)))
    assert (statuses(answer), how) == ([431], "closed"), answer
    assert_refused(answer)


def test_a_head_sent_a_kilobyte_a_read_is_measured_across_reads(port: int) -> None:
    for size, expected in ((LIMIT, [200]), (LIMIT + 1, [431])):
        request = head(size, close=True)
        answer, how = exchange(port, *(request[at : at + 1024] for at in range(0, len(request), 1024)))
        assert (statuses(answer), how) == (expected, "closed"), answer


def test_keep_alive_and_pipelined_heads_are_each_measured(port: int) -> None:
    answer, how = exchange(port, small(), small(body=BODY), head(LIMIT + 1))
    assert (statuses(answer), how) == ([200, 200, 431], "closed"), answer
    answer, how = exchange(port, small() + small(body=BODY) + head(LIMIT + 1))
    assert (statuses(answer), how) == ([200, 200, 431], "closed"), answer
    assert_refused(answer)
    big = head(30_000, close=True)  # pipelined, its head ending in the next read
    answer, how = exchange(port, small(body=BODY) + big[:5000], big[5000:])
    assert (statuses(answer), how) == ([200, 431], "closed"), answer


def test_bodies_longer_than_the_limit_are_never_taken_for_heads(port: int) -> None:
    request = small(body=BODY)
    blank = request.index(b"\r\n\r\n")
    last = small(body=BODY, close=True)
    for pieces in (
        [request + request + last],  # pipelined
        [request, request, last],  # a request a read
        [request[: blank + 2], request[blank + 2 :] + last],  # the blank line split between reads
        [request[: blank + 3], request[blank + 3 :] + last],
        [request[:100], request[100:] + last],
    ):
        answer, how = exchange(port, *pieces)
        assert statuses(answer) == [200] * b"".join(pieces).count(b"POST /echo"), answer
        assert how == "closed"
    answer, how = exchange(port, head(LIMIT, method="POST", body=BODY, close=True))
    assert (statuses(answer), how) == ([200], "closed"), answer


def _one_answer(connection: socket.socket) -> bytes:
    """One chunked answer of `echo`, read to its last chunk; the connection stays open."""
    answer = b""
    while not answer.endswith(b"\r\n0\r\n\r\n"):
        data = connection.recv(65536)
        assert data, f"closed after {answer!r}"
        answer += data
    return answer


def test_an_idle_connection_is_left_to_the_keep_alive_timeout_and_a_begun_head_is_timed(
    port: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The header timer runs from the connection's start and, after an answer, from the next
    request's first byte: timed from the answer, it closed every idle keep-alive connection after
    HEADER_SECONDS (10 s), before uvicorn's keep-alive timeout (IDLE_SECONDS, 120 s in a project)
    and before a proxy that keeps its connections for 60 s sent the next request on it. Here the
    header timer is 0.3 s and the keep-alive timeout uvicorn's 5 s."""
    monkeypatch.setattr(serving, "HEADER_SECONDS", 0.3)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(small())
        assert statuses(_one_answer(connection)) == [200]
        time.sleep(1.0)  # idle, past the header timer
        connection.sendall(small(close=True))
        answer, how = read_to_the_end(connection)
        assert (statuses(answer), how) == ([200], "closed"), answer
    with socket.create_connection(("127.0.0.1", port), timeout=5) as connection:
        connection.sendall(small())
        assert statuses(_one_answer(connection)) == [200]
        time.sleep(0.5)
        connection.sendall(small()[:20])  # a head begun after the pause, never finished
        answer, how = read_to_the_end(connection, 3)
        assert (answer, how) == (b"", "closed"), answer
