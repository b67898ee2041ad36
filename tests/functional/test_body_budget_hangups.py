"""A caller who sends its whole body and hangs up before the answer gets its bytes given back to the
in-flight budget: the plugin and the module backend of every language, over raw sockets.

The budget (MAX_BODY_BYTES_IN_FLIGHT for a plugin, MODULE_MAX_BODY_BYTES_IN_FLIGHT for a module
backend) counts the bytes of the bodies being served, all requests together; past it a body is
refused 503. Found in the TypeScript module backend: the bytes of a caller who hung up once its
whole body had arrived, while the handler still ran, stayed counted (Fastify's onRequestAbort does
not fire then, nor onResponse for an answer written after the hang-up), until every body was
refused. This test found the TypeScript plugin's serve.ts with the same two hooks and the same
leak (its third batch was refused). Python and Go give the bytes back in a finally or a defer;
every language and kind is held here to the same rule.

Each service (tests/hang_up_services.py: the built projects, one operation made to wait for its
caller to hang up) is started as its CI starts it, with its real budget. Bodies as large as the
per-body limit allows (JSON padded with whitespace, up to an eighth of the budget) are sent in
batches of half the budget: every body of a batch must reach its handler (its `started` note),
then all its callers hang up, and the next batch starts once every handler ended. Four batches
are twice the budget, so bytes kept after the hang-ups get the third batch refused; a batch never
waits on the previous one's bytes, which may be given back just after its handlers end. An
ordinary request is then answered as it was before.
"""

from __future__ import annotations

import contextlib
import os
import select
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from scaffold.codegen.runtime_values import RUNTIME_VALUES
from tests.hang_up_services import Waiting, waiting_module, waiting_plugin
from tests.served_process import serve_command

pytestmark = pytest.mark.slow

SIZES = {value.name: value.value for value in RUNTIME_VALUES if isinstance(value.value, int)}
BATCHES = 4
NOTED_WITHIN = 60  # seconds for a batch's handlers to start, or end once their callers hung up


@dataclass(frozen=True)
class Kind:
    limit: int  # the most bytes one body may have
    budget: int  # the bytes of bodies held at once
    ordinary: tuple[str, bytes]  # a request whose answer must not change


KINDS = {
    "plugin": Kind(
        SIZES["MAX_BODY_BYTES"],
        SIZES["MAX_BODY_BYTES_IN_FLIGHT"],
        ("/api/v1/query/get-result", b'{"dataQuery": [{"refID": "A"}]}'),
    ),
    "module": Kind(
        SIZES["MODULE_MAX_BODY_BYTES"],
        SIZES["MODULE_MAX_BODY_BYTES_IN_FLIGHT"],
        ("/api/v1/demo/status", b'{"message": "ping"}'),
    ),
}
SERVICES = [(kind, language) for kind in KINDS for language in ("python", "typescript", "go")]


@dataclass(frozen=True)
class Served:
    kind: Kind
    waiting: Waiting
    origin: str
    notes: Path
    log: Path


@pytest.fixture(params=SERVICES, ids=[f"{language}-{kind}" for kind, language in SERVICES])
def served(
    request: pytest.FixtureRequest, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Served]:
    kind, language = request.param
    make = waiting_plugin if kind == "plugin" else waiting_module
    waiting = make(language, tmp_path / "service", tmp_path_factory)
    notes = tmp_path / "notes"
    notes.mkdir()
    log = tmp_path / "service.log"
    env = {**os.environ, **waiting.env, "HANGUP_NOTES": str(notes)}
    with serve_command(waiting.argv, cwd=waiting.cwd, env=env, probe_path="/healthz", log_path=log) as origin:
        yield Served(KINDS[kind], waiting, origin, notes, log)


def _ordinary(served: Served) -> int:
    path, body = served.kind.ordinary
    headers = {"content-type": "application/json"}
    return httpx.post(served.origin + path, content=body, headers=headers, timeout=30).status_code


def _send_whole(served: Served, name: str, body: bytes) -> socket.socket:
    """A connection that has sent its request, body and all, and reads nothing yet."""
    host, port = served.origin.removeprefix("http://").split(":")
    connection = socket.create_connection((host, int(port)), timeout=30)
    head = (
        f"POST {served.waiting.path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n"
        f"X-Request-ID: {name}\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    connection.sendall(head.encode() + body)
    return connection


def _until_noted(served: Served, names: list[str], note: str, open_ones: dict[str, socket.socket]) -> None:
    """Until every handler of `names` left its `note`; fails when one of `open_ones` is answered
    first (its body never reached its handler: a 503 once the budget is full)."""
    deadline = time.monotonic() + NOTED_WITHIN
    while missing := [name for name in names if not (served.notes / f"{name}.{note}").exists()]:
        answered, _, _ = select.select(list(open_ones.values()), [], [], 0.02)
        for connection in answered:
            name = next(name for name, open_one in open_ones.items() if open_one is connection)
            answer = connection.recv(300) or b"(the connection closed)"
            why = (
                "; the bytes of the callers who hung up before it are still counted"
                if b" 503 " in answer
                else ""
            )
            pytest.fail(f"{name} was answered before its handler ran: {answer!r}{why}\n{_log_tail(served)}")
        assert time.monotonic() < deadline, (
            f"no {note} note from {missing} within {NOTED_WITHIN} s\n{_log_tail(served)}"
        )


def _log_tail(served: Served) -> str:
    return served.log.read_text(encoding="utf-8")[-3000:]


def test_the_bytes_of_a_caller_who_hung_up_before_the_answer_are_given_back(served: Served) -> None:
    kind = served.kind
    size = min(kind.limit, kind.budget // 8)
    per_batch = kind.budget // 2 // size  # a batch holds half the budget at most
    assert BATCHES * per_batch * size >= 2 * kind.budget  # the hang-ups hold twice the budget in all
    body = served.waiting.body + b" " * (size - len(served.waiting.body))
    usual = _ordinary(served)
    assert usual < 500, usual
    for batch in range(BATCHES):
        names = [f"hangup-{batch}-{number}" for number in range(per_batch)]
        with contextlib.ExitStack() as connections:
            sent = {name: connections.enter_context(_send_whole(served, name, body)) for name in names}
            _until_noted(served, names, "started", sent)  # each body was read whole
        # every caller of the batch hung up before any answer
        _until_noted(served, names, "ended", {})
    assert _ordinary(served) == usual, f"an ordinary request after the hang-ups\n{_log_tail(served)}"
