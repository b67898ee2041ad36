"""Idle and crawling uploads, and trickled headers, against the example plugin of every language.

Found by the second hostile run (issue 38, H1): seven connections that declared Content-Lengths
adding up to the 64 MiB in-flight budget, sent ten bytes each and waited, made every other
request with a body get 503 in all three languages (Python and TypeScript still after 331 s, Go
until its 300 s read timeout), with no memory behind the reservation; and Python had no timeout
for request headers at all (1,000 trickling connections open after 91 s).

The decided rules (body_limits.py, body-limits.ts, bodylimits.go): bodies are charged to the
budget as their bytes arrive; a body with no byte for 30 s, or slower than 1 KiB/s on average once
it is older than 30 s, is answered 408 in the operation's error shape with `Connection: close`,
and the connection closed; request headers must arrive within 10 s. One test serves the three
plugins side by side so the 30 s of waiting are spent once, with their real defaults.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

from tests.served_examples import connect, read_until_closed, served_examples

pytestmark = pytest.mark.slow

PATH = "/api/v1/query/get-result"
IDLE_UPLOADS = 7
DECLARED = 64 * 1024 * 1024 // 7  # seven of them leave 4 bytes of the 64 MiB budget: less than any body
STALLED_RU = "Тело запроса перестало поступать; отправьте запрос заново"
BODY_STALL_SECONDS = 30
HEADER_SECONDS = 10


@pytest.fixture(scope="module")
def origins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """The example plugin of each language, served with its defaults: language -> origin."""
    with served_examples(tmp_path_factory) as served:
        yield served


def _start_upload(origin: str, declared: int, first: bytes) -> socket.socket:
    connection = connect(origin)
    head = f"POST {PATH} HTTP/1.1\r\nHost: plugin\r\nContent-Type: application/json\r\nContent-Length: {declared}\r\n\r\n"
    connection.sendall(head.encode() + first)
    return connection


def _answer_then_close(connection: socket.socket, within: float) -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and when it closed it."""
    started = time.monotonic()
    received, closed = read_until_closed(connection, within)
    return received + (b"" if closed else b"<the connection was still open>"), time.monotonic() - started


def _trickle(connection: socket.socket, data: bytes, every: float) -> None:
    """Send `data` a byte at a time, `every` seconds apart, until the server closes the connection."""
    with contextlib.suppress(OSError):
        for byte in data:
            time.sleep(every)
            connection.sendall(bytes([byte]))


def _well_behaved(origin: str) -> int:
    return httpx.post(origin + PATH, json={"dataQuery": [{"refID": "A"}]}, timeout=30).status_code


def _assert_stalled(language: str, answer: bytes, seconds: float, started_after: float) -> None:
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").lower().split("\r\n")
    assert lines[0].startswith("http/1.1 408"), f"{language}: {answer[:300]!r} after {seconds:.0f} s"
    assert "connection: close" in lines, f"{language}: {head!r}"
    assert json.loads(body)["message"] == STALLED_RU, f"{language}: {body!r}"
    assert json.loads(body)["error"] is True, f"{language}: {body!r}"
    assert started_after + seconds < BODY_STALL_SECONDS + 15, f"{language}: 408 only after {seconds:.0f} s"


def test_idle_uploads_turn_nobody_away_and_end_408_and_headers_are_timed(origins: dict[str, str]) -> None:
    # What each example answers a small query when nothing else is going on (not 503, not 408).
    usual = {language: _well_behaved(origin) for language, origin in origins.items()}
    assert all(status < 500 for status in usual.values()), usual
    started = time.monotonic()
    idle = {
        language: [_start_upload(origin, DECLARED, b'{"dataQuer') for _ in range(IDLE_UPLOADS)]
        for language, origin in origins.items()
    }
    # A body under 1 KiB/s that never stops for 30 s: ends by the rate, not the stall.
    crawling = {language: _start_upload(origin, 1000, b"{") for language, origin in origins.items()}
    # Request headers a byte every 2 s: never complete in time.
    trickled = {language: connect(origin) for language, origin in origins.items()}
    time.sleep(0.5)
    for language, origin in origins.items():
        assert _well_behaved(origin) == usual[language], f"{language}: idle uploads turned a request away"

    with concurrent.futures.ThreadPoolExecutor(64) as pool:
        for connection in crawling.values():
            pool.submit(_trickle, connection, b'"dataQuery": []' * 60, 2.0)
        for connection in trickled.values():
            pool.submit(_trickle, connection, f"POST {PATH} HTTP/1.1\r\nHost: plugin\r\n".encode() * 4, 2.0)
        waited = time.monotonic() - started
        answers = {
            (language, number): pool.submit(_answer_then_close, connection, BODY_STALL_SECONDS + 20)
            for language, connections in idle.items()
            for number, connection in enumerate([*connections, crawling[language]])
        }
        headers = {
            language: pool.submit(_answer_then_close, connection, HEADER_SECONDS + 20)
            for language, connection in trickled.items()
        }
        for (language, number), future in answers.items():
            answer, seconds = future.result()
            what = "crawling" if number == IDLE_UPLOADS else f"idle upload {number}"
            _assert_stalled(f"{language} {what}", answer, seconds, waited)
        for language, future in headers.items():
            answer, seconds = future.result()
            assert b"<the connection was still open>" not in answer, f"{language}: headers trickled on"
            assert waited + seconds < HEADER_SECONDS + 8, f"{language}: closed only after {seconds:.0f} s"
    for language, origin in origins.items():
        assert _well_behaved(origin) == usual[language], language
