"""An idle keep-alive connection stays open as long in every language: IDLE_SECONDS (120 s).

Found: a Python service closed an idle connection after 5 s (uvicorn's `timeout_keep_alive`),
a TypeScript one after 72 s (Fastify's `keepAliveTimeout`) and a Go one after 120 s (IdleTimeout),
and the Python header timer, started again at each answer, would have closed it after
HEADER_SECONDS (10 s) whatever uvicorn's keep-alive said. A proxy or load balancer keeps its
connections to a service for 60 s or so: one that sends a request on a connection the service has
just closed gets a reset, and a POST on it is a 502 the proxy does not retry.

Each example plugin and each module backend is served with its defaults; one connection a service
asks /healthz, waits past HEADER_SECONDS (one wait for all six, in parallel) and asks again on the
same connection. Node also says the keep-alive timeout it applies (`Keep-Alive: timeout=`), read
here. Waiting the 120 s themselves is left out: what ends them is the constant each runtime reads
(tests/unit/test_runtime_values.py holds the names; the golden trees the rendered values).
"""

from __future__ import annotations

import contextlib
import re
import socket
import time
from collections.abc import Iterator

import pytest

from scaffold.codegen.runtime_values import RUNTIME_VALUES
from scaffold.contracts import MODULE
from tests.built_module_backends import built_module, serve_backend
from tests.served_examples import connect, served_examples

pytestmark = pytest.mark.slow

SECONDS = {item.name: item.value for item in RUNTIME_VALUES if isinstance(item.value, int)}
PROBE = b"GET /healthz HTTP/1.1\r\nHost: service\r\n\r\n"


@pytest.fixture(scope="module")
def origins(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """ "plugin python", "module go", ... -> the origin of each service, all served at once."""
    with contextlib.ExitStack() as stack:
        served = {
            f"plugin {language}": origin
            for language, origin in stack.enter_context(served_examples(tmp_path_factory)).items()
        }
        for language in MODULE.service_languages:
            root = built_module(language, tmp_path_factory)
            log = tmp_path_factory.mktemp(f"idle-{language}") / "service.log"
            served[f"module {language}"] = stack.enter_context(serve_backend(root, language, log))
        yield served


def _answer(connection: socket.socket, service: str) -> bytes:
    """The head of one answer with a Content-Length body, read whole; the connection stays open."""
    received = b""
    while b"\r\n\r\n" not in received:
        data = connection.recv(65536)
        assert data, f"{service}: the connection closed after {received!r}"
        received += data
    head, _, body = received.partition(b"\r\n\r\n")
    length = re.search(rb"(?im)^content-length:\s*(\d+)\r?$", head)
    assert length is not None, f"{service}: {head!r}"
    while len(body) < int(length[1]):
        data = connection.recv(65536)
        assert data, f"{service}: the connection closed mid-body"
        body += data
    return head


def _ask(connection: socket.socket, service: str) -> str:
    """/healthz asked on `connection`: the answer's head, lowercased; the connection stays open."""
    connection.sendall(PROBE)
    return _answer(connection, service).decode("latin-1").lower()


def test_an_idle_keep_alive_connection_outlives_the_header_timer_in_every_language(
    origins: dict[str, str],
) -> None:
    assert len(origins) == 6, sorted(origins)
    connections = {service: connect(origin, timeout=10) for service, origin in origins.items()}
    problems = []
    try:
        for service, connection in connections.items():
            head = _ask(connection, service)
            assert head.startswith("http/1.1 200"), f"{service}: {head!r}"
            assert "connection: close" not in head, f"{service}: {head!r}"
            said = re.search(r"(?m)^keep-alive: timeout=(\d+)\r?$", head)
            if "typescript" in service and (said is None or int(said[1]) != SECONDS["IDLE_SECONDS"]):
                problems.append(f"{service}: Node applies {said and said[0]!r}")  # Node says it
        # Past uvicorn's 5 s and past a head's own deadline: an idle connection is not a head.
        time.sleep(SECONDS["HEADER_SECONDS"] + 2)
        for service, connection in connections.items():
            try:
                head = _ask(connection, service)
            except (OSError, AssertionError) as error:
                problems.append(f"{service}: the idle connection was closed ({error})")
                continue
            if not head.startswith("http/1.1 200"):
                problems.append(f"{service}: {head!r}")
    finally:
        for connection in connections.values():
            connection.close()
    assert not problems, "\n".join(problems)
