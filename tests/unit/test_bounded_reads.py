"""scaffold.host.content_coding and bounded_http: exact decoding, budgets, refusals, time and stop."""

from __future__ import annotations

import random
import threading
import zlib

import pytest

from scaffold.host.bounded_http import (
    AnswerTooLarge,
    AnswerTooSlow,
    AnswerUnreadable,
    ReadInterrupted,
    bounded_client,
    read_answer,
    shown_url,
)
from scaffold.host.content_coding import MAX_LAYERS, CodingError, ContentDecoder, DecodedTooLarge, codings_of
from tests.fixtures.check.servers import (
    encoded_answer,
    gzip_of_zeros,
    gzipped,
    raw_tcp_server,
    trickle_answer,
    trickle_head_answer,
)

MIB = 1024 * 1024


def _deflated(data: bytes, *, raw: bool = False) -> bytes:
    compressor = zlib.compressobj(6, zlib.DEFLATED, -zlib.MAX_WBITS if raw else zlib.MAX_WBITS)
    return compressor.compress(data) + compressor.flush()


def _sample(size: int) -> bytes:
    rng = random.Random(24)
    words = [bytes(rng.choice(b"abcdefgh ") for _ in range(rng.randint(1, 12))) for _ in range(500)]
    out = bytearray()
    while len(out) < size:
        out += rng.choice(words)
    return bytes(out[:size])


def _decode(body: bytes, header: str, limit: int, piece: int = 1000) -> bytes:
    decoder = ContentDecoder(codings_of([header]), limit)
    for start in range(0, len(body), piece):
        decoder.feed(body[start : start + piece], lambda: None)
    return decoder.body()


DATA = _sample(3 * MIB)


@pytest.mark.parametrize(
    ("header", "encode"),
    [
        ("gzip", gzipped),
        ("X-GZIP", gzipped),
        ("deflate", _deflated),
        ("deflate", lambda data: _deflated(data, raw=True)),
        ("gzip, deflate", lambda data: _deflated(gzipped(data))),
        ("identity, gzip, identity", gzipped),
        ("", lambda data: data),
    ],
)
def test_decoding_is_exact_whatever_the_pieces(header: str, encode: object) -> None:
    assert callable(encode)
    body = encode(DATA)
    assert _decode(body, header, limit=len(DATA)) == DATA
    small = DATA[: 64 * 1024]
    assert _decode(encode(small), header, limit=len(small), piece=7) == small


def test_the_budget_is_exact() -> None:
    assert _decode(gzipped(DATA), "gzip", limit=len(DATA)) == DATA
    with pytest.raises(DecodedTooLarge):
        _decode(gzipped(DATA), "gzip", limit=len(DATA) - 1)


def test_a_stacked_bomb_stops_one_step_past_the_budget() -> None:
    decoder = ContentDecoder(["gzip", "gzip"], 8 * MIB)
    body = gzipped(gzip_of_zeros(2048))  # 2 GiB inside
    with pytest.raises(DecodedTooLarge):
        decoder.feed(body, lambda: None)
    assert len(decoder.body()) <= 8 * MIB


def test_tick_runs_between_steps_and_can_stop_the_decoding() -> None:
    calls = 0

    def tick() -> None:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise TimeoutError

    decoder = ContentDecoder(["gzip"], 1024 * MIB)
    with pytest.raises(TimeoutError):
        decoder.feed(gzip_of_zeros(512), tick)
    assert len(decoder.body()) <= 5 * 64 * 1024


@pytest.mark.parametrize(
    ("codings", "reason"),
    [
        (["br"], "Content-Encoding 'br', which scaffold did not offer"),
        (["gzip"] * (MAX_LAYERS + 1), f"scaffold decodes at most {MAX_LAYERS}"),
    ],
)
def test_refused_codings(codings: list[str], reason: str) -> None:
    with pytest.raises(CodingError, match=reason):
        ContentDecoder(codings, MIB)


def test_a_corrupt_gzip_is_a_coding_error() -> None:
    with pytest.raises(CodingError, match="gzip encoding is corrupt"):
        _decode(b"\x1f\x8b\x08\x00garbage-garbage-garbage", "gzip", limit=MIB)


def test_shown_url_hides_userinfo_and_escapes_control_characters() -> None:
    assert shown_url("http://user:secret@host:1/a\x00b\x1b[31m") == "http://***@host:1/a\\x00b\\x1b[31m"
    assert len(shown_url("http://h/" + "x" * 1000)) == 200


def test_read_answer_ends_trickled_headers_and_bodies_at_its_time() -> None:
    with bounded_client(10) as client:
        with (
            raw_tcp_server(trickle_head_answer) as server,
            pytest.raises(AnswerTooSlow, match="no answer within 1 s"),
        ):
            read_answer(client, "GET", server.url + "/", max_bytes=MIB, seconds=1)
        with (
            raw_tcp_server(trickle_answer) as server,
            pytest.raises(AnswerTooSlow, match="no complete answer within 1 s"),
        ):
            read_answer(client, "GET", server.url + "/", max_bytes=MIB, seconds=1)


def test_read_answer_stops_when_its_event_is_set() -> None:
    stop = threading.Event()
    threading.Timer(0.5, stop.set).start()
    with (
        bounded_client(60) as client,
        raw_tcp_server(trickle_answer) as server,
        pytest.raises(ReadInterrupted),
    ):
        read_answer(client, "GET", server.url + "/", max_bytes=MIB, seconds=60, stop=stop)


def test_read_answer_bounds_raw_and_decoded_bytes() -> None:
    with bounded_client(10) as client:
        with raw_tcp_server(encoded_answer(gzip_of_zeros(64), "gzip")) as server:
            with pytest.raises(AnswerTooLarge, match="answer larger than 1 MiB"):
                read_answer(client, "GET", server.url + "/", max_bytes=MIB, seconds=10)
            answer = read_answer(client, "GET", server.url + "/", max_bytes=64 * MIB, seconds=10)
            assert answer.body == bytes(64 * MIB) and answer.status == 200
        with (
            raw_tcp_server(encoded_answer(b"not gzip at all", "gzip")) as server,
            pytest.raises(AnswerUnreadable),
        ):
            read_answer(client, "GET", server.url + "/", max_bytes=MIB, seconds=10)
